#include "core/eval/slice/SlicePath.h"

#include "core/eval/slice/SliceKernels.h"

namespace hyperrig::core::eval {

bool slicePathAvailable(SlicePath path) {
    switch (path) {
    case SlicePath::Portable:
        return true;
    case SlicePath::Avx512:
        return slice_detail::avx512KernelsAvailable();
    }
    return false;
}

std::vector<SlicePath> availableSlicePaths() {
    std::vector<SlicePath> paths{SlicePath::Portable};
    if (slicePathAvailable(SlicePath::Avx512)) {
        paths.push_back(SlicePath::Avx512);
    }
    return paths;
}

SlicePath fastestSlicePath() {
    return slicePathAvailable(SlicePath::Avx512) ? SlicePath::Avx512 : SlicePath::Portable;
}

std::string_view slicePathName(SlicePath path) {
    switch (path) {
    case SlicePath::Portable:
        return "portable";
    case SlicePath::Avx512:
        return "avx512";
    }
    return "unknown";
}

} // namespace hyperrig::core::eval
