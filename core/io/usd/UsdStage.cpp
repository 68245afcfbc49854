#include "core/io/usd/UsdStage.h"

#include <algorithm>

namespace hyperrig::core::io::usd {
namespace {

// The Path values of a reference or relationship value (a single path or a list of them).
void stagePathsOf(const Value& value, std::vector<const Value*>& out) {
    if (value.kind == Value::Kind::Path || value.kind == Value::Kind::Asset)
        out.push_back(&value);
    else if (value.kind == Value::Kind::List)
        for (const auto& item : value.items)
            stagePathsOf(item, out);
}

void stageRemapValue(Value& value, const std::string& from, const std::string& to) {
    if (value.kind == Value::Kind::Path) {
        const std::string& text = value.text;
        if (text == from || (text.size() > from.size() && text.compare(0, from.size(), from) == 0 &&
                             (text[from.size()] == '/' || text[from.size()] == '.')))
            value.text = to + text.substr(from.size());
        return;
    }
    for (auto& item : value.items)
        stageRemapValue(item, from, to);
}

// Absolute targets into the referenced prim follow it to its new place.
void stageRemapTargets(Prim& prim, const std::string& from, const std::string& to) {
    for (auto& property : prim.properties) {
        if (property.value)
            stageRemapValue(*property.value, from, to);
        if (property.connect)
            stageRemapValue(*property.connect, from, to);
        for (auto& [time, sample] : property.timeSamples)
            stageRemapValue(sample, from, to);
    }
    for (auto& child : prim.children)
        stageRemapTargets(child, from, to);
}

void stageOverlayProperty(Property& base, Property strong) {
    if (base.relationship != strong.relationship || base.fullTypeName() != strong.fullTypeName()) {
        base = std::move(strong);
        return;
    }
    if (strong.value)
        base.value = std::move(strong.value);
    if (strong.hasTimeSamples) {
        base.hasTimeSamples = true;
        base.timeSamples = std::move(strong.timeSamples);
    }
    if (strong.connect)
        base.connect = std::move(strong.connect);
    for (auto& entry : strong.metadata)
        base.metadata.push_back(std::move(entry));
    base.place = strong.place;
}

// `strong`'s opinions over `base`'s (both at the same path).
void stageOverlay(Prim& base, Prim strong) {
    if (strong.specifier != Prim::Specifier::Over)
        base.specifier = strong.specifier;
    if (!strong.typeName.empty())
        base.typeName = strong.typeName;
    base.name = std::move(strong.name);
    base.path = std::move(strong.path);
    base.place = strong.place;
    for (auto& entry : strong.metadata)
        base.metadata.push_back(std::move(entry));
    for (auto& property : strong.properties) {
        if (Property* existing = base.property(property.name))
            stageOverlayProperty(*existing, std::move(property));
        else
            base.properties.push_back(std::move(property));
    }
    for (auto& child : strong.children) {
        auto existing = std::find_if(base.children.begin(), base.children.end(),
                                     [&](const Prim& c) { return c.name == child.name; });
        if (existing != base.children.end())
            stageOverlay(*existing, std::move(child));
        else
            base.children.push_back(std::move(child));
    }
}

class StageComposer {
public:
    StageComposer(const Layer& layer, const UsdLimits& limits, Diagnostics& warnings)
        : m_layer(layer), m_limits(limits), m_warnings(warnings) {}

