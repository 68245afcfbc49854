# The Zstd tests build frames without a recorded content size, which needs libzstd directly.
find_package(zstd CONFIG REQUIRED)
target_sources(hyperrig_core_tests PRIVATE
    core/io/Base64Tests.cpp
    core/io/G4bContainerTests.cpp
    core/io/ZstdTests.cpp)
target_link_libraries(hyperrig_core_tests PRIVATE zstd::libzstd_shared)
target_sources(hyperrig_core_tests PRIVATE
    core/io/g4mf/OutsideReferenceTests.cpp
    core/io/g4mf/PreservedJsonTests.cpp
    core/io/g4mf/ReaderTests.cpp
    core/io/g4mf/RoundTripTests.cpp
    core/io/g4mf/SharedAccessorTests.cpp)
target_sources(hyperrig_core_tests PRIVATE
    core/io/mpfb/BlenderBoneFrameTests.cpp
    core/io/mpfb/MpfbHostileInputTests.cpp
    core/io/mpfb/MpfbImportTests.cpp
    core/io/mpfb/MpfbRoundTripTests.cpp
    core/io/mpfb/MpfbSkinTests.cpp
    core/io/mpfb/MpfbStrategyMatchTests.cpp
    core/io/mpfb/MpfbUpgradeTests.cpp
    core/io/mpfb/PythonJsonTests.cpp
    core/io/mpfb/VertexGridTests.cpp
    core/io/obj/ObjReaderTests.cpp)
target_sources(hyperrig_core_tests PRIVATE
    core/io/gltf/GltfHostileInputTests.cpp
    core/io/gltf/GltfImportTests.cpp
    core/io/gltf/GltfMorphTargetTests.cpp
    core/io/gltf/GltfRoundTripTests.cpp
    core/io/gltf/GltfSharedSkinTests.cpp
    core/io/gltf/GltfSkinningTests.cpp
    core/io/gltf/GltfStaticMeshesTests.cpp
    core/io/gltf/GltfWeightsTests.cpp)
