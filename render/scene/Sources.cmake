target_sources(hyperrig_render PRIVATE
    scene/ColoredTriangleBatch.cpp)
