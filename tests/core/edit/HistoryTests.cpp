#include "core/edit/CommandBatch.h"
#include "core/edit/History.h"
#include "core/edit/commands/NodeCommands.h"
#include "tests/support/ThrowingContracts.h"

#include <catch2/catch.hpp>

using namespace hyperrig::core;
using edit::ChangeSet;
using edit::History;
using namespace std::chrono_literals;

namespace {

// A scripted command for History's mechanics: adds `delta` to a counter kept in a node's bone
// length, can be told to refuse, merges with the next FakeAdd when `mergeable`.
class FakeAdd final : public edit::Command {
public:
    FakeAdd(model::NodeId node, double delta, bool mergeable = false, bool refuse = false,
            std::size_t bytes = 64)
        : m_node(node), m_delta(delta), m_mergeable(mergeable), m_refuse(refuse), m_bytes(bytes) {}

    Result<void> apply(model::Document& document, ChangeSet& changes) override {
        if (m_refuse)
            return Error("refused on purpose");
        auto& length = document.node(m_node).bone()->length;
        length = *length + m_delta;
        changes.nodeChanged(m_node, ChangeSet::BoneProperties);
        return {};
    }
    void revert(model::Document& document, ChangeSet& changes) override {
        auto& length = document.node(m_node).bone()->length;
        length = *length - m_delta;
        changes.nodeChanged(m_node, ChangeSet::BoneProperties);
    }
    std::string displayName() const override { return "Add " + std::to_string(m_delta); }
    bool canMerge(const Command& next) const override {
        const auto* other = dynamic_cast<const FakeAdd*>(&next);
        return m_mergeable && other && other->m_mergeable;
    }
    bool tryMerge(const Command& next) override {
        if (!canMerge(next))
            return false;
        m_delta += static_cast<const FakeAdd&>(next).m_delta;
        return true;
    }
    bool isNoOp() const override { return m_delta == 0.0; }
    std::size_t byteSize() const override { return m_bytes; }

private:
    model::NodeId m_node;
    double m_delta;
    bool m_mergeable;
    bool m_refuse;
    std::size_t m_bytes;
};

struct HistoryFixture {
    model::Document document;
    model::NodeId bone;
    std::chrono::steady_clock::time_point now{};
    History history{document, [this] {
                        return now;
                    }};
    std::vector<ChangeSet> seen;

    HistoryFixture() {
        auto node = std::make_unique<model::Node>();
        node->id = document.nodes.allocateId();
        model::Bone value;
        value.length = 0.0;
        node->component = value;
        bone = node->id;
        document.nodes.append(std::move(node));
        history.addListener([this](const ChangeSet& changes) { seen.push_back(changes); });
    }
    double value() const { return *document.node(bone).bone()->length; }
    Result<void> add(double delta, bool mergeable = false, std::size_t bytes = 64) {
        return history.execute(std::make_unique<FakeAdd>(bone, delta, mergeable, false, bytes));
    }
};

} // namespace

TEST_CASE("history undoes and redoes in order and reports every change", "[edit][history]") {
    HistoryFixture f;
    REQUIRE(f.add(1).ok());
    REQUIRE(f.add(10).ok());
    CHECK(f.value() == 11);
    CHECK(f.history.undoName() == "Add 10.000000");
    f.history.undo();
    CHECK(f.value() == 1);
    CHECK(f.history.redoName() == "Add 10.000000");
    f.history.redo();
    CHECK(f.value() == 11);
    CHECK(f.seen.size() == 4);
    CHECK(f.seen.back().fieldsOf(f.bone) == ChangeSet::BoneProperties);

    SECTION("a new command clears the redo stack") {
        f.history.undo();
        REQUIRE(f.add(100).ok());
        CHECK_FALSE(f.history.canRedo());
        CHECK(f.value() == 101);
    }
    SECTION("a refused command changes nothing and reports its error") {
        const auto before = f.seen.size();
        f.history.undo();
        auto refused = f.history.execute(std::make_unique<FakeAdd>(f.bone, 5, false, true));
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().message() == "refused on purpose");
        CHECK(f.value() == 1);
        CHECK(f.history.canRedo()); // the redo stack survives a refusal
        CHECK(f.seen.size() == before + 1);
    }
    SECTION("undo with nothing to undo is a contract violation") {
        f.history.undo();
        f.history.undo();
        CHECK_THROWS_AS(f.history.undo(), hyperrig::test::ContractViolation);
    }
}

