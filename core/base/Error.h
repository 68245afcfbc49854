#pragma once

#include <string>
#include <utility>

namespace hyperrig::core {

// A recoverable failure a user can read: what went wrong, then where, outermost context first
// ("reading creature.g4tf: /nodes/3/rotor: rotor has 5 components, a 4D rotor needs 7 or 8").
// Callers add context as the error travels up instead of rewriting the message.
class Error {
public:
    explicit Error(std::string message) : m_message(std::move(message)) {}

    const std::string& message() const { return m_message; }

    // Returns this error with `context` prepended as "context: message".
    Error withContext(const std::string& context) const& {
        return Error(context.empty() ? m_message : context + ": " + m_message);
    }
    Error withContext(const std::string& context) && {
        if (!context.empty())
            m_message = context + ": " + m_message;
        return std::move(*this);
    }

    friend bool operator==(const Error&, const Error&) = default;

private:
    std::string m_message;
};

} // namespace hyperrig::core
