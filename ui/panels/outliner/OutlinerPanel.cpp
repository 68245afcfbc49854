#include "ui/panels/outliner/OutlinerPanel.h"

#include "ui/actions/NodeActions.h"
#include "ui/panels/outliner/OutlinerModel.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/KeepTypedTextDelegate.h"

#include <QAction>
#include <QDockWidget>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QToolButton>
#include <QToolTip>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

namespace hyperrig::ui {

using core::model::NodeId;

OutlinerPanel::OutlinerPanel(EditorSession& session, NodeActions& actions, QWidget* parent)
    : QWidget(parent), m_session(session), m_actions(actions) {
    setObjectName(QStringLiteral("outlinerPanel"));
    setWindowTitle(title());

    m_model = new OutlinerModel(session, this);
    m_model->setObjectName(QStringLiteral("outlinerModel"));
    m_filter = new QSortFilterProxyModel(this);
    m_filter->setObjectName(QStringLiteral("outlinerFilterModel"));
    m_filter->setSourceModel(m_model);
    // Recursive: a parent stays when a descendant matches, so a match is seen in its place.
    m_filter->setRecursiveFilteringEnabled(true);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setFilterKeyColumn(OutlinerModel::NameColumn);
    m_filter->setFilterRole(Qt::EditRole); // the name itself, not the "(unnamed)" placeholder

    auto* filterLabel = new QLabel(tr("&Filter"), this);
    filterLabel->setObjectName(QStringLiteral("outlinerFilterLabel"));
    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setObjectName(QStringLiteral("outlinerFilter"));
    m_filterEdit->setAccessibleName(tr("Filter"));
    m_filterEdit->setPlaceholderText(tr("Name contains…"));
    m_filterEdit->setClearButtonEnabled(true);
    // Qt's clear button is an unnamed tool button: a screen reader would announce "button".
    for (auto* clearButton : m_filterEdit->findChildren<QToolButton*>()) {
        clearButton->setAccessibleName(tr("Clear Filter"));
        clearButton->setToolTip(tr("Clear Filter"));
    }
    m_filterEdit->setToolTip(
        tr("Show only the nodes whose name contains this text, with the nodes above them"));
    m_filterEdit->setStatusTip(m_filterEdit->toolTip());
    filterLabel->setBuddy(m_filterEdit);
    connect(m_filterEdit, &QLineEdit::textChanged, this, &OutlinerPanel::setFilterText);

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("outlinerTree"));
    m_view->setAccessibleName(tr("Outliner"));
    m_view->setAccessibleDescription(tr("The node tree of the document"));
    m_defaultToolTip = tr("The node tree: F2 renames, Delete deletes, drag to move under another "
                          "node, right-click for more");
    m_view->setToolTip(m_defaultToolTip);
    m_view->setStatusTip(m_defaultToolTip);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_view->setDragEnabled(true);
    m_view->setAcceptDrops(true);
    m_view->setDropIndicatorShown(true);
    m_view->setDragDropMode(QAbstractItemView::InternalMove);
    m_view->setDefaultDropAction(Qt::MoveAction);
    m_view->setUniformRowHeights(true);
    m_view->setAutoExpandDelay(600); // hovering a drag over a folded row opens it
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connectViewGuards(); // sets the model between the "about to" and the "done" connections
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(OutlinerModel::NameColumn, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(OutlinerModel::VisibleColumn,
                                           QHeaderView::ResizeToContents);
    m_view->installEventFilter(this);
    m_view->expandAll();
    // A refused rename opens the editor again with the typed text.
    m_view->setItemDelegateForColumn(OutlinerModel::NameColumn, new KeepTypedTextDelegate(m_view));

    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &OutlinerPanel::pushSelection);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &OutlinerPanel::pushSelection);
    connect(m_view, &QWidget::customContextMenuRequested, this, &OutlinerPanel::showContextMenu);
    connect(&m_session, &EditorSession::selectionChanged, this, &OutlinerPanel::pullSelection);
    connect(&m_session, &EditorSession::changed, this, &OutlinerPanel::clearRefusal);
    connect(m_model, &OutlinerModel::editRefused, this, &OutlinerPanel::showRefusal);
    connect(&m_actions, &NodeActions::renameRequested, this, &OutlinerPanel::startRename);

    auto* filterRow = new QHBoxLayout;
    filterRow->addWidget(filterLabel);
    filterRow->addWidget(m_filterEdit, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(filterRow);
    layout->addWidget(m_view, 1);
    setTabOrder(m_filterEdit, m_view);
    setFocusProxy(m_view);

    pullSelection();
}

