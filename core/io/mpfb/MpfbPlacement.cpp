#include "core/io/mpfb/MpfbPlacement.h"

#include "core/io/mpfb/BlenderBoneFrame.h"

#include <cfloat>
#include <glm/geometric.hpp>
#include <map>
#include <optional>

namespace hyperrig::core::io {
namespace {

using model::OrderedJson;

// Three numbers its caller already checked (MpfbRig.cpp for the ends' positions and offsets,
// strategyRoll for roll_reference_z), so no test here.
glm::dvec3 checkedVector3(const OrderedJson& json) {
    return {json[0].get<double>(), json[1].get<double>(), json[2].get<double>()};
}

class EndPlacer {
public:
    EndPlacer(const MpfbBaseMesh& mesh, std::string_view sourceName, double relativeScale,
              Diagnostics& warnings)
        : m_mesh(mesh), m_source(sourceName), m_relativeScale(relativeScale), m_warnings(warnings) {
    }

    Result<glm::dvec3> place(const OrderedJson& end, const std::string& pointer) {
        auto strategyPosition = evaluate(end, pointer);
        if (!strategyPosition)
            return strategyPosition.error();
        if (!*strategyPosition)
            return checkedVector3(end["default_position"]);
        glm::dvec3 position = **strategyPosition;
        if (const auto offset = end.find("offset"); offset != end.end())
            position += checkedVector3(*offset) * m_relativeScale;
        return position;
    }

private:
    Result<glm::dvec3> vertex(const OrderedJson& index, const std::string& pointer) const {
        const auto value = index.get<std::uint64_t>();
        if (value >= m_mesh.vertices.size())
            return Error(std::string(m_source) + ": " + pointer + ": vertex " +
                         std::to_string(value) + " is past the base mesh's " +
                         std::to_string(m_mesh.vertices.size()) + " vertices");
        return m_mesh.vertices[value];
    }

    // The strategy's position, or nullopt when it yields none (mpfb.md §4.2).
    Result<std::optional<glm::dvec3>> evaluate(const OrderedJson& end, const std::string& pointer) {
        const std::string& strategy = end["strategy"].get_ref<const std::string&>();
        if (strategy == "CUBE") {
            const std::string& cube = end["cube_name"].get_ref<const std::string&>();
            const auto found = m_mesh.jointCentres.find(cube);
            if (found == m_mesh.jointCentres.end()) {
                m_warnings.push_back(
                    {Diagnostic::Severity::Warning, "mpfb.cube.missing",
                     appendPointer(pointer, "cube_name"),
                     "the base mesh has no joint cube \"" + cube + "\"; default_position is used"});
                return std::optional<glm::dvec3>();
            }
            return std::optional(found->second);
        }
        if (strategy == "VERTEX") {
            auto v = vertex(end["vertex_index"], appendPointer(pointer, "vertex_index"));
            if (!v)
                return v.error();
            return std::optional(*v);
        }
        if (strategy == "MEAN" || strategy == "XYZ") {
            const OrderedJson& indices = end["vertex_indices"];
            const std::string listPointer = appendPointer(pointer, "vertex_indices");
            std::vector<glm::dvec3> points;
            for (std::size_t i = 0; i < indices.size(); ++i) {
                auto v = vertex(indices[i], appendPointer(listPointer, i));
                if (!v)
                    return v.error();
                points.push_back(*v);
            }
            if (strategy == "XYZ")
                return std::optional(glm::dvec3(points[0].x, points[1].y, points[2].z));
            glm::dvec3 sum(0.0);
            for (const glm::dvec3& p : points)
                sum += p;
            return std::optional(sum / static_cast<double>(points.size()));
        }
        return std::optional<glm::dvec3>(); // DEFAULT
    }

