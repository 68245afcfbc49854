#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"
#include "core/validate/SupportedExtensions.h"

#include <unordered_set>

namespace hyperrig::core::validate {

namespace {

std::unordered_set<std::string> usedExtensions(const ValidationContext& context) {
    std::unordered_set<std::string> used;
    const OrderedJson* asset = member(context.root, "asset");
    const OrderedJson* list = asset ? member(*asset, "extensionsUsed") : nullptr;
    if (list && list->is_array())
        for (const OrderedJson& name : *list)
            if (name.is_string())
                used.insert(name.get<std::string>());
    return used;
}

// "/nodes/<i>/skeleton/extensions": where the bind-pose extension belongs. There BindPoseRules
// reports a missing extensionsUsed entry under its own rule id (bindpose.not-listed).
bool isSkeletonExtensions(const std::string& pointer) {
    constexpr std::string_view kPrefix = "/nodes/";
    constexpr std::string_view kSuffix = "/skeleton/extensions";
    if (pointer.size() <= kPrefix.size() + kSuffix.size() ||
        pointer.compare(0, kPrefix.size(), kPrefix) != 0 ||
        pointer.compare(pointer.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
        return false;
    for (std::size_t i = kPrefix.size(); i < pointer.size() - kSuffix.size(); ++i)
        if (pointer[i] < '0' || pointer[i] > '9')
            return false;
    return true;
}

} // namespace

// Walks the whole document (iteratively: the depth of a hand-built document is not bounded by
// the loader's limit) looking for `extensions` objects. `extras` is application data with no
// G4MF meaning, so it is not searched.
void checkExtensionUse(ValidationContext& context) {
    const std::unordered_set<std::string> used = usedExtensions(context);
    struct Pending {
        const OrderedJson* value;
        std::string pointer;
    };
    std::vector<Pending> stack{{&context.root, ""}};
    while (!stack.empty()) {
        Pending current = std::move(stack.back());
        stack.pop_back();
        const OrderedJson& value = *current.value;
        if (value.is_array()) {
            for (std::size_t i = 0; i < value.size(); ++i)
                if (value[i].is_structured())
                    stack.push_back({&value[i], appendPointer(current.pointer, i)});
            continue;
        }
        if (!value.is_object())
            continue;
        for (const auto& [key, child] : value.items()) {
            if (key == "extras" || !child.is_structured())
                continue;
            stack.push_back({&child, appendPointer(current.pointer, key)});
        }
        const OrderedJson* extensions = member(value, "extensions");
        if (!extensions)
            continue;
        const std::string pointer = appendPointer(current.pointer, "extensions");
        if (!extensions->is_object()) {
            context.report(rules::kExtensionsSchema, pointer,
                           "extensions must be an object keyed by extension name, not " +
                               describe(*extensions));
            continue;
        }
        for (const auto& [name, payload] : extensions->items()) {
            if (used.contains(name))
                continue;
            if (name == kBindPosesExtension && isSkeletonExtensions(pointer))
                continue;
            context.report(rules::kExtensionsNotListed, appendPointer(pointer, name),
                           "extension '" + name +
                               "' is used here but not listed in asset.extensionsUsed");
        }
    }
}

} // namespace hyperrig::core::validate
