#include "app/hyperrig-cli/CommandReport.h"

#include <cstdio>

namespace hyperrig::cli {

int CommandReport::usage(const std::string& message) const {
    std::fprintf(context.err, "hyperrig-cli: %.*s: %s\nUsage: hyperrig-cli %.*s\n",
                 static_cast<int>(name.size()), name.data(), message.c_str(),
                 static_cast<int>(synopsis.size()), synopsis.data());
    return kExitUnreadable;
}

int CommandReport::fail(const std::string& message, int status) const {
    std::fprintf(context.err, "hyperrig-cli: %.*s: %s\n", static_cast<int>(name.size()),
                 name.data(), message.c_str());
    return status;
}

} // namespace hyperrig::cli
