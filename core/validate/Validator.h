#pragma once

#include "core/base/Diagnostic.h"
#include "core/io/g4mf/G4mfFile.h"

namespace hyperrig::core::validate {

// Checks a loaded G4MF file against every MUST / MUST NOT of the node and skeleton pages of the
// spec revision in shared/spec/, the name, index and data rules of g4mf.md, and HyperRig's own
// extension HYPERRIG_skeleton_bind_poses; SHOULDs and likely mistakes come out as warnings.
// Both property generations are accepted (classic mesh/light/model integers and current
// meshInstance/light/modelInstance objects; componentType or primitiveType; simplexes or cells).
//
// The result starts with file.loadDiagnostics, then one diagnostic per finding, each with a
// stable rule id (docs/validation.md lists them all), an RFC 6901 pointer to the most specific
// offending value, and a message naming the items and values involved. Large data problems are
// aggregated (one diagnostic per skin and rule, naming the first few vertices and a count).
//
// Never throws and never reads out of bounds, whatever the JSON holds: wrong types anywhere,
// huge or negative numbers, floats for indices, cycles, self-children, chains deeper than the
// stack. Should a rule still fail internally, the diagnostics found so far are returned followed
// by one "validator.internal" error.
Diagnostics validateG4mf(const io::G4mfFile& file);

// True when no diagnostic is an error.
bool hasNoErrors(const Diagnostics& diagnostics);

} // namespace hyperrig::core::validate
