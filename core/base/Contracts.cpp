#include "core/base/Contracts.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace hyperrig::core {
namespace {

void abortingHandler(const char* kind, const char* condition, const std::source_location& where) {
    std::fprintf(stderr, "HyperRig internal error: %s failed: %s\n  at %s:%u (%s)\n", kind,
                 condition, where.file_name(), static_cast<unsigned>(where.line()),
                 where.function_name());
    std::fflush(stderr);
}

std::atomic<ContractViolationHandler> g_handler{&abortingHandler};

} // namespace

ContractViolationHandler setContractViolationHandler(ContractViolationHandler handler) {
    return g_handler.exchange(handler ? handler : &abortingHandler);
}

void contractViolated(const char* kind, const char* condition, const std::source_location& where) {
    g_handler.load()(kind, condition, where);
    // A handler that returns (instead of throwing) must not let execution continue past a broken
    // precondition.
    std::abort();
}

} // namespace hyperrig::core
