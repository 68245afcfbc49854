#include "core/base/Diagnostic.h"

namespace hyperrig::core {

std::string appendPointer(const std::string& pointer, const std::string& token) {
    std::string result = pointer;
    result.reserve(pointer.size() + token.size() + 1);
    result += '/';
    for (char c : token) {
        if (c == '~')
            result += "~0";
        else if (c == '/')
            result += "~1";
        else
            result += c;
    }
    return result;
}

std::string appendPointer(const std::string& pointer, std::size_t index) {
    return pointer + "/" + std::to_string(index);
}

std::string jsonPointer(std::initializer_list<std::string> tokens) {
    std::string pointer;
    for (const std::string& token : tokens)
        pointer = appendPointer(pointer, token);
    return pointer;
}

} // namespace hyperrig::core
