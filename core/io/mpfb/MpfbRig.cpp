#include "core/io/mpfb/MpfbRig.h"

#include "core/base/Diagnostic.h"
#include "core/io/JsonText.h"
#include "core/io/mpfb/MpfbRigUpgrade.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace hyperrig::core::io {
namespace {

using model::OrderedJson;

constexpr std::array kStrategies = {"CUBE", "VERTEX", "MEAN", "XYZ", "DEFAULT"};
constexpr std::array kRollStrategies = {"", "ALIGN_Z_WORLD_Z", "ALIGN_X_WORLD_X",
                                        "ALIGN_Z_REFERENCE_Z"};

// Checks one JSON value against what the rig format says; the first problem is the error.
class Checker {
public:
    explicit Checker(std::string_view sourceName) : m_sourceName(sourceName) {}

    Error error(const std::string& pointer, const std::string& what) const {
        return Error(std::string(m_sourceName) + ": " + (pointer.empty() ? "/" : pointer) + ": " +
                     what);
    }

    static std::string typeOf(const OrderedJson& value) {
        if (value.is_number_integer() || value.is_number_unsigned())
            return "an integer";
        if (value.is_number_float())
            return "a number";
        if (value.is_boolean())
            return "a boolean";
        if (value.is_string())
            return "a string";
        if (value.is_array())
            return "an array";
        if (value.is_object())
            return "an object";
        return "null";
    }

