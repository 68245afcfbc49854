// libFuzzer target: G4MF binary (.g4b: container, chunk table, zstd): read, validate, write every
// way (tests/fuzz/FuzzExercise.h says what is exercised).
#include "tests/fuzz/FuzzExercise.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return hyperrig::fuzz::exerciseG4b(data, size);
}
