#include "app/hyperrig-cli/CliCommand.h"
#include "core/base/LastResort.h"

int main(int argc, char* argv[]) {
    return hyperrig::core::runWithLastResortHandler("hyperrig-cli", [&] {
        hyperrig::cli::CliContext context;
        return hyperrig::cli::runCli(std::vector<std::string>(argv + 1, argv + argc), context);
    });
}
