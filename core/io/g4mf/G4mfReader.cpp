#include "core/io/g4mf/G4mfReader.h"

#include "core/io/g4mf/BindPosesExtension.h"
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
constexpr std::array<const char*, 2> kSupportedExtensions{kBindPosesExtension,
                                                          kBlendInbetweensExtension};

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

// A top-level data array (accessors, bufferViews, buffers): absent, or an array. Anything else
// would vanish on save, since these arrays are rebuilt rather than preserved.
Result<const OrderedJson*> dataArray(const OrderedJson& json, const char* key) {
    const auto it = json.find(key);
    if (it == json.end())
        return static_cast<const OrderedJson*>(nullptr);
    if (!it->is_array())
        return errorAt(std::string("/") + key,
                       "must be an array, not " + std::string(it->type_name()));
    return &*it;
}

// The buffer view an accessor the document does not own reads from: none when it has no
// "bufferView"; refused when that is not the index of an existing view, since the save renumbers
// views and a dangling index would come to name data it never named.
Result<std::optional<std::size_t>> preservedAccessorView(const OrderedJson& accessor,
                                                         std::size_t index, std::size_t viewCount) {
    if (!accessor.is_object() || !accessor.contains("bufferView"))
        return std::optional<std::size_t>();
    auto view =
        detail::indexValue(accessor["bufferView"], viewCount,
                           appendPointer("/accessors", index) + "/bufferView", "buffer view");
    if (!view)
        return view.error();
    return std::optional<std::size_t>(*view);
}

// A preserved buffer view's bytes: every field a non-negative integer, the range inside a
// buffer that could be read.
Result<std::vector<std::byte>> preservedViewBytes(const ReadContext& context,
                                                  const OrderedJson& view,
                                                  const std::string& pointer) {
    if (!view.is_object() || !view.contains("byteLength"))
        return errorAt(pointer, "a buffer view must be an object with byteLength");
    std::array<std::uint64_t, 3> fields{0, 0, 0}; // buffer, byteOffset, byteLength
    constexpr std::array<const char*, 3> kKeys{"buffer", "byteOffset", "byteLength"};
    for (std::size_t k = 0; k < kKeys.size(); ++k) {
        const auto it = view.find(kKeys[k]);
        if (it == view.end())
            continue;
        if (!it->is_number_unsigned())
            return errorAt(pointer + "/" + kKeys[k], "must be a non-negative integer");
        fields[k] = it->get<std::uint64_t>();
    }
    const auto [buffer, offset, length] = fields;
    if (buffer >= context.file.buffers.size() || !context.file.buffers[buffer].available())
        return errorAt(pointer, "its buffer cannot be read, so its bytes cannot be kept");
    const auto& bytes = context.file.buffers[buffer].bytes;
    if (offset > bytes.size() || length > bytes.size() - offset)
        return errorAt(pointer, "lies outside its buffer");
    return std::vector<std::byte>(bytes.begin() + static_cast<std::ptrdiff_t>(offset),
                                  bytes.begin() + static_cast<std::ptrdiff_t>(offset + length));
}