TEST_CASE("mergeable commands merge within the window only", "[edit][history]") {
    HistoryFixture f;
    REQUIRE(f.add(1, true).ok());
    f.now += 100ms;
    REQUIRE(f.add(2, true).ok());
    CHECK(f.history.undoCount() == 1);
    CHECK(f.value() == 3);

    SECTION("outside the window a new step starts") {
        f.now += f.history.mergeWindow() + 1ms;
        REQUIRE(f.add(4, true).ok());
        CHECK(f.history.undoCount() == 2);
    }
    SECTION("undoing the merged step undoes both") {
        f.history.undo();
        CHECK(f.value() == 0);
    }
    SECTION("a merge that ends where it began disappears") {
        REQUIRE(f.add(-3, true).ok());
        CHECK(f.history.undoCount() == 0);
        CHECK(f.value() == 0);
    }
    SECTION("no merge across the clean point") {
        f.history.markClean();
        REQUIRE(f.add(5, true).ok());
        CHECK(f.history.undoCount() == 2);
        f.history.undo();
        CHECK_FALSE(f.history.isModified());
    }
    SECTION("no merge after an undo") {
        REQUIRE(f.add(5, false).ok());
        f.history.undo();
        REQUIRE(f.add(7, true).ok());
        CHECK(f.history.undoCount() == 2);
    }
}

TEST_CASE("transactions nest, commit as one step and roll back", "[edit][history]") {
    HistoryFixture f;
    f.history.beginTransaction("Outer");
    REQUIRE(f.add(1).ok());
    f.history.beginTransaction("Inner");
    REQUIRE(f.add(2).ok());
    CHECK(f.value() == 3); // applied immediately, visible to later commands
    CHECK_FALSE(f.history.canUndo());

    SECTION("commit makes one undo step named after the outermost transaction") {
        f.history.commit();
        f.history.commit();
        CHECK(f.history.undoCount() == 1);
        CHECK(f.history.undoName() == "Outer");
        f.history.undo();
        CHECK(f.value() == 0);
        f.history.redo();
        CHECK(f.value() == 3);
    }
    SECTION("rolling back the inner keeps the outer's work") {
        f.history.rollback();
        CHECK(f.value() == 1);
        f.history.commit();
        CHECK(f.history.undoCount() == 1);
        f.history.undo();
        CHECK(f.value() == 0);
    }
    SECTION("rolling back everything leaves no step") {
        f.history.rollback();
        f.history.rollback();
        CHECK(f.value() == 0);
        CHECK(f.history.undoCount() == 0);
    }
    SECTION("an empty transaction leaves no step") {
        f.history.rollback();
        f.history.rollback();
        f.history.beginTransaction("Nothing");
        f.history.commit();
        CHECK(f.history.undoCount() == 0);
    }
}

TEST_CASE("the clean index tracks whether the document differs from the saved one",
          "[edit][history]") {
    HistoryFixture f;
    CHECK_FALSE(f.history.isModified());
    REQUIRE(f.add(1).ok());
    CHECK(f.history.isModified());
    f.history.markClean();
    CHECK_FALSE(f.history.isModified());
    f.history.undo();
    CHECK(f.history.isModified());
    f.history.redo();
    CHECK_FALSE(f.history.isModified());

    SECTION("a new branch after undoing past the save makes the saved state unreachable") {
        f.history.undo();
        REQUIRE(f.add(1).ok()); // same value, but a different history
        CHECK(f.history.isModified());
    }
}

