#pragma once

#include <source_location>

namespace hyperrig::core {

// Contracts catch programming errors (a broken precondition inside HyperRig itself), never bad
// user input, which travels as Result/Error. A violation calls the installed handler; the default
// prints the failed condition with its location and aborts. Tests install a handler that throws,
// so a violation fails the test with a readable message instead of killing the runner.
using ContractViolationHandler = void (*)(const char* kind, const char* condition,
                                          const std::source_location& where);

// Installs `handler` and returns the previous one. nullptr restores the default.
ContractViolationHandler setContractViolationHandler(ContractViolationHandler handler);

[[noreturn]] void contractViolated(const char* kind, const char* condition,
                                   const std::source_location& where);

} // namespace hyperrig::core

#define HYPERRIG_CONTRACT_CHECK(kind, condition)                                                   \
    do {                                                                                           \
        if (!(condition)) [[unlikely]]                                                             \
            ::hyperrig::core::contractViolated(kind, #condition, std::source_location::current()); \
    } while (false)

#define HYPERRIG_EXPECTS(condition) HYPERRIG_CONTRACT_CHECK("precondition", condition)
#define HYPERRIG_ENSURES(condition) HYPERRIG_CONTRACT_CHECK("postcondition", condition)
#define HYPERRIG_ASSERT(condition) HYPERRIG_CONTRACT_CHECK("invariant", condition)
