#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

namespace hyperrig::fuzz {

// One function per input kind, doing with one input what HyperRig does with a file from
// anywhere. They are the bodies of the regression-corpus test (tests/fuzz/CorpusTests.cpp) and
// of later libFuzzer harnesses (LLVMFuzzerTestOneInput calls them unchanged), so they return 0
// as libFuzzer wants. Bad input is expected and fine; the findings are what escapes: an
// exception, a contract violation (abort), a sanitizer report.
//
// - g4tf / g4b: load (relative buffer uris resolve in a folder that does not exist, so nothing
//   outside the input is read), validate, read the document, and when that succeeds write it in
//   both containers and both schemas and read each result back.
// - script: the input is an edit script (docs/scripting.md) run on the tiny-4d-mesh sample with
//   every op of the full catalogue, then the result is written.
// - pose: the input is a POSE.json parsed against that sample, evaluated, and applied as the
//   new rest pose through the command `pose --bake` uses, then the result is written.
int exerciseG4tf(const std::uint8_t* data, std::size_t size);
int exerciseG4b(const std::uint8_t* data, std::size_t size);
int exerciseScript(const std::uint8_t* data, std::size_t size);
int exercisePose(const std::uint8_t* data, std::size_t size);
// - obj: the input is an OBJ file, parsed as the base mesh is (smaller limits).
// - mpfb: the input is an MPFB rig definition, placed on a four-vertex stand-in for the base
//   mesh, exported back (with strategy matching), the export parsed again, and the document
//   written every way.
// - mpfb-vertex: the input is one of MPFB's per-vertex files, read both ways: as a
//   weights.<rig>.json, skinning the stand-in mesh to a two-bone rig placed on it (then written
//   every way and exported), and as a basemesh_vertex_groups.json, whose mesh the same rig is
//   placed on (then written every way and exported against that mesh).
int exerciseObj(const std::uint8_t* data, std::size_t size);
int exerciseMpfbRig(const std::uint8_t* data, std::size_t size);
int exerciseMpfbVertexFiles(const std::uint8_t* data, std::size_t size);
// - gltf: the input is a .gltf or .glb (told apart by content), imported (buffers outside data
//   URIs and the GLB chunk cannot be read), written every G4MF way, exported as .gltf (float
//   weights) and .glb (unorm8), and each export imported again, which must succeed.
int exerciseGltf(const std::uint8_t* data, std::size_t size);
// - usda: the input is a .usda layer, parsed, composed and imported as UsdSkel (smaller limits:
//   depth 32, 1 Mi values, 64 Ki prims), then written every G4MF way and read back, and written
//   as .usda, which must import again.
int exerciseUsda(const std::uint8_t* data, std::size_t size);

using Exercise = int (*)(const std::uint8_t* data, std::size_t size);

struct Target {
    std::string_view name; // the folder under tests/fuzz/corpus/
    Exercise exercise;
};

// Every target, in a fixed order.
const std::vector<Target>& targets();

// tests/fuzz/corpus/<target>/ in the source tree.
std::filesystem::path corpusFolder(std::string_view target);

} // namespace hyperrig::fuzz
