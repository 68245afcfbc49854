#pragma once

#include <cstddef>

namespace hyperrig::test {

// Counts the calls of the global operator new made by this thread while a counter is alive, so
// a test can tell that work allocates O(1) times rather than once per vertex. The counting
// operator new (AllocationCounter.cpp) replaces the global one in the whole test executable;
// sanitizer builds keep their own (AddressSanitizer tracks new and delete itself), and there
// counting is off: available() is false and tests skip the check.
class AllocationCounter {
public:
    AllocationCounter();
    ~AllocationCounter();
    AllocationCounter(const AllocationCounter&) = delete;
    AllocationCounter& operator=(const AllocationCounter&) = delete;

    std::size_t count() const;
    static bool available();
};

} // namespace hyperrig::test
