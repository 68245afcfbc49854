#include "core/edit/script/ScriptRunner.h"
#include "tests/core/edit/DataTestSupport.h"
#include "tests/core/edit/ScriptOpGenerator.h"

#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <map>

using namespace hyperrig::core;
using hyperrig::test::OpGenerator;
using Json = model::OrderedJson;
using namespace std::chrono_literals;

// Random op sequences on the samples, through the script runner and History, with random
// (valid and invalid) arguments, random transactions, undo/redo and merging. Laws:
// - a refused op leaves the document and the history exactly as they were;
// - undoing every step gives back the document as loaded (content and saved bytes);
// - redoing every step gives the edited document again (saved bytes);
// - the edited document saves, reloads and saves again to the same bytes.

namespace {

struct Sample {
    model::Document pristine;
    std::string bytes;
};

const Sample& sample(const std::string& name) {
    static std::map<std::string, Sample> cache;
    auto found = cache.find(name);
    if (found == cache.end()) {
        model::Document document = hyperrig::test::loadSample(name);
        std::string bytes = hyperrig::test::savedText(document);
        found = cache.emplace(name, Sample{std::move(document), std::move(bytes)}).first;
    }
    return found->second;
}

// One run: a sample, a history with a clock the run moves, and the ops so far (for messages).
class Run {
public:
    explicit Run(const std::string& file)
        : m_sample(sample(file)), m_document(hyperrig::test::loadSample(file)),
          m_history(m_document, [this] { return m_now += m_step; }),
          m_small(file != "creature-4d.g4tf") {}

    void step() {
        // 100 ms apart: inside the merge window, so transform edits of one node merge.
        m_step = *rc::gen::element(100ms, 10'000ms);
        const int kind = *rc::gen::inRange(0, 20);
        if (kind == 0 && m_history.transactionDepth() < 3) {
            m_history.beginTransaction("T" + std::to_string(m_history.transactionDepth()));
            m_log += "begin; ";
        } else if (kind == 1 && m_history.transactionDepth() > 0) {
            closeTransaction();
        } else if (kind == 2 && m_history.canUndo()) {
            m_history.undo();
            m_log += "undo; ";
        } else if (kind == 3 && m_history.canRedo()) {
            m_history.redo();
            m_log += "redo; ";
        } else if (kind == 4 && m_lastTransform) {
            runOp(OpGenerator::restoreTransform(m_lastTransform->first, m_lastTransform->second));
        } else if ((kind == 5 || kind == 6) && m_lastTransform) {
            // Dragging the last node: a valid move, in the merge window.
            m_step = 100ms;
            const OpGenerator generate(m_document);
            runOp(
                {{"op", "setTransform"},
                 {"node", m_lastTransform->first},
                 {"position", generate.numbers(static_cast<std::size_t>(m_document.dimension()))}});
        } else {
            const OpGenerator generate(m_document);
            Json op = generate.commandOp();
            if (op["op"] == "setTransform") {
                // Repeat the last node now and then, so merges happen.
                if (m_lastTransform && *rc::gen::inRange(0, 2) == 0)
                    op["node"] = m_lastTransform->first;
                rememberTransform(op["node"]);
            }
            runOp(op);
        }
    }

    void checkLaws() {
        while (m_history.transactionDepth() > 0)
            closeTransaction();
        const std::string after = hyperrig::test::savedText(m_document);
        // The edited document is one a reader takes back as it is: saving what was read gives
        // the same bytes.
        auto file = io::parseG4mfBytes(hyperrig::test::bytesOf(after), ".");
        RC_ASSERT(file.ok());
        auto reread = io::readDocument(*file);
        RC_ASSERT(reread.ok());
        RC_ASSERT(hyperrig::test::savedText(reread->document) == after);
        const std::size_t steps = m_history.undoCount();
        while (m_history.canUndo())
            m_history.undo();
        const auto difference = model::firstDifference(m_document, m_sample.pristine);
        RC_ASSERT(!difference.has_value());
        RC_ASSERT(hyperrig::test::savedText(m_document) == m_sample.bytes);
        for (std::size_t i = 0; i < steps; ++i)
            m_history.redo();
        RC_ASSERT(hyperrig::test::savedText(m_document) == after);
    }

    const std::string& log() const { return m_log; }

private:
    void closeTransaction() {
        if (*rc::gen::arbitrary<bool>()) {
            m_history.commit();
            m_log += "commit; ";
        } else {
            m_history.rollback();
            m_log += "rollback; ";
        }
    }

    void rememberTransform(const Json& target) {
        const std::string address = target.get<std::string>();
        model::NodeId node;
        if (address[0] == '#') {
            const auto index = std::stoul(address.substr(1));
            if (index < m_document.nodes.size())
                node = m_document.nodes.order()[index];
        } else {
            node = m_document.findNode(address);
        }
        if (node)
            m_lastTransform.emplace(target, m_document.node(node).transform);
    }

    void runOp(const Json& op) {
        m_log += op.dump() + "; ";
        const std::size_t undo = m_history.undoCount();
        const std::size_t redo = m_history.redoCount();
        const std::string before = m_small ? hyperrig::test::savedText(m_document) : std::string();
        auto result = edit::runScript(m_history, Json::array({op}));
        if (result.ok()) {
            // A new undo step outside transactions: undo gives the state before, redo the after.
            // Only now and then: an undo ends History's merging, which the runs test as well.
            if (m_small && m_history.transactionDepth() == 0 && m_history.undoCount() == undo + 1 &&
                *rc::gen::inRange(0, 3) == 0) {
                const std::string after = hyperrig::test::savedText(m_document);
                m_history.undo();
                RC_ASSERT(hyperrig::test::savedText(m_document) == before);
                m_history.redo();
                RC_ASSERT(hyperrig::test::savedText(m_document) == after);
            }
            return;
        }
        // Refused: nothing changed, not even the stacks.
        RC_ASSERT(m_history.undoCount() == undo);
        RC_ASSERT(m_history.redoCount() == redo);
        if (m_small)
            RC_ASSERT(hyperrig::test::savedText(m_document) == before);
    }

    const Sample& m_sample;
    model::Document m_document;
    std::chrono::steady_clock::time_point m_now{};
    std::chrono::milliseconds m_step{10'000};
    edit::History m_history;
    bool m_small;
    std::optional<std::pair<Json, model::NodeTransform>> m_lastTransform;
    std::string m_log;
};

} // namespace

TEST_CASE("random scripts keep the undo laws", "[edit][script][property]") {
    rc::prop("undo everything restores the file, redo everything the edit", [] {
        const std::string file = *rc::gen::weightedElement<std::string>(
            {{4, "tiny-4d-arm.g4tf"}, {4, "tiny-4d-mesh.g4tf"}, {1, "creature-4d.g4tf"}});
        Run run(file);
        const int steps = *rc::gen::inRange(1, 50);
        for (int i = 0; i < steps; ++i)
            run.step();
        RC_LOG() << file << ": " << run.log();
        run.checkLaws();
    });
}
