# ui/panels/inspector: the Inspector panel (InspectorPanel) and the editors it is made of.
target_sources(hyperrig_ui PRIVATE
    panels/inspector/ComponentView.cpp
    panels/inspector/InspectorPanel.cpp
    panels/inspector/NameEditor.cpp
    panels/inspector/TransformEditor.cpp
    panels/inspector/TransformFieldEditing.cpp
    panels/inspector/TransformFields.cpp)
