#pragma once

#include "core/base/Result.h"
#include "core/model/Document.h"

#include <string>
#include <string_view>

namespace hyperrig::core::model {

// G4MF name rules (g4mf.md §1): these characters are forbidden, as are control characters (C0,
// DEL and C1, tab and newline included). Names end up in paths, URIs and animation targets.
inline constexpr std::string_view kForbiddenNamePunctuation = "\"#*.:|?@<>{}[]/\\%";

// The first forbidden character of `name`, spelled for a message ("'.'", "U+0009 (a control
// character)"), or "" when the name is allowed.
std::string firstForbiddenNameCharacter(std::string_view name);

// Whether `name` may be given to an item of `document`: allowed characters and not used by any
// other item (names are file-unique across nodes, meshes, shapes and the items kept as read, see
// Document::nameInUse). The empty name is always allowed (unnamed items may repeat). The except*
// item is the one being renamed.
Result<void> checkNewName(const Document& document, std::string_view name, NodeId exceptNode = {},
                          MeshId exceptMesh = {}, ShapeId exceptShape = {});

// `name` with every forbidden character (the punctuation above, C0 and DEL, and C1 controls as
// UTF-8) replaced by '_': an allowed G4MF name for a name read from another format (glTF, USD,
// MPFB). Other bytes are kept as they are.
std::string allowedName(std::string_view name);

// `base` if unused, else `base` followed by the smallest number >= 2 that makes it unused
// ("LeftArm" -> "LeftArm2"). Used where an operation must invent a name (duplicate).
std::string uniqueName(const Document& document, std::string_view base);

} // namespace hyperrig::core::model
