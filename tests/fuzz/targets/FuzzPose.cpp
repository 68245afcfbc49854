// libFuzzer target: a POSE.json evaluated and baked on the tiny-4d-mesh sample
// (tests/fuzz/FuzzExercise.h says what is exercised).
#include "tests/fuzz/FuzzExercise.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return hyperrig::fuzz::exercisePose(data, size);
}
