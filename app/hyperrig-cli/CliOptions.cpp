#include "app/hyperrig-cli/CliOptions.h"

#include <algorithm>

namespace hyperrig::cli {
namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

} // namespace

core::Result<ParsedOptions> ParsedOptions::parse(const std::vector<std::string>& arguments,
                                                 const OptionSpec& spec) {
    ParsedOptions parsed;
    bool onlyPositionals = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        std::string argument = arguments[i];
        if (!onlyPositionals && argument.size() == 2 && argument[0] == '-') {
            for (const auto& [letter, longName] : spec.shortOptions)
                if (argument[1] == letter)
                    argument = "--" + longName;
        }
        if (onlyPositionals || argument.size() < 2 || argument.rfind("--", 0) != 0) {
            if (!onlyPositionals && argument.size() > 1 && argument[0] == '-' && argument != "-")
                return core::Error("unknown option '" + argument + "'");
            parsed.m_positionals.push_back(argument);
            continue;
        }
        if (argument == "--") {
            onlyPositionals = true;
            continue;
        }
        const std::size_t equals = argument.find('=');
        const std::string name =
            argument.substr(2, equals == std::string::npos ? std::string::npos : equals - 2);
        if (contains(spec.flags, name)) {
            if (equals != std::string::npos)
                return core::Error("option --" + name + " takes no value");
            parsed.m_flags[name] = true;
        } else if (contains(spec.valueOptions, name)) {
            if (parsed.m_values.count(name) != 0)
                return core::Error("option --" + name + " is given twice");
            if (equals != std::string::npos) {
                parsed.m_values[name] = argument.substr(equals + 1);
            } else {
                if (i + 1 >= arguments.size())
                    return core::Error("option --" + name + " needs a value");
                parsed.m_values[name] = arguments[++i];
            }
        } else {
            return core::Error("unknown option '--" + name + "'");
        }
    }
    const std::size_t count = parsed.m_positionals.size();
    if (count < spec.minPositionals)
        return core::Error("expected " + std::to_string(spec.minPositionals) +
                           (spec.minPositionals == 1 ? " file argument" : " file arguments") +
                           ", got " + std::to_string(count));
    if (count > spec.maxPositionals)
        return core::Error("unexpected argument '" + parsed.m_positionals[spec.maxPositionals] +
                           "'");
    return parsed;
}

std::optional<std::string> ParsedOptions::value(const std::string& name) const {
    const auto found = m_values.find(name);
    if (found == m_values.end())
        return std::nullopt;
    return found->second;
}

} // namespace hyperrig::cli
