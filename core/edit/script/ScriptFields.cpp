#include "core/edit/script/ScriptFields.h"

#include <algorithm>
#include <cmath>

namespace hyperrig::core::edit {
namespace {

constexpr std::string_view kAlwaysAllowed[] = {"op", "comment"};

bool listed(const std::vector<std::string_view>& keys, std::string_view key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

Error mustBe(std::string_view key, const char* what) {
    return Error(fieldLabel(key) + " must be " + what);
}

} // namespace

std::string fieldLabel(std::string_view key) {
    return "'" + std::string(key) + "'";
}

bool isIndex(const model::OrderedJson& value) {
    return value.is_number_unsigned() ||
           (value.is_number_integer() && value.get<std::int64_t>() >= 0);
}

Result<ScriptFields> ScriptFields::check(const model::OrderedJson& op,
                                         const std::vector<std::string_view>& required,
                                         const std::vector<std::string_view>& optional) {
    for (auto it = op.begin(); it != op.end(); ++it) {
        const std::string& key = it.key();
        if (listed(required, key) || listed(optional, key) ||
            std::find(std::begin(kAlwaysAllowed), std::end(kAlwaysAllowed), key) !=
                std::end(kAlwaysAllowed))
            continue;
        std::string known;
        for (std::string_view name : required)
            known += (known.empty() ? "" : ", ") + fieldLabel(name);
        for (std::string_view name : optional)
            known += (known.empty() ? "" : ", ") + fieldLabel(name);
        return Error("unknown field " + fieldLabel(key) +
                     (known.empty() ? "; this op takes no fields" : "; the fields are " + known));
    }
    for (std::string_view key : required)
        if (!op.contains(key))
            return Error(fieldLabel(key) + " is required");
    if (op.contains("comment") && !op["comment"].is_string())
        return mustBe("comment", "a string");
    return ScriptFields(op);
}

bool ScriptFields::has(std::string_view key) const {
    return m_op->contains(key);
}

bool ScriptFields::isNull(std::string_view key) const {
    return has(key) && at(key).is_null();
}

const model::OrderedJson& ScriptFields::at(std::string_view key) const {
    const auto found = m_op->find(key);
    HYPERRIG_EXPECTS(found != m_op->end());
    return *found;
}

Result<std::string> ScriptFields::string(std::string_view key) const {
    if (!at(key).is_string())
        return mustBe(key, "a string");
    return at(key).get<std::string>();
}

Result<std::optional<std::string>> ScriptFields::stringOrNull(std::string_view key) const {
    if (at(key).is_null())
        return std::optional<std::string>();
    if (!at(key).is_string())
        return mustBe(key, "a string or null");
    return std::optional<std::string>(at(key).get<std::string>());
}

Result<std::optional<double>> ScriptFields::numberOrNull(std::string_view key) const {
    const model::OrderedJson& value = at(key);
    if (value.is_null())
        return std::optional<double>();
    if (!value.is_number() || !std::isfinite(value.get<double>()))
        return mustBe(key, "a number or null");
    return std::optional<double>(value.get<double>());
}

Result<bool> ScriptFields::boolean(std::string_view key) const {
    if (!at(key).is_boolean())
        return mustBe(key, "true or false");
    return at(key).get<bool>();
}

Result<std::optional<bool>> ScriptFields::booleanOrNull(std::string_view key) const {
    if (at(key).is_null())
        return std::optional<bool>();
    if (!at(key).is_boolean())
        return mustBe(key, "true, false or null");
    return std::optional<bool>(at(key).get<bool>());
}

Result<std::size_t> ScriptFields::index(std::string_view key) const {
    if (!isIndex(at(key)))
        return mustBe(key, "a non-negative integer");
    return at(key).get<std::size_t>();
}

Result<std::vector<double>> ScriptFields::numbers(std::string_view key) const {
    const model::OrderedJson& value = at(key);
    if (!value.is_array())
        return mustBe(key, "an array of numbers");
    std::vector<double> result;
    result.reserve(value.size());
    for (const auto& item : value) {
        if (!item.is_number() || !std::isfinite(item.get<double>()))
            return mustBe(key, "an array of numbers");
        result.push_back(item.get<double>());
    }
    return result;
}

Result<model::PoseType> ScriptFields::poseType(std::string_view key) const {
    model::PoseType type = model::PoseType::Custom;
    if (!at(key).is_string() || !model::parsePoseType(at(key).get<std::string>(), type))
        return mustBe(key, "one of \"TPose\", \"APose\", \"IPose\", \"Custom\"");
    return type;
}

Result<model::OrderedJson> ScriptFields::object(std::string_view key) const {
    if (!at(key).is_object())
        return mustBe(key, "a JSON object");
    return at(key);
}

} // namespace hyperrig::core::edit