TEST_CASE("a memory cap drops the oldest steps, never the newest", "[edit][history]") {
    HistoryFixture f;
    REQUIRE(f.add(1, false, 100).ok());
    REQUIRE(f.add(2, false, 100).ok());
    REQUIRE(f.add(3, false, 100).ok());
    CHECK(f.history.undoBytes() == 300);
    f.history.setMemoryCap(250);
    CHECK(f.history.undoCount() == 2);
    CHECK(f.history.undoBytes() == 200);
    REQUIRE(f.add(4, false, 1000).ok()); // larger than the cap alone
    CHECK(f.history.undoCount() == 1);
    f.history.undo();
    CHECK(f.value() == 6);
    CHECK_FALSE(f.history.canUndo());
}

TEST_CASE("reset tells views the whole document changed", "[edit][history]") {
    HistoryFixture f;
    REQUIRE(f.add(1).ok());
    f.history.reset();
    CHECK_FALSE(f.history.canUndo());
    CHECK_FALSE(f.history.isModified());
    REQUIRE_FALSE(f.seen.empty());
    CHECK(f.seen.back().documentReplaced);
}

TEST_CASE("the step list names undo and redo steps and where the save was", "[edit][history]") {
    HistoryFixture f;
    CHECK(f.history.undoNames().empty());
    CHECK(f.history.cleanIndex() == std::optional<std::size_t>(0));
    REQUIRE(f.add(1).ok());
    REQUIRE(f.add(2).ok());
    f.history.markClean();
    REQUIRE(f.add(3).ok());
    f.history.undo();
    f.history.undo();
    CHECK(f.history.undoNames() == std::vector<std::string>{"Add 1.000000"});
    // Next redo first.
    CHECK(f.history.redoNames() == std::vector<std::string>{"Add 2.000000", "Add 3.000000"});
    CHECK(f.history.cleanIndex() == std::optional<std::size_t>(2));

    SECTION("steps the memory cap drops are counted, and the save point moves with them") {
        f.history.redo();
        f.history.setMemoryCap(64);
        CHECK(f.history.undoNames() == std::vector<std::string>{"Add 2.000000"});
        CHECK(f.history.droppedSteps() == 1);
        CHECK(f.history.cleanIndex() == std::optional<std::size_t>(1));
        f.history.reset();
        CHECK(f.history.droppedSteps() == 0);
    }
}

TEST_CASE("several commands become one undo step named for them, one keeps its own name",
          "[edit][history]") {
    HistoryFixture f;
    std::vector<std::unique_ptr<edit::Command>> one;
    one.push_back(std::make_unique<FakeAdd>(f.bone, 1));
    REQUIRE(f.history.execute(edit::asOneStep(std::move(one), "Add Twice")).ok());
    CHECK(f.history.undoName() == "Add 1.000000");

    std::vector<std::unique_ptr<edit::Command>> two;
    two.push_back(std::make_unique<FakeAdd>(f.bone, 2));
    two.push_back(std::make_unique<FakeAdd>(f.bone, 3));
    REQUIRE(f.history.execute(edit::asOneStep(std::move(two), "Add Twice")).ok());
    CHECK(f.history.undoName() == "Add Twice");
    CHECK(f.value() == 6);
    f.history.undo();
    CHECK(f.value() == 1);
}

namespace {

// Two FakeAdds as one batch, mergeable as told.
std::unique_ptr<edit::Command> batchOfTwo(model::NodeId bone, double first, double second,
                                          bool secondMergeable = true) {
    std::vector<std::unique_ptr<edit::Command>> parts;
    parts.push_back(std::make_unique<FakeAdd>(bone, first, true));
    parts.push_back(std::make_unique<FakeAdd>(bone, second, secondMergeable));
    return edit::asOneStep(std::move(parts), "Add Both");
}

} // namespace

