#include "core/io/usd/UsdaParser.h"

#include "core/base/TextPosition.h"
#include "core/base/Utf8.h"
#include "core/io/usd/UsdaLexer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace hyperrig::core::io::usd {

std::size_t Value::elementCount() const {
    if (packed)
        return kind == Kind::Tuple ? numbers.size() : (width == 0 ? 0 : numbers.size() / width);
    return items.size();
}

const MetadataEntry* findMetadata(const Metadata& metadata, const std::string& key) {
    for (auto it = metadata.rbegin(); it != metadata.rend(); ++it)
        if (it->key == key)
            return &*it;
    return nullptr;
}

const Property* Prim::property(const std::string& wanted) const {
    for (const auto& candidate : properties)
        if (candidate.name == wanted)
            return &candidate;
    return nullptr;
}

Property* Prim::property(const std::string& wanted) {
    for (auto& candidate : properties)
        if (candidate.name == wanted)
            return &candidate;
    return nullptr;
}

const Prim* Prim::child(const std::string& wanted) const {
    for (const auto& candidate : children)
        if (candidate.name == wanted)
            return &candidate;
    return nullptr;
}

std::string placeText(const TextPlace& place) {
    return "line " + std::to_string(place.line) + ", column " + std::to_string(place.column);
}

Diagnostic usdWarning(std::string rule, const TextPlace& place, std::string message) {
    return {Diagnostic::Severity::Warning, std::move(rule),
            std::to_string(place.line) + ":" + std::to_string(place.column), std::move(message)};
}

namespace {

// Attribute value types of Sdf (usdskel.md §12.4 lists the ones UsdSkel uses).
bool usdaKnownValueType(const std::string& name) {
    static const std::unordered_set<std::string> known = {
        "bool",       "uchar",      "int",        "uint",       "int64",
        "uint64",     "half",       "float",      "double",     "timecode",
        "string",     "token",      "asset",      "opaque",     "pathExpression",
        "matrix2d",   "matrix3d",   "matrix4d",   "quatd",      "quatf",
        "quath",      "double2",    "double3",    "double4",    "float2",
        "float3",     "float4",     "half2",      "half3",      "half4",
        "int2",       "int3",       "int4",       "point3d",    "point3f",
        "point3h",    "normal3d",   "normal3f",   "normal3h",   "vector3d",
        "vector3f",   "vector3h",   "color3d",    "color3f",    "color3h",
        "color4d",    "color4f",    "color4h",    "texCoord2d", "texCoord2f",
        "texCoord2h", "texCoord3d", "texCoord3f", "texCoord3h", "frame4d",
        "dictionary", "group"};
    return known.count(name) != 0;
}

bool usdaListOpWord(const std::string& word) {
    return word == "prepend" || word == "append" || word == "add" || word == "delete" ||
           word == "reorder";
}

class UsdaParser {
public:
    UsdaParser(std::string_view text, const std::string& sourceName, const UsdLimits& limits,
               Diagnostics& warnings)
        : m_lexer(text, sourceName), m_limits(limits), m_warnings(warnings) {}

    Result<Layer> parseLayer() {
        Layer layer;
        layer.sourceName = m_lexer.sourceName();
        auto first = m_lexer.peek();
        if (!first)
            return first.error();
        if (first->is('(')) {
            m_lexer.skip();
            if (auto read = parseMetadataBlock(layer.metadata, 1); !read)
                return read.error();
        }
        UsdaNameIndex names;
        while (true) {
            auto token = m_lexer.peek();
            if (!token)
                return token.error();
            if (token->kind == Token::Kind::End)
                break;
            if (token->is(';')) {
                m_lexer.skip();
                continue;
            }
            if (!isSpecifier(*token))
                return m_lexer.errorAt(token->place, "expected 'def', 'over' or 'class' to "
                                                     "start a prim, found " +
                                                         describe(*token));
            auto prim = parsePrim("", 1);
            if (!prim)
                return prim.error();
            if (auto unique = checkUniqueChild(layer.prims, names, *prim); !unique)
                return unique.error();
            layer.prims.push_back(std::move(*prim));
        }
        return layer;
    }

private:
    static bool isSpecifier(const Token& token) {
        return token.isWord("def") || token.isWord("over") || token.isWord("class");
    }

