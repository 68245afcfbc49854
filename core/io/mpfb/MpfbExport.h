#pragma once

#include "core/base/Result.h"
#include "core/io/mpfb/MpfbBaseMesh.h"
#include "core/model/Document.h"

#include <filesystem>
#include <string>
#include <vector>

namespace hyperrig::core::io {

struct MpfbExportOptions {
    // When given, a moved bone end gets the strategy MPFB's matcher would pick on this mesh
    // (mpfb.md §7.2, MpfbStrategyMatch.h: joint cube, vertex or pair of vertices); otherwise,
    // and when nothing matches, "DEFAULT" with the position in default_position.
    const MpfbBaseMesh* baseMesh = nullptr;
};

struct MpfbExport {
    std::string text;                      // the rig file's bytes
    std::vector<std::string> changedBones; // MPFB names of bones written from the document
};

// Writes the first skeleton of `document` (the one an MPFB import made, when there is one) as an
// MPFB rig definition, byte for byte as MPFB's serializer does (PythonJson.h, mpfb.md §7-§8):
// sorted keys, indent 4, the container and version the rig was read with, a trailing newline when
// the source had one.
//
// A bone whose rest head, tail and roll still match what the import placed (within 1e-6 m and
// 1e-6 rad) is written exactly as read. A moved bone keeps everything but what moved: a moved end
// is re-derived (MpfbExportOptions::baseMesh), a changed roll is written rounded to 5 decimals
// (0.0 for bones whose roll_strategy aligns to a world axis, which MPFB recomputes). Parents come
// from the node tree; names from the bone's extras while the node keeps its imported name
// (MpfbBoneNames.h). Bones made in HyperRig get MPFB's defaults.
//
// Fails when the document has no skeleton, or a bone's transform cannot be evaluated.
Result<MpfbExport> exportMpfbRig(const model::Document& document,
                                 const MpfbExportOptions& options = {});

// exportMpfbRig, then an atomic write (core/base/AtomicFile.h): never a half-written file.
Result<MpfbExport> writeMpfbRigFile(const model::Document& document,
                                    const std::filesystem::path& path,
                                    const MpfbExportOptions& options = {});

} // namespace hyperrig::core::io
