#include "render/headless/EglContext.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdio>
#include <cstring>
#include <string>

namespace hyperrig::render::headless {
namespace {

std::string eglErrorText(EGLint error) {
    switch (error) {
    case EGL_NOT_INITIALIZED:
        return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS:
        return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC:
        return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE:
        return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG:
        return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT:
        return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY:
        return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH:
        return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER:
        return "EGL_BAD_PARAMETER";
    default:
        return "EGL error 0x" + [&] {
            char hex[16];
            std::snprintf(hex, sizeof hex, "%x", static_cast<unsigned>(error));
            return std::string(hex);
        }();
    }
}

bool hasExtension(const char* extensions, const char* name) {
    if (!extensions)
        return false;
    const std::size_t length = std::strlen(name);
    for (const char* at = std::strstr(extensions, name); at; at = std::strstr(at + 1, name))
        if ((at == extensions || at[-1] == ' ') && (at[length] == ' ' || at[length] == '\0'))
            return true;
    return false;
}

} // namespace

core::Result<std::unique_ptr<EglContext>> EglContext::create() {
    const char* clientExtensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (!hasExtension(clientExtensions, "EGL_MESA_platform_surfaceless"))
        return core::Error("headless rendering needs EGL_MESA_platform_surfaceless "
                           "(Debian: libegl-mesa0 and libgl1-mesa-dri)");
    auto getPlatformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
        eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (!getPlatformDisplay)
        return core::Error("headless rendering needs eglGetPlatformDisplayEXT");

    std::unique_ptr<EglContext> context(new EglContext());
    EGLDisplay display =
        getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (display == EGL_NO_DISPLAY)
        return core::Error("no surfaceless EGL display: " + eglErrorText(eglGetError()));
    EGLint major = 0;
    EGLint minor = 0;
    if (!eglInitialize(display, &major, &minor))
        return core::Error("cannot initialise EGL: " + eglErrorText(eglGetError()));
    context->m_display = display;
    if (!hasExtension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context"))
        return core::Error("the EGL driver cannot make a context current without a surface");
    if (!eglBindAPI(EGL_OPENGL_API))
        return core::Error("the EGL driver offers no desktop OpenGL: " +
                           eglErrorText(eglGetError()));

    const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                        3,
                                        EGL_CONTEXT_MINOR_VERSION,
                                        3,
                                        EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                        EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                        EGL_NONE};
    // No config: the context renders only into framebuffer objects (EGL_KHR_no_config_context,
    // which Mesa's surfaceless platform provides).
    EGLContext eglContext =
        eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, contextAttributes);
    if (eglContext == EGL_NO_CONTEXT)
        return core::Error("cannot create an OpenGL 3.3 core context: " +
                           eglErrorText(eglGetError()));
    context->m_context = eglContext;
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, eglContext))
        return core::Error("cannot make the headless context current: " +
                           eglErrorText(eglGetError()));

    auto info = gl::loadGl(getProcAddress());
    if (!info)
        return info.error().withContext("headless EGL context");
    context->m_info = *info;
    return context;
}

EglContext::~EglContext() {
    if (m_display) {
        eglMakeCurrent(m_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (m_context)
            eglDestroyContext(m_display, m_context);
        // The display stays initialised for the life of the process: eglTerminate unloads Mesa's
        // driver, which makes the next render pay ~100 ms to load it again and leaves
        // LeakSanitizer unable to attribute the driver's process-lifetime caches.
        eglReleaseThread();
    }
}

gl::GetProcAddress EglContext::getProcAddress() {
    return [](const char* name) {
        return eglGetProcAddress(name);
    };
}

void EglContext::makeCurrent() const {
    eglMakeCurrent(m_display, EGL_NO_SURFACE, EGL_NO_SURFACE, m_context);
}

} // namespace hyperrig::render::headless