    static std::string describe(const Token& token) {
        switch (token.kind) {
        case Token::Kind::End:
            return "the end of the file";
        case Token::Kind::String:
            return "the string \"" + token.text.substr(0, 40) + "\"";
        case Token::Kind::Asset:
            return "the asset path @" + token.text.substr(0, 40) + "@";
        case Token::Kind::Path:
            return "the path <" + token.text.substr(0, 40) + ">";
        default:
            return "'" + token.text.substr(0, 40) + "'";
        }
    }

    Error errorAt(const TextPlace& place, const std::string& message) const {
        return m_lexer.errorAt(place, message);
    }

    Result<void> checkDepth(std::size_t depth, const TextPlace& place) const {
        if (depth > m_limits.maxDepth)
            return errorAt(place, "nesting deeper than " + std::to_string(m_limits.maxDepth) +
                                      " levels (prims, values and blocks together)");
        return {};
    }

    Result<void> countValues(std::size_t count, const TextPlace& place) {
        m_values += count;
        if (m_values > m_limits.maxValues)
            return errorAt(place, "the layer holds more than " +
                                      std::to_string(m_limits.maxValues) +
                                      " values (a limit against hostile files)");
        return {};
    }

    Result<Token> expectPunct(char c, const std::string& what) {
        auto token = m_lexer.next();
        if (!token)
            return token.error();
        if (!token->is(c))
            return errorAt(token->place, "expected '" + std::string(1, c) + "' " + what +
                                             ", found " + describe(*token));
        return token;
    }

    Result<Token> expectIdentifier(const std::string& what) {
        auto token = m_lexer.next();
        if (!token)
            return token.error();
        if (token->kind != Token::Kind::Identifier)
            return errorAt(token->place, "expected " + what + ", found " + describe(*token));
        return token;
    }

    // Names already used in one scope (a map, so a scope with many prims stays linear).
    using UsdaNameIndex = std::unordered_map<std::string, std::size_t>;

    Result<void> checkUniqueChild(const std::vector<Prim>& siblings, UsdaNameIndex& names,
                                  const Prim& prim) const {
        const auto [at, added] = names.emplace(prim.name, siblings.size());
        if (!added)
            return errorAt(prim.place, "a second prim named \"" + prim.name +
                                           "\" in the same scope (the first is at " +
                                           placeText(siblings[at->second].place) + ")");
        return {};
    }

    // def|over|class [Type] "name" [( metadata )] { body }
    Result<Prim> parsePrim(const std::string& parentPath, std::size_t depth) {
        auto specifier = m_lexer.next();
        if (!specifier)
            return specifier.error();
        if (auto deep = checkDepth(depth, specifier->place); !deep)
            return deep.error();
        Prim prim;
        prim.place = specifier->place;
        prim.specifier = specifier->text == "def"    ? Prim::Specifier::Def
                         : specifier->text == "over" ? Prim::Specifier::Over
                                                     : Prim::Specifier::Class;
        auto token = m_lexer.next();
        if (!token)
            return token.error();
        if (token->kind == Token::Kind::Identifier) {
            prim.typeName = token->text;
            token = m_lexer.next();
            if (!token)
                return token.error();
        }
        if (token->kind != Token::Kind::String)
            return errorAt(token->place, "expected the prim's name as a quoted string, found " +
                                             describe(*token));
        if (token->text.empty())
            return errorAt(token->place, "a prim name cannot be empty");
        prim.name = token->text;
        prim.path = parentPath + "/" + prim.name;
        auto peeked = m_lexer.peek();
        if (!peeked)
            return peeked.error();
        if (peeked->is('(')) {
            m_lexer.skip();
            if (auto read = parseMetadataBlock(prim.metadata, depth + 1); !read)
                return read.error();
        }
        if (auto body = parsePrimBody(prim, depth); !body)
            return body.error();
        return prim;
    }

