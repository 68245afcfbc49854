#pragma once

#include <initializer_list>
#include <string>
#include <vector>

namespace hyperrig::core {

// One finding about a file or document: what (message), how bad (severity), which rule (a
// stable id pipelines and tests can match, e.g. "node.children.multiple-parents") and where
// (an RFC 6901 JSON pointer into the file, e.g. "/nodes/3/children/1"; "" is the whole file).
struct Diagnostic {
    enum class Severity { Error, Warning };

    Severity severity = Severity::Error;
    std::string rule;
    std::string pointer;
    std::string message;

    friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

using Diagnostics = std::vector<Diagnostic>;

inline const char* severityName(Diagnostic::Severity severity) {
    return severity == Diagnostic::Severity::Error ? "error" : "warning";
}

// Builds an RFC 6901 pointer from tokens, escaping "~" as "~0" and "/" as "~1".
std::string jsonPointer(std::initializer_list<std::string> tokens);
std::string appendPointer(const std::string& pointer, const std::string& token);
std::string appendPointer(const std::string& pointer, std::size_t index);

} // namespace hyperrig::core
