#include "tests/core/edit/NodeTestSupport.h"

#include "core/io/g4mf/G4mfWriter.h"
#include "core/model/DocumentEquality.h"
#include "tests/core/io/g4mf/G4mfTestSupport.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

namespace hyperrig::test {

using namespace hyperrig::core;

const char* const kNodeRig = R"({
    "asset": {"dimension": 4, "extensionsUsed": ["HYPERRIG_skeleton_bind_poses"]},
    "nodes": [
        {"name": "Scene", "children": [1, 7, 8]},
        {"name": "Rig", "skeleton": {"joints": [2, 3, 4, -1], "extensions": {
            "HYPERRIG_skeleton_bind_poses": {"poses": [{"poseType": "TPose", "bindPoses": [
                {"position": [0, 1, 0, 0], "basis": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]},
                {"position": [0, 1.2, 0, 0], "basis": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]},
                {"position": [0, 1.5, 0, 0], "basis": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]},
                {"position": [0, 0, 0, 0], "basis": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]}
            ]}]}}},
         "children": [2, 6]},
        {"name": "Hips", "bone": {"length": 0.2}, "position": [0, 1, 0, 0], "children": [3, 5]},
        {"name": "Spine", "bone": {"length": 0.3}, "position": [0, 0.2, 0, 0],
         "rotor": [0.9659258, 0, 0, 0, 0, 0.258819, 0], "children": [4]},
        {"name": "Head", "bone": {"length": 0.25, "mass": 4, "shape": 0},
         "position": [0, 0.3, 0, 0],
         "rotor": [0.4829629, 0, 0, -0.8365163, 0.1294095, 0, 0, -0.2241439]},
        {"name": "Tail", "bone": {}, "position": [0, 0, -0.1, 0]},
        {"name": "Attachment", "position": [0.1, 0, 0, 0], "children": [9]},
        {"name": "Prop", "position": [1, 0, 0, 0]},
        {"name": "Lamp", "basis": [1,0,0,0, 0.5,1,0,0, 0,0,1,0, 0,0,0,1]},
        {"name": "Orphan", "bone": {}}
    ],
    "shapes": [{"name": "HeadCapsule", "type": "general", "size": [0, 0.2, 0, 0]}]
})";

namespace {

model::Document load(const std::string& text) {
    auto read = readText(text);
    INFO((read.ok() ? std::string() : read.error().message()));
    REQUIRE(read.ok());
    return std::move(read->document);
}

std::string fileText(const std::string& relativePath) {
    std::ifstream file(sourcePath(relativePath), std::ios::binary);
    REQUIRE(file.good());
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

} // namespace

NodeEditFixture::NodeEditFixture(const std::string& text)
    : m_document(load(text)), m_reference(load(text)) {
    m_history.addListener([this](const edit::ChangeSet& changes) { m_changes.push_back(changes); });
}

NodeEditFixture::NodeEditFixture(model::Document document) : m_document(std::move(document)) {
    m_history.addListener([this](const edit::ChangeSet& changes) { m_changes.push_back(changes); });
}

NodeEditFixture NodeEditFixture::fromSample(const std::string& relativePath) {
    return NodeEditFixture(fileText(relativePath));
}

model::NodeId NodeEditFixture::node(std::string_view name) const {
    const model::NodeId id = m_document.findNode(name);
    INFO("node " << name);
    REQUIRE(id);
    return id;
}

Result<void> NodeEditFixture::execute(std::unique_ptr<edit::Command> command) {
    return m_history.execute(std::move(command));
}

void NodeEditFixture::requireUndoRedo(std::unique_ptr<edit::Command> command) {
    REQUIRE(m_reference);
    REQUIRE(model::firstDifference(m_document, *m_reference) == std::nullopt);
    const std::string beforeText = savedText(m_document);
    const auto beforeNodes = nodeSnapshot(m_document);

    auto applied = m_history.execute(std::move(command));
    INFO((applied.ok() ? std::string() : applied.error().message()));
    REQUIRE(applied.ok());
    const std::string afterText = savedText(m_document);
    const auto afterNodes = nodeSnapshot(m_document);
    CHECK(afterText != beforeText);

    m_history.undo();
    CHECK(model::firstDifference(m_document, *m_reference) == std::nullopt);
    CHECK(savedText(m_document) == beforeText);
    CHECK(snapshotDifference(nodeSnapshot(m_document), beforeNodes) == std::nullopt);

    m_history.redo();
    CHECK(savedText(m_document) == afterText);
    CHECK(snapshotDifference(nodeSnapshot(m_document), afterNodes) == std::nullopt);
}

void NodeEditFixture::requireRefused(std::unique_ptr<edit::Command> command,
                                     const std::string& message) {
    const std::string beforeText = savedText(m_document);
    const auto beforeNodes = nodeSnapshot(m_document);
    const std::size_t undoCount = m_history.undoCount();
    const std::size_t reported = m_changes.size();

    auto applied = m_history.execute(std::move(command));
    REQUIRE_FALSE(applied.ok());
    CHECK(applied.error().message() == message);
    CHECK(savedText(m_document) == beforeText);
    CHECK(snapshotDifference(nodeSnapshot(m_document), beforeNodes) == std::nullopt);
    CHECK(m_history.undoCount() == undoCount);
    CHECK(m_changes.size() == reported);
}

std::vector<model::Node> nodeSnapshot(const model::Document& document) {
    std::vector<model::Node> nodes;
    for (model::NodeId id : document.nodes.order())
        nodes.push_back(document.node(id));
    return nodes;
}

std::optional<std::string> snapshotDifference(const std::vector<model::Node>& a,
                                              const std::vector<model::Node>& b) {
    if (a.size() != b.size())
        return "node count " + std::to_string(a.size()) + " versus " + std::to_string(b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        const model::Node& x = a[i];
        const model::Node& y = b[i];
        const std::string at = "node " + std::to_string(i) + ": ";
        if (x.id != y.id)
            return at + "id " + std::to_string(x.id.value) + " versus " +
                   std::to_string(y.id.value);
        if (x.name != y.name)
            return at + "name";
        if (x.parent != y.parent || x.children != y.children)
            return at + "tree links";
        if (!(x.transform == y.transform))
            return at + "transform";
        if (x.visible != y.visible)
            return at + "visible";
        if (!(x.component == y.component))
            return at + "component";
        if (x.extra != y.extra)
            return at + "unknown properties";
    }
    return std::nullopt;
}

} // namespace hyperrig::test
