# Tests of the inspector's blend-shape rows, included last (tests/ui/Sources.cmake) so that they
# append a unity batch instead of reshuffling the existing ones.
target_sources(hyperrig_ui_tests PRIVATE
    ui/panels/inspector/BlendAmountsViewTests.cpp)
