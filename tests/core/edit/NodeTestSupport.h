#pragma once

#include "core/edit/History.h"
#include "core/model/Document.h"
#include "tests/core/io/g4mf/G4mfTestSupport.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hyperrig::test {

// A 4D rig in G4MF text for the node command tests:
//   Scene ── Rig (skeleton, joints [Hips, Spine, Head, none], one TPose bind pose)
//   │        ├── Hips (bone 0.2) ── Spine (bone 0.3, rotor) ── Head (bone 0.25, mass 4, shape)
//   │        │                   └─ Tail (bone without length)
//   │        └── Attachment ── Orphan (bone, broken chain)
//   ├── Prop (position)
//   └── Lamp (basis with shear)
// Shapes: HeadCapsule. The bind pose entries are distinct so moves of slots are visible.
extern const char* const kNodeRig;

// A document under edit through History, with a second, never edited load of the same text to
// compare with ("the document as loaded").
class NodeEditFixture {
public:
    explicit NodeEditFixture(const std::string& text = kNodeRig);
    // A document built in code; there is no reference load.
    explicit NodeEditFixture(core::model::Document document);
    static NodeEditFixture fromSample(const std::string& relativePath);

    NodeEditFixture(const NodeEditFixture&) = delete;
    NodeEditFixture& operator=(const NodeEditFixture&) = delete;

    core::model::Document& document() { return m_document; }
    core::edit::History& history() { return m_history; }
    // The ChangeSets History reported, oldest first.
    const std::vector<core::edit::ChangeSet>& changes() const { return m_changes; }
    // The node called `name` (REQUIREs that there is one).
    core::model::NodeId node(std::string_view name) const;

    core::Result<void> execute(std::unique_ptr<core::edit::Command> command);

    // The "undo and redo" check every editing test ends with. Executes `command` through History
    // and requires: success; undo gives the document as loaded (DocumentEquality against the
    // reference load, the same saved bytes, the same nodes with the same ids in memory); redo
    // gives exactly the state after the first apply (saved bytes and nodes in memory).
    // Contract: called on an unedited fixture built from text.
    void requireUndoRedo(std::unique_ptr<core::edit::Command> command);

    // Requires that History refuses `command` with exactly `message`, leaving the document
    // (saved bytes and nodes in memory) and the undo stack unchanged.
    void requireRefused(std::unique_ptr<core::edit::Command> command, const std::string& message);

private:
    core::model::Document m_document;
    std::optional<core::model::Document> m_reference;
    core::edit::History m_history{m_document};
    std::vector<core::edit::ChangeSet> m_changes;
};

// Every node in document order, copied: ids, names, tree links, transforms, components.
std::vector<core::model::Node> nodeSnapshot(const core::model::Document& document);
// The first difference between two snapshots, or nullopt when they are the same.
std::optional<std::string> snapshotDifference(const std::vector<core::model::Node>& a,
                                              const std::vector<core::model::Node>& b);

} // namespace hyperrig::test
