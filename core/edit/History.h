#pragma once

#include "core/base/Result.h"
#include "core/edit/ChangeSet.h"
#include "core/edit/Command.h"
#include "core/edit/CompositeCommand.h"
#include "core/model/Document.h"

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::core::edit {

// Runs commands on one document and keeps undo/redo stacks (TrenchBroom's command processor,
// Tiled's change-value commands):
// - merging: a command executed within the merge window of the previous one, in the same
//   transaction level, may be absorbed by it (Command::tryMerge); a merge that ends where it
//   began is dropped; never across the clean point;
// - nested transactions: beginTransaction/commit make one undo step of everything in between;
//   rollback reverts it;
// - a clean index behind isModified(), moved by markClean() (after a save);
// - byte accounting per undo step and a memory cap that drops the oldest steps;
// - after every apply, revert and redo, listeners get the ChangeSet.
class History {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;
    using Listener = std::function<void(const ChangeSet&)>;

    explicit History(model::Document& document, Clock clock = &std::chrono::steady_clock::now);

    model::Document& document() { return m_document; }
    const model::Document& document() const { return m_document; }

    // Applies the command. A refused command leaves the document and both stacks unchanged and
    // returns its error. Success clears the redo stack.
    Result<void> execute(std::unique_ptr<Command> command);

    bool canUndo() const { return !m_undo.empty() && m_transactions.empty(); }
    bool canRedo() const { return !m_redo.empty() && m_transactions.empty(); }
    std::string undoName() const { return canUndo() ? m_undo.back().command->displayName() : ""; }
    std::string redoName() const { return canRedo() ? m_redo.back().command->displayName() : ""; }
    // Contract: canUndo() / canRedo().
    void undo();
    void redo();

    void beginTransaction(std::string name);
    // Contract: a transaction is open. An empty transaction leaves no undo step.
    void commit();
    void rollback();
    std::size_t transactionDepth() const { return m_transactions.size(); }

    bool isModified() const;
    void markClean();
    // The saved file holds a state no step of this history is known to reach (it was encoded
    // while edits went on): from now on every state counts as modified until the next markClean.
    void forgetCleanState();

    std::chrono::milliseconds mergeWindow() const { return m_mergeWindow; }
    void setMergeWindow(std::chrono::milliseconds window) { m_mergeWindow = window; }

    // Undo steps are dropped, oldest first, while their bytes exceed the cap (the newest step is
    // always kept). 0 = no cap.
    void setMemoryCap(std::size_t bytes);
    std::size_t undoBytes() const;
    std::size_t undoCount() const { return m_undo.size(); }
    std::size_t redoCount() const { return m_redo.size(); }
    // The steps as a history panel lists them (read-only): undo steps oldest first, redo steps
    // in the order redo would apply them (next first). A merge renames nothing; a step the memory
    // cap dropped disappears from the front (droppedSteps counts them).
    std::vector<std::string> undoNames() const;
    std::vector<std::string> redoNames() const;
    std::size_t droppedSteps() const { return m_dropped; }
    // The undo count at the last save (0 for a new or just opened document), nullopt when that
    // state can no longer be reached (its steps were dropped or replaced by a new branch).
    std::optional<std::size_t> cleanIndex() const { return m_cleanIndex; }

    // Forgets every step and tells listeners the whole document changed (a new file was opened
    // into the same document object).
    void reset();

    std::size_t addListener(Listener listener);
    void removeListener(std::size_t handle);

private:
    struct Entry {
        std::unique_ptr<Command> command;
        std::size_t bytes = 0;
        std::chrono::steady_clock::time_point when;
    };

    void notify(const ChangeSet& changes);
    void pushUndo(std::unique_ptr<Command> command);
    void enforceMemoryCap();

    model::Document& m_document;
    Clock m_clock;
    std::deque<Entry> m_undo;
    std::vector<Entry> m_redo;
    std::vector<std::unique_ptr<CompositeCommand>> m_transactions;
    // Undo-stack size at the last save; nullopt when that state can no longer be reached.
    std::optional<std::size_t> m_cleanIndex = 0;
    std::chrono::milliseconds m_mergeWindow{750};
    std::size_t m_memoryCap = 0;
    bool m_lastMergeable = false; // the top undo entry may still absorb the next command
    std::size_t m_dropped = 0;    // undo steps the memory cap dropped since the last reset
    std::vector<std::pair<std::size_t, Listener>> m_listeners;
    std::size_t m_nextListener = 1;
};

} // namespace hyperrig::core::edit
