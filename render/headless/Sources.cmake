target_sources(hyperrig_render PRIVATE
    headless/EglContext.cpp
    headless/HeadlessRender.cpp
    headless/PngWriter.cpp)