    Result<void> parsePrimBody(Prim& prim, std::size_t depth) {
        auto open = expectPunct('{', "to open the body of prim \"" + prim.name + "\"");
        if (!open)
            return open.error();
        UsdaNameIndex childNames;
        UsdaNameIndex propertyNames;
        while (true) {
            auto token = m_lexer.peek();
            if (!token)
                return token.error();
            if (token->kind == Token::Kind::End)
                return errorAt(open->place, "the body of prim \"" + prim.name +
                                                "\" opened here is never closed with '}'");
            if (token->is('}')) {
                m_lexer.skip();
                return {};
            }
            if (token->is(';')) {
                m_lexer.skip();
                continue;
            }
            if (isSpecifier(*token)) {
                auto child = parsePrim(prim.path, depth + 1);
                if (!child)
                    return child.error();
                if (auto unique = checkUniqueChild(prim.children, childNames, *child); !unique)
                    return unique.error();
                prim.children.push_back(std::move(*child));
                continue;
            }
            if (token->isWord("variantSet")) {
                if (auto skipped = skipVariantSet(prim, depth); !skipped)
                    return skipped.error();
                continue;
            }
            if (auto property = parseProperty(prim, propertyNames, depth); !property)
                return property.error();
        }
    }

    // variantSet "set" = { "variant" [( metadata )] { body } ... }: read to stay in step,
    // then dropped with a warning (variants are not supported).
    Result<void> skipVariantSet(const Prim& prim, std::size_t depth) {
        auto keyword = m_lexer.next();
        if (!keyword)
            return keyword.error();
        auto name = m_lexer.next();
        if (!name)
            return name.error();
        if (name->kind != Token::Kind::String)
            return errorAt(name->place, "expected the variant set's name as a quoted string, "
                                        "found " +
                                            describe(*name));
        if (auto equals = expectPunct('=', "after the variant set's name"); !equals)
            return equals.error();
        if (auto open = expectPunct('{', "to open the variant set"); !open)
            return open.error();
        while (true) {
            auto token = m_lexer.next();
            if (!token)
                return token.error();
            if (token->is('}'))
                break;
            if (token->kind != Token::Kind::String)
                return errorAt(token->place, "expected a variant name as a quoted string, found " +
                                                 describe(*token));
            Prim scratch;
            scratch.name = token->text;
            scratch.path = prim.path + "{" + name->text + "=" + token->text + "}";
            auto peeked = m_lexer.peek();
            if (!peeked)
                return peeked.error();
            if (peeked->is('(')) {
                m_lexer.skip();
                if (auto read = parseMetadataBlock(scratch.metadata, depth + 1); !read)
                    return read.error();
            }
            if (auto body = parsePrimBody(scratch, depth + 1); !body)
                return body.error();
        }
        m_warnings.push_back(usdWarning(
            "usd.variants", keyword->place,
            "variant set \"" + name->text + "\" of prim " + prim.path +
                " is not read (variants are not supported): only the prim's own opinions are "
                "imported"));
        return {};
    }

