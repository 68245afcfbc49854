#include "ui/panels/inspector/TransformFieldEditing.h"

#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

namespace hyperrig::ui {

TransformFieldEditing::TransformFieldEditing(EditorSession& session, QObject* parent)
    : QObject(parent), m_session(session) {}

void TransformFieldEditing::addField(NumberField* field, TransformField which) {
    m_fields.emplace_back(field, which);
    connect(field, &NumberField::editingStarted, this,
            [this, field, which] { started(field, which); });
    connect(field, &NumberField::valueEdited, this,
            [this, field, which](double value) { valueEdited(*field, which, value); });
    connect(field, &NumberField::editingEnded, this, &TransformFieldEditing::ended);
    connect(field, &NumberField::editingCancelled, this,
            [this, field, which] { cancelled(field, which); });
}

void TransformFieldEditing::clearFields() {
    finishEdit();
    for (auto& [field, which] : m_fields)
        field->disconnect(this);
    m_fields.clear();
}

void TransformFieldEditing::setNodes(std::vector<core::model::NodeId> nodes) {
    if (nodes != m_nodes)
        finishEdit();
    m_nodes = std::move(nodes);
}

void TransformFieldEditing::showValues() {
    const bool haveDocument = m_session.hasDocument();
    for (auto& [field, which] : m_fields) {
        std::optional<double> common;
        bool mixed = false;
        for (core::model::NodeId node : m_nodes) {
            if (!haveDocument || !m_session.document().nodes.find(node))
                continue;
            const auto value = fieldValue(m_session.document().node(node).transform,
                                          m_session.document().dimension(), which);
            if (!value)
                continue;
            if (common && *common != *value)
                mixed = true;
            if (!common)
                common = value;
        }
        if (mixed)
            field->setMixed();
        else
            field->setDisplayedValue(common.value_or(0.0));
    }
}

void TransformFieldEditing::started(NumberField* field, TransformField which) {
    // The nodes valueEdited will edit, so that putting them back has the same name and nodes.
    m_runStart.clear();
    const core::model::Document& document = m_session.document();
    for (core::model::NodeId node : m_nodes)
        if (const auto* item = document.nodes.find(node);
            item && fieldValue(item->transform, document.dimension(), which))
            m_runStart.emplace_back(node, item->transform);
    if ((field->isHeld() || field->isTyping()) && !m_session.inTransaction()) {
        m_session.beginTransaction(editName(which.part, m_nodes.size()), this);
        m_transactionOpen = true;
    }
}

bool TransformFieldEditing::execute(
    NumberField* field, const std::string& name,
    std::vector<core::edit::SetTransformsCommand::Entry> transforms) {
    if (transforms.empty())
        return true;
    auto result = m_session.execute(
        std::make_unique<core::edit::SetTransformsCommand>(name, std::move(transforms)), this);
    if (result) {
        emit edited();
        return true;
    }
    emit refused(field, QString::fromStdString(result.error().message()));
    return false;
}

void TransformFieldEditing::valueEdited(NumberField& field, TransformField which, double value) {
    if (!m_session.hasDocument())
        return;
    const core::model::Document& document = m_session.document();
    std::vector<core::edit::SetTransformsCommand::Entry> transforms;
    for (core::model::NodeId node : m_nodes) {
        const auto* item = document.nodes.find(node);
        if (!item || !fieldValue(item->transform, document.dimension(), which))
            continue;
        transforms.emplace_back(
            node, withFieldValue(item->transform, document.dimension(), which, value));
    }
    const std::string name = editName(which.part, transforms.size());
    // A refused value shows what the document kept, except on the way through typed text (the
    // "0" of "0.7071" makes a zero rotor): rewriting the text then would put the next keys after
    // the document's value ("1.7071"). Ending the run shows the document's values.
    if (!execute(&field, name, std::move(transforms)) && !field.isTyping())
        showValues();
}

bool TransformFieldEditing::runChangedSomething() const {
    if (!m_session.hasDocument())
        return false;
    for (const auto& [node, transform] : m_runStart)
        if (const auto* item = m_session.document().nodes.find(node);
            item && item->transform != transform)
            return true;
    return false;
}

void TransformFieldEditing::ended() {
    if (m_transactionOpen) {
        m_transactionOpen = false;
        // Typing "0.5" over 0.5 passes through 0 on the way: a run that ends where it began is
        // no step at all.
        if (runChangedSomething())
            m_session.commitTransaction();
        else
            m_session.rollbackTransaction();
    }
    m_runStart.clear();
    showValues(); // a typed value the document refused gives way to the value it kept
}

void TransformFieldEditing::cancelled(NumberField* field, TransformField which) {
    if (m_transactionOpen) {
        m_transactionOpen = false;
        m_session.rollbackTransaction();
    } else if (m_session.hasDocument()) {
        std::vector<core::edit::SetTransformsCommand::Entry> back;
        bool changed = false;
        for (const auto& [node, transform] : m_runStart) {
            if (const auto* item = m_session.document().nodes.find(node)) {
                changed = changed || item->transform != transform;
                back.emplace_back(node, transform);
            }
        }
        // Same name and nodes as the run's command: within the merge window History folds the
        // two into nothing; later it is one more step that puts the old values back.
        const std::string name = editName(which.part, back.size());
        if (changed)
            execute(field, name, std::move(back));
    }
    m_runStart.clear();
    showValues();
}

void TransformFieldEditing::finishEdit() {
    for (auto& [field, which] : m_fields)
        field->finishEditing(); // ends its run as Enter does, whether or not it has focus
    ended();
}

void TransformFieldEditing::forgetEdit() {
    m_transactionOpen = false; // it dies with the history
    m_runStart.clear();
}

} // namespace hyperrig::ui