    // `object[key]` exists and satisfies `test`; the message says what it should be.
    template <typename Test>
    Result<void> require(const OrderedJson& object, const std::string& pointer,
                         const std::string& key, Test test, const char* expected) const {
        const auto found = object.find(key);
        if (found == object.end())
            return error(pointer, "missing \"" + key + "\" (" + expected + ")");
        if (!test(*found))
            return error(appendPointer(pointer, key),
                         std::string("expected ") + expected + ", found " + typeOf(*found));
        return {};
    }
    template <typename Test>
    Result<void> optional(const OrderedJson& object, const std::string& pointer,
                          const std::string& key, Test test, const char* expected) const {
        if (!object.contains(key))
            return {};
        return require(object, pointer, key, test, expected);
    }

private:
    std::string_view m_sourceName;
};

bool isNumber(const OrderedJson& v) {
    return v.is_number();
}
bool isString(const OrderedJson& v) {
    return v.is_string();
}
bool isBool(const OrderedJson& v) {
    return v.is_boolean();
}
bool isObject(const OrderedJson& v) {
    return v.is_object();
}
bool isArray(const OrderedJson& v) {
    return v.is_array();
}
bool isIndex(const OrderedJson& v) {
    return v.is_number_unsigned();
}
bool isVector3(const OrderedJson& v) {
    return v.is_array() && v.size() == 3 && v[0].is_number() && v[1].is_number() &&
           v[2].is_number();
}
// A list whose items all pass `test`.
template <bool (*test)(const OrderedJson&)>
bool isListOf(const OrderedJson& v) {
    return v.is_array() && std::all_of(v.begin(), v.end(), test);
}
bool isStringList(const OrderedJson& v) {
    return isListOf<isString>(v);
}
bool isIndexList(const OrderedJson& v) {
    return !v.empty() && isListOf<isIndex>(v);
}

template <typename List>
bool listed(const List& list, std::string_view value) {
    for (std::string_view item : list)
        if (item == value)
            return true;
    return false;
}

Result<void> checkEnd(const Checker& check, const OrderedJson& end, const std::string& pointer) {
    if (auto r = check.require(end, pointer, "strategy", isString, "a strategy name"); !r)
        return r;
    if (auto r = check.require(end, pointer, "default_position", isVector3, "3 numbers"); !r)
        return r;
    if (auto r = check.optional(end, pointer, "offset", isVector3, "3 numbers"); !r)
        return r;
    const std::string& strategy = end["strategy"].get_ref<const std::string&>();
    if (!isKnownMpfbStrategy(strategy))
        return check.error(appendPointer(pointer, "strategy"),
                           "unknown strategy \"" + strategy +
                               "\" (known: CUBE, VERTEX, MEAN, XYZ, DEFAULT)");
    if (strategy == "CUBE")
        return check.require(end, pointer, "cube_name", isString, "a joint cube group name");
    if (strategy == "VERTEX")
        return check.require(end, pointer, "vertex_index", isIndex,
                             "a vertex index (an integer >= 0)");
    if (strategy == "MEAN" || strategy == "XYZ") {
        if (auto r = check.require(end, pointer, "vertex_indices", isIndexList,
                                   "a non-empty list of vertex indices (integers >= 0)");
            !r)
            return r;
        if (strategy == "XYZ" && end["vertex_indices"].size() < 3)
            return check.error(appendPointer(pointer, "vertex_indices"),
                               "XYZ takes x, y and z from 3 vertices, this list has " +
                                   std::to_string(end["vertex_indices"].size()));
    }
    return {};
}

Result<void> checkBone(const Checker& check, const OrderedJson& bone, const std::string& pointer) {
    if (!bone.is_object())
        return check.error(pointer, "a bone is an object, found " + Checker::typeOf(bone));
    using Test = bool (*)(const OrderedJson&);
    struct Key {
        const char* name;
        Test test;
        const char* expected;
        bool required;
    };
    static const Key keys[] = {
        {"head", isObject, "a bone end object", true},
        {"tail", isObject, "a bone end object", true},
        {"roll", isNumber, "a number (radians)", true},
        {"parent", isString, "a bone name or \"\"", true},
        {"use_connect", isBool, "a boolean", true},
        {"use_inherit_rotation", isBool, "a boolean", true},
        {"use_local_location", isBool, "a boolean", true},
        {"inherit_scale", isString, "a string", true},
        {"rigify", isObject, "an object", true},
        {"collections", isStringList, "a list of collection names", false},
        {"constraints", isArray, "a list of constraints", false},
        {"rotation_mode", isString, "a string", false},
        {"bendy_bone", isObject, "an object", false},
        {"roll_strategy", isString, "a string", false},
        {"layers", isArray, "a list of 32 booleans", false},
    };
    for (const Key& key : keys) {
        auto checked = key.required
                           ? check.require(bone, pointer, key.name, key.test, key.expected)
                           : check.optional(bone, pointer, key.name, key.test, key.expected);
        if (!checked)
            return checked;
    }
    if (bone.contains("roll_strategy") &&
        !listed(kRollStrategies, bone["roll_strategy"].get_ref<const std::string&>()))
        return check.error(appendPointer(pointer, "roll_strategy"),
                           "unknown roll strategy \"" + bone["roll_strategy"].get<std::string>() +
                               "\" (known: ALIGN_Z_WORLD_Z, ALIGN_X_WORLD_X, ALIGN_Z_REFERENCE_Z)");
    if (auto r = checkEnd(check, bone["head"], appendPointer(pointer, "head")); !r)
        return r;
    return checkEnd(check, bone["tail"], appendPointer(pointer, "tail"));
}

Result<void> checkHeader(const Checker& check, const OrderedJson& header) {
    if (header.contains("joints"))
        return check.error("/joints", "this is a MakeHuman skeleton (.mhskel), not an MPFB rig");
    if (!header.contains("version"))
        return check.error("", "invalid rig file: \"bones\" without \"version\"");
    if (!header["version"].is_number_integer())
        return check.error("/version",
                           "expected an integer, found " + Checker::typeOf(header["version"]));
    const auto version = header["version"].get<std::int64_t>();
    if (version != 100 && version != 110)
        return check.error("/version", "version " + std::to_string(version) +
                                           " is not supported (100 and 110 are)");
    if (auto r = check.optional(header, "", "is_subrig", isBool, "a boolean"); !r)
        return r;
    if (header.value("is_subrig", false))
        return check.error("/is_subrig", "a sub-rig is fitted to a parent rig's clothing; "
                                         "HyperRig imports standalone rigs only");
    if (auto r = check.optional(header, "", "scale_factor", isNumber, "a number"); !r)
        return r;
    if (auto r = check.optional(header, "", "collections", isStringList, "a list of names"); !r)
        return r;
    if (auto r = check.optional(header, "", "extra_bones", isStringList, "a list of names"); !r)
        return r;
    return check.optional(header, "", "rigify_ui", isObject, "an object");
}

// Every parent names a bone of the file, and following parents ends at a root.
Result<void> checkParents(const Checker& check, const MpfbRig& rig,
                          const std::string& bonesPointer) {
    std::map<std::string, const OrderedJson*, std::less<>> byName;
    for (const MpfbRigBone& bone : rig.bones)
        byName.emplace(bone.name, &bone.asRead);
    const auto parentPointer = [&](const MpfbRigBone& bone) {
        return appendPointer(appendPointer(bonesPointer, bone.name), "parent");
    };
    // Every parent first, so that the walks below meet only bones that exist (a bone's
    // grandparent may be named by a later bone of the file).
    for (const MpfbRigBone& bone : rig.bones) {
        const std::string parent = bone.asRead["parent"].get<std::string>();
        if (!parent.empty() && !byName.count(parent))
            return check.error(parentPointer(bone),
                               "parent \"" + parent + "\" is not a bone of this rig");
    }
    for (const MpfbRigBone& bone : rig.bones) {
        const std::string pointer = parentPointer(bone);
        std::set<std::string> seen{bone.name};
        std::string parent = bone.asRead["parent"].get<std::string>();
        while (!parent.empty()) {
            if (!seen.insert(parent).second)
                return check.error(pointer, "bone \"" + bone.name + "\" is its own ancestor");
            parent = (*byName.at(parent))["parent"].get<std::string>();
        }
    }
    return {};
}

} // namespace

