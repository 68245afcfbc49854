#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <map>
#include <optional>
#include <set>

namespace hyperrig::core::validate {

namespace {

bool endsWith(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Retargeting matches bones "by name, optional character-name prefix" (g4mf.md §11.5), so
// "Hips" fits the bone "Hero_Hips" and the group "Hero_Hips" fits the bone "Hips".
bool namesMatch(const std::string& groupName, const std::string& boneName) {
    return endsWith(boneName, groupName) || endsWith(groupName, boneName);
}

// groupNames as strings ("" for an entry that is not a string); empty when absent.
std::vector<std::string> groupNamesOf(const OrderedJson& mesh) {
    std::vector<std::string> names;
    const OrderedJson* skin = member(mesh, "skin");
    const OrderedJson* list = skin ? member(*skin, "groupNames") : nullptr;
    if (!list || !list->is_array())
        return names;
    for (const OrderedJson& name : *list)
        names.push_back(name.is_string() ? name.get<std::string>() : std::string());
    return names;
}

void checkBoneNames(ValidationContext& context, std::size_t skeleton, std::size_t meshIndex,
                    const std::vector<std::string>& groupNames) {
    const std::vector<std::int64_t> joints = context.joints(skeleton);
    std::size_t mismatches = 0;
    std::string pointer;
    std::string examples;
    for (std::size_t g = 0; g < groupNames.size() && g < joints.size(); ++g) {
        if (groupNames[g].empty() || joints[g] < 0)
            continue;
        const auto bone = static_cast<std::size_t>(joints[g]);
        const OrderedJson* node = context.item("nodes", bone);
        const OrderedJson* boneName = node ? member(*node, "name") : nullptr;
        if (!boneName || !boneName->is_string() || boneName->get_ref<const std::string&>().empty())
            continue; // an unnamed bone has nothing to compare with
        const std::string& name = boneName->get_ref<const std::string&>();
        if (namesMatch(groupNames[g], name))
            continue;
        if (mismatches == 0)
            pointer =
                "/meshes/" + std::to_string(meshIndex) + "/skin/groupNames/" + std::to_string(g);
        if (mismatches++ < ValidationContext::kAggregatedExamples)
            examples += std::string(examples.empty() ? "" : ", ") + "group " + std::to_string(g) +
                        " '" + groupNames[g] + "' is driven by bone '" + name + "'";
    }
    if (mismatches == 0)
        return;
    if (mismatches > ValidationContext::kAggregatedExamples)
        examples += ", … (" + std::to_string(mismatches) + " in all)";
    context.report(rules::kSkinGroupNamesBoneMismatch, pointer,
                   context.meshLabel(meshIndex) + " is skinned by " +
                       context.label("nodes", "skeleton", skeleton) +
                       ", but its group names do not match the joint bones: " + examples);
}

// "Group names … MUST match the group names of other skinned meshes using the same skeleton":
// one group index, one name, across all meshes of the skeleton (only groups both name).
void checkNameConsistency(ValidationContext& context, std::size_t skeleton,
                          const std::set<std::size_t>& meshes) {
    const OrderedJson* meshArray = context.array("meshes");
    std::map<std::size_t, std::pair<std::string, std::size_t>> nameOfGroup; // -> name, mesh
    std::map<std::string, std::pair<std::size_t, std::size_t>> groupOfName; // -> group, mesh
    for (std::size_t meshIndex : meshes) {
        const std::vector<std::string> names = groupNamesOf((*meshArray)[meshIndex]);
        std::size_t conflicts = 0;
        std::string pointer;
        std::string first;
        for (std::size_t g = 0; g < names.size(); ++g) {
            const std::string& name = names[g];
            if (name.empty())
                continue;
            std::string conflict;
            if (const auto it = nameOfGroup.find(g);
                it != nameOfGroup.end() && it->second.first != name)
                conflict = "group " + std::to_string(g) + " is named '" + name + "' here but '" +
                           it->second.first + "' in " + context.meshLabel(it->second.second);
            else if (const auto other = groupOfName.find(name);
                     other != groupOfName.end() && other->second.first != g)
                conflict = "'" + name + "' is group " + std::to_string(g) + " here but group " +
                           std::to_string(other->second.first) + " in " +
                           context.meshLabel(other->second.second);
            if (conflict.empty())
                continue;
            if (conflicts++ == 0) {
                pointer = "/meshes/" + std::to_string(meshIndex) + "/skin/groupNames/" +
                          std::to_string(g);
                first = conflict;
            }
        }
        if (conflicts > 0)
            context.report(rules::kSkinGroupNamesConflict, pointer,
                           context.meshLabel(meshIndex) + " and another mesh skinned by " +
                               context.label("nodes", "skeleton", skeleton) +
                               " disagree on group names: " + first +
                               (conflicts > 1 ? " (" + std::to_string(conflicts) +
                                                    " conflicting groups in all)"
                                              : std::string()));
        // Register after comparing, so a mesh is only compared with the meshes before it.
        for (std::size_t g = 0; g < names.size(); ++g) {
            if (names[g].empty())
                continue;
            nameOfGroup.try_emplace(g, names[g], meshIndex);
            groupOfName.try_emplace(names[g], g, meshIndex);
        }
    }
}

// "MUST match the group names of other skinned meshes using the same skeleton" cannot be checked
// for a skin that names no groups while a sibling does; a reader then infers its names from the
// joint bones (skeleton page), which may not be the sibling's. Naming no groups is fine on its
// own (the spec lets a writer omit names that equal the bones'), so only the mix is reported.
void checkMissingNames(ValidationContext& context, std::size_t skeleton,
                       const std::set<std::size_t>& meshes) {
    const OrderedJson* meshArray = context.array("meshes");
    std::optional<std::size_t> named;
    for (std::size_t meshIndex : meshes)
        if (!groupNamesOf((*meshArray)[meshIndex]).empty()) {
            named = meshIndex;
            break;
        }
    if (!named)
        return;
    for (std::size_t meshIndex : meshes) {
        if (!groupNamesOf((*meshArray)[meshIndex]).empty())
            continue;
        context.report(
            rules::kSkinGroupNamesMissing, "/meshes/" + std::to_string(meshIndex) + "/skin",
            context.meshLabel(meshIndex) + " names no groups, but " + context.meshLabel(*named) +
                ", also skinned by " + context.label("nodes", "skeleton", skeleton) +
                ", does: readers infer this skin's names from the joint bones, which "
                "may differ from those (Infer Group Names writes them)");
    }
}

} // namespace

void checkSkinBindings(ValidationContext& context) {
    const OrderedJson* nodes = context.array("nodes");
    const OrderedJson* meshes = context.array("meshes");
    if (!nodes || !meshes)
        return;
    std::map<std::size_t, std::set<std::size_t>> meshesOfSkeleton;
    for (std::size_t i = 0; i < nodes->size(); ++i) {
        const auto instance = context.meshInstance(i);
        if (!instance || !member((*meshes)[instance->mesh], "skin"))
            continue;
        const auto parent = context.parent[i];
        if (parent && context.isSkeleton(*parent)) {
            meshesOfSkeleton[*parent].insert(instance->mesh);
            continue;
        }
        // Skeleton spec, Overview: a mesh is skinned by a skeleton only as its direct child.
        context.report(rules::kSkinMeshNotUnderSkeleton, instance->pointer,
                       context.nodeLabel(i) + " instances the skinned " +
                           context.meshLabel(instance->mesh) + ", but " +
                           (parent
                                ? "its parent " + context.nodeLabel(*parent) + " is not a skeleton"
                                : std::string("it has no parent")) +
                           ", so no skeleton deforms it; make it a direct child of the skeleton "
                           "node");
    }
    for (const auto& [skeleton, skinned] : meshesOfSkeleton) {
        for (std::size_t meshIndex : skinned)
            checkBoneNames(context, skeleton, meshIndex, groupNamesOf((*meshes)[meshIndex]));
        checkNameConsistency(context, skeleton, skinned);
        checkMissingNames(context, skeleton, skinned);
    }
}

} // namespace hyperrig::core::validate
