target_sources(hyperrig_core PRIVATE
    io/Base64.cpp
    io/FileBytes.cpp
    io/JsonText.cpp
    io/Zstd.cpp
    io/g4mf/AccessorDigest.cpp
    io/g4mf/G4bContainer.cpp
    io/g4mf/G4mfFile.cpp
    io/g4mf/G4mfReader.cpp
    io/g4mf/MeshReader.cpp
    io/g4mf/NodeReader.cpp
    io/g4mf/DataPacker.cpp
    io/g4mf/G4mfWriter.cpp
    io/g4mf/NodeWriter.cpp
    io/obj/ObjReader.cpp
    io/obj/ObjWriter.cpp)
