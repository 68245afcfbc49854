target_sources(hyperrig_render PRIVATE
    gl/GlLoader.cpp
    gl/GlObjects.cpp
    gl/IdFramebuffer.cpp
    gl/ShaderProgram.cpp
    gl/OffscreenFramebuffer.cpp)