    Result<Prim> compose(const Prim& spec, const std::string& path, std::size_t depth) {
        if (depth > m_limits.maxDepth)
            return error(spec.place, "composition deeper than " +
                                         std::to_string(m_limits.maxDepth) +
                                         " levels (nested prims and references together)");
        if (++m_prims > m_limits.maxPrims)
            return error(spec.place, "more than " + std::to_string(m_limits.maxPrims) +
                                         " prims after expanding references");
        // Every composed prim copies its properties: a reference fan-out multiplies them.
        for (const auto& property : spec.properties)
            m_values +=
                1 +
                (property.value ? property.value->numbers.size() + property.value->items.size()
                                : 0) +
                property.timeSamples.size();
        if (m_values > m_limits.maxValues)
            return error(spec.place, "more than " + std::to_string(m_limits.maxValues) +
                                         " values after expanding references");
        Prim result;
        result.specifier = Prim::Specifier::Over;
        bool referenced = false;
        for (const auto& entry : spec.metadata) {
            if (entry.key == "references" && entry.listOp != "delete") {
                std::vector<const Value*> targets;
                stagePathsOf(entry.value, targets);
                for (const Value* target : targets) {
                    auto weaker = composeReference(spec, *target, path, depth);
                    if (!weaker)
                        return weaker.error();
                    if (!*weaker)
                        continue;
                    if (!referenced) {
                        result = std::move(**weaker);
                        referenced = true;
                    } else {
                        // Later references are weaker: overlay what we have onto them.
                        Prim stronger = std::move(result);
                        result = std::move(**weaker);
                        stageOverlay(result, std::move(stronger));
                    }
                }
            } else if (entry.key == "payload") {
                m_warnings.push_back(
                    usdWarning("usd.composition.payload", entry.place,
                               "the payload of prim " + path +
                                   " is not loaded (composition across files is not supported)"));
            } else if (entry.key == "inherits" || entry.key == "specializes") {
                m_warnings.push_back(usdWarning("usd.composition." + entry.key, entry.place,
                                                "'" + entry.key + "' of prim " + path +
                                                    " is not applied (not supported yet): only "
                                                    "the prim's own opinions are imported"));
            } else if (entry.key == "variants") {
                m_warnings.push_back(usdWarning("usd.variants", entry.place,
                                                "the variant selection of prim " + path +
                                                    " is not applied (variants are not "
                                                    "supported)"));
            }
        }
        Prim local;
        local.specifier = spec.specifier;
        local.typeName = spec.typeName;
        local.name = spec.name;
        local.path = path;
        local.place = spec.place;
        local.metadata = spec.metadata;
        local.properties = spec.properties;
        for (const auto& child : spec.children) {
            auto composed = compose(child, path + "/" + child.name, depth + 1);
            if (!composed)
                return composed.error();
            local.children.push_back(std::move(*composed));
        }
        if (!referenced) {
            return local;
        }
        stageOverlay(result, std::move(local));
        return result;
    }

private:
    Error error(const TextPlace& place, const std::string& message) const {
        return Error(m_layer.sourceName + ":" + std::to_string(place.line) + ":" +
                     std::to_string(place.column) + ": " + message);
    }

    // The prim a reference brings in, composed at `path`; none (with a warning) when it cannot
    // be read.
    Result<std::optional<Prim>> composeReference(const Prim& spec, const Value& target,
                                                 const std::string& path, std::size_t depth) {
        if (target.kind == Value::Kind::Asset) {
            m_warnings.push_back(usdWarning(
                "usd.composition.external-reference", target.place,
                "prim " + path + " references @" + target.text + "@" +
                    (target.path.empty() ? "" : "<" + target.path + ">") +
                    ", another file: not read (composition across files is not supported); "
                    "only the prim's own opinions are imported"));
            return std::optional<Prim>();
        }
        const std::string targetPath = resolvePrimPath(path, target.text);
        const Prim* targetSpec = targetPath.empty() ? nullptr : findPrim(m_layer.prims, targetPath);
        if (!targetSpec) {
            m_warnings.push_back(usdWarning("usd.composition.reference-missing", target.place,
                                            "prim " + path + " references <" + target.text +
                                                ">, which is not a prim of this file; ignored"));
            return std::optional<Prim>();
        }
        if (std::find(m_referencing.begin(), m_referencing.end(), targetPath) !=
            m_referencing.end())
            return error(target.place, "prim " + path + " references <" + target.text +
                                           ">, which is already being expanded: the internal "
                                           "references form a cycle");
        (void)spec;
        m_referencing.push_back(targetPath);
        auto composed = compose(*targetSpec, path, depth + 1);
        m_referencing.pop_back();
        if (!composed)
            return composed.error();
        stageRemapTargets(*composed, targetPath, path);
        return std::optional<Prim>(std::move(*composed));
    }

