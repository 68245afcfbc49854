#pragma once

#include <string>
#include <utility>

namespace hyperrig::core {

// A recoverable failure a user can read: what went wrong, then where, outermost context first
// ("reading creature.g4tf: /nodes/3/rotor: rotor has 5 components, a 4D rotor needs 7 or 8").
// Callers add context as the error travels up instead of rewriting the message.
//
// Most errors are only read by people. The few a caller handles differently (ask the user, then
// retry with an option) also carry a code: a stable id in the style of the validator's rule ids
// ("buffer.uri.outside-folder"), which context never changes. The header that can produce a code
// declares it as a constant.
class Error {
public:
    explicit Error(std::string message) : m_message(std::move(message)) {}
    Error(std::string message, std::string code)
        : m_message(std::move(message)), m_code(std::move(code)) {}

    const std::string& message() const { return m_message; }
    const std::string& code() const { return m_code; } // "" for an ordinary error

    // Returns this error with `context` prepended as "context: message".
    Error withContext(const std::string& context) const& {
        return Error(context.empty() ? m_message : context + ": " + m_message, m_code);
    }
    Error withContext(const std::string& context) && {
        if (!context.empty())
            m_message = context + ": " + m_message;
        return std::move(*this);
    }

    friend bool operator==(const Error&, const Error&) = default;

private:
    std::string m_message;
    std::string m_code;
};

} // namespace hyperrig::core
