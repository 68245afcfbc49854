#pragma once

namespace hyperrig::core::io::mpfb_extras {

// Where an imported MPFB rig keeps what G4MF has no place for, so that export writes the rig
// back unchanged (docs/interop-mpfb.md, decision 0030). Everything lives under the node's
// `extras.mpfb` object.
//
// Skeleton node:
//   container        "bare" or "wrapped"
//   header           the file's top-level object without "bones", as read (version, rigify_ui,
//                    scale_factor, collections, extra_bones, unknown keys)
//   trailingNewline  whether the file ended with "\n"
//   collections      the rig's bone collections after the 100 -> 110 upgrade (informative)
// Bone node:
//   name             the MPFB bone name ("upperarm.L")
//   importedAs       the G4MF name the importer gave the node ("upperarm_L")
//   bone             the bone's object as read: strategies, roll, flags, constraints, rigify ...
//   placed           {head, tail, roll} in Blender armature space (metres, radians) as placed on
//                    the base mesh; export compares the node against it to tell a moved bone

inline constexpr const char* kExtras = "extras";
inline constexpr const char* kMpfb = "mpfb";
inline constexpr const char* kContainer = "container";
inline constexpr const char* kHeader = "header";
inline constexpr const char* kTrailingNewline = "trailingNewline";
inline constexpr const char* kCollections = "collections";
inline constexpr const char* kName = "name";
inline constexpr const char* kImportedAs = "importedAs";
inline constexpr const char* kBone = "bone";
inline constexpr const char* kPlaced = "placed";

} // namespace hyperrig::core::io::mpfb_extras
