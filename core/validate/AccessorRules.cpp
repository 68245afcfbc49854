#include "core/model/ComponentType.h"
#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <set>

namespace hyperrig::core::validate {

namespace {

// A buffer view's numbers once they passed bufferView.schema; nullopt otherwise.
struct ViewFacts {
    std::uint64_t buffer = 0;
    std::uint64_t byteOffset = 0;
    std::uint64_t byteLength = 0;
    bool bufferUsable = false; // the buffer exists and its bytes are loaded
};

void checkBuffers(ValidationContext& context) {
    std::set<std::size_t> refused;
    for (const io::OutsideReference& reference : context.file.outsideReferences) {
        if (!reference.refused)
            continue;
        refused.insert(reference.buffer);
        context.report(rules::kBufferUriOutsideFolder, reference.pointer,
                       "buffer " + std::to_string(reference.buffer) + " " +
                           context.file.buffers[reference.buffer].error.value_or(""));
    }
    for (std::size_t i = 0; i < context.file.buffers.size(); ++i) {
        const io::G4mfFile::Buffer& buffer = context.file.buffers[i];
        if (!buffer.available() && !refused.contains(i))
            context.report(rules::kBufferUnavailable, "/buffers/" + std::to_string(i),
                           "buffer " + std::to_string(i) + " cannot be loaded: " + *buffer.error);
    }
}

std::optional<ViewFacts> checkView(ValidationContext& context, std::size_t index) {
    const std::string pointer = "/bufferViews/" + std::to_string(index);
    const OrderedJson* view = context.item("bufferViews", index);
    if (!view)
        return std::nullopt; // document.schema said so
    ViewFacts facts;
    bool ok = true;
    const auto field = [&](const char* key, std::uint64_t& out, bool required) {
        const OrderedJson* value = member(*view, key);
        if (!value) {
            if (required) {
                context.report(rules::kBufferViewSchema, pointer,
                               "buffer view " + std::to_string(index) + " has no " + key);
                ok = false;
            }
            return;
        }
        const auto number = asIndex(*value);
        if (!number) {
            context.report(rules::kBufferViewSchema, pointer + "/" + key,
                           "buffer view " + std::to_string(index) + ": " + key +
                               " must be a non-negative integer, not " + describe(*value));
            ok = false;
            return;
        }
        out = *number;
    };
    field("buffer", facts.buffer, false);
    field("byteOffset", facts.byteOffset, false);
    field("byteLength", facts.byteLength, true);
    if (!ok)
        return std::nullopt;
    if (facts.buffer >= context.file.buffers.size()) {
        context.report(rules::kBufferViewBufferIndex, pointer + "/buffer",
                       "buffer view " + std::to_string(index) + " refers to buffer " +
                           std::to_string(facts.buffer) + ", but the file has " +
                           countOf(context.file.buffers.size(), "buffer", "buffers"));
        return std::nullopt;
    }
    const io::G4mfFile::Buffer& buffer = context.file.buffers[facts.buffer];
    if (buffer.available()) {
        const std::uint64_t size = buffer.bytes.size();
        if (facts.byteOffset > size || facts.byteLength > size - facts.byteOffset) {
            context.report(rules::kBufferViewRange, pointer,
                           "buffer view " + std::to_string(index) + " covers " +
                               std::to_string(facts.byteLength) + " bytes from byte " +
                               std::to_string(facts.byteOffset) + ", beyond the end of the " +
                               std::to_string(size) + "-byte buffer " +
                               std::to_string(facts.buffer));
            return std::nullopt;
        }
        facts.bufferUsable = true;
    }
    return facts;
}

// Returns true when the accessor can be read (every check of io::accessorView passes).
bool checkAccessor(ValidationContext& context, std::size_t index,
                   const std::vector<std::optional<ViewFacts>>& views) {
    const std::string pointer = "/accessors/" + std::to_string(index);
    const std::string name = "accessor " + std::to_string(index);
    const OrderedJson* accessor = context.item("accessors", index);
    if (!accessor)
        return false;
    bool ok = true;

    // "componentType" since 2025-12; older files say "primitiveType" (g4mf.md §3).
    const char* typeKey = member(*accessor, "componentType") ? "componentType" : "primitiveType";
    std::optional<model::ComponentType> type;
    if (const OrderedJson* typeName = member(*accessor, typeKey); !typeName) {
        context.report(rules::kAccessorSchema, pointer, name + " has no componentType");
        ok = false;
    } else if (!typeName->is_string()) {
        context.report(rules::kAccessorSchema, pointer + "/" + typeKey,
                       name + ": " + typeKey + " must be a string such as \"float32\", not " +
                           describe(*typeName));
        ok = false;
    } else if (auto parsed = model::parseComponentType(typeName->get_ref<const std::string&>());
               !parsed) {
        context.report(rules::kAccessorComponentType, pointer + "/" + typeKey,
                       name + ": " + parsed.error().message());
        ok = false;
    } else {
        type = *parsed;
    }

    // The loader's limit: 4096 components per element is far beyond any G4MF use (a 64×64
    // matrix) and keeps the element size from overflowing.
    std::uint64_t vectorSize = 1;
    if (const OrderedJson* value = member(*accessor, "vectorSize")) {
        const auto number = asIndex(*value);
        if (!number || *number == 0 || *number > 4096) {
            context.report(rules::kAccessorSchema, pointer + "/vectorSize",
                           name + ": vectorSize must be a positive integer (at most 4096), not " +
                               describe(*value));
            ok = false;
        } else {
            vectorSize = *number;
        }
    }

    std::optional<ViewFacts> view;
    if (const OrderedJson* value = member(*accessor, "bufferView"); !value) {
        context.report(rules::kAccessorSchema, pointer,
                       name + " has no bufferView (G4MF accessors always read from one)");
        ok = false;
    } else if (const auto viewIndex = asIndex(*value); !viewIndex) {
        context.report(rules::kAccessorSchema, pointer + "/bufferView",
                       name + ": bufferView must be a non-negative integer, not " +
                           describe(*value));
        ok = false;
    } else if (*viewIndex >= context.count("bufferViews")) {
        context.report(rules::kAccessorBufferViewIndex, pointer + "/bufferView",
                       name + " reads buffer view " + std::to_string(*viewIndex) +
                           ", but the file has " +
                           countOf(context.count("bufferViews"), "buffer view", "buffer views"));
        ok = false;
    } else {
        view = views[static_cast<std::size_t>(*viewIndex)];
        ok = ok && view.has_value() && view->bufferUsable;
    }

    if (type && view) {
        const std::uint64_t componentBytes = model::componentSize(*type);
        const std::uint64_t elementBytes = componentBytes * vectorSize;
        if (view->byteOffset % componentBytes != 0) {
            context.report(rules::kAccessorAlignment, pointer,
                           name + " (" + std::string(model::componentTypeName(*type)) +
                               ") reads from byte " + std::to_string(view->byteOffset) +
                               ", which is not a multiple of the " +
                               std::to_string(componentBytes) + "-byte component size");
            ok = false;
        }
        if (view->byteLength % elementBytes != 0) {
            context.report(rules::kAccessorLength, pointer,
                           name + " has elements of " + std::to_string(elementBytes) +
                               " bytes, but its buffer view holds " +
                               std::to_string(view->byteLength) +
                               " bytes, not a whole number of elements");
            ok = false;
        }
    }
    return ok;
}

} // namespace

void checkBuffersAndAccessors(ValidationContext& context) {
    checkBuffers(context);
    std::vector<std::optional<ViewFacts>> views(context.count("bufferViews"));
    for (std::size_t i = 0; i < views.size(); ++i)
        views[i] = checkView(context, i);
    context.accessorChecked.assign(context.count("accessors"), false);
    for (std::size_t i = 0; i < context.accessorChecked.size(); ++i)
        context.accessorChecked[i] = checkAccessor(context, i, views);
}

} // namespace hyperrig::core::validate