    Result<void> parseProperty(Prim& prim, UsdaNameIndex& propertyNames, std::size_t depth) {
        auto first = m_lexer.next();
        if (!first)
            return first.error();
        const TextPlace place = first->place;
        if (first->kind != Token::Kind::Identifier)
            return errorAt(place, "expected a property, a prim or '}' in the body of prim \"" +
                                      prim.name + "\", found " + describe(*first));
        Property property;
        property.place = place;
        Token word = std::move(*first);
        auto take = [&]() -> Result<void> {
            auto next = expectIdentifier("a property type or name");
            if (!next)
                return next.error();
            word = std::move(*next);
            return {};
        };
        if (usdaListOpWord(word.text)) {
            property.listOp = word.text;
            if (auto read = take(); !read)
                return read.error();
            if (property.listOp == "reorder" &&
                (word.text == "nameChildren" || word.text == "properties")) {
                // reorder nameChildren = [...]: child order only; read and ignore.
                if (auto equals = expectPunct('=', "after 'reorder " + word.text + "'"); !equals)
                    return equals.error();
                auto value = parseValue(depth + 1, false);
                return value ? Result<void>() : Result<void>(value.error());
            }
        }
        if (word.text == "custom") {
            property.custom = true;
            if (auto read = take(); !read)
                return read.error();
        }
        if (word.text == "uniform" || word.text == "config" || word.text == "varying") {
            property.uniform = word.text == "uniform";
            if (auto read = take(); !read)
                return read.error();
        }
        if (word.text == "rel") {
            property.relationship = true;
            property.typeName = "rel";
        } else {
            if (!property.listOp.empty())
                return errorAt(place, "a list op ('" + property.listOp +
                                          "') applies to relationships, not to attribute '" +
                                          word.text + "'");
            property.typeName = word.text;
            auto bracket = m_lexer.peek();
            if (!bracket)
                return bracket.error();
            if (bracket->is('[')) {
                m_lexer.skip();
                if (auto close = expectPunct(']', "after '[' in an array type"); !close)
                    return close.error();
                property.array = true;
            }
        }
        auto name =
            expectIdentifier("the property's name after its type '" + property.typeName + "'");
        if (!name)
            return name.error();
        property.name = name->text;
        auto after = m_lexer.peek();
        if (!after)
            return after.error();
        if (after->is('.')) {
            m_lexer.skip();
            auto field = expectIdentifier("timeSamples or connect after '" + property.name + ".'");
            if (!field)
                return field.error();
            if (field->text == "timeSamples") {
                if (auto equals = expectPunct('=', "after '.timeSamples'"); !equals)
                    return equals.error();
                if (auto samples = parseTimeSamples(property, depth + 1); !samples)
                    return samples.error();
            } else if (field->text == "connect") {
                if (auto equals = expectPunct('=', "after '.connect'"); !equals)
                    return equals.error();
                auto value = parseValue(depth + 1, false);
                if (!value)
                    return value.error();
                property.connect = std::move(*value);
            } else if (field->text == "default") {
                if (auto equals = expectPunct('=', "after '.default'"); !equals)
                    return equals.error();
                auto value = parseValue(depth + 1, false);
                if (!value)
                    return value.error();
                property.value = std::move(*value);
            } else {
                return errorAt(field->place, "'" + property.name + "." + field->text +
                                                 "' is not supported (timeSamples, connect and "
                                                 "default are)");
            }
        } else if (after->is('=')) {
            m_lexer.skip();
            auto value = parseValue(depth + 1, false);
            if (!value)
                return value.error();
            property.value = std::move(*value);
        }
        auto metadata = m_lexer.peek();
        if (!metadata)
            return metadata.error();
        if (metadata->is('(')) {
            m_lexer.skip();
            if (auto read = parseMetadataBlock(property.metadata, depth + 1); !read)
                return read.error();
        }
        if (!property.relationship && !usdaKnownValueType(property.typeName)) {
            m_warnings.push_back(usdWarning("usd.type.unknown", place,
                                            "property '" + property.name + "' of prim " +
                                                prim.path + " has the unknown type '" +
                                                property.fullTypeName() + "'; skipped"));
            return {};
        }
        addProperty(prim, propertyNames, std::move(property));
        return {};
    }

    // A property authored twice in one prim: the later opinion wins (usdskel.md §12.4), field
    // by field, so `x = …` and `x.timeSamples = {…}` coexist.
    void addProperty(Prim& prim, UsdaNameIndex& propertyNames, Property property) {
        const auto [at, added] = propertyNames.emplace(property.name, prim.properties.size());
        if (added) {
            prim.properties.push_back(std::move(property));
            return;
        }
        Property* existing = &prim.properties[at->second];
        if (existing->relationship != property.relationship ||
            existing->fullTypeName() != property.fullTypeName()) {
            m_warnings.push_back(
                usdWarning("usd.property.retyped", property.place,
                           "property '" + property.name + "' of prim " + prim.path +
                               " is declared again with another type (" + property.fullTypeName() +
                               ", first " + existing->fullTypeName() + " at " +
                               placeText(existing->place) + "); the last declaration wins"));
            *existing = std::move(property);
            return;
        }
        if (property.value)
            existing->value = std::move(property.value);
        if (property.hasTimeSamples) {
            existing->hasTimeSamples = true;
            existing->timeSamples = std::move(property.timeSamples);
        }
        if (property.connect)
            existing->connect = std::move(property.connect);
        for (auto& entry : property.metadata)
            existing->metadata.push_back(std::move(entry));
        existing->uniform = property.uniform;
        existing->listOp = property.listOp;
        existing->place = property.place;
    }

