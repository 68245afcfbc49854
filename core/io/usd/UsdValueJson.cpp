#include "core/io/usd/UsdValueJson.h"

#include <cmath>
#include <sstream>

namespace hyperrig::core::io::usd {
namespace {

model::OrderedJson usdNumberJson(double number) {
    if (std::isnan(number))
        return "nan";
    if (std::isinf(number))
        return number > 0 ? "inf" : "-inf";
    return number;
}

std::string usdTimeKey(double time) {
    std::ostringstream text;
    text.precision(17);
    text << time;
    return text.str();
}

} // namespace

model::OrderedJson usdValueJson(const Value& value) {
    switch (value.kind) {
    case Value::Kind::None:
        return nullptr;
    case Value::Kind::Number:
        return usdNumberJson(value.number);
    case Value::Kind::String:
    case Value::Kind::Identifier:
        return value.text;
    case Value::Kind::Asset:
        return "@" + value.text + "@" + (value.path.empty() ? "" : "<" + value.path + ">");
    case Value::Kind::Path:
        return "<" + value.text + ">";
    case Value::Kind::Dictionary: {
        model::OrderedJson object = model::OrderedJson::object();
        for (std::size_t i = 0; i < value.items.size() && i < value.keys.size(); ++i)
            object[value.keys[i]] = usdValueJson(value.items[i]);
        return object;
    }
    case Value::Kind::Tuple:
    case Value::Kind::List:
        break;
    }
    model::OrderedJson array = model::OrderedJson::array();
    if (!value.packed) {
        for (const auto& item : value.items)
            array.push_back(usdValueJson(item));
        return array;
    }
    if (value.kind == Value::Kind::Tuple || value.width <= 1) {
        for (double number : value.numbers)
            array.push_back(usdNumberJson(number));
        return array;
    }
    for (std::size_t at = 0; at + value.width <= value.numbers.size(); at += value.width) {
        model::OrderedJson element = model::OrderedJson::array();
        for (std::size_t c = 0; c < value.width; ++c)
            element.push_back(usdNumberJson(value.numbers[at + c]));
        array.push_back(std::move(element));
    }
    return array;
}

model::OrderedJson usdMetadataJson(const Metadata& metadata) {
    model::OrderedJson object = model::OrderedJson::object();
    for (const auto& entry : metadata) {
        if (entry.listOp.empty())
            object[entry.key] = usdValueJson(entry.value);
        else
            object[entry.key] = {{"listOp", entry.listOp}, {"value", usdValueJson(entry.value)}};
    }
    return object;
}

model::OrderedJson usdPropertyJson(const Property& property) {
    model::OrderedJson json = model::OrderedJson::object();
    json["type"] = property.fullTypeName();
    if (property.uniform)
        json["uniform"] = true;
    if (property.custom)
        json["custom"] = true;
    if (!property.listOp.empty())
        json["listOp"] = property.listOp;
    if (property.value)
        json["value"] = usdValueJson(*property.value);
    if (property.hasTimeSamples) {
        model::OrderedJson samples = model::OrderedJson::object();
        for (const auto& [time, sample] : property.timeSamples)
            samples[usdTimeKey(time)] = usdValueJson(sample);
        json["timeSamples"] = std::move(samples);
    }
    if (property.connect)
        json["connect"] = usdValueJson(*property.connect);
    if (!property.metadata.empty())
        json["metadata"] = usdMetadataJson(property.metadata);
    return json;
}

} // namespace hyperrig::core::io::usd
