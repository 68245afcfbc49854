#include "core/math/NumberFormat.h"
#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <array>
#include <cmath>
#include <unordered_set>

namespace hyperrig::core::validate {

namespace {

using math::formatNumber;

// The spec does not say weights sum to 1 (g4mf.md §11.1 [uncertain]); deformers normalise, so a
// far-off sum is a likely authoring mistake, not an error.
constexpr double kWeightSumTolerance = 1e-3;

struct SkinAccessor {
    const char* key;
    const model::NumericArray* data = nullptr;
};

// Keeps the first few offending vertices and a total, for one diagnostic per skin and rule.
class Examples {
public:
    void add(std::string example) {
        if (m_count++ < ValidationContext::kAggregatedExamples)
            m_examples.push_back(std::move(example));
    }
    std::size_t count() const { return m_count; }
    std::string text() const {
        std::string result;
        for (std::size_t i = 0; i < m_examples.size(); ++i)
            result += (i > 0 ? ", " : "") + m_examples[i];
        if (m_count > m_examples.size())
            result += ", … (" + std::to_string(m_count) + " in all)";
        return result;
    }

private:
    std::vector<std::string> m_examples;
    std::size_t m_count = 0;
};

std::string typeName(const model::NumericArray& data) {
    return std::string(model::componentTypeName(data.componentType));
}

const model::NumericArray* skinAccessor(ValidationContext& context, const std::string& skinPointer,
                                        const std::string& label, const OrderedJson& skin,
                                        const char* key) {
    const OrderedJson* value = member(skin, key);
    if (!value) {
        context.report(rules::kSkinSchema, skinPointer,
                       label + ": the skin has no " + key +
                           " accessor (vertices, groups and weights are all required)");
        return nullptr;
    }
    const auto index = asIndex(*value);
    if (!index || *index >= context.count("accessors")) {
        context.report(rules::kSkinAccessorIndex, skinPointer + "/" + key,
                       label + ": the skin's " + key + " refers to accessor " + describe(*value) +
                           ", which is not the index of one of the file's " +
                           countOf(context.count("accessors"), "accessor", "accessors"));
        return nullptr;
    }
    const model::NumericArray* data = context.accessorData(static_cast<std::size_t>(*index));
    if (!data)
        return nullptr;
    const std::string pointer = skinPointer + "/" + key;
    bool typeOk = true;
    if (std::string(key) == "weights") {
        if (!model::isFloat(data->componentType)) {
            context.report(rules::kSkinWeightsType, pointer,
                           label + ": skin weights are stored as " + typeName(*data) +
                               "; weights must be a float type");
            typeOk = false;
        }
    } else if (!model::isUnsigned(data->componentType)) {
        context.report(std::string(key) == "vertices" ? rules::kSkinVerticesType
                                                      : rules::kSkinGroupsType,
                       pointer,
                       label + ": skin " + key + " are stored as " + typeName(*data) +
                           "; they must be an unsigned integer type (uint8 … uint64)");
        typeOk = false;
    }
    if (data->vectorSize != 1) {
        context.report(rules::kSkinVectorSize, pointer,
                       label + ": skin " + key + " have vectorSize " +
                           std::to_string(data->vectorSize) +
                           "; every skin accessor holds one number per entry (vectorSize 1)");
        return nullptr;
    }
    return typeOk ? data : nullptr;
}

// The per-entry rules. Entries are (vertex, group, weight) triples; a vertex's entries are
// consecutive because vertices never decrease.
void checkSkinData(ValidationContext& context, const std::string& skinPointer,
                   const std::string& label, const std::vector<double>& vertices,
                   const std::vector<double>& weights, std::optional<std::size_t> vertexCount) {
    Examples outOfRange;
    Examples decreasing;
    Examples badOrder;
    Examples badSum;
    const std::size_t entries = vertices.size();
    for (std::size_t i = 0; i < entries; ++i) {
        if (vertexCount && !(vertices[i] < static_cast<double>(*vertexCount)))
            outOfRange.add("entry " + std::to_string(i) + " names vertex " +
                           formatNumber(vertices[i]));
        if (i > 0 && vertices[i] < vertices[i - 1])
            decreasing.add("entry " + std::to_string(i) + " (vertex " + formatNumber(vertices[i]) +
                           " after " + formatNumber(vertices[i - 1]) + ")");
    }
    for (std::size_t begin = 0; begin < entries;) {
        std::size_t end = begin + 1;
        while (end < entries && vertices[end] == vertices[begin])
            ++end;
        double sum = 0.0;
        bool descending = true;
        for (std::size_t i = begin; i < end; ++i) {
            sum += weights[i];
            if (i > begin && weights[i] > weights[i - 1])
                descending = false;
        }
        const std::string vertex = "vertex " + formatNumber(vertices[begin]);
        if (!descending)
            badOrder.add(vertex + " (entries " + std::to_string(begin) + " to " +
                         std::to_string(end - 1) + ")");
        if (!(std::abs(sum - 1.0) <= kWeightSumTolerance))
            badSum.add(vertex + " sums to " + formatNumber(sum));
        begin = end;
    }
    if (outOfRange.count() > 0)
        context.report(rules::kSkinVerticesRange, skinPointer + "/vertices",
                       label + ": skin vertices must be below the mesh's " +
                           std::to_string(vertexCount.value_or(0)) +
                           " vertices: " + outOfRange.text());
    if (decreasing.count() > 0)
        context.report(rules::kSkinVerticesOrder, skinPointer + "/vertices",
                       label +
                           ": skin vertices must never decrease (sort the entries by "
                           "vertex): " +
                           decreasing.text());
    if (badOrder.count() > 0)
        context.report(
            rules::kSkinWeightsOrder, skinPointer + "/weights",
            label + ": the weights of a vertex must be sorted strongest first: " + badOrder.text());
    if (badSum.count() > 0)
        context.report(rules::kSkinWeightsSum, skinPointer + "/weights",
                       label + ": " +
                           countOf(badSum.count(), "skinned vertex has", "skinned vertices have") +
                           " weights that do not add up to 1 (tolerance " +
                           formatNumber(kWeightSumTolerance) + "): " + badSum.text());
}

void checkGroupNames(ValidationContext& context, const std::string& skinPointer,
                     const std::string& label, const OrderedJson& skin) {
    const OrderedJson* names = member(skin, "groupNames");
    if (!names)
        return;
    const std::string pointer = skinPointer + "/groupNames";
    if (!names->is_array()) {
        context.report(rules::kSkinSchema, pointer,
                       label + ": groupNames must be an array of strings, not " + describe(*names));
        return;
    }
    std::unordered_set<std::string> seen;
    for (std::size_t g = 0; g < names->size(); ++g) {
        const OrderedJson& name = (*names)[g];
        const std::string entryPointer = appendPointer(pointer, g);
        if (!name.is_string()) {
            context.report(rules::kSkinSchema, entryPointer,
                           label + ": group name " + std::to_string(g) + " must be a string, not " +
                               describe(name));
            continue;
        }
        const std::string& text = name.get_ref<const std::string&>();
        if (text.empty()) {
            context.report(rules::kSkinGroupNamesEmpty, entryPointer,
                           label + ": group " + std::to_string(g) +
                               " has an empty name; group names must not be empty");
            continue;
        }
        if (!seen.insert(text).second)
            context.report(rules::kSkinGroupNamesUnique, entryPointer,
                           label + ": group " + std::to_string(g) + " is named '" + text +
                               "', like an earlier group; group names must be unique in a skin");
    }
}

void checkSkin(ValidationContext& context, std::size_t meshIndex, const OrderedJson& mesh) {
    const OrderedJson* skin = member(mesh, "skin");
    if (!skin)
        return;
    const std::string skinPointer = "/meshes/" + std::to_string(meshIndex) + "/skin";
    const std::string label = context.meshLabel(meshIndex);
    if (!skin->is_object()) {
        context.report(rules::kSkinSchema, skinPointer,
                       label + ": skin must be an object, not " + describe(*skin));
        return;
    }
    checkGroupNames(context, skinPointer, label, *skin);

    std::array<SkinAccessor, 3> accessors = {{{"vertices"}, {"groups"}, {"weights"}}};
    for (SkinAccessor& accessor : accessors)
        accessor.data = skinAccessor(context, skinPointer, label, *skin, accessor.key);
    for (const SkinAccessor& accessor : accessors)
        if (!accessor.data)
            return;
    const std::size_t vertices = accessors[0].data->elementCount();
    const std::size_t groups = accessors[1].data->elementCount();
    const std::size_t weights = accessors[2].data->elementCount();
    if (vertices != groups || vertices != weights) {
        context.report(rules::kSkinAccessorLengths, skinPointer,
                       label + ": the skin's vertices, groups and weights have " +
                           std::to_string(vertices) + ", " + std::to_string(groups) + " and " +
                           std::to_string(weights) +
                           " entries; they are parallel arrays and must be equally long");
        return;
    }
    std::optional<std::size_t> vertexCount;
    if (const OrderedJson* value = member(mesh, "vertices"))
        if (const auto index = asIndex(*value))
            if (const auto* data = context.accessorData(static_cast<std::size_t>(*index)))
                vertexCount = data->elementCount();
    checkSkinData(context, skinPointer, label, accessors[0].data->values, accessors[2].data->values,
                  vertexCount);
}

} // namespace

void checkSkins(ValidationContext& context) {
    const OrderedJson* meshes = context.array("meshes");
    if (!meshes)
        return;
    for (std::size_t i = 0; i < meshes->size(); ++i)
        if ((*meshes)[i].is_object())
            checkSkin(context, i, (*meshes)[i]);
}

} // namespace hyperrig::core::validate