    // { time: value, ... }
    Result<void> parseTimeSamples(Property& property, std::size_t depth) {
        auto open = expectPunct('{', "to open the time samples");
        if (!open)
            return open.error();
        if (auto deep = checkDepth(depth, open->place); !deep)
            return deep.error();
        property.hasTimeSamples = true;
        property.timeSamples.clear();
        while (true) {
            auto token = m_lexer.next();
            if (!token)
                return token.error();
            if (token->is('}'))
                return {};
            if (token->is(',') || token->is(';'))
                continue;
            if (token->kind == Token::Kind::End)
                return errorAt(open->place, "the time samples opened here are never closed");
            if (token->kind != Token::Kind::Number)
                return errorAt(token->place,
                               "expected a time code (a number), found " + describe(*token));
            const double time = token->number;
            if (auto colon = expectPunct(':', "after the time code"); !colon)
                return colon.error();
            auto value = parseValue(depth + 1, false);
            if (!value)
                return value.error();
            property.timeSamples.emplace_back(time, std::move(*value));
        }
    }

    // ( entries ): `key = value`, `listop key = value`, a bare "comment" string; separated by
    // newlines or ';'.
    Result<void> parseMetadataBlock(Metadata& metadata, std::size_t depth) {
        const TextPlace open = m_lexer.here();
        if (auto deep = checkDepth(depth, open); !deep)
            return deep.error();
        while (true) {
            auto token = m_lexer.next();
            if (!token)
                return token.error();
            if (token->is(')'))
                return {};
            if (token->is(';') || token->is(','))
                continue;
            if (token->kind == Token::Kind::End)
                return errorAt(token->place, "a metadata block '(' is never closed with ')'");
            MetadataEntry entry;
            entry.place = token->place;
            if (token->kind == Token::Kind::String) {
                entry.key = "comment";
                entry.value.kind = Value::Kind::String;
                entry.value.text = token->text;
                entry.value.place = token->place;
                metadata.push_back(std::move(entry));
                continue;
            }
            if (token->kind != Token::Kind::Identifier)
                return errorAt(token->place, "expected a metadata name, found " + describe(*token));
            if (usdaListOpWord(token->text)) {
                entry.listOp = token->text;
                token = expectIdentifier("a metadata name after '" + entry.listOp + "'");
                if (!token)
                    return token.error();
            }
            entry.key = token->text;
            if (auto equals = expectPunct('=', "after metadata '" + entry.key + "'"); !equals)
                return equals.error();
            auto value = parseValue(depth + 1, true);
            if (!value)
                return value.error();
            entry.value = std::move(*value);
            metadata.push_back(std::move(entry));
        }
    }

    Result<Value> parseValue(std::size_t depth, bool inMetadata) {
        auto token = m_lexer.next();
        if (!token)
            return token.error();
        if (auto deep = checkDepth(depth, token->place); !deep)
            return deep.error();
        if (auto counted = countValues(1, token->place); !counted)
            return counted.error();
        Value value;
        value.place = token->place;
        switch (token->kind) {
        case Token::Kind::Number:
            value.kind = Value::Kind::Number;
            value.number = token->number;
            return value;
        case Token::Kind::String:
            value.kind = Value::Kind::String;
            value.text = std::move(token->text);
            return value;
        case Token::Kind::Identifier:
            if (token->text == "None") {
                value.kind = Value::Kind::None;
            } else if (token->text == "inf" || token->text == "nan") {
                value.kind = Value::Kind::Number;
                value.number = token->text == "inf" ? std::numeric_limits<double>::infinity()
                                                    : std::numeric_limits<double>::quiet_NaN();
            } else {
                value.kind = Value::Kind::Identifier;
                value.text = std::move(token->text);
            }
            return value;
        case Token::Kind::Asset:
        case Token::Kind::Path: {
            value.kind = token->kind == Token::Kind::Asset ? Value::Kind::Asset : Value::Kind::Path;
            value.text = std::move(token->text);
            if (value.kind == Value::Kind::Asset) {
                auto path = m_lexer.peek();
                if (!path)
                    return path.error();
                if (path->kind == Token::Kind::Path) {
                    value.path = path->text;
                    m_lexer.skip();
                }
            }
            if (inMetadata) {
                // A layer offset after a reference or sublayer: (offset = 10; scale = 2).
                auto offset = m_lexer.peek();
                if (!offset)
                    return offset.error();
                if (offset->is('(')) {
                    m_lexer.skip();
                    Metadata ignored;
                    if (auto read = parseMetadataBlock(ignored, depth + 1); !read)
                        return read.error();
                }
            }
            return value;
        }
        case Token::Kind::Punct:
            if (token->punct == '(' || token->punct == '[')
                return parseSequence(std::move(value), token->punct, depth, inMetadata);
            if (token->punct == '{')
                return parseDictionary(std::move(value), depth);
            break;
        case Token::Kind::End:
            break;
        }
        return errorAt(token->place, "expected a value, found " + describe(*token));
    }

