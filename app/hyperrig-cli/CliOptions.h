#pragma once

#include "core/base/Result.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::cli {

// What one subcommand accepts: flags (--json), options with a value (--schema classic or
// --schema=classic) and how many positional arguments.
struct OptionSpec {
    std::vector<std::string> flags;
    std::vector<std::string> valueOptions;
    std::size_t minPositionals = 0;
    std::size_t maxPositionals = 0;
    // Single-letter spellings of value options: {'o', "output"} lets "-o OUT" mean
    // "--output OUT", as the CLI contract writes it.
    std::vector<std::pair<char, std::string>> shortOptions = {};
};

// The parsed arguments of one subcommand. Unknown options, a missing value, a repeated option
// and the wrong number of positionals are usage errors (exit status 2) with a precise message.
class ParsedOptions {
public:
    static core::Result<ParsedOptions> parse(const std::vector<std::string>& arguments,
                                             const OptionSpec& spec);

    bool flag(const std::string& name) const { return m_flags.count(name) != 0; }
    std::optional<std::string> value(const std::string& name) const;
    const std::vector<std::string>& positionals() const { return m_positionals; }

private:
    std::map<std::string, bool> m_flags;
    std::map<std::string, std::string> m_values;
    std::vector<std::string> m_positionals;
};

} // namespace hyperrig::cli
