target_sources(hyperrig_core_tests PRIVATE
    core/base/AtomicFileTests.cpp
    core/base/ResultTests.cpp
    core/base/LastResortTests.cpp
    core/base/ThreadPoolTests.cpp)
