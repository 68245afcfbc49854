target_sources(hyperrig_core PRIVATE
    io/Base64.cpp
    io/ComponentType.cpp
    io/Zstd.cpp
    io/g4mf/G4bContainer.cpp)
