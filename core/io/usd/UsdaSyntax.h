#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hyperrig::core::io::usd {

// The generic tree a .usda layer parses into (usdskel.md §12), before any UsdSkel meaning:
// prims with their metadata, properties and children, as written. Every item remembers the line
// and column (1-based) where it starts, so later stages can say where a problem is.

struct TextPlace {
    std::size_t line = 0;
    std::size_t column = 0;
};

// A value as written. Numeric lists and tuples are stored packed (`numbers`, `width` numbers per
// element) because they are most of a file's bytes; anything mixed keeps its `items`.
struct Value {
    enum class Kind {
        None,       // `None`: a block
        Number,     // 1, -2.5e3, .01, inf, -inf, nan
        String,     // "…", '…', """…""": strings and tokens alike
        Identifier, // a bare word: true, false, component, ...
        Asset,      // @file.usda@ (`text`), optionally followed by a prim path (`path`)
        Path,       // </A/B>, <../C>, <.prop>, <> (`text`)
        Tuple,      // ( … )
        List,       // [ … ]
        Dictionary, // { type key = value … } (`keys` parallel to `items`)
    };
    Kind kind = Kind::None;
    double number = 0.0;
    std::string text;
    std::string path;
    std::vector<Value> items;
    std::vector<std::string> keys;
    // Packed form of a Tuple or List whose elements are all numbers (width 1) or all numeric
    // tuples of one size (width = that size). An empty list is packed with width 0.
    bool packed = false;
    std::size_t width = 0;
    std::vector<double> numbers;
    TextPlace place;

    bool isNone() const { return kind == Kind::None; }
    // Elements of a List or Tuple (packed or not).
    std::size_t elementCount() const;
};

// `key = value` in a metadata block, with its list op (prepend, append, add, delete, reorder,
// or "" for an explicit value). A bare string in a metadata block is stored as key "comment".
struct MetadataEntry {
    std::string listOp;
    std::string key;
    Value value;
    TextPlace place;
};

using Metadata = std::vector<MetadataEntry>;

// The last entry named `key`, or none.
const MetadataEntry* findMetadata(const Metadata& metadata, const std::string& key);

struct Property {
    std::string name;
    std::string typeName; // "float3", "matrix4d", ... ("rel" for relationships), without "[]"
    bool array = false;
    bool uniform = false;
    bool custom = false;
    bool relationship = false;
    std::string listOp;         // relationships: prepend, append, add, delete, reorder or ""
    std::optional<Value> value; // authored default; kind None when blocked with `= None`
    bool hasTimeSamples = false;
    std::vector<std::pair<double, Value>> timeSamples; // in file order; a value may be None
    std::optional<Value> connect;
    Metadata metadata;
    TextPlace place;

    std::string fullTypeName() const { return typeName + (array ? "[]" : ""); }
};

struct Prim {
    enum class Specifier { Def, Over, Class };
    Specifier specifier = Specifier::Def;
    std::string typeName; // "" for a typeless prim
    std::string name;
    std::string path; // absolute, filled by the parser (and by composition for copies)
    Metadata metadata;
    std::vector<Property> properties; // one per name: a repeated opinion merges, the last wins
    std::vector<Prim> children;
    TextPlace place;

    const Property* property(const std::string& name) const;
    Property* property(const std::string& name);
    const Prim* child(const std::string& name) const;
};

struct Layer {
    std::string sourceName;
    Metadata metadata;
    std::vector<Prim> prims;
};

// "line L, column C".
std::string placeText(const TextPlace& place);

} // namespace hyperrig::core::io::usd
