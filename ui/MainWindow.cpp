#include "ui/MainWindow.h"

#include "core/base/Version.h"
#include "core/io/usd/UsdImport.h"
#include "core/model/DocumentSummary.h"
#include "ui/ViewportWidget.h"
#include "ui/actions/MakeAction.h"
#include "ui/actions/NodeActions.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/InteropFiles.h"
#include "ui/help/KeyboardShortcutsDialog.h"
#include "ui/meshes/MeshActions.h"
#include "ui/panels/bindposes/BindPosesPanel.h"
#include "ui/panels/pose/PosePanel.h"
#include "ui/session/EditorSession.h"
#include "ui/viewport/BoxSelectTool.h"
#include "ui/viewport/TransformTool.h"
#include "ui/viewport/TransformToolActions.h"
#include "ui/viewport/ViewportActions.h"
#include "ui/viewport/ViewportBinding.h"
#include "ui/widgets/PanelWidgets.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMetaObject>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QUrl>

namespace hyperrig::ui {

namespace {

const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");

bool isDocumentFile(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QStringLiteral("g4tf") || suffix == QStringLiteral("g4b");
}

// The first local G4MF file among dropped URLs, or "".
QString droppedDocument(const QMimeData* data) {
    if (!data || !data->hasUrls())
        return {};
    for (const QUrl& url : data->urls())
        if (url.isLocalFile() && isDocumentFile(url.toLocalFile()))
            return url.toLocalFile();
    return {};
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    // Home/End in a panel's list or slider move within it, not the viewport's camera; Ctrl+Z in
    // a field with nothing typed to undo undoes the document.
    settleKeysBetweenControlsAndWindow(*qApp, this);
    m_session = new EditorSession(this);
    m_viewport = new ViewportWidget(this);
    m_viewport->setObjectName(QStringLiteral("viewport"));
    m_viewport->setAccessibleName(tr("Viewport"));
    setCentralWidget(m_viewport);
    m_binding = new ViewportBinding(*m_session, *m_viewport, this);
    m_viewportActions = new ViewportActions(*m_session, *m_viewport, *m_binding, this);
    m_transformTool = new TransformTool(*m_session, *m_viewport, *m_binding, this);
    m_transformActions = new TransformToolActions(*m_session, *m_transformTool, this);
    m_files = new DocumentFiles(*m_session, *this, this);
    m_nodeActions = new NodeActions(*m_session, this);
    m_meshActions = new MeshActions(*m_session, this, this);
    m_boxSelect = new BoxSelectTool(*m_session, *m_viewport, this);

    m_diagnosticsLabel = new QLabel(this);
    m_diagnosticsLabel->setObjectName(QStringLiteral("diagnosticsLabel"));
    m_diagnosticsLabel->setToolTip(tr("Validation errors and warnings of the document"));
    statusBar()->addPermanentWidget(m_diagnosticsLabel);
    m_rendererLabel = new QLabel(this);
    m_rendererLabel->setObjectName(QStringLiteral("rendererLabel"));
    m_rendererLabel->setToolTip(tr("The OpenGL driver that draws the viewport"));
    statusBar()->addPermanentWidget(m_rendererLabel);
    statusBar()->showMessage(tr("Ready"));

    const auto showMessage = [this](const QString& text) {
        statusBar()->showMessage(text);
    };
    connect(m_binding, &ViewportBinding::message, this, showMessage);
    connect(m_files, &DocumentFiles::message, this, showMessage);
    connect(m_nodeActions, &NodeActions::message, this, showMessage);
    connect(m_transformTool, &TransformTool::message, this, showMessage);
    // A running operation's live text (the angle and rotor while turning) stays in the status
    // bar until the operation ends.
    connect(m_transformTool, &TransformTool::statusChanged, this, showMessage);
    connect(m_boxSelect, &BoxSelectTool::message, this, showMessage);
    connect(m_viewport, &ViewportWidget::frameRendered, this, [this] {
        const auto& info = m_viewport->viewport().glInfo();
        m_rendererLabel->setText(tr("OpenGL %1.%2 · %3")
                                     .arg(info.major)
                                     .arg(info.minor)
                                     .arg(QString::fromStdString(info.renderer)));
    });
    connect(m_viewport, &ViewportWidget::glFailed, this, [this](const QString& reason) {
        m_rendererLabel->setText(tr("Viewport unavailable"));
        statusBar()->showMessage(tr("The viewport cannot draw: %1").arg(reason));
    });
    connect(m_session, &EditorSession::historyChanged, this, &MainWindow::updateUndoActions);
    connect(m_session, &EditorSession::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_session, &EditorSession::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_session, &EditorSession::documentReplaced, this, &MainWindow::updateTitle);

    createPanels();
    createMenus();
    updateUndoActions();
    updateTitle();
    sizeForScreen();
    m_defaultState = saveState(kLayoutVersion);
    restoreLayout();
}

MainWindow::~MainWindow() = default;

void MainWindow::sizeForScreen() {
    // Three quarters of the screen's free area, at least 1024x640 where it fits: sensible on a
    // laptop and on a 4K monitor alike (Qt scales for HiDPI).
    const QScreen* screen = QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1600, 1000);
    const QSize size(std::min(available.width(), std::max(1024, available.width() * 3 / 4)),
                     std::min(available.height(), std::max(640, available.height() * 3 / 4)));
    resize(size);
    move(available.center() - QPoint(size.width() / 2, size.height() / 2));
}

QDockWidget* MainWindow::addPanel(QWidget* panel, const QString& title, const QString& objectName,
                                  Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setAccessibleName(title);
    panel->setParent(dock);
    dock->setWidget(panel);
    addDockWidget(area, dock);
    m_docks.emplace_back(dock, area);
    return dock;
}

QDockWidget* MainWindow::dock(const QString& title) const {
    for (const auto& [dock, area] : m_docks)
        if (dock->windowTitle() == title)
            return dock;
    return nullptr;
}

void MainWindow::resetLayout() {
    restoreState(m_defaultState, kLayoutVersion);
    for (const auto& [dock, area] : m_docks) {
        dock->setFloating(false);
        addDockWidget(area, dock);
        dock->show();
    }
    statusBar()->showMessage(tr("Panels back in their default places"));
}

void MainWindow::restoreLayout() {
    QSettings settings;
    const QByteArray geometry = settings.value(kGeometryKey).toByteArray();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    // A layout saved by another version of the docks is ignored (restoreState says false).
    const QByteArray state = settings.value(kStateKey).toByteArray();
    if (!state.isEmpty() && !restoreState(state, kLayoutVersion))
        restoreState(m_defaultState, kLayoutVersion);
}

void MainWindow::saveLayout() {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kLayoutVersion));
}

