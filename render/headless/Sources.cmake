target_sources(hyperrig_render PRIVATE
    headless/EglContext.cpp
    headless/PngWriter.cpp)
