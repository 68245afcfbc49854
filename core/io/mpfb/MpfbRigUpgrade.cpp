#include "core/io/mpfb/MpfbRigUpgrade.h"

#include "core/io/mpfb/JsonMembers.h"

#include <algorithm>
#include <array>
#include <map>
#include <regex>
#include <set>
#include <string>

namespace hyperrig::core::io {
namespace {

using model::OrderedJson;

constexpr int kLayerCount = 32;
using LayerNames = std::array<std::string, kLayerCount>;

std::string stripped(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\n\r\f\v");
    if (first == std::string::npos)
        return "";
    const auto last = text.find_last_not_of(" \t\n\r\f\v");
    return text.substr(first, last - first + 1);
}

// Set bits of a 32-boolean layer list, ascending; empty for anything else.
std::vector<int> setLayers(const OrderedJson& layers) {
    std::vector<int> set;
    if (!layers.is_array() || layers.size() != kLayerCount)
        return set;
    for (int i = 0; i < kLayerCount; ++i)
        if (layers[static_cast<std::size_t>(i)].is_boolean() &&
            layers[static_cast<std::size_t>(i)].get<bool>())
            set.push_back(i);
    return set;
}

// Rigify's layer-name resolution: a duplicate name, or one starting with "(", is prefixed with
// the stem of the nearest proper name to its left in the same UI row, or else in the same column
// of the rows above (only while those rows have as many entries as this one).
void resolveRigifyNames(const OrderedJson& rigifyLayers, LayerNames& names) {
    struct Entry {
        int layer;
        std::string name;
        std::int64_t row;
    };
    std::vector<Entry> entries;
    std::map<std::string, int> occurrences;
    for (std::size_t i = 0; i < rigifyLayers.size() && i < kLayerCount; ++i) {
        const OrderedJson& layer = rigifyLayers[i];
        if (!layer.is_object())
            continue;
        const std::string name = stripped(stringMember(layer, "name"));
        if (name.empty())
            continue;
        entries.push_back({static_cast<int>(i), name, integerMember(layer, "row", 1)});
        ++occurrences[name];
    }
    const auto needsRenaming = [&](const std::string& name) {
        return occurrences[name] > 1 || name.front() == '(';
    };
    std::map<std::int64_t, std::vector<const Entry*>> rows; // row -> its named layers in order
    for (const Entry& entry : entries)
        rows[entry.row].push_back(&entry);
    static const std::regex parenthesisedTail(R"(\s*\(.*\)$)");
    for (const Entry& entry : entries) {
        std::string result = entry.name;
        if (needsRenaming(entry.name)) {
            const auto& row = rows[entry.row];
            const auto column =
                static_cast<std::size_t>(std::find(row.begin(), row.end(), &entry) - row.begin());
            std::string found;
            for (std::size_t c = column; c-- > 0 && found.empty();)
                if (!needsRenaming(row[c]->name))
                    found = row[c]->name;
            // Rows are the file's numbers, any int64: step down before use, so the lowest row
            // (nothing above it) never computes row - 1.
            for (std::int64_t above = entry.row; found.empty() && above > 1;) {
                --above;
                const auto other = rows.find(above);
                const std::size_t count = other == rows.end() ? 0 : other->second.size();
                if (count != row.size())
                    break;
                if (!needsRenaming(other->second[column]->name))
                    found = other->second[column]->name;
            }
            if (!found.empty())
                result = std::regex_replace(found, parenthesisedTail, "") + " " + entry.name;
        }
        if (!result.empty())
            names[static_cast<std::size_t>(entry.layer)] = result;
    }
}

void upgradeRigifyUi(OrderedJson& rigifyUi, LayerNames& names, std::set<int>& used) {
    const auto found = rigifyUi.find("rigify_layers");
    const OrderedJson layers =
        found != rigifyUi.end() && found->is_array() ? *found : OrderedJson::array();
    resolveRigifyNames(layers, names);
    names[28] = "Root";
    names[29] = "DEF";
    names[30] = "MCH";
    names[31] = "ORG";
    OrderedJson collections = OrderedJson::object();
    for (std::size_t i = 0; i < layers.size() && i <= 28; ++i) {
        const OrderedJson& layer = layers[i];
        if (!layer.is_object())
            continue;
        const std::string original = stringMember(layer, "name");
        if (stripped(original).empty())
            continue;
        used.insert(static_cast<int>(i));
        collections[names[i]] = {
            {"is_visible", true},
            {"ui_row", layer.value("row", OrderedJson(1))},
            {"ui_title", original == names[i] ? std::string() : original},
            {"sel_set", layer.value("selset", OrderedJson(false))},
            {"color_set_id", layer.value("group", OrderedJson(0))},
        };
    }
    if (collections.contains("Root")) {
        std::int64_t highest = 0;
        for (auto it = collections.begin(); it != collections.end(); ++it)
            if (it.key() != "Root" && it.value()["ui_row"].is_number_integer())
                highest = std::max(highest, it.value()["ui_row"].get<std::int64_t>());
        collections["Root"]["ui_row"] = 3 + highest;
    }
    rigifyUi["collections"] = std::move(collections);
    rigifyUi.erase("layers");
    rigifyUi.erase("rigify_layers");
}

// Rigify types whose old versions put some controls on layer 1 without saying so.
const std::map<std::string, std::vector<std::string>>& legacyLayerStems() {
    static const std::map<std::string, std::vector<std::string>> stems = {
        {"faces.super_face", {"primary", "secondary"}},
        {"limbs.arm", {"fk", "tweak"}},
        {"limbs.front_paw", {"fk", "tweak"}},
        {"limbs.leg", {"fk", "tweak"}},
        {"limbs.paw", {"fk", "tweak"}},
        {"limbs.rear_paw", {"fk", "tweak"}},
        {"limbs.super_limb", {"fk", "tweak"}},
        {"spines.basic_spine", {"fk", "tweak"}},
        {"limbs.simple_tentacle", {"tweak"}},
        {"limbs.super_finger", {"tweak"}},
    };
    return stems;
}

bool truthy(const OrderedJson& value) {
    if (value.is_boolean())
        return value.get<bool>();
    if (value.is_number())
        return value.get<double>() != 0.0;
    if (value.is_string() || value.is_array() || value.is_object())
        return !value.empty();
    return false;
}

void upgradeRigifyParameters(OrderedJson& rigify, const LayerNames& names, std::set<int>& used) {
    if (!rigify.is_object() || !rigify.contains("rigify_parameters"))
        return;
    OrderedJson& parameters = rigify["rigify_parameters"];
    if (!parameters.is_object() || parameters.empty())
        return;
    const auto stems = legacyLayerStems().find(stringMember(rigify, "rigify_type"));
    if (stems != legacyLayerStems().end()) {
        for (const std::string& stem : stems->second) {
            const auto extra = parameters.find(stem + "_layers_extra");
            const bool wanted = extra == parameters.end() || truthy(*extra);
            if (wanted && !parameters.contains(stem + "_layers")) {
                OrderedJson layers = OrderedJson::array();
                for (int i = 0; i < kLayerCount; ++i)
                    layers.push_back(i == 1);
                parameters[stem + "_layers"] = std::move(layers);
            }
        }
    }
    static const std::string suffix = "_layers";
    OrderedJson upgraded = OrderedJson::object();
    for (auto it = parameters.begin(); it != parameters.end(); ++it) {
        const std::string& key = it.key();
        const bool isLayerList = key.size() > suffix.size() && key.ends_with(suffix) &&
                                 it.value().is_array() && it.value().size() == kLayerCount;
        if (!isLayerList) {
            upgraded[key] = it.value();
            continue;
        }
        OrderedJson references = OrderedJson::array();
        for (int layer : setLayers(it.value())) {
            references.push_back(names[static_cast<std::size_t>(layer)]);
            used.insert(layer);
        }
        upgraded[key.substr(0, key.size() - suffix.size()) + "_coll_refs"] = std::move(references);
    }
    parameters = std::move(upgraded);
}

} // namespace

void upgradeMpfbRigTo110(model::OrderedJson& header,
                         const std::vector<model::OrderedJson*>& bones) {
    LayerNames names;
    for (int i = 0; i < kLayerCount; ++i)
        names[static_cast<std::size_t>(i)] = "Layer " + std::to_string(i + 1);
    std::set<int> used;
    const auto rigifyUi = header.find("rigify_ui");
    if (rigifyUi != header.end() && rigifyUi->is_object() && !rigifyUi->empty())
        upgradeRigifyUi(*rigifyUi, names, used);
    else
        names[0] = "Bones";

    for (OrderedJson* bone : bones) {
        if (const auto layers = bone->find("layers"); layers != bone->end()) {
            const std::vector<int> set = setLayers(*layers);
            if (!set.empty()) {
                std::vector<std::string> collections;
                for (int layer : set) {
                    collections.push_back(names[static_cast<std::size_t>(layer)]);
                    used.insert(layer);
                }
                std::sort(collections.begin(), collections.end());
                (*bone)["collections"] = collections;
            }
            bone->erase("layers");
        }
        if (const auto rigify = bone->find("rigify"); rigify != bone->end())
            upgradeRigifyParameters(*rigify, names, used);
    }
    if (!used.empty()) {
        OrderedJson collections = OrderedJson::array();
        for (int layer : used)
            collections.push_back(names[static_cast<std::size_t>(layer)]);
        header["collections"] = std::move(collections);
    }
    header["version"] = 110;
}

} // namespace hyperrig::core::io
