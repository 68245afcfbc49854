// libFuzzer target: an MPFB rig definition placed, exported and parsed again
// (tests/fuzz/FuzzExercise.h says what is exercised).
#include "tests/fuzz/FuzzExercise.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return hyperrig::fuzz::exerciseMpfbRig(data, size);
}
