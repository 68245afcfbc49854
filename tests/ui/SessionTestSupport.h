#pragma once

// What the ui tests build a session with: skeletons and bones through the session's commands
// (so they are undoable steps, as a user's would be), and the bundled samples.

#include "core/edit/commands/NodeCommands.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/model/Document.h"
#include "ui/session/EditorSession.h"

#include <QString>

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <utility>

namespace hyperrig::test {

// A skeleton node under the document root, added as one command.
inline core::model::NodeId addSkeleton(ui::EditorSession& session, const std::string& name) {
    core::model::Node prototype;
    prototype.name = name;
    // A null extra would come back from a save as {}: start as the reader gives it.
    core::model::Skeleton skeleton;
    skeleton.extra = core::model::OrderedJson::object();
    prototype.component = std::move(skeleton);
    core::model::NodeId created;
    const core::model::NodeId root = session.document().root();
    REQUIRE(session.execute(core::edit::createNode(root, 0, std::move(prototype), &created)).ok());
    return created;
}

// A bone of length 0.5 under `parent` (a skeleton or a bone), added as one command.
inline core::model::NodeId addBone(ui::EditorSession& session, core::model::NodeId parent,
                                   const std::string& name) {
    core::model::NodeId created;
    REQUIRE(session.execute(core::edit::addBone(parent, name, std::nullopt, 0.5, &created)).ok());
    return created;
}

// A bundled sample's path (assets/samples/NAME).
inline QString sampleFile(const char* name) {
    return QStringLiteral(HYPERRIG_SOURCE_DIR "/assets/samples/") + QString::fromLatin1(name);
}

// The 4D creature as read from disk, to prove an edit left no trace.
inline core::model::Document creatureFromDisk() {
    auto read = core::io::readG4mf(sampleFile("creature-4d.g4tf").toStdString());
    REQUIRE(read.ok());
    return std::move(read->document);
}

} // namespace hyperrig::test
