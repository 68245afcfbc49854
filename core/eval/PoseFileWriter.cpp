#include "core/eval/PoseFileWriter.h"

#include "core/base/AtomicFile.h"
#include "core/math/BasisDecomposition.h"
#include "core/model/Json.h"
#include "core/model/JsonDump.h"

#include <cmath>
#include <cstddef>
#include <span>

namespace hyperrig::core::eval {
namespace {

// How pose files address a bone (model::resolveNode reads it back): its name when that finds it,
// else "#index" in document order.
std::string poseFileAddress(const model::Document& document, model::NodeId bone) {
    const model::Node& node = document.node(bone);
    if (node.name && !node.name->empty() && document.findNode(*node.name) == bone)
        return *node.name;
    return "#" + std::to_string(document.nodes.positionOf(bone));
}

model::OrderedJson numberArray(std::span<const double> values) {
    model::OrderedJson array = model::OrderedJson::array();
    for (double value : values)
        array.push_back(value);
    return array;
}

// The "rotor" (+ "scale") or "basis" of a posed basis, as the pose file reader composes it back:
// basis = R(rotor)·diag(scale).
void writeBasis(model::OrderedJson& entry, const math::BasisN& basis) {
    auto parts = math::Rotor::supportsDimension(basis.dimension())
                     ? math::decomposeBasis(basis)
                     : Result<math::RotorAndScale>(Error("no rotor above 4D"));
    if (!parts) {
        entry["basis"] = numberArray(basis.columnMajor());
        return;
    }
    entry["rotor"] = numberArray(parts->rotor.components());
    bool unit = true;
    for (double scale : parts->scale.values())
        unit = unit && std::abs(scale - 1.0) <= 1e-12;
    if (unit)
        return;
    entry["scale"] = parts->uniformScale ? numberArray(parts->scale.values().first(1))
                                         : numberArray(parts->scale.values());
}

} // namespace

std::string poseFileText(const model::Document& document, const CompiledRig& rig,
                         const Pose& pose) {
    model::OrderedJson bones = model::OrderedJson::object();
    for (model::NodeId node : document.nodes.order()) {
        const auto found = pose.local.find(node);
        if (found == pose.local.end())
            continue;
        const math::AffineN* rest = nullptr;
        for (const CompiledSkeleton& skeleton : rig.skeletons())
            if (const std::int32_t index = skeleton.indexOf(node);
                index != CompiledSkeleton::kNoBone)
                rest = &skeleton.restLocal[static_cast<std::size_t>(index)];
        if (!rest || found->second == *rest)
            continue;
        model::OrderedJson entry = model::OrderedJson::object();
        if (found->second.position() != rest->position())
            entry["position"] = numberArray(found->second.position().values());
        if (found->second.basis() != rest->basis())
            writeBasis(entry, found->second.basis());
        bones[poseFileAddress(document, node)] = std::move(entry);
    }
    model::OrderedJson file = model::OrderedJson::object();
    file["pose"] = std::move(bones);
    return model::jsonText(file, 2) + "\n";
}

Result<void> writePoseFile(const std::filesystem::path& path, const model::Document& document,
                           const CompiledRig& rig, const Pose& pose) {
    const std::string text = poseFileText(document, rig, pose);
    auto written =
        writeFileAtomically(path, std::as_bytes(std::span<const char>(text.data(), text.size())));
    if (!written)
        return written.error().withContext(path.string());
    return {};
}

} // namespace hyperrig::core::eval
