# tests of ui/panels/bones (target_sources(hyperrig_ui_tests PRIVATE ui/panels/bones/....cpp)).
target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/bones/BonesPanelTests.cpp)
