#pragma once

#include "core/io/g4mf/DataPacker.h"
#include "core/io/g4mf/G4mfWriter.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace hyperrig::core::io::detail {

using model::OrderedJson;

// State of one save: ids to the file indices this save gives them, the data packer, the
// top-level lights/models/files arrays being rebuilt, and warnings.
struct WriteContext {
    const model::Document& document;
    const WriteOptions& options;
    DataPacker packer;
    std::unordered_map<model::NodeId, std::size_t> nodeIndex;
    std::unordered_map<model::MeshId, std::size_t> meshIndex;
    std::unordered_map<model::ShapeId, std::size_t> shapeIndex;
    OrderedJson lights; // classic saves: the lights array nodes index
    OrderedJson models; // classic saves: the models array
    OrderedJson files;  // current saves: the files array
    bool usesBindPoses = false;
    bool usesBlendInbetweens = false;
    std::vector<std::string> warnings;
};

// A JSON number for a double: integral values within ±2^53 are written as integers, so
// "position": [0, 1.4, 0, 0] reads back and saves the same way.
OrderedJson number(double value);
OrderedJson numbers(const std::vector<double>& values);

// Index of `entry` in `array`, appending it when no equal entry exists.
std::size_t findOrAppend(OrderedJson& array, const OrderedJson& entry);

OrderedJson nodeJson(WriteContext& context, const model::Node& node);

// mesh.blend (BlendWriter.cpp): queue the accessors, then write the JSON with their indices
// (sets usesBlendInbetweens when a shape has in-betweens).
std::vector<std::size_t> queueBlend(WriteContext& context, const model::BlendShapes& blend);
OrderedJson blendJson(WriteContext& context, const model::BlendShapes& blend,
                      const std::vector<std::size_t>& tickets);

} // namespace hyperrig::core::io::detail
