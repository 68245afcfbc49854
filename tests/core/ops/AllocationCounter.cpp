#include "tests/core/ops/AllocationCounter.h"

#include <cstdlib>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#define HYPERRIG_COUNT_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HYPERRIG_COUNT_ALLOCATIONS 0
#endif
#endif
#ifndef HYPERRIG_COUNT_ALLOCATIONS
#define HYPERRIG_COUNT_ALLOCATIONS 1
#endif

namespace {

// Per thread, so the thread pool of an evaluation in another test never counts.
thread_local bool t_counting = false;
thread_local std::size_t t_count = 0;

} // namespace

namespace hyperrig::test {

AllocationCounter::AllocationCounter() {
    t_count = 0;
    t_counting = true;
}

AllocationCounter::~AllocationCounter() {
    t_counting = false;
}

std::size_t AllocationCounter::count() const {
    return t_count;
}

bool AllocationCounter::available() {
    return HYPERRIG_COUNT_ALLOCATIONS != 0;
}

} // namespace hyperrig::test

#if HYPERRIG_COUNT_ALLOCATIONS

// Every replaceable form that is not over-aligned goes to malloc and free, so whatever pair of
// new and delete the standard library picks, both ends agree. The over-aligned forms stay the
// library's own, which pair with each other.
namespace {

void* allocate(std::size_t size) {
    if (t_counting)
        ++t_count;
    if (void* memory = std::malloc(size == 0 ? 1 : size))
        return memory;
    throw std::bad_alloc();
}

void* allocateNoThrow(std::size_t size) noexcept {
    if (t_counting)
        ++t_count;
    return std::malloc(size == 0 ? 1 : size);
}

} // namespace

void* operator new(std::size_t size) {
    return allocate(size);
}
void* operator new[](std::size_t size) {
    return allocate(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    return allocateNoThrow(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    return allocateNoThrow(size);
}
void operator delete(void* memory) noexcept {
    std::free(memory);
}
void operator delete[](void* memory) noexcept {
    std::free(memory);
}
void operator delete(void* memory, std::size_t) noexcept {
    std::free(memory);
}
void operator delete[](void* memory, std::size_t) noexcept {
    std::free(memory);
}
void operator delete(void* memory, const std::nothrow_t&) noexcept {
    std::free(memory);
}
void operator delete[](void* memory, const std::nothrow_t&) noexcept {
    std::free(memory);
}

#endif
