#include "tests/fuzz/FuzzExercise.h"

#include "core/base/ThreadPool.h"
#include "core/edit/History.h"
#include "core/edit/script/ScriptFile.h"
#include "core/edit/script/ScriptRunner.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/PoseFile.h"
#include "core/eval/RigEvaluation.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/io/gltf/GltfExport.h"
#include "core/io/gltf/GltfImport.h"
#include "core/io/mpfb/MpfbExport.h"
#include "core/io/mpfb/MpfbImport.h"
#include "core/io/mpfb/MpfbSkin.h"
#include "core/io/mpfb/MpfbWeights.h"
#include "core/io/obj/ObjReader.h"
#include "core/io/usd/UsdExport.h"
#include "core/io/usd/UsdImport.h"
#include "core/ops/PoseAsRest.h"
#include "core/ops/influence/InfluenceScriptOps.h"
#include "core/validate/Validator.h"

#include <chrono>
#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace hyperrig::fuzz {
namespace {

using namespace hyperrig::core;

// Small enough that a claimed 8 GiB buffer is refused at once instead of allocated.
io::ReadOptions fuzzReadOptions() {
    io::ReadOptions options;
    options.limits.maxFileBytes = std::size_t{64} << 20;
    options.limits.maxBufferBytes = std::size_t{64} << 20;
    return options;
}

// A folder that does not exist: a relative uri cannot read anything, and one that climbs out is
// still refused as it would be anywhere.
const std::filesystem::path kNoFolder = "/nonexistent/hyperrig-fuzz";

std::string_view textOf(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Writes `document` every way a save can and reads each result back.
void writeEveryWay(const model::Document& document) {
    for (const auto container : {io::G4mfContainer::Text, io::G4mfContainer::Binary})
        for (const auto schema : {io::G4mfSchema::Classic, io::G4mfSchema::Current}) {
            io::WriteOptions options;
            options.schema = schema;
            options.zstd = container == io::G4mfContainer::Binary;
            auto encoded = io::encodeG4mf(document, container, options);
            if (!encoded)
                continue;
            auto file = io::parseG4mfBytes(encoded->file, kNoFolder, fuzzReadOptions());
            if (file)
                (void)io::readDocument(*file);
        }
}

int exerciseG4mf(const std::uint8_t* data, std::size_t size) {
    const auto bytes = std::as_bytes(std::span(data, size));
    auto file = io::parseG4mfBytes(bytes, kNoFolder, fuzzReadOptions());
    if (!file)
        return 0;
    (void)validate::validateG4mf(*file);
    auto read = io::readDocument(*file);
    if (read)
        writeEveryWay(read->document);
    return 0;
}

// A fresh copy of the sample scripts and poses act on (documents do not copy; the file is read
// once and parsed per input, which takes microseconds).
model::Document freshSample() {
    static const io::G4mfFile file = [] {
        auto loaded = io::loadG4mfFile(std::filesystem::path(HYPERRIG_SOURCE_DIR) /
                                       "assets/samples/tiny-4d-mesh.g4tf");
        HYPERRIG_ASSERT(loaded.ok());
        return std::move(*loaded);
    }();
    auto read = io::readDocument(file);
    HYPERRIG_ASSERT(read.ok());
    return std::move(read->document);
}

// A tiny stand-in for the MakeHuman base mesh: four vertices and one joint cube, so rig inputs
// can name vertices 0..3 and "joint-a" and everything else is past the mesh.
const io::ObjMesh& tinyObj() {
    static const io::ObjMesh obj = [] {
        auto parsed = io::parseObj("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3 4\n", "tiny.obj");
        HYPERRIG_ASSERT(parsed.ok());
        return std::move(*parsed);
    }();
    return obj;
}

const io::MpfbBaseMesh& tinyBaseMesh() {
    static const io::MpfbBaseMesh mesh = io::mpfbBaseMesh(tinyObj(), {{"joint-a", {{0, 3}}}});
    return mesh;
}

// A two-bone rig ("a.L" on the joint cube, "DEF-b" on vertex 3) for the per-vertex files to act
// on: weights name its bones (with and without DEF-), vertex groups move its cube.
const io::MpfbRig& tinyRig() {
    static const io::MpfbRig rig = [] {
        auto parsed = io::parseMpfbRig(R"({"bones": {
            "a.L": {"head": {"strategy": "CUBE", "cube_name": "joint-a", "default_position": [0, 0, 0]},
                    "tail": {"strategy": "VERTEX", "vertex_index": 1, "default_position": [0, 0, 1]},
                    "roll": 0, "parent": "", "use_connect": false, "use_inherit_rotation": true,
                    "use_local_location": true, "inherit_scale": "FULL", "rigify": {}},
            "DEF-b": {"head": {"strategy": "VERTEX", "vertex_index": 1, "default_position": [0, 0, 1]},
                      "tail": {"strategy": "VERTEX", "vertex_index": 3, "default_position": [0, 0, 2]},
                      "roll": 0, "parent": "a.L", "use_connect": true, "use_inherit_rotation": true,
                      "use_local_location": true, "inherit_scale": "FULL", "rigify": {}}},
            "version": 110, "is_subrig": false})",
                                       "tiny-rig.json");
        HYPERRIG_ASSERT(parsed.ok());
        return std::move(*parsed);
    }();
    return rig;
}

