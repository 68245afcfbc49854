#pragma once

#include "core/base/Result.h"
#include "render/gl/GlLoader.h"

#include <memory>

namespace hyperrig::render::headless {

// An OpenGL 3.3 core context without any window system: EGL on Mesa's surfaceless platform
// (EGL_MESA_platform_surfaceless), which works on a server with no display and no GPU (llvmpipe).
// Rendering goes into an OffscreenFramebuffer. Creating one makes it current on this thread and
// loads GL through eglGetProcAddress; destroying it destroys the context (the EGL display
// stays initialised, shared by later contexts).
class EglContext {
public:
    static core::Result<std::unique_ptr<EglContext>> create();
    ~EglContext();
    EglContext(const EglContext&) = delete;
    EglContext& operator=(const EglContext&) = delete;

    const gl::GlInfo& info() const { return m_info; }
    // eglGetProcAddress, for a Viewport::initialize without EGL headers at the call site.
    static gl::GetProcAddress getProcAddress();
    void makeCurrent() const;

private:
    EglContext() = default;
    void* m_display = nullptr;
    void* m_context = nullptr;
    gl::GlInfo m_info;
};

} // namespace hyperrig::render::headless
