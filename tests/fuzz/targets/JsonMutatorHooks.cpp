// libFuzzer's custom mutator and cross-over for the JSON targets (decision 0026): the tree
// mutations of tests/fuzz/JsonMutation.h keep inputs valid JSON, so the fuzzer spends its runs
// in the readers rather than in the JSON parser. Linked only into targets whose input is JSON.
#include "tests/fuzz/JsonMutation.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

namespace {

std::string_view jsonHookText(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

} // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,
                                               std::size_t maxSize, unsigned int seed) {
    // One call in four keeps libFuzzer's byte mutations: they still reach what a tree mutation
    // cannot (a truncated file, a number spelled oddly, a .glb container, the parser itself) and
    // use the dictionary. Input that is not JSON (or grew too large) gets them too.
    if (seed % 4 != 0) {
        const auto mutated = hyperrig::fuzz::mutateJson(jsonHookText(data, size), seed / 4);
        if (mutated && mutated->text.size() <= maxSize) {
            std::memcpy(data, mutated->text.data(), mutated->text.size());
            return mutated->text.size();
        }
    }
    return LLVMFuzzerMutate(data, size, maxSize);
}

extern "C" std::size_t LLVMFuzzerCustomCrossOver(const std::uint8_t* first, std::size_t firstSize,
                                                 const std::uint8_t* second, std::size_t secondSize,
                                                 std::uint8_t* out, std::size_t maxOutSize,
                                                 unsigned int seed) {
    const auto crossed = hyperrig::fuzz::crossOverJson(jsonHookText(first, firstSize),
                                                       jsonHookText(second, secondSize), seed);
    if (!crossed || crossed->size() > maxOutSize)
        return 0; // libFuzzer then tries another mutation
    std::memcpy(out, crossed->data(), crossed->size());
    return crossed->size();
}
