#pragma once

#include "core/base/Result.h"
#include "core/edit/ChangeSet.h"
#include "core/model/Document.h"

#include <cstddef>
#include <string>

namespace hyperrig::core::edit {

// One document edit with exact undo. Commands store deltas (ids with before/after values, or the
// items they removed), never copies of the document, so their undo cost is proportional to the
// edit.
//
// Contract, checked by the History tests for every command:
// - apply() either changes the document and records what changed, or fails with a readable error
//   and leaves the document exactly as it was (validate first, then mutate);
// - revert() after a successful apply() restores the exact previous state (ids included);
// - apply() after revert() (redo) succeeds and gives the exact after-state again.
class Command {
public:
    virtual ~Command() = default;

    virtual Result<void> apply(model::Document& document, ChangeSet& changes) = 0;
    virtual void revert(model::Document& document, ChangeSet& changes) = 0;

    // Shown in Edit > Undo "<name>" and in the CLI's error messages.
    virtual std::string displayName() const = 0;
    // False for commands that change only view state kept in the document (none yet): they do
    // not mark the document modified.
    virtual bool isModification() const { return true; }
    // Absorbs `next` (already applied) into this command when both are the same kind of edit on
    // the same items and the tool allows it (dragging a slider). After a merge this command's
    // revert restores the state before itself and its apply gives the state after `next`.
    virtual bool tryMerge(const Command& next) {
        (void)next;
        return false;
    }
    // Whether tryMerge(next) would absorb `next`, without absorbing it: a batch of edits merges
    // only when every part would (CommandBatch), never some of them.
    virtual bool canMerge(const Command& next) const {
        (void)next;
        return false;
    }
    // True when applying this command would change nothing (a merge that ended where it began);
    // History drops such commands.
    virtual bool isNoOp() const { return false; }
    // Bytes this command keeps alive for undo, for History's memory cap.
    virtual std::size_t byteSize() const = 0;
};

} // namespace hyperrig::core::edit