    // ( … ) or [ … ], packing numbers as they come.
    Result<Value> parseSequence(Value value, char open, std::size_t depth, bool inMetadata) {
        const char close = open == '(' ? ')' : ']';
        value.kind = open == '(' ? Value::Kind::Tuple : Value::Kind::List;
        bool packable = true;
        std::size_t width = 0;
        std::size_t elements = 0;
        auto unpack = [&]() {
            std::vector<Value> items;
            for (std::size_t e = 0; e < elements; ++e) {
                Value item;
                item.place = value.place;
                if (width == 1 && value.kind == Value::Kind::List) {
                    item.kind = Value::Kind::Number;
                    item.number = value.numbers[e];
                } else if (value.kind == Value::Kind::Tuple) {
                    item.kind = Value::Kind::Number;
                    item.number = value.numbers[e];
                } else {
                    item.kind = Value::Kind::Tuple;
                    item.packed = true;
                    item.width = width;
                    item.numbers.assign(
                        value.numbers.begin() + static_cast<std::ptrdiff_t>(e * width),
                        value.numbers.begin() + static_cast<std::ptrdiff_t>((e + 1) * width));
                }
                items.push_back(std::move(item));
            }
            value.items = std::move(items);
            value.numbers.clear();
            packable = false;
        };
        while (true) {
            auto token = m_lexer.peek();
            if (!token)
                return token.error();
            if (token->is(close)) {
                m_lexer.skip();
                break;
            }
            if (token->kind == Token::Kind::End)
                return errorAt(value.place, std::string("'") + open +
                                                "' opened here is never closed with '" + close +
                                                "'");
            if (elements > 0 || !value.items.empty()) {
                if (!token->is(','))
                    return errorAt(token->place, std::string("expected ',' or '") + close +
                                                     "', found " + describe(*token));
                m_lexer.skip();
                auto trailing = m_lexer.peek();
                if (!trailing)
                    return trailing.error();
                if (trailing->is(close)) {
                    m_lexer.skip();
                    break;
                }
            }
            auto item = parseValue(depth + 1, inMetadata);
            if (!item)
                return item.error();
            if (packable) {
                std::size_t itemWidth = 0;
                const double* numbers = nullptr;
                if (item->kind == Value::Kind::Number) {
                    itemWidth = 1;
                    numbers = &item->number;
                } else if (value.kind == Value::Kind::List && item->kind == Value::Kind::Tuple &&
                           item->packed && item->numbers.size() > 0) {
                    itemWidth = item->numbers.size();
                    numbers = item->numbers.data();
                }
                const bool fits =
                    numbers != nullptr &&
                    (value.kind == Value::Kind::Tuple ? itemWidth == 1
                                                      : (elements == 0 || itemWidth == width));
                if (fits) {
                    if (value.kind == Value::Kind::List)
                        width = itemWidth;
                    value.numbers.insert(value.numbers.end(), numbers, numbers + itemWidth);
                    ++elements;
                    continue;
                }
                unpack();
            }
            value.items.push_back(std::move(*item));
        }
        if (packable) {
            value.packed = true;
            value.width = value.kind == Value::Kind::Tuple ? value.numbers.size() : width;
            if (auto counted = countValues(value.numbers.size(), value.place); !counted)
                return counted.error();
        }
        return value;
    }

