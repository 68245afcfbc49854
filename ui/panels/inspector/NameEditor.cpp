#include "ui/panels/inspector/NameEditor.h"

#include "core/edit/commands/NodeCommands.h"
#include "core/model/NameRules.h"
#include "ui/session/EditorSession.h"
#include "ui/session/NodeLabel.h"
#include "ui/widgets/FieldMessage.h"

#include <QApplication>
#include <QEvent>
#include <QFocusEvent>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace hyperrig::ui {

NameEditor::NameEditor(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("nameEditor"));
    m_field = new QLineEdit(this);
    m_field->setObjectName(QStringLiteral("nameField"));
    m_field->setAccessibleName(tr("Name"));
    m_field->setToolTip(
        tr("The node's name: unique in the file, without %1 or control characters. Empty "
           "removes the name. Enter renames; Escape puts the current name back.")
            .arg(QString::fromUtf8(core::model::kForbiddenNamePunctuation.data(),
                                   static_cast<int>(core::model::kForbiddenNamePunctuation.size()))
                     .split(QString(), Qt::SkipEmptyParts)
                     .join(QLatin1Char(' '))));
    m_field->installEventFilter(this);
    m_message = new FieldMessage(m_field, this);

    auto* label = new QLabel(tr("Name"), this);
    label->setBuddy(m_field);
    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(label, m_field);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_message);

    // A name refused on Enter stays in the field, selected, to be corrected; refused on leaving
    // the field, the current name comes back. The reason stays below the field, in its tooltip
    // and in the status bar until the user types again.
    connect(m_field, &QLineEdit::returnPressed, this, &NameEditor::commit);
    connect(m_field, &QLineEdit::textEdited, this, &NameEditor::checkTyped);
    // A save, or a command from elsewhere, first takes what is typed here (decisions 0066, 0068),
    // whichever window has the focus.
    connect(&m_session, &EditorSession::openEditsMustFinish, this, &NameEditor::finishForSession);
}

void NameEditor::forgetEdit() {
    m_node = {};
    const QSignalBlocker blocker(m_field);
    m_field->clear();
    m_field->setReadOnly(true);
    m_message->clearMessage();
    noteUncommitted();
}

void NameEditor::finishEdit() {
    if (!m_committing && m_field->text() != currentName())
        commit();
}

void NameEditor::finishForSession() {
    if (m_committing || m_field->text() == currentName())
        return;
    // Asked by a command (Ctrl+D pressed in the field, a menu action): the typed name stays to be
    // corrected, and the command does not run, so the selection, the focus and the reason stay.
    if (!apply(true))
        m_session.refuseToFinish(
            tr("the name typed for %1 is refused: %2")
                .arg(nodeLabel(m_session.document(), m_node), m_message->text()));
}

QString NameEditor::currentName() const {
    if (!m_node || !m_session.hasDocument() || !m_session.document().nodes.find(m_node))
        return {};
    return QString::fromStdString(m_session.document().node(m_node).displayName());
}

void NameEditor::showNodes(const std::vector<core::model::NodeId>& nodes) {
    const core::model::NodeId node = nodes.size() == 1 ? nodes.front() : core::model::NodeId{};
    const bool otherNode = node != m_node;
    m_node = node;
    const QSignalBlocker blocker(m_field);
    m_field->setReadOnly(!m_node);
    m_field->setPlaceholderText(nodes.size() > 1 ? tr("%1 nodes").arg(nodes.size())
                                                 : tr("(unnamed)"));
    // A refresh of the same node (another control's edit, or its refusal) keeps what the user
    // typed and has not applied or given up: a name refused when a command asked stays to be
    // corrected (decision 0071).
    if (otherNode || !m_node || !m_field->isModified()) {
        m_field->setText(currentName());
        m_field->setModified(false);
    }
    noteUncommitted();
    if (otherNode || !m_node)
        m_message->clearMessage();
}

void NameEditor::noteUncommitted() {
    m_session.setUncommittedEdit(this, m_node && !m_field->isReadOnly() &&
                                           m_field->text() != currentName());
}

void NameEditor::checkTyped(const QString& text) {
    noteUncommitted();
    if (!m_node)
        return;
    auto allowed = core::model::checkNewName(m_session.document(), text.toStdString(), m_node);
    if (allowed)
        m_message->clearMessage();
    else
        m_message->showMessage(QString::fromStdString(allowed.error().message()));
}

void NameEditor::commit() {
    apply(m_field->hasFocus());
}

bool NameEditor::apply(bool keepRefused) {
    if (!m_node || m_field->isReadOnly() || m_committing)
        return true;
    // The rename's execute may end other gestures first (openEditsMustFinish), which must not
    // commit this name a second time from inside this one.
    const QScopedValueRollback committing(m_committing, true);
    const QString typed = m_field->text();
    if (typed == currentName())
        return true; // a refusal shown earlier stays until the user types or the node changes
    std::optional<std::string> name;
    if (!typed.isEmpty())
        name = typed.toStdString();
    auto renamed = m_session.execute(core::edit::renameNode(m_node, name), this);
    if (renamed) {
        m_message->clearMessage();
        revert(); // shows the name as stored (the refresh may not have run yet)
        return true;
    }
    const QString reason = QString::fromStdString(renamed.error().message());
    m_message->showMessage(reason);
    emit message(reason);
    // Refused on Enter, the typed name stays to be corrected (Escape gives it up); refused on
    // leaving the field, the field shows the stored name again (ui-style.md §3).
    if (keepRefused)
        m_field->selectAll();
    else
        revert();
    return false;
}

void NameEditor::revert() {
    const QSignalBlocker blocker(m_field);
    m_field->setText(currentName());
    m_field->setModified(false);
    noteUncommitted();
}

bool NameEditor::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_field && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape &&
        (m_field->text() != currentName() || m_message->hasMessage())) {
        revert();
        m_message->clearMessage();
        return true;
    }
    // Leaving the field commits, also for another window of the editor (a floating panel). The
    // editor losing the activation altogether (another application, the window closing) does
    // not: the typed name stays in the field for when the user comes back, and a closing panel
    // must not edit the document from inside its destructor.
    if (watched == m_field && event->type() == QEvent::FocusOut &&
        (static_cast<QFocusEvent*>(event)->reason() != Qt::ActiveWindowFocusReason ||
         QApplication::activeWindow() != nullptr))
        commit();
    return QWidget::eventFilter(watched, event);
}

} // namespace hyperrig::ui
