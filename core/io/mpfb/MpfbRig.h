#pragma once

#include "core/base/Result.h"
#include "core/model/Json.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::core::io {

// The container a rig file used (mpfb.md §1): a bare bone dictionary (implicitly version 100), or
// an object with "bones" and "version" (100 or 110).
enum class MpfbContainer { Bare, Wrapped };

struct MpfbRigBone {
    std::string name;
    model::OrderedJson asRead;   // the bone's object exactly as in the file, key order kept
    model::OrderedJson upgraded; // the same bone in version 110 (mpfb.md §3); == asRead for v110
};

// A rig definition file, checked and upgraded in memory, with everything needed to write it back
// as it was: the container, the version read, the header as read, bone order, and whether the
// file ended with a newline (three shipped files do).
struct MpfbRig {
    MpfbContainer container = MpfbContainer::Wrapped;
    int sourceVersion = 110;
    model::OrderedJson headerAsRead = model::OrderedJson::object();   // without "bones"
    model::OrderedJson headerUpgraded = model::OrderedJson::object(); // v110, without "bones"
    std::vector<MpfbRigBone> bones;                                   // in file order
    bool trailingNewline = false;

    // `header.scale_factor` when present and non-zero.
    std::optional<double> scaleFactor() const;
};

// Parses and checks a rig file. Errors say what and where: "<sourceName>: line 3, column 5: ..."
// for malformed JSON, "<sourceName>: /bones/Root/head/strategy: ..." (an RFC 6901 pointer into
// the file) for a missing key, a wrong type, an unknown strategy, a parent that is not a bone, a
// parent cycle, a version other than 100 or 110, a MakeHuman .mhskel ("joints"), a sub-rig
// (is_subrig true: needs a parent rig, which HyperRig does not load).
//
// What is checked is what placement and export need (mpfb.md §2, required per-bone keys and the
// bone-end strategy data); everything else is kept as JSON without interpretation.
Result<MpfbRig> parseMpfbRig(std::string_view text, std::string_view sourceName);

// The bone-end strategies placement understands (mpfb.md §4.2); "DEFAULT" means "only
// default_position".
bool isKnownMpfbStrategy(std::string_view strategy);

} // namespace hyperrig::core::io