    const MpfbBaseMesh& m_mesh;
    std::string_view m_source;
    double m_relativeScale;
    Diagnostics& m_warnings;
};

// The roll a bone's roll_strategy gives with its final ends (mpfb.md §6.2); `stored` otherwise.
double strategyRoll(const OrderedJson& bone, const PlacedBone& placed) {
    const double stored = placed.roll;
    const std::string strategy = bone.value("roll_strategy", std::string());
    const glm::dvec3 along = placed.tail - placed.head;
    if (strategy.empty() || glm::length(along) == 0.0)
        return stored;
    const glm::dvec3 y = glm::normalize(along);
    const BlenderBoneFrame zero = zeroRollFrame(y);
    const glm::dvec3 worldX(1.0, 0.0, 0.0);
    const glm::dvec3 worldZ(0.0, 0.0, 1.0);
    if (strategy == "ALIGN_Z_WORLD_Z") {
        // x' = y × Z (horizontal), and the Z that completes (x', y): x' × y, the world-up
        // direction made perpendicular to the bone.
        const glm::dvec3 side = glm::cross(y, worldZ);
        if (glm::length(side) == 0.0)
            return 0.0;
        return rollTowards(zero, glm::cross(glm::normalize(side), y));
    }
    if (strategy == "ALIGN_X_WORLD_X") {
        // Z = X × y is perpendicular to world X, so the bone's X lies as close to world X as the
        // bone allows.
        const glm::dvec3 target = glm::cross(worldX, y);
        if (glm::length(target) == 0.0)
            return 0.0;
        return rollTowards(zero, glm::normalize(target));
    }
    // ALIGN_Z_REFERENCE_Z: the stored reference, made perpendicular to the bone. Without a usable
    // reference MPFB keeps the stored roll (a missing one it derives from that roll, same result).
    const auto reference = bone.find("roll_reference_z");
    if (reference == bone.end() || !reference->is_array() || reference->size() != 3 ||
        !(*reference)[0].is_number() || !(*reference)[1].is_number() ||
        !(*reference)[2].is_number())
        return stored;
    glm::dvec3 ref = checkedVector3(*reference);
    if (glm::length(ref) <= 1e-6)
        return stored;
    ref = glm::normalize(ref);
    constexpr double kFloatEpsilon = static_cast<double>(FLT_EPSILON); // Blender works in float
    if (glm::length(along) <= kFloatEpsilon || std::abs(glm::dot(ref, y)) >= 1.0 - kFloatEpsilon)
        return 0.0;
    return rollTowards(zero, ref - glm::dot(ref, y) * y);
}

} // namespace

Result<MpfbPlacement> placeMpfbBones(const MpfbRig& rig, const MpfbBaseMesh& mesh,
                                     std::string_view sourceName) {
    MpfbPlacement placement;
    const std::optional<double> headerScale = rig.scaleFactor();
    const double relativeScale = headerScale ? kMpfbBodyScaleFactorProperty / *headerScale : 1.0;
    EndPlacer placer(mesh, sourceName, relativeScale, placement.warnings);
    const std::string bonesPointer = rig.container == MpfbContainer::Bare ? "" : "/bones";

    std::map<std::string, std::size_t, std::less<>> indexOf;
    for (const MpfbRigBone& bone : rig.bones) {
        const std::string pointer = appendPointer(bonesPointer, bone.name);
        auto head = placer.place(bone.asRead["head"], appendPointer(pointer, "head"));
        if (!head)
            return head.error();
        auto tail = placer.place(bone.asRead["tail"], appendPointer(pointer, "tail"));
        if (!tail)
            return tail.error();
        indexOf.emplace(bone.name, placement.bones.size());
        placement.bones.push_back({*head, *tail, bone.asRead["roll"].get<double>()});
    }
    // Blender moves a connected bone's head onto its parent's tail.
    for (std::size_t i = 0; i < rig.bones.size(); ++i) {
        const OrderedJson& bone = rig.bones[i].asRead;
        const std::string& parent = bone["parent"].get_ref<const std::string&>();
        if (bone["use_connect"].get<bool>() && !parent.empty())
            placement.bones[i].head = placement.bones[indexOf.at(parent)].tail;
    }
    for (std::size_t i = 0; i < rig.bones.size(); ++i) {
        PlacedBone& placed = placement.bones[i];
        placed.roll = strategyRoll(rig.bones[i].asRead, placed);
        if (glm::length(placed.tail - placed.head) == 0.0)
            placement.warnings.push_back(
                {Diagnostic::Severity::Warning, "mpfb.bone.zero-length",
                 appendPointer(bonesPointer, rig.bones[i].name),
                 "head and tail coincide on this mesh (Blender would delete the bone)"});
    }
    return placement;
}

} // namespace hyperrig::core::io
