target_sources(hyperrig_core PRIVATE
    base/AtomicFile.cpp
    base/Contracts.cpp
    base/LastResort.cpp
    base/ThreadPool.cpp
    base/Diagnostic.cpp)
