// libFuzzer target: an MPFB weights or vertex-groups file, read both ways and applied to a rig on
// a stand-in mesh (tests/fuzz/FuzzExercise.h says what is exercised).
#include "tests/fuzz/FuzzExercise.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return hyperrig::fuzz::exerciseMpfbVertexFiles(data, size);
}
