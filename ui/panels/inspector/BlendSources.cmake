# The inspector's blend-shape rows (issue 18 item 3), included last (ui/CMakeLists.txt) so that
# they append a unity batch instead of reshuffling the existing ones.
target_sources(hyperrig_ui PRIVATE
    panels/inspector/BlendAmountsView.cpp)
