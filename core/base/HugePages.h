#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace hyperrig::core {

// Asks Linux to back the whole 2 MiB pages inside [data, data + bytes) with transparent huge
// pages when they are first touched; elsewhere, or for less than two such pages, nothing.
//
// Why. Operations that build arrays of hundreds of MB (merging 10M influences) spend most of
// their time in page faults, one per 4 KiB page, not in copying: measured on a KVM guest, 10M
// influences merged at 12 M/s with 4 KiB pages and at 100 M/s with 2 MiB ones (issue 19,
// docs/decisions/0056). Debian's default (transparent_hugepage=madvise) gives huge pages only to
// memory advised so. Call it after reserving and before filling: pages already touched stay
// small. The advice changes no value and can be refused by the kernel; it is never an error.
inline void adviseHugePages(const void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20U;
    const auto start = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t begin = (start + kHugePage - 1) & ~(kHugePage - 1);
    const std::uintptr_t end = (start + bytes) & ~(kHugePage - 1);
    if (data != nullptr && end > begin && end - begin >= 2 * kHugePage)
        madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

// values.reserve(count), then the reserved storage advised as above (a large array to fill).
template <class T>
void reserveLarge(std::vector<T>& values, std::size_t count) {
    values.reserve(count);
    adviseHugePages(values.data(), values.capacity() * sizeof(T));
}

} // namespace hyperrig::core
