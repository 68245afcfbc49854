# ui/panels/validation: its sources (target_sources(hyperrig_ui PRIVATE panels/validation/....cpp)).
target_sources(hyperrig_ui PRIVATE
    panels/validation/DiagnosticTarget.cpp
    panels/validation/ValidationFix.cpp
    panels/validation/ValidationModel.cpp
    panels/validation/ValidationPanel.cpp)
