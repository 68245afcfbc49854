#include "core/io/g4mf/G4mfReader.h"

#include "core/io/g4mf/ReadContext.h"
#include "core/math/Dimension.h"

#include <algorithm>
#include <array>

namespace hyperrig::core::io {
namespace detail {

OrderedJson unknownMembers(const OrderedJson& object, std::initializer_list<const char*> known) {
    OrderedJson result = OrderedJson::object();
    for (auto it = object.begin(); it != object.end(); ++it)
        if (std::none_of(known.begin(), known.end(),
                         [&](const char* key) { return it.key() == key; }))
            result[it.key()] = it.value();
    return result;
}

Result<std::vector<double>> numberArray(const OrderedJson& value, const std::string& pointer) {
    if (!value.is_array())
        return errorAt(pointer, "must be an array of numbers");
    std::vector<double> numbers;
    numbers.reserve(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (!value[i].is_number())
            return errorAt(appendPointer(pointer, i), "must be a number");
        numbers.push_back(value[i].get<double>());
    }
    return numbers;
}

Result<std::size_t> indexValue(const OrderedJson& value, std::size_t limit,
                               const std::string& pointer, const char* what) {
    if (!value.is_number_unsigned())
        return errorAt(pointer, std::string(what) + " index must be a non-negative integer");
    const auto index = value.get<std::uint64_t>();
    if (index >= limit)
        return errorAt(pointer, std::string(what) + " " + std::to_string(index) +
                                    " does not exist (there are " + std::to_string(limit) + ")");
    return static_cast<std::size_t>(index);
}

Result<model::NumericArray> ownedAccessor(ReadContext& context, const OrderedJson& value,
                                          const std::string& pointer) {
    const auto accessors = context.file.json.find("accessors");
    const std::size_t count =
        accessors != context.file.json.end() && accessors->is_array() ? accessors->size() : 0;
    auto index = indexValue(value, count, pointer, "accessor");
    if (!index)
        return index.error();
    auto array = decodeAccessor(context.file, *index);
    if (!array)
        return array.error().withContext(pointer);
    context.ownedAccessors.insert(*index);
    return array;
}

} // namespace detail

namespace {

using detail::errorAt;
using detail::OrderedJson;
using detail::ReadContext;

// Top-level members the document model owns; everything else is preserved as stored.
// lights/models/files are resolved into node components but kept too: their indices stay valid
// for whatever else refers to them, and a save in either revision can refer back to them.
constexpr std::array<const char*, 7> kModelledTopLevel{
    "asset", "nodes", "meshes", "shapes", "accessors", "bufferViews", "buffers"};

// HyperRig understands these extensions; a file requiring any other is refused.
constexpr std::array<const char*, 1> kSupportedExtensions{"HYPERRIG_skeleton_bind_poses"};

// extensionsUsed / extensionsRequired live in the asset object (g4mf.md §1).
Result<std::vector<std::string>> stringList(const OrderedJson& json, const char* key) {
    std::vector<std::string> list;
    const auto it = json.find(key);
    if (it == json.end())
        return list;
    const std::string pointer = std::string("/asset/") + key;
    if (!it->is_array())
        return errorAt(pointer, "must be an array of strings");
    for (std::size_t i = 0; i < it->size(); ++i) {
        if (!(*it)[i].is_string())
            return errorAt(appendPointer(pointer, i), "must be a string");
        list.push_back((*it)[i].get<std::string>());
    }
    return list;
}

Result<void> readAsset(ReadContext& context) {
    const OrderedJson& json = context.file.json;
    const auto asset = json.find("asset");
    if (asset == json.end() || !asset->is_object())
        return errorAt("/asset", "the asset object is required");
    const auto dimension = asset->find("dimension");
    if (dimension == asset->end() || !dimension->is_number_integer())
        return errorAt("/asset/dimension", "the dimension is required and must be an integer");
    auto checked = math::checkedDimension(dimension->get<long long>());
    if (!checked)
        return errorAt("/asset/dimension", checked.error().message());
    model::Asset& target = context.document.asset;
    target.dimension = *checked;
    for (const char* key : {"version", "generator"}) {
        const auto it = asset->find(key);
        if (it == asset->end())
            continue;
        if (!it->is_string())
            return errorAt(std::string("/asset/") + key, "must be a string");
        (std::string(key) == "version" ? target.version : target.generator) =
            it->get<std::string>();
    }
    target.extra = detail::unknownMembers(
        *asset, {"dimension", "version", "generator", "extensionsUsed", "extensionsRequired"});

    auto used = stringList(*asset, "extensionsUsed");
    if (!used)
        return used.error();
    auto required = stringList(*asset, "extensionsRequired");
    if (!required)
        return required.error();
    for (std::size_t i = 0; i < required->size(); ++i)
        if (std::none_of(kSupportedExtensions.begin(), kSupportedExtensions.end(),
                         [&](const char* name) { return (*required)[i] == name; }))
            return errorAt(appendPointer("/asset/extensionsRequired", i),
                           "the file requires extension '" + (*required)[i] +
                               "', which HyperRig does not support");
    target.extensionsUsed = std::move(*used);
    target.extensionsRequired = std::move(*required);
    target.writeExtensionsUsed = asset->contains("extensionsUsed");
    target.writeExtensionsRequired = asset->contains("extensionsRequired");
    return {};
}

Result<void> readShapes(ReadContext& context) {
    const auto shapes = context.file.json.find("shapes");
    if (shapes == context.file.json.end())
        return {};
    if (!shapes->is_array())
        return errorAt("/shapes", "must be an array");
    for (std::size_t i = 0; i < shapes->size(); ++i) {
        const OrderedJson& json = (*shapes)[i];
        const std::string pointer = appendPointer("/shapes", i);
        if (!json.is_object())
            return errorAt(pointer, "a shape must be an object");
        auto shape = std::make_unique<model::Shape>();
        shape->id = context.document.shapes.allocateId();
        if (const auto name = json.find("name"); name != json.end()) {
            if (!name->is_string())
                return errorAt(pointer + "/name", "must be a string");
            shape->name = name->get<std::string>();
        }
        shape->value = detail::unknownMembers(json, {"name"});
        context.shapeIds.push_back(shape->id);
        context.document.shapes.append(std::move(shape));
    }
    return {};
}

// Accessors the document does not own keep their index, JSON and bytes; so do buffer views
// that no accessor uses (something uninterpreted, such as an embedded model file, does) and the
// views behind preserved accessors.
Result<void> preserveData(ReadContext& context) {
    const OrderedJson& json = context.file.json;
    model::PreservedData& preserved = context.document.preserved;
    for (auto it = json.begin(); it != json.end(); ++it) {
        preserved.topLevelOrder.push_back(it.key());
        if (std::none_of(kModelledTopLevel.begin(), kModelledTopLevel.end(),
                         [&](const char* key) { return it.key() == key; }))
            preserved.topLevel[it.key()] = it.value();
    }

    const auto accessors = json.find("accessors");
    const auto views = json.find("bufferViews");
    const std::size_t viewCount = views != json.end() && views->is_array() ? views->size() : 0;
    std::vector<bool> viewUsedByAccessor(viewCount, false);
    std::vector<bool> viewPreserved(viewCount, false);
    if (accessors != json.end() && accessors->is_array()) {
        for (std::size_t i = 0; i < accessors->size(); ++i) {
            const OrderedJson& accessor = (*accessors)[i];
            std::optional<std::size_t> view;
            if (accessor.is_object() && accessor.contains("bufferView") &&
                accessor["bufferView"].is_number_unsigned() &&
                accessor["bufferView"].get<std::uint64_t>() < viewCount)
                view = accessor["bufferView"].get<std::size_t>();
            if (view)
                viewUsedByAccessor[*view] = true;
            if (context.ownedAccessors.count(i) != 0)
                continue;
            model::PreservedAccessor kept;
            kept.index = i;
            kept.json =
                accessor.is_object() ? detail::unknownMembers(accessor, {"bufferView"}) : accessor;
            kept.view = view;
            if (view)
                viewPreserved[*view] = true;
            preserved.accessors.push_back(std::move(kept));
        }
    }
    for (std::size_t i = 0; i < viewCount; ++i) {
        if (viewUsedByAccessor[i] && !viewPreserved[i])
            continue;
        const OrderedJson& view = (*views)[i];
        const std::string pointer = appendPointer("/bufferViews", i);
        if (!view.is_object() || !view.contains("byteLength"))
            return errorAt(pointer, "a buffer view must be an object with byteLength");
        const std::size_t buffer = view.contains("buffer") && view["buffer"].is_number_unsigned()
                                       ? view["buffer"].get<std::size_t>()
                                       : 0;
        const std::uint64_t offset =
            view.contains("byteOffset") && view["byteOffset"].is_number_unsigned()
                ? view["byteOffset"].get<std::uint64_t>()
                : 0;
        const std::uint64_t length =
            view["byteLength"].is_number_unsigned() ? view["byteLength"].get<std::uint64_t>() : 0;
        if (buffer >= context.file.buffers.size() || !context.file.buffers[buffer].available())
            return errorAt(pointer, "its buffer cannot be read, so its bytes cannot be kept");
        const auto& bytes = context.file.buffers[buffer].bytes;
        if (offset > bytes.size() || length > bytes.size() - offset)
            return errorAt(pointer, "lies outside its buffer");
        model::PreservedBufferView kept;
        kept.index = i;
        kept.json = detail::unknownMembers(view, {"buffer", "byteOffset", "byteLength"});
        kept.bytes.assign(bytes.begin() + static_cast<std::ptrdiff_t>(offset),
                          bytes.begin() + static_cast<std::ptrdiff_t>(offset + length));
        preserved.bufferViews.push_back(std::move(kept));
    }
    if (const auto buffers = json.find("buffers"); buffers != json.end() && buffers->is_array() &&
                                                   !buffers->empty() && (*buffers)[0].is_object()) {
        preserved.firstBufferExtra =
            detail::unknownMembers((*buffers)[0], {"uri", "chunk", "byteLength", "encoding"});
        if (buffers->size() > 1)
            context.warn("buffer.merged", "/buffers",
                         "the file has " + std::to_string(buffers->size()) +
                             " buffers; saving packs all data into one");
    }
    return {};
}

} // namespace

Result<ReadDocument> readDocument(const G4mfFile& file) {
    ReadDocument result;
    result.container = file.container;
    result.diagnostics = file.loadDiagnostics;
    ReadContext context{file, result.document, result.diagnostics, {}, {}, {}, {}, false, false};
    for (auto step :
         {&readAsset, &readShapes, &detail::readMeshes, &detail::readNodes, &preserveData}) {
        auto done = step(context);
        if (!done)
            return done.error();
    }
    result.schema = context.sawCurrentForm && !context.sawClassicForm ? G4mfSchema::Current
                                                                      : G4mfSchema::Classic;
    return result;
}

Result<ReadDocument> readG4mf(const std::filesystem::path& path, const LoadLimits& limits) {
    auto file = loadG4mfFile(path, limits);
    if (!file)
        return file.error();
    auto document = readDocument(*file);
    if (!document)
        return std::move(document).withContext(path.string());
    return document;
}

} // namespace hyperrig::core::io
