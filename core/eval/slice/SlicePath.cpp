#include "core/eval/slice/SlicePath.h"

#include "core/eval/KernelChoice.h"
#include "core/eval/slice/SliceKernels.h"

namespace hyperrig::core::eval {

bool slicePathAvailable(SlicePath path) {
    switch (path) {
    case SlicePath::Portable:
        return true;
    case SlicePath::Avx2:
        return slice_detail::avx2KernelsAvailable();
    case SlicePath::Avx512:
        return slice_detail::avx512KernelsAvailable();
    }
    return false;
}

std::vector<SlicePath> availableSlicePaths() {
    std::vector<SlicePath> paths;
    for (const SlicePath path : {SlicePath::Portable, SlicePath::Avx2, SlicePath::Avx512}) {
        if (slicePathAvailable(path)) {
            paths.push_back(path);
        }
    }
    return paths;
}

SlicePath fastestSlicePath() {
    return availableSlicePaths().back();
}

SlicePath defaultSlicePath() {
    // The paths map one to one onto the kernel instruction sets; a set the slicer cannot run
    // (its AVX-512 path needs BW as well) falls back to the next slower path.
    static const SlicePath chosen = [] {
        const KernelIsa isa = defaultKernelIsa();
        SlicePath path = SlicePath::Portable;
        if (isa >= KernelIsa::Avx2 && slicePathAvailable(SlicePath::Avx2)) {
            path = SlicePath::Avx2;
        }
        if (isa >= KernelIsa::Avx512 && slicePathAvailable(SlicePath::Avx512)) {
            path = SlicePath::Avx512;
        }
        return path;
    }();
    return chosen;
}

std::string_view slicePathName(SlicePath path) {
    switch (path) {
    case SlicePath::Portable:
        return "portable";
    case SlicePath::Avx2:
        return "avx2";
    case SlicePath::Avx512:
        return "avx512";
    }
    return "unknown";
}

} // namespace hyperrig::core::eval
