#include "core/validate/JsonAccess.h"

#include "core/math/NumberFormat.h"

#include <limits>

namespace hyperrig::core::validate {

const OrderedJson* member(const OrderedJson& object, std::string_view key) {
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(std::string(key));
    return it == object.end() ? nullptr : &*it;
}

std::optional<std::uint64_t> asIndex(const OrderedJson& value) {
    if (value.is_number_unsigned())
        return value.get<std::uint64_t>();
    if (value.is_number_integer()) {
        const auto signedValue = value.get<std::int64_t>();
        if (signedValue >= 0)
            return static_cast<std::uint64_t>(signedValue);
    }
    return std::nullopt;
}

std::optional<std::int64_t> asInteger(const OrderedJson& value) {
    if (value.is_number_unsigned()) {
        const auto unsignedValue = value.get<std::uint64_t>();
        if (unsignedValue > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        return static_cast<std::int64_t>(unsignedValue);
    }
    if (value.is_number_integer())
        return value.get<std::int64_t>();
    return std::nullopt;
}

std::optional<double> asNumber(const OrderedJson& value) {
    if (value.is_number_unsigned())
        return static_cast<double>(value.get<std::uint64_t>());
    if (value.is_number_integer())
        return static_cast<double>(value.get<std::int64_t>());
    if (value.is_number_float())
        return value.get<double>();
    return std::nullopt;
}

bool isNumberArray(const OrderedJson& value) {
    if (!value.is_array())
        return false;
    for (const OrderedJson& item : value)
        if (!item.is_number())
            return false;
    return true;
}

std::string describe(const OrderedJson& value) {
    constexpr std::size_t kMaxChars = 40;
    switch (value.type()) {
    case OrderedJson::value_t::null:
        return "null";
    case OrderedJson::value_t::boolean:
        return value.get<bool>() ? "true" : "false";
    case OrderedJson::value_t::number_integer:
        return std::to_string(value.get<std::int64_t>());
    case OrderedJson::value_t::number_unsigned:
        return std::to_string(value.get<std::uint64_t>());
    case OrderedJson::value_t::number_float:
        return math::formatNumber(value.get<double>());
    case OrderedJson::value_t::string: {
        const std::string& text = value.get_ref<const std::string&>();
        if (text.size() <= kMaxChars)
            return "\"" + text + "\"";
        // Cut on a UTF-8 boundary so messages stay valid UTF-8 (the CLI's JSON output needs it).
        std::size_t cut = kMaxChars;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut;
        return "\"" + text.substr(0, cut) + "…\"";
    }
    case OrderedJson::value_t::array:
        return "an array of " + std::to_string(value.size()) +
               (value.size() == 1 ? " item" : " items");
    case OrderedJson::value_t::object:
        return "an object";
    case OrderedJson::value_t::binary:
    case OrderedJson::value_t::discarded:
        break;
    }
    return "an unsupported value";
}

std::string countOf(std::size_t count, std::string_view one, std::string_view many) {
    return std::to_string(count) + " " + std::string(count == 1 ? one : many);
}

std::string quotedName(const OrderedJson& item) {
    const OrderedJson* name = member(item, "name");
    if (!name || !name->is_string() || name->get_ref<const std::string&>().empty())
        return {};
    return "'" + name->get_ref<const std::string&>() + "'";
}

} // namespace hyperrig::core::validate
