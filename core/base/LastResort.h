#pragma once

#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <string_view>

namespace hyperrig::core {

// The last-resort handler of HyperRig's programs (each main): runs `body` and returns its exit
// status; an exception that escapes it is a HyperRig bug (readers and commands report bad input
// as Error values), so instead of "terminate called after throwing ..." the user reads
//
//   <program>: internal error: <what()> (please report this)
//
// on stderr and the program exits with kInternalErrorExit. While `body` runs, an exception that
// ends in std::terminate (thrown through a noexcept function or out of a thread) is reported the
// same way.
inline constexpr int kInternalErrorExit = 2;

// `err` is where the message goes (stderr; tests pass a file).
int runWithLastResortHandler(std::string_view program, const std::function<int()>& body,
                             std::FILE* err = stderr);

// The message runWithLastResortHandler prints for the exception being handled (tests use it).
std::string internalErrorMessage(std::string_view program, std::exception_ptr error);

} // namespace hyperrig::core
