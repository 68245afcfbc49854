#include "render/gl/ShaderProgram.h"

#include <string>
#include <utility>
#include <vector>

namespace hyperrig::render::gl {
namespace {

std::string infoLog(GLuint object, bool isProgram) {
    GLint length = 0;
    if (isProgram)
        glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
    else
        glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
    if (length <= 1)
        return "(no log)";
    std::string log(static_cast<std::size_t>(length), '\0');
    if (isProgram)
        glGetProgramInfoLog(object, length, nullptr, log.data());
    else
        glGetShaderInfoLog(object, length, nullptr, log.data());
    log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
    return log;
}

core::Result<GLuint> compileStage(GLenum stage, std::string_view source) {
    const GLuint shader = glCreateShader(stage);
    const GLchar* text = source.data();
    const auto length = static_cast<GLint>(source.size());
    glShaderSource(shader, 1, &text, &length);
    glCompileShader(shader);
    GLint compiled = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
    if (compiled != GL_TRUE) {
        std::string log = infoLog(shader, false);
        glDeleteShader(shader);
        const char* stageName = stage == GL_VERTEX_SHADER     ? "vertex"
                                : stage == GL_GEOMETRY_SHADER ? "geometry"
                                                              : "fragment";
        return core::Error(std::string(stageName) + " shader does not compile: " + log);
    }
    return shader;
}

} // namespace

core::Result<ShaderProgram> ShaderProgram::build(std::string_view name,
                                                 std::string_view vertexSource,
                                                 std::string_view fragmentSource,
                                                 std::string_view geometrySource) {
    const std::string context = "shader program '" + std::string(name) + "'";
    std::vector<GLuint> stages;
    auto deleteStages = [&] {
        for (GLuint stage : stages)
            glDeleteShader(stage);
    };
    const std::pair<GLenum, std::string_view> sources[] = {{GL_VERTEX_SHADER, vertexSource},
                                                           {GL_GEOMETRY_SHADER, geometrySource},
                                                           {GL_FRAGMENT_SHADER, fragmentSource}};
    for (const auto& [stage, source] : sources) {
        if (stage == GL_GEOMETRY_SHADER && source.empty())
            continue;
        auto compiled = compileStage(stage, source);
        if (!compiled) {
            deleteStages();
            return compiled.error().withContext(context);
        }
        stages.push_back(*compiled);
    }
    const GLuint program = glCreateProgram();
    for (GLuint stage : stages)
        glAttachShader(program, stage);
    glLinkProgram(program);
    deleteStages();
    GLint linked = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &linked);
    if (linked != GL_TRUE) {
        std::string log = infoLog(program, true);
        glDeleteProgram(program);
        return core::Error(context + " does not link: " + log);
    }
    return ShaderProgram(program);
}

ShaderProgram::~ShaderProgram() {
    if (m_name != 0)
        glDeleteProgram(m_name);
}

ShaderProgram::ShaderProgram(ShaderProgram&& other) noexcept
    : m_name(std::exchange(other.m_name, 0)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& other) noexcept {
    if (this != &other) {
        if (m_name != 0)
            glDeleteProgram(m_name);
        m_name = std::exchange(other.m_name, 0);
    }
    return *this;
}

} // namespace hyperrig::render::gl