// The document as a .g4tf save in the current schema spells it: equal spellings mean equal saved
// content. The classic schema would not do: it leaves out mesh-instance materials, blend amounts
// and model-instance overrides (with a warning), so a refused edit that changed one would pass.
std::vector<std::byte> textSpelling(const model::Document& document) {
    io::WriteOptions options;
    options.schema = io::G4mfSchema::Current;
    auto encoded = io::encodeG4mf(document, io::G4mfContainer::Text, options);
    HYPERRIG_ASSERT(encoded.ok() && encoded->warnings.empty());
    return std::move(encoded->file);
}

} // namespace

int exerciseG4tf(const std::uint8_t* data, std::size_t size) {
    return exerciseG4mf(data, size);
}

int exerciseG4b(const std::uint8_t* data, std::size_t size) {
    return exerciseG4mf(data, size);
}

int exerciseScript(const std::uint8_t* data, std::size_t size) {
    auto script = edit::parseScriptText(textOf(data, size));
    if (!script)
        return 0;
    model::Document document = freshSample();
    // As `hyperrig-cli edit` does: every op its own undo step.
    auto now = std::chrono::steady_clock::time_point{};
    edit::History history(document, [&now] { return now += std::chrono::hours(1); });
    std::size_t changes = 0;
    history.addListener([&changes](const edit::ChangeSet&) { ++changes; });
    (void)edit::runScript(history, *script, ops::fullScriptOpCatalog());
    if (changes == 0) {
        // No command op succeeded (the first one was refused, the ops are not an array, only
        // history ops ran, ...): a refused edit changes nothing, so the document must still
        // write byte for byte as the sample does. Writing the unchanged sample every way again
        // would only repeat earlier executions at four encodes and four reads each; skipping it
        // made this target about a third faster (140 -> 187 executions/s over the same 1,500
        // inputs).
        static const std::vector<std::byte> sample = textSpelling(freshSample());
        HYPERRIG_ASSERT(textSpelling(document) == sample);
        return 0;
    }
    writeEveryWay(document);
    return 0;
}

int exercisePose(const std::uint8_t* data, std::size_t size) {
    model::Document document = freshSample();
    auto rig = eval::CompiledRig::compile(document);
    HYPERRIG_ASSERT(rig.ok());
    auto pose = eval::parsePoseJson(textOf(data, size), document, *rig);
    if (!pose)
        return 0;
    eval::EvaluatedRig evaluated;
    (void)eval::evaluateRig(document, *rig, *pose, base::ThreadPool::shared(), evaluated);
    auto command = ops::poseAsRestCommand(document, *rig, *pose);
    if (!command)
        return 0;
    edit::History history(document);
    if (history.execute(std::move(*command)))
        writeEveryWay(document);
    return 0;
}

int exerciseObj(const std::uint8_t* data, std::size_t size) {
    io::ObjLimits limits;
    limits.maxVertices = 1 << 16;
    limits.maxTriangles = 1 << 16;
    (void)io::parseObj(textOf(data, size), "fuzz.obj", limits);
    return 0;
}

int exerciseMpfbRig(const std::uint8_t* data, std::size_t size) {
    auto rig = io::parseMpfbRig(textOf(data, size), "fuzz.json");
    if (!rig)
        return 0;
    auto imported = io::importMpfbRig(*rig, tinyBaseMesh(), "fuzz", "fuzz.json");
    if (!imported)
        return 0;
    io::MpfbExportOptions options;
    options.baseMesh = &tinyBaseMesh();
    auto exported = io::exportMpfbRig(imported->document, options);
    if (exported)
        (void)io::parseMpfbRig(exported->text, "exported.json");
    writeEveryWay(imported->document);
    return 0;
}

