target_sources(hyperrig_ui_tests PRIVATE
    ui/meshes/MeshDialogsTests.cpp)
