#include "core/base/LastResort.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace hyperrig::core {
namespace {

std::string g_program = "hyperrig";

[[noreturn]] void reportTerminate() {
    const std::exception_ptr error = std::current_exception();
    const std::string message =
        error
            ? internalErrorMessage(g_program, error)
            : g_program + ": internal error: terminated without an exception (please report this)";
    std::fprintf(stderr, "%s\n", message.c_str());
    std::fflush(stderr);
    std::_Exit(kInternalErrorExit);
}

} // namespace

std::string internalErrorMessage(std::string_view program, std::exception_ptr error) {
    std::string what = "unknown exception";
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& exception) {
        what = exception.what();
    } catch (...) {
    }
    return std::string(program) + ": internal error: " + what + " (please report this)";
}

int runWithLastResortHandler(std::string_view program, const std::function<int()>& body,
                             std::FILE* err) {
    g_program = std::string(program);
    const std::terminate_handler previous = std::set_terminate(&reportTerminate);
    int status = kInternalErrorExit;
    try {
        status = body();
    } catch (...) {
        std::fprintf(err, "%s\n", internalErrorMessage(program, std::current_exception()).c_str());
    }
    std::set_terminate(previous);
    return status;
}

} // namespace hyperrig::core
