#include "render/gl/GlObjects.h"

namespace hyperrig::render::gl {

#define HYPERRIG_GL_TRAITS(Traits, genFunction, deleteFunction)                                    \
    GLuint Traits::create() {                                                                      \
        GLuint name = 0;                                                                           \
        genFunction(1, &name);                                                                     \
        return name;                                                                               \
    }                                                                                              \
    void Traits::destroy(GLuint name) {                                                            \
        deleteFunction(1, &name);                                                                  \
    }

HYPERRIG_GL_TRAITS(BufferTraits, glGenBuffers, glDeleteBuffers)
HYPERRIG_GL_TRAITS(VertexArrayTraits, glGenVertexArrays, glDeleteVertexArrays)
HYPERRIG_GL_TRAITS(RenderbufferTraits, glGenRenderbuffers, glDeleteRenderbuffers)
HYPERRIG_GL_TRAITS(FramebufferTraits, glGenFramebuffers, glDeleteFramebuffers)
HYPERRIG_GL_TRAITS(TextureTraits, glGenTextures, glDeleteTextures)

#undef HYPERRIG_GL_TRAITS

} // namespace hyperrig::render::gl
