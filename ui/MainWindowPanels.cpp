#include "ui/MainWindow.h"
#include "ui/panels/bindposes/BindPosesPanel.h"
#include "ui/panels/bones/BonesPanel.h"
#include "ui/panels/groups/GroupNamesPanel.h"
#include "ui/panels/history/HistoryPanel.h"
#include "ui/panels/inspector/InspectorPanel.h"
#include "ui/panels/joints/JointsPanel.h"
#include "ui/panels/outliner/OutlinerPanel.h"
#include "ui/panels/pose/PosePanel.h"
#include "ui/panels/validation/ValidationPanel.h"
#include "ui/session/EditorSession.h"
#include "ui/viewport/ViewportBinding.h"
#include "ui/widgets/PanelWidgets.h"

#include <QDockWidget>
#include <QLabel>
#include <QStatusBar>

namespace hyperrig::ui {

// The docks around the viewport, each a panel of ui/panels/ bound to the session. Their titles
// are the names a screen reader and the acceptance tests find them by; the object names key the
// saved layout (bump kLayoutVersion when this list changes).
void MainWindow::createPanels() {
    // The side docks run the window's full height; the validation list sits under the viewport.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    auto* outliner = new OutlinerPanel(*m_session, *m_nodeActions);
    QDockWidget* outlinerDock =
        addPanel(outliner, tr("Outliner"), QStringLiteral("outlinerDock"), Qt::LeftDockWidgetArea);
    connect(outliner, &OutlinerPanel::message, this,
            [this](const QString& text) { statusBar()->showMessage(text); });
    letNodeKeysThrough(*outlinerDock); // F2 renames, Delete deletes the selected nodes
    auto* validation = new ValidationPanel(*m_session);
    QDockWidget* validationDock = addPanel(
        validation, tr("Validation"), QStringLiteral("validationDock"), Qt::BottomDockWidgetArea);
    // The counts after every validation run (a run that finds what the last one found emits no
    // countsChanged, and the first run of a document must still show its result).
    const auto showCounts = [this, validation] {
        m_diagnosticsLabel->setText(
            m_session->hasDocument()
                ? tr("%n error(s)", nullptr, validation->errorCount()) +
                      tr(", %n warning(s)", nullptr, validation->warningCount())
                : QString());
    };
    connect(validation, &ValidationPanel::countsChanged, this, showCounts);
    connect(validation, &ValidationPanel::validationFinished, this, showCounts);
    auto* inspector = new InspectorPanel(*m_session);
    QDockWidget* inspectorDock = addPanel(inspector, tr("Inspector"),
                                          QStringLiteral("inspectorDock"), Qt::RightDockWidgetArea);
    connect(inspector, &InspectorPanel::message, this,
            [this](const QString& text) { statusBar()->showMessage(text); });
    letNodeKeysThrough(*inspectorDock);
    // The rig panels share the inspector's place as tabs: one selection, several views of it.
    auto* bones = new BonesPanel(*m_session);
    QDockWidget* bonesDock =
        addPanel(bones, BonesPanel::title(), QStringLiteral("bonesDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(inspectorDock, bonesDock);
    m_pose = new PosePanel(*m_session);
    QDockWidget* poseDock =
        addPanel(m_pose, PosePanel::title(), QStringLiteral("poseDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(bonesDock, poseDock);
    connect(m_pose, &PosePanel::message, this,
            [this](const QString& text) { statusBar()->showMessage(text); });
    auto* joints = new JointsPanel(*m_session);
    QDockWidget* jointsDock = addPanel(joints, JointsPanel::title(), QStringLiteral("jointsDock"),
                                       Qt::RightDockWidgetArea);
    tabifyDockWidget(poseDock, jointsDock);
    connect(joints, &JointsPanel::message, this,
            [this](const QString& text) { statusBar()->showMessage(text); });
    auto* groups = new GroupNamesPanel(*m_session);
    QDockWidget* groupsDock = addPanel(groups, GroupNamesPanel::title(),
                                       QStringLiteral("groupNamesDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(jointsDock, groupsDock);
    connect(groups, &GroupNamesPanel::message, this,
            [this](const QString& text) { statusBar()->showMessage(text); });
    connect(groups, &GroupNamesPanel::heatMapGroupRequested, this,
            [this](const QString& name) { m_binding->showHeatMapGroup(name.toStdString()); });
    m_bindPoses = new BindPosesPanel(*m_session);
    QDockWidget* bindPosesDock = addPanel(m_bindPoses, BindPosesPanel::title(),
                                          QStringLiteral("bindPosesDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(groupsDock, bindPosesDock);
    connect(m_bindPoses, &BindPosesPanel::message, this,
            [this](const QString& text) { statusBar()->showMessage(text); });
    inspectorDock->raise();
    connect(bones, &BonesPanel::message, this,
            [this](const QString& text) { statusBar()->showMessage(text); });
    auto* history = new HistoryPanel(*m_session);
    QDockWidget* historyDock =
        addPanel(history, tr("History"), QStringLiteral("historyDock"), Qt::RightDockWidgetArea);
    // Default sizes in device-independent pixels (Qt scales them on HiDPI screens): the viewport
    // keeps most of the window.
    resizeDocks({outlinerDock, inspectorDock}, {300, 340}, Qt::Horizontal);
    resizeDocks({inspectorDock, historyDock}, {520, 200}, Qt::Vertical);
    resizeDocks({validationDock}, {150}, Qt::Vertical);
}

} // namespace hyperrig::ui
