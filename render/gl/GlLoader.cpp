#include "render/gl/GlLoader.h"

#include <glad/gl.h>

namespace hyperrig::render::gl {
namespace {

GLADapiproc loadThroughHost(void* userPointer, const char* name) {
    const auto& getProcAddress = *static_cast<const GetProcAddress*>(userPointer);
    return reinterpret_cast<GLADapiproc>(getProcAddress(name));
}

std::string glString(GLenum name) {
    const GLubyte* text = glGetString(name);
    return text ? reinterpret_cast<const char*>(text) : "";
}

} // namespace

core::Result<GlInfo> loadGl(const GetProcAddress& getProcAddress) {
    if (!getProcAddress)
        return core::Error("cannot load OpenGL: the host gave no getProcAddress function");
    const int version =
        gladLoadGLUserPtr(&loadThroughHost, const_cast<GetProcAddress*>(&getProcAddress));
    if (version == 0)
        return core::Error("cannot load OpenGL: no current context, or glGetString is missing");
    GlInfo info;
    info.major = GLAD_VERSION_MAJOR(version);
    info.minor = GLAD_VERSION_MINOR(version);
    info.vendor = glString(GL_VENDOR);
    info.renderer = glString(GL_RENDERER);
    info.version = glString(GL_VERSION);
    if (!GLAD_GL_VERSION_3_3)
        return core::Error("OpenGL 3.3 core is required, the context offers " + info.version +
                           " (" + info.renderer + ")");
    return info;
}

} // namespace hyperrig::render::gl