TEST_CASE("batches of the same edits merge like their parts: all parts or none",
          "[edit][history]") {
    HistoryFixture f;
    REQUIRE(f.history.execute(batchOfTwo(f.bone, 1, 2)).ok());
    REQUIRE(f.history.execute(batchOfTwo(f.bone, 3, 4)).ok());
    CHECK(f.value() == 10);
    CHECK(f.history.undoCount() == 1); // one step: a held arrow over two selected bones
    CHECK(f.history.undoName() == "Add Both");

    SECTION("the merged step undoes and redoes both batches") {
        f.history.undo();
        CHECK(f.value() == 0);
        f.history.redo();
        CHECK(f.value() == 10);
    }
    SECTION("a batch one of whose parts would not merge stays a step of its own, and the step "
            "before it keeps its parts as they were") {
        REQUIRE(f.history.execute(batchOfTwo(f.bone, 5, 6, false)).ok());
        CHECK(f.history.undoCount() == 2);
        CHECK(f.value() == 21);
        f.history.undo();
        CHECK(f.value() == 10); // 1 + 2 + 3 + 4: nothing of 5 was absorbed below
        f.history.undo();
        CHECK(f.value() == 0);
    }
    SECTION("a batch of another size does not merge") {
        std::vector<std::unique_ptr<edit::Command>> three;
        for (double delta : {1.0, 1.0, 1.0})
            three.push_back(std::make_unique<FakeAdd>(f.bone, delta, true));
        REQUIRE(f.history.execute(edit::asOneStep(std::move(three), "Add Both")).ok());
        CHECK(f.history.undoCount() == 2);
    }
    SECTION("past the merge window it is a new step") {
        f.now += f.history.mergeWindow() + 1ms;
        REQUIRE(f.history.execute(batchOfTwo(f.bone, 1, 1)).ok());
        CHECK(f.history.undoCount() == 2);
    }
    SECTION("a run that ends where it began disappears") {
        REQUIRE(f.history.execute(batchOfTwo(f.bone, -4, -6)).ok());
        CHECK(f.value() == 0);
        CHECK(f.history.undoCount() == 0);
    }
}

TEST_CASE("the same bone length set on two bones twice in the window is one undo step",
          "[edit][history]") {
    HistoryFixture f;
    auto second = std::make_unique<model::Node>();
    second->id = f.document.nodes.allocateId();
    model::Bone bone;
    bone.length = 0.5;
    second->component = bone;
    const model::NodeId other = second->id;
    f.document.nodes.append(std::move(second));
    const auto setBoth = [&](double length) {
        std::vector<std::unique_ptr<edit::Command>> parts;
        parts.push_back(edit::setBoneLength(f.bone, length));
        parts.push_back(edit::setBoneLength(other, length));
        return f.history.execute(edit::asOneStep(std::move(parts), "Set Length of 2 Bones"));
    };
    REQUIRE(setBoth(0.25).ok());
    REQUIRE(setBoth(0.26).ok());
    REQUIRE(setBoth(0.27).ok());
    CHECK(f.history.undoCount() == 1);
    CHECK(f.document.node(other).bone()->length == 0.27);
    f.history.undo();
    CHECK(f.value() == 0.0);
    CHECK(f.document.node(other).bone()->length == 0.5);
}

TEST_CASE("a forgotten clean state leaves every state modified until the next save",
          "[edit][history]") {
    HistoryFixture f;
    CHECK_FALSE(f.history.isModified());
    REQUIRE(f.add(1).ok());
    f.history.forgetCleanState();
    CHECK(f.history.isModified());
    f.history.undo(); // the state that was clean at the start
    CHECK(f.history.isModified());
    CHECK_FALSE(f.history.cleanIndex().has_value());
    f.history.markClean();
    CHECK_FALSE(f.history.isModified());
}
