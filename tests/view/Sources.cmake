target_sources(hyperrig_view_tests PRIVATE
    view/GlfwWindowTests.cpp
    view/PreviewControlsTests.cpp
    view/PreviewImportTests.cpp
    view/PreviewerTests.cpp)
