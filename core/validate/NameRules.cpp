#include "core/model/NameRules.h"

#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <array>
#include <cstdio>
#include <string_view>
#include <unordered_map>

namespace hyperrig::core::validate {

namespace {

// What a top-level array's items are called in messages.
std::string kindOf(std::string_view arrayKey) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 13> kKinds = {{
        {"nodes", "node"},
        {"meshes", "mesh"},
        {"accessors", "accessor"},
        {"bufferViews", "buffer view"},
        {"buffers", "buffer"},
        {"shapes", "shape"},
        {"lights", "light"},
        {"models", "model"},
        {"files", "file"},
        {"materials", "material"},
        {"textures", "texture"},
        {"animations", "animation"},
        {"cameras", "camera"},
    }};
    for (const auto& [key, kind] : kKinds)
        if (key == arrayKey)
            return std::string(kind);
    return std::string(arrayKey) + " item";
}

// One definition of the G4MF name rules (g4mf.md §1, a superset of the node page's list) serves
// the validator and the editor's rename checks.
std::string firstForbidden(std::string_view name) {
    return model::firstForbiddenNameCharacter(name);
}

} // namespace

void checkNames(ValidationContext& context) {
    if (!context.root.is_object())
        return;
    struct FirstUse {
        std::string arrayKey;
        std::size_t index = 0;
    };
    std::unordered_map<std::string, FirstUse> firstUses;
    for (const auto& [key, values] : context.root.items()) {
        if (!values.is_array())
            continue;
        const std::string kind = kindOf(key);
        for (std::size_t i = 0; i < values.size(); ++i) {
            const OrderedJson* name = member(values[i], "name");
            if (!name)
                continue;
            const std::string pointer =
                appendPointer(appendPointer(appendPointer("", key), i), "name");
            const std::string itemLabel = context.label(key, kind, i);
            if (!name->is_string()) {
                context.report(rules::kNameSchema, pointer,
                               "the name of " + kind + " " + std::to_string(i) +
                                   " must be a string, not " + describe(*name));
                continue;
            }
            const std::string& text = name->get_ref<const std::string&>();
            if (const std::string bad = firstForbidden(text); !bad.empty())
                context.report(rules::kNameForbiddenCharacter, pointer,
                               "the name of " + itemLabel + " contains " + bad +
                                   ", which G4MF forbids in names (forbidden: \" # * . : | ? @ "
                                   "< > { } [ ] / \\ % and control characters)");
            // Missing and empty names may repeat (g4mf.md §1).
            if (text.empty())
                continue;
            const auto [it, inserted] = firstUses.try_emplace(text, FirstUse{key, i});
            if (!inserted)
                context.report(rules::kNameNotUnique, pointer,
                               "the name '" + text + "' of " + kind + " " + std::to_string(i) +
                                   " is already used by " +
                                   context.label(it->second.arrayKey, kindOf(it->second.arrayKey),
                                                 it->second.index) +
                                   "; names must be unique across the whole file");
        }
    }
}

} // namespace hyperrig::core::validate
