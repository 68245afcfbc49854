#include "core/math/Dimension.h"
#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"
#include "core/validate/SupportedExtensions.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace hyperrig::core::validate {

namespace {

// Top-level arrays whose items must be objects. The rules below index into them; a wrong shape
// here is reported once and the array is then treated as absent. Buffers are left to the
// loader, which already marks a non-object buffer unavailable (buffer.unavailable).
constexpr std::array<std::string_view, 10> kItemArrays = {
    "nodes",  "meshes", "accessors", "bufferViews", "shapes",
    "lights", "models", "files",     "materials",   "textures"};

// "MAJOR.MINOR" or "MAJOR.MINOR.PATCH", decimal digits only (G4MF core, asset.version).
bool isVersionString(std::string_view text) {
    int parts = 0;
    std::size_t position = 0;
    while (true) {
        std::size_t digits = 0;
        while (position < text.size() && text[position] >= '0' && text[position] <= '9') {
            ++position;
            ++digits;
        }
        if (digits == 0)
            return false;
        ++parts;
        if (position == text.size())
            return parts == 2 || parts == 3;
        if (text[position] != '.')
            return false;
        ++position;
    }
}

// Reports entries of asset.extensionsUsed / extensionsRequired that are not strings and returns
// the string entries with their positions.
std::vector<std::pair<std::size_t, std::string>>
extensionList(ValidationContext& context, const OrderedJson& asset, std::string_view key) {
    std::vector<std::pair<std::size_t, std::string>> names;
    const OrderedJson* list = member(asset, key);
    if (!list)
        return names;
    const std::string pointer = "/asset/" + std::string(key);
    if (!list->is_array()) {
        context.report(rules::kAssetSchema, pointer,
                       "asset." + std::string(key) + " must be an array of extension names, not " +
                           describe(*list));
        return names;
    }
    for (std::size_t i = 0; i < list->size(); ++i) {
        const OrderedJson& entry = (*list)[i];
        if (!entry.is_string()) {
            context.report(rules::kAssetSchema, appendPointer(pointer, i),
                           "asset." + std::string(key) + " entry " + std::to_string(i) +
                               " must be an extension name (a string), not " + describe(entry));
            continue;
        }
        names.emplace_back(i, entry.get<std::string>());
    }
    return names;
}

void checkDimension(ValidationContext& context, const OrderedJson& asset) {
    const OrderedJson* dimension = member(asset, "dimension");
    if (!dimension) {
        context.report(rules::kAssetDimension, "/asset",
                       "asset has no dimension; every G4MF file declares its number of "
                       "dimensions, e.g. \"dimension\": 4");
        return;
    }
    const auto value = asIndex(*dimension);
    if (!value || *value == 0) {
        context.report(rules::kAssetDimension, "/asset/dimension",
                       "asset.dimension must be a positive integer, not " + describe(*dimension));
        return;
    }
    const long long clamped = *value > 1000 ? 1000LL : static_cast<long long>(*value);
    if (!math::isSupportedDimension(clamped))
        context.report(rules::kAssetDimensionUnsupported, "/asset/dimension",
                       "the file is " + std::to_string(*value) + "-dimensional; HyperRig handles " +
                           std::to_string(math::kMinDimension) + " to " +
                           std::to_string(math::kMaxDimension) + " dimensions");
    if (*value <= ValidationContext::kMaxCheckedDimension)
        context.dimension = static_cast<std::size_t>(*value);
}

} // namespace

void checkDocumentShape(ValidationContext& context) {
    if (!context.root.is_object()) {
        context.report(rules::kDocumentSchema, "",
                       "a G4MF file is a JSON object, this is " + describe(context.root));
        return;
    }
    for (std::string_view key : kItemArrays) {
        const OrderedJson* values = member(context.root, key);
        if (!values)
            continue;
        const std::string pointer = "/" + std::string(key);
        if (!values->is_array()) {
            context.report(rules::kDocumentSchema, pointer,
                           std::string(key) + " must be an array, not " + describe(*values));
            continue;
        }
        for (std::size_t i = 0; i < values->size(); ++i)
            if (!(*values)[i].is_object())
                context.report(rules::kDocumentSchema, appendPointer(pointer, i),
                               std::string(key) + " item " + std::to_string(i) +
                                   " must be an object, not " + describe((*values)[i]));
    }
}

void checkAsset(ValidationContext& context) {
    const OrderedJson* asset = member(context.root, "asset");
    if (!asset || !asset->is_object()) {
        // A missing asset is reported at the whole file: "/asset" would point at nothing.
        context.report(rules::kAssetSchema, asset ? "/asset" : "",
                       asset ? "asset must be an object, not " + describe(*asset)
                             : "the file has no asset object; G4MF requires "
                               "\"asset\": {\"dimension\": N}");
        return;
    }
    checkDimension(context, *asset);

    if (const OrderedJson* version = member(*asset, "version")) {
        if (!version->is_string())
            context.report(rules::kAssetSchema, "/asset/version",
                           "asset.version must be a string such as \"0.1\", not " +
                               describe(*version));
        else if (!isVersionString(version->get_ref<const std::string&>()))
            context.report(rules::kAssetVersion, "/asset/version",
                           "asset.version " + describe(*version) +
                               " is not of the form MAJOR.MINOR or MAJOR.MINOR.PATCH");
    }
    for (std::string_view key : {"generator", "specification"})
        if (const OrderedJson* text = member(*asset, key); text && !text->is_string())
            context.report(rules::kAssetSchema, "/asset/" + std::string(key),
                           "asset." + std::string(key) + " must be a string, not " +
                               describe(*text));

    const auto used = extensionList(context, *asset, "extensionsUsed");
    const auto required = extensionList(context, *asset, "extensionsRequired");
    for (const auto& [position, name] : required) {
        const std::string pointer = "/asset/extensionsRequired/" + std::to_string(position);
        const bool listed = std::any_of(
            used.begin(), used.end(), [&name](const auto& entry) { return entry.second == name; });
        if (!listed)
            context.report(rules::kExtensionsRequiredNotUsed, pointer,
                           "extension '" + name +
                               "' is required but missing from asset.extensionsUsed; every "
                               "required extension must also be listed as used");
        if (!isSupportedExtension(name))
            context.report(rules::kExtensionsRequiredUnsupported, pointer,
                           "the file requires extension '" + name +
                               "', which HyperRig does not implement, so it cannot be opened "
                               "faithfully");
    }
}

} // namespace hyperrig::core::validate
