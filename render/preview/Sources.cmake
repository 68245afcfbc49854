target_sources(hyperrig_preview PRIVATE
    preview/PointerCamera.cpp
    preview/PreviewDocument.cpp
    preview/PreviewKeys.cpp
    preview/Previewer.cpp
    preview/ViewerOptions.cpp)
target_sources(hyperrig_preview_glfw PRIVATE
    preview/glfw/GlfwWindow.cpp
    preview/glfw/ViewerApp.cpp)
