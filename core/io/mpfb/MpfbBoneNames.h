#pragma once

#include <string>
#include <string_view>

namespace hyperrig::core::io {

// The G4MF spelling of an MPFB bone name: every character G4MF forbids in names
// (model/NameRules.h: `.`, `:`, `#`, `/`, ..., control characters) becomes '_', so "upperarm.L"
// is "upperarm_L" and "mixamorig:Hips" is "mixamorig_Hips". Many names map to one, so the
// importer keeps the MPFB name in the bone's extras (MpfbExtras.h) and makes clashes unique;
// the exporter writes the kept name back while the node still carries the name the importer gave
// it (mpfbNameOfNode), and the node's own name once the user renamed it.
std::string g4mfNameForMpfbBone(std::string_view mpfbName);

// The MPFB name to export for a node called `nodeName` whose extras kept `keptMpfbName` ("" when
// none) and that the importer named `importedName`: the kept name while the node is still
// called what the importer called it, else the node's current name.
std::string mpfbNameOfNode(std::string_view nodeName, std::string_view keptMpfbName,
                           std::string_view importedName);

} // namespace hyperrig::core::io
