target_sources(hyperrig_core_tests PRIVATE
    core/edit/BindPoseCommandTests.cpp
    core/edit/MeshDataCommandTests.cpp
    core/edit/ScriptDataOpTests.cpp
    core/edit/ScriptNodeOpTests.cpp
    core/edit/ScriptPropertyTests.cpp
    core/edit/ScriptRunnerTests.cpp
    core/edit/ShapeCommandTests.cpp
    core/edit/SkinGroupCommandTests.cpp)
