# ui/widgets: editors shared by the panels (number fields, inline refusal messages, axis names, buttons and problem labels, tables whose rows are dragged to reorder them, in-place text editors that keep refused text).
target_sources(hyperrig_ui PRIVATE
    widgets/AxisNames.cpp
    widgets/FieldMessage.cpp
    widgets/KeepTypedTextDelegate.cpp
    widgets/NumberField.cpp
    widgets/NumberFieldEdits.cpp
    widgets/PanelWidgets.cpp
    widgets/RowMoveModel.cpp
    widgets/RowMovePlan.cpp
    widgets/RowMoveTableView.cpp)
