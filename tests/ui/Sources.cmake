target_sources(hyperrig_ui_tests PRIVATE
    ui/UiTestMain.cpp
    ui/MainWindowTests.cpp
    ui/EditorScreenshotTests.cpp)
