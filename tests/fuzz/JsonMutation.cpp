#include "tests/fuzz/JsonMutation.h"

#include <array>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <utility>
#include <vector>

namespace hyperrig::fuzz {
namespace {

// Ordered, so a mutated document keeps its key order and differs from the input only where mutated.
using json = nlohmann::ordered_json;

// Deeper documents are left to byte mutation: the walk is iterative, but dump() recurses.
constexpr std::size_t kJsonMutationMaxDepth = 256;

// One value of the document and where it sits, so it can be replaced, erased or duplicated.
struct JsonSlot {
    json* value = nullptr;
    json* parent = nullptr; // nullptr for the root
    std::string key;        // when the parent is an object
    std::size_t index = 0;  // when the parent is an array
};

// Every value of `root`, in document order; std::nullopt when it nests too deep.
std::optional<std::vector<JsonSlot>> jsonSlotsOf(json& root) {
    std::vector<JsonSlot> slots;
    std::vector<std::pair<JsonSlot, std::size_t>> pending{{JsonSlot{&root, nullptr, {}, 0}, 0}};
    while (!pending.empty()) {
        auto [slot, depth] = pending.back();
        pending.pop_back();
        if (depth > kJsonMutationMaxDepth)
            return std::nullopt;
        slots.push_back(slot);
        json& value = *slot.value;
        if (value.is_object())
            for (auto it = value.begin(); it != value.end(); ++it)
                pending.push_back({JsonSlot{&it.value(), &value, it.key(), 0}, depth + 1});
        else if (value.is_array())
            for (std::size_t i = 0; i < value.size(); ++i)
                pending.push_back({JsonSlot{&value[i], &value, {}, i}, depth + 1});
    }
    return slots;
}

// Portable picks: modulo of a fixed engine, so a seed means the same mutation everywhere
// (std::uniform_int_distribution differs between standard libraries).
struct JsonMutationRandom {
    std::mt19937_64 engine;
    std::size_t below(std::size_t count) { return static_cast<std::size_t>(engine() % count); }
    template <typename T, std::size_t N>
    const T& pick(const std::array<T, N>& items) {
        return items[below(N)];
    }
};

// A slot satisfying `wanted`, or nullptr when none does.
template <typename Wanted>
JsonSlot* pickJsonSlot(std::vector<JsonSlot>& slots, JsonMutationRandom& random, Wanted wanted) {
    std::vector<JsonSlot*> candidates;
    for (auto& slot : slots)
        if (wanted(slot))
            candidates.push_back(&slot);
    return candidates.empty() ? nullptr : candidates[random.below(candidates.size())];
}

void replaceJsonSlot(JsonSlot& slot, json value) {
    *slot.value = std::move(value);
}

json outOfRangeNumber(JsonMutationRandom& random) {
    constexpr auto kInt64Min = std::numeric_limits<std::int64_t>::min();
    switch (random.below(13)) {
    case 0:
        return -1;
    case 1:
        return std::int64_t{2147483647} + 1;
    case 2:
        return std::int64_t{-2147483648} - 1;
    case 3:
        return std::int64_t{4294967295};
    case 4:
        return std::int64_t{4294967296};
    case 5:
        return std::int64_t{9007199254740993};
    case 6:
        return std::numeric_limits<std::uint64_t>::max();
    case 7:
        return kInt64Min;
    case 8:
        return 1e308;
    case 9:
        return -1e308;
    case 10:
        return 4.9e-324; // the smallest denormal
    case 11:
        return 0.5; // a fraction where an index belongs
    default:
        return 65536;
    }
}

json nearbyNumber(const json& number, JsonMutationRandom& random) {
    if (number.is_number_unsigned() || number.is_number_integer()) {
        const auto n = number.get<std::int64_t>();
        constexpr std::array<std::int64_t, 4> kSteps{1, -1, 2, -2};
        if (random.below(4) == 0)
            return n == std::numeric_limits<std::int64_t>::min() ? json(0) : json(-n);
        const auto step = random.pick(kSteps);
        if ((step > 0 && n > std::numeric_limits<std::int64_t>::max() - step) ||
            (step < 0 && n < std::numeric_limits<std::int64_t>::min() - step))
            return json(0);
        return n + step;
    }
    constexpr std::array<double, 5> kFactors{-1.0, 0.0, 1e6, 1e-6, 1.0000001};
    return number.get<double>() * random.pick(kFactors);
}

json otherTypeValue(const json& current, JsonMutationRandom& random) {
    const std::array<json, 10> values{nullptr,       true,           0,       -1,           "", "x",
                                      json::array(), json::object(), json{0}, json{{"", 0}}};
    for (;;) {
        const json& value = random.pick(values);
        if (value.type() != current.type())
            return value;
    }
}

std::string oddString(JsonMutationRandom& random) {
    switch (random.below(12)) {
    case 0:
        return "";
    case 1:
        return std::string(1, '\0');
    case 2:
        return "\x01\x1f\x7f";
    case 3:
        return "\xc3\xa9\xe2\x80\xae\xf0\x9f\x98\x80"; // é, right-to-left override, emoji
    case 4:
        return std::string(4096, 'A');
    case 5:
        return "../../../../../../etc/passwd";
    case 6:
        return "/etc/passwd";
    case 7:
        return "data:application/octet-stream;base64,";
    case 8:
        return "data:application/octet-stream;base64,AAAA====";
    case 9:
        return "http://example.invalid/buffer.bin";
    case 10:
        return "%s%n%x";
    default:
        return " .";
    }
}

// Applies `kind` to one slot of `root`; false when the document has no slot it applies to.
bool applyJsonMutation(json& root, JsonMutationKind kind, JsonMutationRandom& random) {
    auto collected = jsonSlotsOf(root);
    if (!collected)
        return false;
    auto& slots = *collected;
    const auto any = [](const JsonSlot&) {
        return true;
    };
    const auto inObject = [](const JsonSlot& s) {
        return s.parent && s.parent->is_object();
    };
    const auto inArray = [](const JsonSlot& s) {
        return s.parent && s.parent->is_array();
    };
    switch (kind) {
    case JsonMutationKind::OutOfRangeNumber: {
        // Mostly numbers, whose range a reader checks; sometimes anything.
        auto* slot =
            pickJsonSlot(slots, random, [](const JsonSlot& s) { return s.value->is_number(); });
        if (!slot || random.below(4) == 0)
            slot = pickJsonSlot(slots, random, any);
        replaceJsonSlot(*slot, outOfRangeNumber(random));
        return true;
    }
    case JsonMutationKind::NearbyNumber: {
        auto* slot =
            pickJsonSlot(slots, random, [](const JsonSlot& s) { return s.value->is_number(); });
        if (!slot)
            return false;
        replaceJsonSlot(*slot, nearbyNumber(*slot->value, random));
        return true;
    }
    case JsonMutationKind::OtherType: {
        auto* slot = pickJsonSlot(slots, random, any);
        replaceJsonSlot(*slot, otherTypeValue(*slot->value, random));
        return true;
    }
    case JsonMutationKind::DeleteMember: {
        auto* slot = pickJsonSlot(slots, random, inObject);
        if (!slot)
            return false;
        slot->parent->erase(slot->key);
        return true;
    }
    case JsonMutationKind::DuplicateItem:
    case JsonMutationKind::DropItem: {
        auto* slot = pickJsonSlot(slots, random, inArray);
        if (!slot)
            return false;
        auto& array = *slot->parent;
        const auto at = array.begin() + static_cast<std::ptrdiff_t>(slot->index);
        if (kind == JsonMutationKind::DropItem)
            array.erase(at);
        else
            array.insert(at, json(*slot->value)); // a copy: insert may reallocate
        return true;
    }
    case JsonMutationKind::SwapValues: {
        auto* slot = pickJsonSlot(slots, random, [](const JsonSlot& s) {
            return s.value->is_object() && s.value->size() >= 2;
        });
        if (!slot)
            return false;
        auto& object = *slot->value;
        auto first = object.begin();
        auto second = object.begin();
        std::advance(first, static_cast<std::ptrdiff_t>(random.below(object.size())));
        std::advance(second, static_cast<std::ptrdiff_t>(random.below(object.size())));
        std::swap(first.value(), second.value());
        return true;
    }
    case JsonMutationKind::RenameKey: {
        auto* slot = pickJsonSlot(slots, random, inObject);
        if (!slot)
            return false;
        // Mostly a key of the document (a field in the wrong object), sometimes an odd one.
        const auto* other = pickJsonSlot(slots, random, inObject);
        std::string name = random.below(4) == 0 ? oddString(random) : other->key;
        if (name == slot->key)
            return false; // it would only move the key to the end
        json value = std::move(*slot->value);
        slot->parent->erase(slot->key);
        (*slot->parent)[name] = std::move(value);
        return true;
    }
    case JsonMutationKind::OddString: {
        auto* slot =
            pickJsonSlot(slots, random, [](const JsonSlot& s) { return s.value->is_string(); });
        if (!slot)
            return false;
        replaceJsonSlot(*slot, oddString(random));
        return true;
    }
    case JsonMutationKind::CopyValue: {
        auto* target = pickJsonSlot(slots, random, any);
        json copy = *pickJsonSlot(slots, random, any)->value;
        replaceJsonSlot(*target, std::move(copy));
        return true;
    }
    }
    return false;
}

std::optional<json> parseJsonForMutation(std::string_view text) {
    json parsed = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded())
        return std::nullopt;
    return parsed;
}

// Compact, and never throwing: strings made of odd bytes are written with U+FFFD.
std::string dumpMutatedJson(const json& value) {
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace

std::string_view nameOfJsonMutation(JsonMutationKind kind) {
    constexpr std::array<std::string_view, kJsonMutationKinds> kNames{
        "out-of-range number", "nearby number", "other type", "delete member", "duplicate item",
        "drop item",           "swap values",   "rename key", "odd string",    "copy value"};
    return kNames[static_cast<std::size_t>(kind)];
}

std::optional<JsonMutation> mutateJson(std::string_view input, std::uint64_t seed) {
    auto original = parseJsonForMutation(input);
    if (!original || !jsonSlotsOf(*original))
        return std::nullopt;
    JsonMutationRandom random{std::mt19937_64(seed)};
    // A few tries: a kind may not apply (no arrays) or change nothing (a swap of equal values).
    for (int attempt = 0; attempt < 64; ++attempt) {
        json mutated = *original;
        const auto kind = static_cast<JsonMutationKind>(random.below(kJsonMutationKinds));
        if (applyJsonMutation(mutated, kind, random) && mutated != *original)
            return JsonMutation{dumpMutatedJson(mutated), kind};
    }
    return std::nullopt;
}

std::optional<std::string> crossOverJson(std::string_view first, std::string_view second,
                                         std::uint64_t seed) {
    auto into = parseJsonForMutation(first);
    auto from = parseJsonForMutation(second);
    if (!into || !from)
        return std::nullopt;
    auto intoSlots = jsonSlotsOf(*into);
    auto fromSlots = jsonSlotsOf(*from);
    if (!intoSlots || !fromSlots)
        return std::nullopt;
    JsonMutationRandom random{std::mt19937_64(seed)};
    const json& donor = *(*fromSlots)[random.below(fromSlots->size())].value;
    *(*intoSlots)[random.below(intoSlots->size())].value = donor;
    return dumpMutatedJson(*into);
}

} // namespace hyperrig::fuzz