QString MainWindow::openDocument(const QString& path) {
    // A UsdSkel file on the command line is imported as File > Import > UsdSkel does: untitled,
    // so Save asks for a G4MF file and never writes over the .usda.
    const auto importUsda = [this, &path]() -> core::Result<void> {
        auto imported = core::io::readUsda(path.toStdString());
        if (!imported)
            return imported.error();
        m_session->adoptImportedDocument(std::move(imported->document),
                                         QFileInfo(path).absoluteFilePath());
        return {};
    };
    auto opened =
        core::io::isUsdPath(path.toStdString()) ? importUsda() : m_session->openFile(path);
    if (!opened) {
        statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()));
        return QString::fromStdString(opened.error().message());
    }
    const auto summary = core::model::summarize(m_session->document());
    QString status = tr("%1: %2D, %3 bones in %4 skeletons, %5 meshes, %6 simplexes")
                         .arg(QFileInfo(path).fileName())
                         .arg(summary.dimension)
                         .arg(summary.bones)
                         .arg(summary.skeletons)
                         .arg(summary.meshes)
                         .arg(summary.simplexes);
    // A document the viewport cannot evaluate still opens, so it can be inspected and fixed.
    if (!m_session->rig())
        status += tr(" · cannot draw: %1").arg(m_session->rigError());
    statusBar()->showMessage(status);
    return {};
}

const QString& MainWindow::documentPath() const {
    return m_session->filePath();
}

const core::model::Document* MainWindow::document() const {
    return m_session->hasDocument() ? &m_session->document() : nullptr;
}

core::model::NodeId MainWindow::selectedNode() const {
    return m_session->currentNode();
}

void MainWindow::select(core::model::NodeId node) {
    m_session->select(node ? std::vector<core::model::NodeId>{node}
                           : std::vector<core::model::NodeId>{});
}

const core::eval::BonePoses& MainWindow::bonePoses() const {
    return m_session->bonePoses();
}

void MainWindow::updateUndoActions() {
    m_undoAction->setEnabled(m_session->canUndo());
    m_redoAction->setEnabled(m_session->canRedo());
    m_undoAction->setText(m_session->canUndo() ? tr("&Undo %1").arg(m_session->undoName())
                                               : tr("&Undo"));
    m_redoAction->setText(m_session->canRedo() ? tr("&Redo %1").arg(m_session->redoName())
                                               : tr("&Redo"));
}

void MainWindow::updateTitle() {
    const QString product = QString::fromUtf8(core::kProductName);
    // "[*]" is where Qt puts the modified mark ("*") while isWindowModified().
    setWindowTitle(m_session->hasDocument()
                       ? tr("%1[*] — %2").arg(m_session->displayName(), product)
                       : product);
    setWindowModified(m_session->isModified());
}

