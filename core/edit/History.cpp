#include "core/edit/History.h"

#include <algorithm>
#include <numeric>

namespace hyperrig::core::edit {

History::History(model::Document& document, Clock clock)
    : m_document(document), m_clock(std::move(clock)) {}

Result<void> History::execute(std::unique_ptr<Command> command) {
    HYPERRIG_EXPECTS(command != nullptr);
    ChangeSet changes;
    auto applied = command->apply(m_document, changes);
    if (!applied)
        return applied.error();

    if (!m_transactions.empty()) {
        m_transactions.back()->appendApplied(std::move(command));
        notify(changes);
        return {};
    }

    // The state the clean index points to lies in the redo stack, which is about to go.
    if (m_cleanIndex && *m_cleanIndex > m_undo.size())
        m_cleanIndex.reset();
    m_redo.clear();

    const auto now = m_clock();
    const bool atCleanPoint = m_cleanIndex && *m_cleanIndex == m_undo.size();
    if (m_lastMergeable && !m_undo.empty() && !atCleanPoint &&
        now - m_undo.back().when <= m_mergeWindow && m_undo.back().command->tryMerge(*command)) {
        Entry& top = m_undo.back();
        top.when = now;
        top.bytes = top.command->byteSize();
        if (top.command->isNoOp()) {
            m_undo.pop_back();
            m_lastMergeable = false;
        }
    } else {
        pushUndo(std::move(command));
        m_lastMergeable = true;
    }
    enforceMemoryCap();
    notify(changes);
    return {};
}

void History::pushUndo(std::unique_ptr<Command> command) {
    Entry entry;
    entry.bytes = command->byteSize();
    entry.command = std::move(command);
    entry.when = m_clock();
    m_undo.push_back(std::move(entry));
}

void History::undo() {
    HYPERRIG_EXPECTS(canUndo());
    Entry entry = std::move(m_undo.back());
    m_undo.pop_back();
    ChangeSet changes;
    entry.command->revert(m_document, changes);
    m_redo.push_back(std::move(entry));
    m_lastMergeable = false;
    notify(changes);
}

void History::redo() {
    HYPERRIG_EXPECTS(canRedo());
    Entry entry = std::move(m_redo.back());
    m_redo.pop_back();
    ChangeSet changes;
    // Redo replays a command on exactly the state it was first applied to: it cannot fail.
    const auto applied = entry.command->apply(m_document, changes);
    HYPERRIG_ASSERT(applied.ok());
    m_undo.push_back(std::move(entry));
    m_lastMergeable = false;
    notify(changes);
}

void History::beginTransaction(std::string name) {
    m_transactions.push_back(std::make_unique<CompositeCommand>(std::move(name)));
    m_lastMergeable = false;
}

void History::commit() {
    HYPERRIG_EXPECTS(!m_transactions.empty());
    std::unique_ptr<CompositeCommand> transaction = std::move(m_transactions.back());
    m_transactions.pop_back();
    if (transaction->empty())
        return;
    if (!m_transactions.empty()) {
        m_transactions.back()->appendApplied(std::move(transaction));
        return;
    }
    if (m_cleanIndex && *m_cleanIndex > m_undo.size())
        m_cleanIndex.reset();
    m_redo.clear();
    pushUndo(std::move(transaction));
    m_lastMergeable = false;
    enforceMemoryCap();
}

void History::rollback() {
    HYPERRIG_EXPECTS(!m_transactions.empty());
    std::unique_ptr<CompositeCommand> transaction = std::move(m_transactions.back());
    m_transactions.pop_back();
    ChangeSet changes;
    transaction->revert(m_document, changes);
    m_lastMergeable = false;
    if (!changes.empty())
        notify(changes);
}

bool History::isModified() const {
    if (!m_cleanIndex)
        return true;
    const std::size_t clean = *m_cleanIndex;
    const std::size_t current = m_undo.size();
    if (clean <= current) {
        for (std::size_t i = clean; i < current; ++i)
            if (m_undo[i].command->isModification())
                return true;
        return false;
    }
    // The clean state is (clean - current) redo steps ahead.
    const std::size_t ahead = clean - current;
    if (ahead > m_redo.size())
        return true;
    for (std::size_t i = 0; i < ahead; ++i)
        if (m_redo[m_redo.size() - 1 - i].command->isModification())
            return true;
    return false;
}

std::vector<std::string> History::undoNames() const {
    std::vector<std::string> names;
    names.reserve(m_undo.size());
    for (const Entry& entry : m_undo)
        names.push_back(entry.command->displayName());
    return names;
}

std::vector<std::string> History::redoNames() const {
    std::vector<std::string> names;
    names.reserve(m_redo.size());
    for (auto entry = m_redo.rbegin(); entry != m_redo.rend(); ++entry)
        names.push_back(entry->command->displayName());
    return names;
}

void History::markClean() {
    m_cleanIndex = m_undo.size();
    m_lastMergeable = false;
}

void History::forgetCleanState() {
    m_cleanIndex.reset();
}

void History::setMemoryCap(std::size_t bytes) {
    m_memoryCap = bytes;
    enforceMemoryCap();
}

std::size_t History::undoBytes() const {
    return std::accumulate(m_undo.begin(), m_undo.end(), std::size_t{0},
                           [](std::size_t sum, const Entry& entry) { return sum + entry.bytes; });
}

void History::enforceMemoryCap() {
    if (m_memoryCap == 0)
        return;
    std::size_t total = undoBytes();
    while (total > m_memoryCap && m_undo.size() > 1) {
        total -= m_undo.front().bytes;
        m_undo.pop_front();
        ++m_dropped;
        if (m_cleanIndex) {
            if (*m_cleanIndex == 0)
                m_cleanIndex.reset();
            else
                --*m_cleanIndex;
        }
    }
}

void History::reset() {
    HYPERRIG_EXPECTS(m_transactions.empty());
    m_undo.clear();
    m_redo.clear();
    m_cleanIndex = 0;
    m_lastMergeable = false;
    m_dropped = 0;
    ChangeSet changes;
    changes.documentReplaced = true;
    notify(changes);
}

std::size_t History::addListener(Listener listener) {
    m_listeners.emplace_back(m_nextListener, std::move(listener));
    return m_nextListener++;
}

void History::removeListener(std::size_t handle) {
    std::erase_if(m_listeners, [handle](const auto& entry) { return entry.first == handle; });
}

void History::notify(const ChangeSet& changes) {
    for (const auto& [handle, listener] : m_listeners)
        listener(changes);
}

} // namespace hyperrig::core::edit
