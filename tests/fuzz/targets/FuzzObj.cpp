// libFuzzer target: an OBJ file parsed as the base mesh (tests/fuzz/FuzzExercise.h says what is
// exercised).
#include "tests/fuzz/FuzzExercise.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return hyperrig::fuzz::exerciseObj(data, size);
}