void MainWindow::changeEvent(QEvent* event) {
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::WindowStateChange && m_fullScreenAction) {
        const QSignalBlocker blocker(m_fullScreenAction);
        m_fullScreenAction->setChecked(isFullScreen());
    }
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_files->busy() || !m_files->maybeSave()) {
        event->ignore();
        return;
    }
    saveLayout();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedDocument(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = droppedDocument(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    // After the drop returns: the unsaved-changes question is modal, and a drag source (the file
    // manager) waits for its drop to end.
    QMetaObject::invokeMethod(
        this, [this, path] { m_files->openFile(path); }, Qt::QueuedConnection);
}

void MainWindow::createMenus() {
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->setObjectName(QStringLiteral("fileMenu"));
    fileMenu->addAction(m_files->newDocument4D());
    fileMenu->addAction(m_files->newDocument3D());
    fileMenu->addAction(m_files->newDocumentOther());
    fileMenu->addSeparator();
    fileMenu->addAction(m_files->open());
    fileMenu->addMenu(m_files->recentMenu());
    // File > Import and Export (glTF, MPFB) share DocumentFiles' rules (ui/files/InteropFiles.h).
    auto* interop = new InteropFiles(*m_session, *m_files, *this, this);
    // A 4D..8D document exports to glTF as the cut the viewport shows (decision 0028).
    interop->setCrossSectionSource([this]() -> core::Result<CrossSectionView> {
        auto pose = m_binding->shownPose();
        if (!pose)
            return pose.error();
        return CrossSectionView{m_viewport->overlayState().view, std::move(*pose)};
    });
    fileMenu->addMenu(interop->importMenu());
    fileMenu->addSeparator();
    fileMenu->addAction(m_files->save());
    fileMenu->addAction(m_files->saveAs());
    fileMenu->addAction(m_files->revert());
    fileMenu->addMenu(interop->exportMenu());
    fileMenu->addSeparator();
    fileMenu->addAction(m_files->close());
    fileMenu->addSeparator();
    QAction* quit = fileMenu->addAction(tr("&Quit"));
    onTriggeredWithDialogs(quit, this, [this] { close(); }); // asks about unsaved changes
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setStatusTip(tr("Close HyperRig (asks about unsaved changes)"));

    QMenu* editMenu = menuBar()->addMenu(tr("&Edit"));
    editMenu->setObjectName(QStringLiteral("editMenu"));
    m_undoAction = editMenu->addAction(tr("&Undo"), m_session, &EditorSession::undo);
    m_undoAction->setObjectName(QStringLiteral("undoAction"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setStatusTip(tr("Undo the last edit"));
    m_redoAction = editMenu->addAction(tr("&Redo"), m_session, &EditorSession::redo);
    m_redoAction->setObjectName(QStringLiteral("redoAction"));
    // Ctrl+Shift+Z and Ctrl+Y both redo, whatever the platform's default is.
    m_redoAction->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    m_redoAction->setStatusTip(tr("Redo the edit undone last"));
    editMenu->addSeparator();
    editMenu->addAction(m_nodeActions->rename());
    editMenu->addAction(m_nodeActions->duplicate());
    editMenu->addAction(m_nodeActions->remove());
    editMenu->addSeparator();
    editMenu->addAction(m_nodeActions->selectAll());
    editMenu->addAction(m_nodeActions->selectNone());
    addSelectionActions(*editMenu);

    QMenu* addMenu = menuBar()->addMenu(tr("&Add"));
    addMenu->setObjectName(QStringLiteral("addMenu"));
    addMenu->addAction(m_nodeActions->addSkeleton());
    addMenu->addAction(m_nodeActions->addChildBone());

    QMenu* transformMenu = menuBar()->addMenu(tr("&Transform"));
    transformMenu->setObjectName(QStringLiteral("transformMenu"));
    m_transformActions->addTo(*transformMenu);

    QMenu* meshMenu = menuBar()->addMenu(tr("&Mesh"));
    meshMenu->setObjectName(QStringLiteral("meshMenu"));
    meshMenu->addAction(m_meshActions->mergeMeshes());
    meshMenu->addAction(m_meshActions->parentMesh());

    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->setObjectName(QStringLiteral("viewMenu"));
    QAction* frameSelected =
        viewMenu->addAction(tr("Frame &Selected"), m_viewport, &ViewportWidget::frameSelection);
    frameSelected->setObjectName(QStringLiteral("frameSelectedAction"));
    frameSelected->setShortcut(QKeySequence(Qt::Key_F));
    frameSelected->setStatusTip(
        tr("Fit the selected bones or meshes in the view (everything when nothing is selected)"));
    QAction* frameAll =
        viewMenu->addAction(tr("Frame &All"), m_viewport, &ViewportWidget::frameAll);
    frameAll->setObjectName(QStringLiteral("frameAllAction"));
    frameAll->setShortcut(QKeySequence(Qt::Key_Home));
    frameAll->setStatusTip(tr("Fit the whole document in the view"));
    QAction* resetView =
        viewMenu->addAction(tr("&Reset View"), m_viewport, &ViewportWidget::resetView);
    resetView->setObjectName(QStringLiteral("resetViewAction"));
    resetView->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Home));
    resetView->setStatusTip(tr("Back to the starting camera angles, framing everything"));
    viewMenu->addSeparator();
    m_viewportActions->addDisplayActions(*viewMenu);
    viewMenu->addSeparator();
    m_panelsMenu = viewMenu->addMenu(tr("&Panels"));
    m_panelsMenu->setObjectName(QStringLiteral("panelsMenu"));
    for (const auto& [dock, area] : m_docks) {
        QAction* toggle = dock->toggleViewAction();
        toggle->setObjectName(dock->objectName() + QStringLiteral("ToggleAction"));
        toggle->setStatusTip(tr("Show or hide the %1 panel").arg(dock->windowTitle()));
        m_panelsMenu->addAction(toggle);
    }
    QAction* resetLayoutAction =
        viewMenu->addAction(tr("Reset &Layout"), this, &MainWindow::resetLayout);
    resetLayoutAction->setObjectName(QStringLiteral("resetLayoutAction"));
    resetLayoutAction->setStatusTip(tr("Put every panel back in its default place"));
    viewMenu->addSeparator();
    m_fullScreenAction = viewMenu->addAction(tr("&Full Screen"));
    m_fullScreenAction->setObjectName(QStringLiteral("fullScreenAction"));
    m_fullScreenAction->setCheckable(true);
    m_fullScreenAction->setShortcut(QKeySequence::FullScreen);
    m_fullScreenAction->setStatusTip(tr("Use the whole screen for the editor"));
    m_fullScreenAction->setChecked(isFullScreen());
    // Only the full-screen flag: leaving full screen goes back to maximized if it was. The tick
    // follows the window (changeEvent): a restored full-screen geometry, the window manager.
    connect(m_fullScreenAction, &QAction::toggled, this, [this](bool on) {
        setWindowState(on ? windowState() | Qt::WindowFullScreen
                          : windowState() & ~Qt::WindowFullScreen);
    });

    QMenu* poseMenu = menuBar()->addMenu(tr("&Pose"));
    poseMenu->setObjectName(QStringLiteral("poseMenu"));
    m_viewportActions->addPoseActions(*poseMenu);
    poseMenu->addSeparator();
    poseMenu->addActions(m_pose->menuActions());
    poseMenu->addSeparator();
    poseMenu->addMenu(m_pose->showAnimationMenu());
    poseMenu->addAction(m_pose->playAnimationAction());
    poseMenu->addSeparator();
    poseMenu->addActions(m_bindPoses->menuActions());

    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->setObjectName(QStringLiteral("helpMenu"));
    QAction* shortcuts = helpMenu->addAction(tr("&Keyboard Shortcuts"));
    shortcuts->setObjectName(QStringLiteral("keyboardShortcutsAction"));
    shortcuts->setStatusTip(tr("List every key the editor and its viewport answer to"));
    onTriggeredWithDialogs(shortcuts, this, [this] {
        KeyboardShortcutsDialog dialog(*menuBar(), this);
        dialog.exec();
    });
    QAction* about = helpMenu->addAction(tr("&About HyperRig"));
    onTriggeredWithDialogs(about, this, [this] { showAbout(); });
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setStatusTip(tr("Version and licence information"));
    QAction* aboutQt = helpMenu->addAction(tr("About &Qt"));
    onTriggeredWithDialogs(aboutQt, this, [] { QApplication::aboutQt(); });
    aboutQt->setObjectName(QStringLiteral("aboutQtAction"));
}

void MainWindow::addSelectionActions(QMenu& menu) {
    menu.addAction(m_nodeActions->selectParent());
    menu.addAction(m_nodeActions->selectChildren());
    menu.addAction(m_nodeActions->addParentsToSelection());
    menu.addAction(m_nodeActions->addChildrenToSelection());
    menu.addSeparator();
    menu.addAction(m_boxSelect->action());
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About HyperRig"),
                       tr("<h3>HyperRig %1</h3>"
                          "<p>A rig editor for skeletons and skinned meshes in any dimension, "
                          "4D first.</p>")
                           .arg(QString::fromUtf8(core::kVersion)));
}

} // namespace hyperrig::ui
