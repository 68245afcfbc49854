target_sources(hyperrig_render PRIVATE
    view/Viewport.cpp)