QString OutlinerPanel::title() {
    return tr("Outliner");
}

void OutlinerPanel::connectViewGuards() {
    // While the view's model adds, removes or moves rows (an edit, an undo, the filter), the
    // selection model drops the rows that go; that is not the user deselecting nodes, so
    // pushSelection must not hear it. The "about to" signals are connected before setModel, so
    // they reach this panel before the selection model; the "done" ones after, so the panel
    // hears them last and then shows the session's selection again.
    const auto begin = [this] {
        ++m_rowsChanging;
    };
    const auto end = [this] {
        if (--m_rowsChanging == 0)
            pullSelection();
    };
    connect(m_filter, &QAbstractItemModel::rowsAboutToBeInserted, this, begin);
    connect(m_filter, &QAbstractItemModel::rowsAboutToBeRemoved, this, begin);
    connect(m_filter, &QAbstractItemModel::rowsAboutToBeMoved, this, begin);
    connect(m_filter, &QAbstractItemModel::layoutAboutToBeChanged, this, begin);
    connect(m_filter, &QAbstractItemModel::modelAboutToBeReset, this, begin);
    m_view->setModel(m_filter);
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, end);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, end);
    connect(m_filter, &QAbstractItemModel::rowsMoved, this, end);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, end);
    connect(m_filter, &QAbstractItemModel::modelReset, this, [this, end] {
        m_view->expandAll(); // a new document opens unfolded: rigs are read top to bottom
        end();
    });
}

NodeId OutlinerPanel::nodeAt(const QModelIndex& viewIndex) const {
    return m_model->nodeAt(m_filter->mapToSource(viewIndex));
}

QModelIndex OutlinerPanel::viewIndexOf(NodeId node) const {
    return m_filter->mapFromSource(m_model->indexOf(node));
}

void OutlinerPanel::pullSelection() {
    if (m_syncing || m_rowsChanging > 0)
        return;
    m_syncing = true;
    QItemSelection selection;
    for (NodeId node : m_session.selection()) {
        const QModelIndex row = viewIndexOf(node);
        if (!row.isValid())
            continue; // filtered out: it stays selected in the session
        selection.select(row, row.siblingAtColumn(OutlinerModel::VisibleColumn));
        for (QModelIndex above = row.parent(); above.isValid(); above = above.parent())
            m_view->expand(above);
    }
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect |
                                                    QItemSelectionModel::Rows);
    const QModelIndex current = viewIndexOf(m_session.currentNode());
    if (current.isValid()) {
        m_view->selectionModel()->setCurrentIndex(current, QItemSelectionModel::NoUpdate);
        m_view->scrollTo(current);
    }
    m_syncing = false;
}

void OutlinerPanel::pushSelection() {
    if (m_syncing || m_rowsChanging > 0 || !m_session.hasDocument())
        return;
    // Name-column cells, not selectedRows(): while a Ctrl+click deselects one row, Qt 6.4's
    // selectedRows() answers no rows at all (its pending "current selection" makes every row
    // look partly selected); rows are selected whole anyway (SelectRows).
    std::vector<NodeId> picked;
    for (const QModelIndex& cell : m_view->selectionModel()->selectedIndexes())
        if (cell.column() == OutlinerModel::NameColumn)
            picked.push_back(nodeAt(cell));
    // Ctrl+click and Shift+click add to (or take from) the selection the user sees: nodes the
    // filter hides stay selected, as they do when the filter hides them (only a plain click or
    // arrow key, which replaces the selection, leaves them out).
    const bool extending =
        QGuiApplication::keyboardModifiers() & (Qt::ControlModifier | Qt::ShiftModifier);
    if (extending)
        for (NodeId node : m_session.selection())
            if (!viewIndexOf(node).isValid())
                picked.push_back(node);
    const auto isPicked = [&](NodeId node) {
        return std::find(picked.begin(), picked.end(), node) != picked.end();
    };
    // The session's selection is ordered: nodes that stay keep their place, newly picked ones
    // follow in tree order (top to bottom, as a Shift+click range reads).
    std::vector<NodeId> ordered;
    for (NodeId node : m_session.selection())
        if (isPicked(node))
            ordered.push_back(node);
    const core::model::Document& document = m_session.document();
    const std::vector<NodeId> tree =
        document.root() ? document.subtree(document.root()) : std::vector<NodeId>{};
    for (NodeId node : tree)
        if (isPicked(node) && std::find(ordered.begin(), ordered.end(), node) == ordered.end())
            ordered.push_back(node);
    NodeId current = nodeAt(m_view->selectionModel()->currentIndex());
    if (!isPicked(current))
        current = {};
    m_syncing = true;
    m_session.select(std::move(ordered), current);
    m_syncing = false;
}

