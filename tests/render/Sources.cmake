target_sources(hyperrig_render_tests PRIVATE
    render/HeadlessRenderingTests.cpp
    render/PngWriterTests.cpp)
