// libFuzzer target: G4MF text (.g4tf): read, validate, write every way (tests/fuzz/FuzzExercise.h
// says what is exercised).
#include "tests/fuzz/FuzzExercise.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return hyperrig::fuzz::exerciseG4tf(data, size);
}
