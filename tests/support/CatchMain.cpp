#define CATCH_CONFIG_RUNNER
#include "tests/support/ThrowingContracts.h"

#include <catch2/catch.hpp>

int main(int argc, char* argv[]) {
    hyperrig::test::installThrowingContractHandler();
    return Catch::Session().run(argc, argv);
}
