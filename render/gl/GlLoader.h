#pragma once

#include "core/base/Result.h"

#include <functional>
#include <string>

namespace hyperrig::render::gl {

using GlProc = void (*)();

// The host's way to find GL entry points in the context it made current: QOpenGLContext's
// getProcAddress, glfwGetProcAddress, or eglGetProcAddress for headless rendering. render/ never
// links a windowing toolkit itself.
using GetProcAddress = std::function<GlProc(const char* name)>;

struct GlInfo {
    int major = 0;
    int minor = 0;
    std::string vendor;
    std::string renderer;
    std::string version;
};

// Loads every OpenGL 3.3 core function through `getProcAddress`. The context must be current.
// Fails with a readable error when the context is older than 3.3 core or entry points are missing.
// Safe to call again after the host recreated its context (Qt does on dock/undock).
core::Result<GlInfo> loadGl(const GetProcAddress& getProcAddress);

} // namespace hyperrig::render::gl
