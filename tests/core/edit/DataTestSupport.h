#pragma once

#include "core/edit/History.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/model/DocumentEquality.h"
#include "tests/core/io/g4mf/G4mfTestSupport.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <string>

namespace hyperrig::test {

inline core::model::Document loadSample(const std::string& name) {
    auto read = core::io::readG4mf(sourcePath("assets/samples/" + name));
    REQUIRE(read.ok());
    return std::move(read->document);
}

inline core::model::MeshId meshNamed(const core::model::Document& document,
                                     const std::string& name) {
    for (core::model::MeshId id : document.meshes.order())
        if (document.mesh(id).name == name)
            return id;
    FAIL("no mesh named " << name);
    return {};
}

inline core::model::NodeId nodeNamed(const core::model::Document& document,
                                     const std::string& name) {
    const core::model::NodeId id = document.findNode(name);
    REQUIRE(id);
    return id;
}

// A sample loaded twice: `document` to edit through `history`, `pristine` to compare with, and
// the bytes a save of the unedited document writes. The history's clock moves `clockStep` on
// every reading, so merging is deterministic: the default step is past the merge window (one undo
// step per command); a test of merging sets it to 0.
struct EditFixture {
    explicit EditFixture(const std::string& sample)
        : document(loadSample(sample)), pristine(loadSample(sample)),
          pristineBytes(savedText(document)) {}

    core::model::Document document;
    core::model::Document pristine;
    std::string pristineBytes;
    std::chrono::steady_clock::time_point now{};
    std::chrono::milliseconds clockStep{10'000};
    core::edit::History history{document, [this] {
                                    return now += clockStep;
                                }};

    core::Result<void> execute(std::unique_ptr<core::edit::Command> command) {
        return history.execute(std::move(command));
    }

    // The document equals the unedited one, as content and as saved bytes.
    void requireUnchanged() const {
        const auto difference = core::model::firstDifference(document, pristine);
        INFO((difference ? *difference : std::string("no difference")));
        REQUIRE_FALSE(difference.has_value());
        REQUIRE(savedText(document) == pristineBytes);
    }

    // The "undo and redo" check every editing test ends with: undoing every step gives the
    // unedited document back, redoing every step gives the edited one again.
    void requireUndoRedo() {
        const std::string after = savedText(document);
        const std::size_t steps = history.undoCount();
        while (history.canUndo())
            history.undo();
        requireUnchanged();
        for (std::size_t i = 0; i < steps; ++i)
            history.redo();
        REQUIRE(savedText(document) == after);
    }
};

} // namespace hyperrig::test