namespace {

// An MPFB document written every G4MF way, then exported to MPFB against `mesh` (the strategy
// matcher's base mesh).
void writeAndExportAgainst(const model::Document& document, const io::MpfbBaseMesh& mesh) {
    writeEveryWay(document);
    io::MpfbExportOptions options;
    options.baseMesh = &mesh;
    (void)io::exportMpfbRig(document, options);
}

} // namespace

int exerciseMpfbVertexFiles(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = textOf(data, size);
    const std::size_t vertexCount = tinyObj().positions.size();
    // As weights.<rig>.json: the stand-in mesh skinned to the two-bone rig, as `convert --weights`
    // does, then written every way and exported back to MPFB.
    if (auto weights = io::parseMpfbWeights(text, "fuzz.json", vertexCount)) {
        auto imported = io::importMpfbRig(tinyRig(), tinyBaseMesh(), "fuzz", "tiny-rig.json");
        HYPERRIG_ASSERT(imported.ok());
        io::addMpfbSkinnedBody(*imported, tinyObj(), *weights);
        writeAndExportAgainst(imported->document, tinyBaseMesh());
    }
    // As basemesh_vertex_groups.json: the base mesh it describes (joint-cube centres, the ground
    // lift from "body"), the rig placed on it and exported against it, so the strategy matcher
    // meets the file's cubes.
    if (auto groups = io::parseMpfbVertexGroups(text, "fuzz.json", vertexCount)) {
        const io::MpfbBaseMesh mesh = io::mpfbBaseMesh(tinyObj(), *groups);
        auto imported = io::importMpfbRig(tinyRig(), mesh, "fuzz", "tiny-rig.json");
        if (imported)
            writeAndExportAgainst(imported->document, mesh);
    }
    return 0;
}

int exerciseGltf(const std::uint8_t* data, std::size_t size) {
    io::GltfReadOptions options;
    options.limits.maxFileBytes = std::size_t{64} << 20;
    options.limits.maxElements = std::size_t{1} << 20;
    const auto bytes = std::as_bytes(std::span(data, size));
    auto file = io::parseGltfBytes(bytes, "fuzz.glb", kNoFolder, options);
    if (!file)
        return 0;
    auto imported = io::importGltf(*file, options.limits);
    if (!imported)
        return 0;
    writeEveryWay(imported->document);
    for (const auto weights : {io::gltf::WeightFormat::Float, io::gltf::WeightFormat::Unorm8}) {
        io::GltfExportOptions exportOptions;
        exportOptions.weights = weights;
        exportOptions.binary = weights == io::gltf::WeightFormat::Unorm8;
        auto exported = io::encodeGltf(imported->document, exportOptions);
        if (!exported)
            continue;
        auto again = io::parseGltfBytes(exported->file, "exported.glb", kNoFolder, options);
        HYPERRIG_ASSERT(again.ok()); // what we write, we read
        HYPERRIG_ASSERT(io::importGltf(*again, options.limits).ok());
    }
    return 0;
}

int exerciseUsda(const std::uint8_t* data, std::size_t size) {
    io::UsdLimits limits;
    limits.maxFileBytes = std::size_t{16} << 20;
    limits.maxDepth = 32;
    limits.maxValues = std::size_t{1} << 20;
    limits.maxPrims = std::size_t{1} << 16;
    auto imported = io::importUsda(textOf(data, size), "fuzz.usda", limits);
    if (!imported)
        return 0;
    writeEveryWay(imported->document);
    // What we write, we read: the .usda writer's text imports again.
    auto exported = io::encodeUsda(imported->document);
    if (exported) {
        auto again = io::importUsda(exported->text, "exported.usda", limits);
        HYPERRIG_ASSERT(again.ok());
    }
    return 0;
}

const std::vector<Target>& targets() {
    static const std::vector<Target> list{{"g4tf", &exerciseG4tf},
                                          {"g4b", &exerciseG4b},
                                          {"script", &exerciseScript},
                                          {"pose", &exercisePose},
                                          {"obj", &exerciseObj},
                                          {"mpfb", &exerciseMpfbRig},
                                          {"mpfb-vertex", &exerciseMpfbVertexFiles},
                                          {"gltf", &exerciseGltf},
                                          {"usda", &exerciseUsda}};
    return list;
}

std::filesystem::path corpusFolder(std::string_view target) {
    return std::filesystem::path(HYPERRIG_SOURCE_DIR) / "tests/fuzz/corpus" / target;
}

} // namespace hyperrig::fuzz
