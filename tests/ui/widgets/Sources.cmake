target_sources(hyperrig_ui_tests PRIVATE
    ui/widgets/NumberFieldEditsTests.cpp
    ui/widgets/RowMovePlanTests.cpp
    ui/widgets/RowMoveTableViewTests.cpp)
