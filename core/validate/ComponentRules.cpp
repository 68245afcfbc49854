#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <algorithm>
#include <array>

namespace hyperrig::core::validate {

namespace {

// The mutually exclusive component properties (node spec, Component Properties), each concept
// with every spelling a file may use (g4mf.md §3: classic integers and current objects).
struct Component {
    const char* kind;
    std::array<const char*, 2> keys;
};
constexpr std::array<Component, 7> kComponents = {{
    {"bone", {"bone", "boneLength"}},
    {"camera", {"camera", nullptr}},
    {"light", {"light", nullptr}},
    {"mesh instance", {"mesh", "meshInstance"}},
    {"model instance", {"model", "modelInstance"}},
    {"physics object", {"physics", nullptr}},
    {"skeleton", {"skeleton", nullptr}},
}};

// Which concept a node key belongs to, or nullptr.
const Component* componentOf(const std::string& key) {
    for (const Component& component : kComponents)
        for (const char* spelling : component.keys)
            if (spelling && key == spelling)
                return &component;
    return nullptr;
}

void checkExclusive(ValidationContext& context, std::size_t nodeIndex, const OrderedJson& node) {
    std::vector<const Component*> present;
    std::string secondKey;
    for (const auto& [key, value] : node.items()) {
        const Component* component = componentOf(key);
        if (!component)
            continue;
        // boneLength -1 is the oldest draft's "not a bone".
        if (key == "boneLength" && !context.isBone(nodeIndex))
            continue;
        if (std::find(present.begin(), present.end(), component) != present.end())
            continue;
        present.push_back(component);
        if (present.size() == 2)
            secondKey = key;
    }
    if (present.size() < 2)
        return;
    std::string concepts;
    for (std::size_t i = 0; i < present.size(); ++i) {
        if (i > 0)
            concepts += i + 1 == present.size() ? " and " : ", ";
        concepts += std::string("a ") + present[i]->kind;
    }
    context.report(
        rules::kNodeComponentsExclusive, "/nodes/" + std::to_string(nodeIndex) + "/" + secondKey,
        context.nodeLabel(nodeIndex) + " is " + concepts +
            "; a node is at most one thing, so put the " + present[1]->kind + " on a child node");
}

// An index property into a top-level array: reports a non-integer, the in-memory -1, and an
// index past the end.
void checkIndex(ValidationContext& context, const Rule& rule, const std::string& pointer,
                const std::string& owner, const OrderedJson& value, const char* arrayKey,
                const char* kind, const char* kinds) {
    const std::size_t available = context.count(arrayKey);
    const auto index = asIndex(value);
    if (index && *index < available)
        return;
    std::string message = owner + " refers to " + kind + " " + describe(value);
    if (!value.is_number_integer())
        message += ", which is not an integer index";
    else if (asInteger(value) == -1)
        message += "; -1 means \"none\" in memory and must not be written: omit the property";
    else
        message += ", but the file has " + countOf(available, kind, kinds);
    context.report(rule, pointer, message);
}

void checkReferences(ValidationContext& context, std::size_t nodeIndex, const OrderedJson& node) {
    const std::string nodePointer = "/nodes/" + std::to_string(nodeIndex);
    const std::string label = context.nodeLabel(nodeIndex);

    const OrderedJson* mesh = member(node, "mesh");
    const OrderedJson* meshInstance = member(node, "meshInstance");
    if (mesh && meshInstance)
        context.report(rules::kNodeMeshBothForms, nodePointer + "/meshInstance",
                       label + " has both the classic mesh and the current meshInstance; a file "
                               "uses one form per node");
    if (mesh)
        checkIndex(context, rules::kNodeMeshIndex, nodePointer + "/mesh", label, *mesh, "meshes",
                   "mesh", "meshes");
    if (meshInstance) {
        const OrderedJson* index = member(*meshInstance, "mesh");
        if (!meshInstance->is_object() || !index)
            context.report(rules::kNodeSchema, nodePointer + "/meshInstance",
                           label + ": meshInstance must be an object with a mesh index, not " +
                               describe(*meshInstance));
        else
            checkIndex(context, rules::kNodeMeshIndex, nodePointer + "/meshInstance/mesh", label,
                       *index, "meshes", "mesh", "meshes");
    }

    const OrderedJson* model = member(node, "model");
    const OrderedJson* modelInstance = member(node, "modelInstance");
    if (model && modelInstance)
        context.report(rules::kNodeModelBothForms, nodePointer + "/modelInstance",
                       label + " has both the classic model and the current modelInstance; a "
                               "file uses one form per node");
    if (model)
        checkIndex(context, rules::kNodeModelIndex, nodePointer + "/model", label, *model, "models",
                   "model", "models");
    if (modelInstance) {
        // 2026-03 and later: modelInstance.file into files[]; 2026-01..03: modelInstance.model
        // into models[] (g4mf.md §3, reader step 3).
        const OrderedJson* file = member(*modelInstance, "file");
        const OrderedJson* legacy = member(*modelInstance, "model");
        if (file)
            checkIndex(context, rules::kNodeModelIndex, nodePointer + "/modelInstance/file", label,
                       *file, "files", "file", "files");
        else if (legacy)
            checkIndex(context, rules::kNodeModelIndex, nodePointer + "/modelInstance/model", label,
                       *legacy, "models", "model", "models");
        else
            context.report(rules::kNodeSchema, nodePointer + "/modelInstance",
                           label + ": modelInstance must be an object with a file index, not " +
                               describe(*modelInstance));
    }

    if (const OrderedJson* light = member(node, "light")) {
        // Classic: an index into lights[]; current: the light object itself.
        if (light->is_number())
            checkIndex(context, rules::kNodeLightIndex, nodePointer + "/light", label, *light,
                       "lights", "light", "lights");
        else if (!light->is_object())
            context.report(rules::kNodeSchema, nodePointer + "/light",
                           label +
                               ": light must be a light object (or, in the classic form, a "
                               "light index), not " +
                               describe(*light));
    }
    for (const char* key : {"camera", "physics"})
        if (const OrderedJson* value = member(node, key); value && !value->is_object())
            context.report(rules::kNodeSchema, nodePointer + "/" + key,
                           label + ": " + key + " must be an object, not " + describe(*value));
    if (const OrderedJson* visible = member(node, "visible"); visible && !visible->is_boolean())
        context.report(rules::kNodeSchema, nodePointer + "/visible",
                       label + ": visible must be true or false, not " + describe(*visible));
}

} // namespace

void checkComponents(ValidationContext& context) {
    const OrderedJson* nodes = context.array("nodes");
    if (!nodes)
        return;
    for (std::size_t i = 0; i < nodes->size(); ++i) {
        const OrderedJson& node = (*nodes)[i];
        if (!node.is_object())
            continue;
        checkExclusive(context, i, node);
        checkReferences(context, i, node);
    }
}

} // namespace hyperrig::core::validate
