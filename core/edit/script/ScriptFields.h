#pragma once

#include "core/base/Result.h"
#include "core/model/BindPose.h"
#include "core/model/Json.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::core::edit {

// The fields of one op of a script (docs/scripting.md), read with the checks every op shares.
// Errors name the field and what it must be ("'length' must be a number or null"); the runner
// prefixes the op index and name.
class ScriptFields {
public:
    // Checks that `op` has every field of `required`, and no field outside `required`,
    // `optional`, "op" and "comment".
    static Result<ScriptFields> check(const model::OrderedJson& op,
                                      const std::vector<std::string_view>& required,
                                      const std::vector<std::string_view>& optional = {});

    // Present, null included.
    bool has(std::string_view key) const;
    bool isNull(std::string_view key) const;
    // Contract: has(key).
    const model::OrderedJson& at(std::string_view key) const;

    Result<std::string> string(std::string_view key) const;
    Result<std::optional<std::string>> stringOrNull(std::string_view key) const;
    Result<std::optional<double>> numberOrNull(std::string_view key) const;
    Result<bool> boolean(std::string_view key) const;
    Result<std::optional<bool>> booleanOrNull(std::string_view key) const;
    // A non-negative integer (slots, indices).
    Result<std::size_t> index(std::string_view key) const;
    // An array of finite numbers.
    Result<std::vector<double>> numbers(std::string_view key) const;
    Result<model::PoseType> poseType(std::string_view key) const;
    Result<model::OrderedJson> object(std::string_view key) const;

private:
    explicit ScriptFields(const model::OrderedJson& op) : m_op(&op) {}

    const model::OrderedJson* m_op;
};

// "'key'", the way messages quote a field.
std::string fieldLabel(std::string_view key);

// Whether `value` is a JSON integer >= 0 (a float such as 2.0 is not).
bool isIndex(const model::OrderedJson& value);

} // namespace hyperrig::core::edit