    const Layer& m_layer;
    const UsdLimits& m_limits;
    Diagnostics& m_warnings;
    std::vector<std::string> m_referencing;
    std::size_t m_prims = 0;
    std::size_t m_values = 0;
};

} // namespace

Result<Stage> composeStage(const Layer& layer, const UsdLimits& limits, Diagnostics& warnings) {
    Stage stage;
    stage.sourceName = layer.sourceName;
    stage.layerMetadata = layer.metadata;
    for (const auto& entry : layer.metadata)
        if (entry.key == "subLayers")
            warnings.push_back(usdWarning("usd.composition.sublayers", entry.place,
                                          "the layer's subLayers are not read (composition "
                                          "across files is not supported)"));
    StageComposer composer(layer, limits, warnings);
    for (const auto& prim : layer.prims) {
        auto composed = composer.compose(prim, "/" + prim.name, 1);
        if (!composed)
            return composed.error();
        stage.prims.push_back(std::move(*composed));
    }
    return stage;
}

const Prim* findPrim(const std::vector<Prim>& roots, std::string_view path) {
    if (path.empty() || path[0] != '/')
        return nullptr;
    const std::vector<Prim>* level = &roots;
    const Prim* found = nullptr;
    std::size_t at = 1;
    while (at <= path.size()) {
        std::size_t end = path.find('/', at);
        if (end == std::string_view::npos)
            end = path.size();
        const std::string_view name = path.substr(at, end - at);
        if (name.empty())
            return nullptr;
        found = nullptr;
        for (const auto& prim : *level)
            if (prim.name == name) {
                found = &prim;
                break;
            }
        if (!found)
            return nullptr;
        level = &found->children;
        at = end + 1;
    }
    return found;
}

const Prim* findPrim(const Stage& stage, std::string_view path) {
    return findPrim(stage.prims, path);
}

std::string resolvePrimPath(const std::string& ownerPath, const std::string& target) {
    if (target.empty())
        return "";
    std::string property;
    std::string primPart = target;
    // A property part: the last '.' that is not part of "." or ".." components.
    const auto slash = primPart.rfind('/');
    const auto dot = primPart.find('.', slash == std::string::npos ? 0 : slash + 1);
    if (dot != std::string::npos && dot + 1 < primPart.size() && primPart[dot + 1] != '.' &&
        primPart[dot + 1] != '/') {
        property = primPart.substr(dot);
        primPart = primPart.substr(0, dot);
    }
    std::vector<std::string> parts;
    std::size_t at = 0;
    if (!primPart.empty() && primPart[0] == '/') {
        at = 1;
    } else {
        std::size_t from = 1;
        while (from <= ownerPath.size()) {
            std::size_t end = ownerPath.find('/', from);
            if (end == std::string::npos)
                end = ownerPath.size();
            if (end > from)
                parts.push_back(ownerPath.substr(from, end - from));
            from = end + 1;
        }
    }
    while (at <= primPart.size()) {
        std::size_t end = primPart.find('/', at);
        if (end == std::string::npos)
            end = primPart.size();
        const std::string part = primPart.substr(at, end - at);
        if (part == "..") {
            if (parts.empty())
                return "";
            parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        at = end + 1;
    }
    std::string path;
    for (const auto& part : parts)
        path += "/" + part;
    if (path.empty())
        path = "/";
    return path + property;
}

std::vector<std::string> appliedSchemas(const Prim& prim) {
    std::vector<std::string> schemas;
    for (const auto& entry : prim.metadata) {
        if (entry.key != "apiSchemas")
            continue;
        std::vector<std::string> listed;
        auto collect = [&](const Value& value) {
            if (value.kind == Value::Kind::String || value.kind == Value::Kind::Identifier)
                listed.push_back(value.text);
        };
        if (entry.value.kind == Value::Kind::List)
            for (const auto& item : entry.value.items)
                collect(item);
        else
            collect(entry.value);
        if (entry.listOp.empty())
            schemas.clear();
        for (const auto& name : listed) {
            const auto at = std::find(schemas.begin(), schemas.end(), name);
            if (entry.listOp == "delete") {
                if (at != schemas.end())
                    schemas.erase(at);
            } else if (at == schemas.end()) {
                schemas.push_back(name);
            }
        }
    }
    return schemas;
}

bool hasAppliedSchema(const Prim& prim, const std::string& schema) {
    const auto schemas = appliedSchemas(prim);
    return std::find(schemas.begin(), schemas.end(), schema) != schemas.end();
}

bool isInactive(const Prim& prim) {
    const MetadataEntry* active = findMetadata(prim.metadata, "active");
    if (!active)
        return false;
    const Value& value = active->value;
    return (value.kind == Value::Kind::Identifier && value.text == "false") ||
           (value.kind == Value::Kind::Number && value.number == 0.0);
}

} // namespace hyperrig::core::io::usd
