#include "app/hyperrig-cli/CliCommand.h"

int main(int argc, char* argv[]) {
    hyperrig::cli::CliContext context;
    return hyperrig::cli::runCli(std::vector<std::string>(argv + 1, argv + argc), context);
}
