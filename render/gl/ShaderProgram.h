#pragma once

#include "core/base/Result.h"

#include <glad/gl.h>

#include <string_view>

namespace hyperrig::render::gl {

// A linked vertex + fragment program, with a geometry stage when one is given. Compile and link
// errors come back with the driver's log and the stage that failed, so a broken shader is a
// readable error, not a black viewport.
class ShaderProgram {
public:
    static core::Result<ShaderProgram> build(std::string_view name, std::string_view vertexSource,
                                             std::string_view fragmentSource,
                                             std::string_view geometrySource = {});

    ShaderProgram() = default;
    ~ShaderProgram();
    ShaderProgram(const ShaderProgram&) = delete;
    ShaderProgram& operator=(const ShaderProgram&) = delete;
    ShaderProgram(ShaderProgram&& other) noexcept;
    ShaderProgram& operator=(ShaderProgram&& other) noexcept;

    GLuint name() const { return m_name; }
    void use() const { glUseProgram(m_name); }
    // -1 when the program has no active uniform of that name (the driver may drop unused ones).
    GLint uniformLocation(const char* uniform) const {
        return glGetUniformLocation(m_name, uniform);
    }

private:
    explicit ShaderProgram(GLuint name) : m_name(name) {}
    GLuint m_name = 0;
};

} // namespace hyperrig::render::gl
