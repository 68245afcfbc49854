target_sources(hyperrig_render PRIVATE
    overlay/Overlay.cpp
    overlay/OverlayState.cpp)

# Dear ImGui is Debian's libimgui-dev 1.86 (libimgui.a, headers as system includes so their
# warnings never fail our build). Its prebuilt imgui_impl_opengl3 loads GL by dlopen("libGL.so.1")
# and glXGetProcAddress, which is wrong for an EGL or Qt context; we compile Debian's own copy of
# the backend source instead, with IMGUI_IMPL_OPENGL_LOADER_CUSTOM and glad's header, so it calls
# the functions glad loaded through the host's getProcAddress
# (docs/decisions/0013-imgui-backend.md). Our object wins over the archive member at link time.
find_file(HYPERRIG_IMGUI_OPENGL3_SOURCE imgui_impl_opengl3.cpp
    PATHS /usr/share/doc/libimgui-dev/examples/backends NO_DEFAULT_PATH
    DOC "Debian's imgui_impl_opengl3.cpp (libimgui-dev examples)")
if(NOT HYPERRIG_IMGUI_OPENGL3_SOURCE)
    message(FATAL_ERROR "imgui_impl_opengl3.cpp not found: install libimgui-dev with its "
                        "examples (/usr/share/doc/libimgui-dev/examples/backends)")
endif()
target_sources(hyperrig_render PRIVATE "${HYPERRIG_IMGUI_OPENGL3_SOURCE}")
set_source_files_properties("${HYPERRIG_IMGUI_OPENGL3_SOURCE}" TARGET_DIRECTORY hyperrig_render
    PROPERTIES
    COMPILE_DEFINITIONS IMGUI_IMPL_OPENGL_LOADER_CUSTOM
    # Third-party code: no warnings of ours (-w wins over -Wall -Werror), glad's declarations first.
    COMPILE_OPTIONS "-w;-include;glad/gl.h"
    SKIP_LINTING ON)
target_link_libraries(hyperrig_render PRIVATE PkgConfig::IMGUI)
target_include_directories(hyperrig_render SYSTEM PRIVATE "${IMGUI_INCLUDEDIR}/backends")
