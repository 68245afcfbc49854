#include "ui/widgets/NumberFieldEdits.h"

#include "core/edit/CommandBatch.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

namespace hyperrig::ui {

NumberFieldEdits::NumberFieldEdits(EditorSession& session, NumberField& field, std::string stepName,
                                   Nodes nodes, Read read, Write write, QObject* parent)
    : QObject(parent), m_session(session), m_field(field), m_stepName(std::move(stepName)),
      m_nodes(std::move(nodes)), m_read(std::move(read)), m_write(std::move(write)) {
    connect(&m_field, &NumberField::editingStarted, this, &NumberFieldEdits::started);
    connect(&m_field, &NumberField::valueEdited, this, &NumberFieldEdits::edited);
    connect(&m_field, &NumberField::editingEnded, this, &NumberFieldEdits::ended);
    connect(&m_field, &NumberField::editingCancelled, this, &NumberFieldEdits::cancelled);
    connect(&m_session, &EditorSession::openEditsMustFinish, this, &NumberFieldEdits::finishEdit);
    // A run's transaction dies with the history it was opened in: the field's end, which comes
    // later (the document's replacement moves the focus), must not commit or roll back in the
    // next document's history (or in none).
    connect(&m_session, &EditorSession::aboutToReplaceDocument, this, [this] {
        m_transactionOpen = false;
        m_runStart.clear();
    });
}

void NumberFieldEdits::showValue() {
    std::optional<double> common;
    bool mixed = false;
    bool any = false;
    if (m_session.hasDocument())
        for (core::model::NodeId node : m_nodes()) {
            const auto value = m_read(node);
            if (!value)
                continue;
            any = true;
            if (common && *common != *value)
                mixed = true;
            if (!common)
                common = value;
        }
    m_field.setEnabled(any);
    if (mixed)
        m_field.setMixed();
    else
        m_field.setDisplayedValue(common.value_or(0.0));
}

void NumberFieldEdits::finishEdit() {
    m_field.finishEditing(); // ends the run as Enter does, whether or not the field has focus
    ended();
}

void NumberFieldEdits::started() {
    m_runStart.clear();
    if (!m_session.hasDocument())
        return;
    for (core::model::NodeId node : m_nodes())
        if (const auto value = m_read(node))
            m_runStart.emplace_back(node, *value);
    if ((m_field.isTyping() || m_field.isHeld()) && !m_session.inTransaction()) {
        m_session.beginTransaction(m_stepName, this);
        m_transactionOpen = true;
    }
}

void NumberFieldEdits::edited(double value) {
    if (!m_session.hasDocument())
        return;
    std::vector<std::unique_ptr<core::edit::Command>> commands;
    for (core::model::NodeId node : m_nodes())
        if (m_read(node))
            commands.push_back(m_write(node, value));
    if (commands.empty())
        return;
    auto result = m_session.execute(core::edit::asOneStep(std::move(commands), m_stepName), this);
    if (!result) {
        emit refused(QString::fromStdString(result.error().message()));
        // The field shows what the document kept, except on the way through typed text ("0" of
        // "0.5" where 0 is refused): the next keys would land after the kept value. Ending the
        // run shows it.
        if (!m_field.isTyping())
            showValue();
    }
}

bool NumberFieldEdits::changedSinceStart() const {
    if (!m_session.hasDocument())
        return false;
    for (const auto& [node, before] : m_runStart)
        if (m_session.document().nodes.find(node) && m_read(node) != before)
            return true;
    return false;
}

void NumberFieldEdits::ended() {
    const bool running = m_transactionOpen || !m_runStart.empty();
    if (m_transactionOpen) {
        m_transactionOpen = false;
        if (changedSinceStart())
            m_session.commitTransaction();
        else
            m_session.rollbackTransaction();
    }
    m_runStart.clear();
    // A typed value the document refused gives way to the value it kept. Only after a run: a
    // finishEdit with none must not re-enable a field its panel disabled (a blend amount the
    // previewed animation drives).
    if (running)
        showValue();
}

void NumberFieldEdits::cancelled() {
    if (m_transactionOpen) {
        m_transactionOpen = false;
        m_session.rollbackTransaction();
    } else if (changedSinceStart()) {
        std::vector<std::unique_ptr<core::edit::Command>> back;
        for (const auto& [node, before] : m_runStart)
            if (m_session.document().nodes.find(node))
                back.push_back(m_write(node, before));
        if (!back.empty())
            if (auto restored =
                    m_session.execute(core::edit::asOneStep(std::move(back), m_stepName), this);
                !restored)
                emit refused(QString::fromStdString(restored.error().message()));
    }
    m_runStart.clear();
    showValue();
}

} // namespace hyperrig::ui