    // { type key = value ... } (dictionary metadata: customData, variants, ...)
    Result<Value> parseDictionary(Value value, std::size_t depth) {
        value.kind = Value::Kind::Dictionary;
        while (true) {
            auto token = m_lexer.next();
            if (!token)
                return token.error();
            if (token->is('}'))
                return value;
            if (token->is(';') || token->is(','))
                continue;
            if (token->kind == Token::Kind::End)
                return errorAt(value.place, "'{' opened here is never closed with '}'");
            if (token->kind != Token::Kind::Identifier)
                return errorAt(token->place,
                               "expected a dictionary entry's type, found " + describe(*token));
            auto key = m_lexer.next();
            if (!key)
                return key.error();
            if (key->is('[')) {
                if (auto close = expectPunct(']', "after '[' in an array type"); !close)
                    return close.error();
                key = m_lexer.next();
                if (!key)
                    return key.error();
            }
            if (key->kind != Token::Kind::Identifier && key->kind != Token::Kind::String)
                return errorAt(key->place, "expected a dictionary key, found " + describe(*key));
            if (auto equals = expectPunct('=', "after dictionary key '" + key->text + "'"); !equals)
                return equals.error();
            auto entry = parseValue(depth + 1, true);
            if (!entry)
                return entry.error();
            value.keys.push_back(key->text);
            value.items.push_back(std::move(*entry));
        }
    }

    UsdaLexer m_lexer;
    const UsdLimits& m_limits;
    Diagnostics& m_warnings;
    std::size_t m_values = 0;
};

} // namespace

Result<Layer> parseUsdaLayer(std::string_view text, const std::string& sourceName,
                             const UsdLimits& limits, Diagnostics& warnings) {
    auto at = [&](const std::string& message) {
        return Error(sourceName + ":1:1: " + message);
    };
    if (text.substr(0, 8) == "PXR-USDC")
        return at("a binary USD crate file (.usdc); HyperRig reads text .usda only: convert it "
                  "with `usdcat in.usdc -o out.usda` first");
    if (text.substr(0, 4) == std::string_view("PK\x03\x04", 4))
        return at("a USDZ package (a zip archive); HyperRig reads text .usda only: unpack it and "
                  "open the .usda inside (or convert its .usdc with usdcat)");
    if (text.size() > limits.maxFileBytes)
        return at("the file is larger than " + std::to_string(limits.maxFileBytes) + " bytes");
    if (text.substr(0, 5) != "#usda")
        return at("not a .usda file: the first line must be \"#usda 1.0\"");
    const auto lineEnd = text.find('\n');
    std::string_view header = text.substr(0, lineEnd);
    while (!header.empty() && (header.back() == '\r' || header.back() == ' '))
        header.remove_suffix(1);
    if (header != "#usda 1.0")
        warnings.push_back(usdWarning("usd.version", {1, 1},
                                      "the header is \"" + std::string(header.substr(0, 40)) +
                                          "\", not \"#usda 1.0\"; read as version 1.0"));
    // .usda text is UTF-8 (identifiers too, since USD 24.03). Other bytes would reach the kept
    // JSON, which cannot hold them; the fuzzer found them in a metadata name.
    if (const auto bad = firstInvalidUtf8(text)) {
        const TextPosition position = textPositionAt(text, *bad);
        constexpr std::string_view kHex = "0123456789ABCDEF";
        const auto value = static_cast<unsigned char>(text[*bad]);
        return Error(sourceName + ":" + std::to_string(position.line) + ":" +
                     std::to_string(position.column) + ": byte 0x" + kHex[value >> 4U] +
                     kHex[value & 0xFU] + " is not UTF-8 here; .usda text is UTF-8");
    }
    UsdaParser parser(text, sourceName, limits, warnings);
    return parser.parseLayer();
}

} // namespace hyperrig::core::io::usd