// Accessors the document does not own keep their index, JSON and bytes; so do buffer views
// that no accessor uses (something uninterpreted, such as an embedded model file, does) and the
// views behind preserved accessors. An accessor of any JSON type is kept as stored (a number
// stays a number); what cannot be kept as stored is refused with the pointer of the culprit.
Result<void> preserveData(ReadContext& context) {
    const OrderedJson& json = context.file.json;
    model::PreservedData& preserved = context.document.preserved;
    for (auto it = json.begin(); it != json.end(); ++it) {
        preserved.topLevelOrder.push_back(it.key());
        if (std::none_of(kModelledTopLevel.begin(), kModelledTopLevel.end(),
                         [&](const char* key) { return it.key() == key; }))
            preserved.topLevel[it.key()] = it.value();
    }

    auto accessors = dataArray(json, "accessors");
    if (!accessors)
        return accessors.error();
    auto views = dataArray(json, "bufferViews");
    if (!views)
        return views.error();
    auto buffers = dataArray(json, "buffers");
    if (!buffers)
        return buffers.error();
    const std::size_t viewCount = *views ? (*views)->size() : 0;
    std::vector<bool> viewUsedByAccessor(viewCount, false);
    std::vector<bool> viewPreserved(viewCount, false);
    for (std::size_t i = 0; *accessors && i < (*accessors)->size(); ++i) {
        const OrderedJson& accessor = (**accessors)[i];
        auto view = preservedAccessorView(accessor, i, viewCount);
        if (!view) {
            if (context.ownedAccessors.count(i) != 0)
                continue; // decodeAccessor already accepted it
            return view.error();
        }
        if (*view)
            viewUsedByAccessor[**view] = true;
        if (context.ownedAccessors.count(i) != 0)
            continue;
        model::PreservedAccessor kept;
        kept.index = i;
        kept.json =
            accessor.is_object() ? detail::unknownMembers(accessor, {"bufferView"}) : accessor;
        kept.view = *view;
        if (*view)
            viewPreserved[**view] = true;
        preserved.accessors.push_back(std::move(kept));
    }
    for (std::size_t i = 0; i < viewCount; ++i) {
        if (viewUsedByAccessor[i] && !viewPreserved[i])
            continue;
        const OrderedJson& view = (**views)[i];
        const std::string pointer = appendPointer("/bufferViews", i);
        auto bytes = preservedViewBytes(context, view, pointer);
        if (!bytes)
            return bytes.error();
        model::PreservedBufferView kept;
        kept.index = i;
        kept.json = detail::unknownMembers(view, {"buffer", "byteOffset", "byteLength"});
        kept.bytes = std::move(*bytes);
        preserved.bufferViews.push_back(std::move(kept));
    }
    if (*buffers && !(*buffers)->empty() && (**buffers)[0].is_object()) {
        preserved.firstBufferExtra =
            detail::unknownMembers((**buffers)[0], {"uri", "chunk", "byteLength", "encoding"});
        if ((*buffers)->size() > 1)
            context.warn("buffer.merged", "/buffers",
                         "the file has " + std::to_string((*buffers)->size()) +
                             " buffers; saving packs all data into one");
    }
    return {};
}

} // namespace

Result<ReadDocument> readDocument(const G4mfFile& file) {
    // Refused even when nothing interpreted uses the buffer: a save would still carry the bytes
    // of whatever the views of uninterpreted data cover.
    if (const OutsideReference* refused = file.firstRefusedReference())
        return Error(refused->pointer + ": " + file.buffers[refused->buffer].error.value_or(""),
                     kOutsideReferenceError);
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
    // The buffers were checked when the file was loaded; an odd member simply does not count.
    if (const auto buffers = file.json.find("buffers");
        buffers != file.json.end() && buffers->is_array())
        for (const OrderedJson& buffer : *buffers) {
            if (!buffer.is_object())
                continue;
            if (const auto uri = buffer.find("uri"); file.container == G4mfContainer::Text &&
                                                     uri != buffer.end() && uri->is_string() &&
                                                     uri->get<std::string>().rfind("data:", 0) != 0)
                result.externalBin = true;
            if (const auto encoding = buffer.find("encoding");
                file.container == G4mfContainer::Binary && encoding != buffer.end() &&
                encoding->is_string() && encoding->get<std::string>() == "Zstd")
                result.zstd = true;
        }
    return result;
}

Result<ReadDocument> readG4mf(const std::filesystem::path& path, const ReadOptions& options) {
    auto file = loadG4mfFile(path, options);
    if (!file)
        return file.error();
    auto document = readDocument(*file);
    if (!document)
        return std::move(document).withContext(path.string());
    return document;
}

} // namespace hyperrig::core::io
