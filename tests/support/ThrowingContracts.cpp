#include "tests/support/ThrowingContracts.h"

#include "core/base/Contracts.h"

#include <string>

namespace hyperrig::test {
namespace {

[[noreturn]] void throwingHandler(const char* kind, const char* condition,
                                  const std::source_location& where) {
    throw ContractViolation(std::string(kind) + " failed: " + condition + " at " +
                            where.file_name() + ":" + std::to_string(where.line()));
}

} // namespace

void installThrowingContractHandler() {
    core::setContractViolationHandler(&throwingHandler);
}

} // namespace hyperrig::test