bool isKnownMpfbStrategy(std::string_view strategy) {
    return listed(kStrategies, strategy);
}

std::optional<double> MpfbRig::scaleFactor() const {
    const auto found = headerAsRead.find("scale_factor");
    if (found == headerAsRead.end() || !found->is_number() || found->get<double>() == 0.0)
        return std::nullopt;
    return found->get<double>();
}

Result<MpfbRig> parseMpfbRig(std::string_view text, std::string_view sourceName) {
    const Checker check(sourceName);
    auto parsed = parseJsonText(text);
    if (!parsed)
        return parsed.error().withContext(std::string(sourceName));
    OrderedJson& json = *parsed;
    if (!json.is_object())
        return check.error("", "a rig file is a JSON object, found " + Checker::typeOf(json));

    MpfbRig rig;
    rig.trailingNewline = !text.empty() && text.back() == '\n';
    OrderedJson bones;
    std::string bonesPointer;
    if (json.contains("bones")) {
        rig.container = MpfbContainer::Wrapped;
        if (auto r = checkHeader(check, json); !r)
            return r.error();
        if (!json["bones"].is_object())
            return check.error("/bones", "expected an object of bones, found " +
                                             Checker::typeOf(json["bones"]));
        rig.sourceVersion = static_cast<int>(json["version"].get<std::int64_t>());
        bones = std::move(json["bones"]);
        rig.headerAsRead = std::move(json);
        bonesPointer = "/bones";
    } else {
        // A bare bone dictionary: MPFB reads it as version 100 with a standalone header.
        rig.container = MpfbContainer::Bare;
        rig.sourceVersion = 100;
        bones = std::move(json);
    }
    for (auto it = bones.begin(); it != bones.end(); ++it) {
        if (auto r = checkBone(check, it.value(), appendPointer(bonesPointer, it.key())); !r)
            return r.error();
        rig.bones.push_back({it.key(), it.value(), it.value()});
    }
    if (auto r = checkParents(check, rig, bonesPointer); !r)
        return r.error();

    rig.headerUpgraded = rig.headerAsRead;
    if (rig.container == MpfbContainer::Bare) {
        rig.headerUpgraded["is_subrig"] = false;
        rig.headerUpgraded["version"] = 100;
    }
    if (rig.sourceVersion < 110) {
        std::vector<OrderedJson*> upgradedBones;
        for (MpfbRigBone& bone : rig.bones)
            upgradedBones.push_back(&bone.upgraded);
        upgradeMpfbRigTo110(rig.headerUpgraded, upgradedBones);
    }
    rig.headerUpgraded.erase("bones");
    rig.headerAsRead.erase("bones");
    return rig;
}

} // namespace hyperrig::core::io
