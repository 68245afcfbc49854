// libFuzzer target: a .usda layer imported as UsdSkel and written as G4MF and as .usda
// (tests/fuzz/FuzzExercise.h says what is exercised).
#include "tests/fuzz/FuzzExercise.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return hyperrig::fuzz::exerciseUsda(data, size);
}
