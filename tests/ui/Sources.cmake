target_sources(hyperrig_ui_tests PRIVATE
    ui/UiTestMain.cpp
    ui/EditorSessionTests.cpp
    ui/EditorDocumentTests.cpp
    ui/MainWindowTests.cpp
    ui/SliceViewTests.cpp
    ui/EditorScreenshotTests.cpp
    ui/RigScenarioTests.cpp
    ui/AccessibleNamesTests.cpp
    ui/TransformToolTests.cpp)
include(ui/panels/outliner/Sources.cmake)
include(ui/panels/inspector/Sources.cmake)
include(ui/panels/validation/Sources.cmake)
include(ui/panels/history/Sources.cmake)
include(ui/panels/bones/Sources.cmake)
include(ui/panels/pose/Sources.cmake)
include(ui/panels/joints/Sources.cmake)
include(ui/panels/groups/Sources.cmake)
include(ui/meshes/Sources.cmake)
include(ui/panels/bindposes/Sources.cmake)
include(ui/widgets/Sources.cmake)
include(ui/selection/Sources.cmake)
include(ui/files/Sources.cmake)
target_sources(hyperrig_ui_tests PRIVATE ui/SceneBuildQueueTests.cpp)
include(ui/panels/inspector/BlendSources.cmake)
target_sources(hyperrig_ui_tests PRIVATE ui/AnimationPlaybackTests.cpp
    ui/files/UsdInteropActionTests.cpp)