void OutlinerPanel::setFilterText(const QString& text) {
    m_filter->setFilterFixedString(text);
    if (!text.isEmpty())
        m_view->expandAll(); // matches deep in the tree are what the user is looking for
}

void OutlinerPanel::startRename() {
    const NodeId node = m_session.currentNode();
    if (!node)
        return;
    // Renaming happens here: a closed or tabbed-away Outliner comes forward for it (an editor
    // opened in a hidden view would be invisible, and still open when the dock came back).
    for (QWidget* up = parentWidget(); up; up = up->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(up)) {
            dock->show();
            dock->raise();
            break;
        }
    QModelIndex index = viewIndexOf(node);
    if (!index.isValid() && !m_filterEdit->text().isEmpty()) {
        m_filterEdit->clear(); // the filter hides the node being renamed
        index = viewIndexOf(node);
    }
    if (!index.isValid())
        return;
    m_syncing = true;
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
    m_syncing = false;
    m_view->scrollTo(index);
    if (QWidget* open = m_view->indexWidget(index)) { // already being renamed (a refused name)
        open->setFocus(Qt::ShortcutFocusReason);
        return;
    }
    m_view->setFocus(Qt::ShortcutFocusReason);
    m_view->edit(index);
}

QMenu* OutlinerPanel::createContextMenu(const QModelIndex& index, QWidget* parent) {
    auto* menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("outlinerContextMenu"));
    const NodeId id = nodeAt(index);
    const core::model::Node* node =
        id && m_session.hasDocument() ? m_session.document().nodes.find(id) : nullptr;
    if (!node) {
        menu->addAction(m_actions.addSkeleton());
        menu->addSeparator();
        menu->addAction(m_actions.selectAll());
        menu->addAction(m_actions.selectNone());
        return menu;
    }
    if (node->isBone() || node->isSkeleton()) {
        menu->addAction(m_actions.addChildBone());
        menu->addSeparator();
    } else if (id == m_session.document().root()) {
        menu->addAction(m_actions.addSkeleton()); // skeletons go under the root
        menu->addSeparator();
    }
    menu->addAction(m_actions.duplicate());
    menu->addAction(m_actions.remove());
    menu->addSeparator();
    menu->addAction(m_actions.rename());
    return menu;
}

void OutlinerPanel::showContextMenu(const QPoint& position) {
    const QModelIndex index = m_view->indexAt(position);
    if (const NodeId node = nodeAt(index)) {
        // The actions work on the session's selection and current node: a right-click on a row
        // outside the selection selects it, one inside makes it current (the parent of Add
        // Child Bone).
        if (m_session.isSelected(node))
            m_session.select(m_session.selection(), node);
        else
            m_session.select({node});
    }
    const std::unique_ptr<QMenu> menu(createContextMenu(index, this));
    menu->exec(m_view->viewport()->mapToGlobal(position));
}

void OutlinerPanel::showRefusal(const QString& reason) {
    m_view->setToolTip(reason);
    m_view->setStatusTip(reason);
    if (m_view->isVisible()) {
        const QModelIndex current = m_view->currentIndex();
        const QPoint at = current.isValid() ? m_view->visualRect(current).bottomLeft() : QPoint();
        QToolTip::showText(m_view->viewport()->mapToGlobal(at), reason, m_view);
    }
    emit message(reason);
}

void OutlinerPanel::clearRefusal() {
    m_view->setToolTip(m_defaultToolTip);
    m_view->setStatusTip(m_defaultToolTip);
}

bool OutlinerPanel::eventFilter(QObject* watched, QEvent* event) {
    // Keys typed into an open name editor go to the editor, not here.
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_F2 && key->modifiers() == Qt::NoModifier) {
            startRename();
            return true;
        }
        if (key->matches(QKeySequence::Delete)) {
            m_actions.remove()->trigger(); // does nothing while disabled (nothing deletable)
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace hyperrig::ui
