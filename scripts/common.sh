# Shared by scripts/run, scripts/test and scripts/bench: configure and build one build folder.
# HYPERRIG_BUILD_DIR (default build/), HYPERRIG_CMAKE_ARGS (extra cmake options) and
# HYPERRIG_BUILD_JOBS (parallel jobs, default cores + 1) override.
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

configure_and_build() {
    local build_dir=$1
    shift
    cmake -S "$repo_root" -B "$build_dir" -G Ninja "$@" ${HYPERRIG_CMAKE_ARGS:-} >/dev/null
    # Two jobs per core would swap on CI's 2-core/24 GB machines with ASan; cores + 1 is enough.
    cmake --build "$build_dir" --parallel "${HYPERRIG_BUILD_JOBS:-$(( $(nproc) + 1 ))}"
}
