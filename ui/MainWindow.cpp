#include "ui/MainWindow.h"

#include "core/base/Version.h"
#include "core/eval/PoseFile.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/model/DocumentSummary.h"
#include "core/model/ItemLabels.h"
#include "core/ops/PoseAsRest.h"
#include "render/scene/DocumentScene.h"
#include "ui/ViewportWidget.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

#include <set>
#include <string>

namespace hyperrig::ui {

namespace {

std::size_t triangleCount(const render::scene::SceneData& scene) {
    std::size_t triangles = 0;
    for (const render::scene::SurfaceInput& surface : scene.surfaces)
        triangles += surface.positions.size() / 3;
    return triangles;
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("mainWindow"));
    resize(1280, 800);
    m_viewport = new ViewportWidget(this);
    setCentralWidget(m_viewport);

    m_rendererLabel = new QLabel(this);
    m_rendererLabel->setObjectName(QStringLiteral("rendererLabel"));
    m_rendererLabel->setToolTip(tr("The OpenGL driver that draws the viewport"));
    statusBar()->addPermanentWidget(m_rendererLabel);
    statusBar()->showMessage(tr("Ready"));

    connect(m_viewport, &ViewportWidget::frameRendered, this, [this] {
        const auto& info = m_viewport->viewport().glInfo();
        m_rendererLabel->setText(tr("OpenGL %1.%2 · %3")
                                     .arg(info.major)
                                     .arg(info.minor)
                                     .arg(QString::fromStdString(info.renderer)));
    });
    connect(m_viewport, &ViewportWidget::nodeClicked, this, &MainWindow::showClickedNode);
    connect(m_viewport, &ViewportWidget::overlayChanged, this, &MainWindow::applyOverlayChanges);
    connect(m_viewport, &ViewportWidget::glFailed, this, [this](const QString& reason) {
        m_rendererLabel->setText(tr("Viewport unavailable"));
        statusBar()->showMessage(tr("The viewport cannot draw: %1").arg(reason));
    });

    createMenus();
    updateTitle();
}

QString MainWindow::openDocument(const QString& path) {
    auto read = core::io::readG4mf(path.toStdString());
    if (!read) {
        const QString reason = QString::fromStdString(read.error().message());
        statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()));
        return reason;
    }
    m_history.reset(); // it refers to the document being replaced
    m_selected = {};
    m_boneRotations.clear();
    m_viewport->setSelection({});
    m_document = std::make_unique<core::model::Document>(std::move(read->document));
    m_history = std::make_unique<core::edit::History>(*m_document);
    m_history->addListener(
        [this](const core::edit::ChangeSet& changes) { documentChanged(changes); });
    m_documentPath = QFileInfo(path).absoluteFilePath();
    updateTitle();
    const auto summary = core::model::summarize(*m_document);
    QString status = tr("%1: %2D, %3 bones in %4 skeletons, %5 meshes, %6 simplexes")
                         .arg(QFileInfo(path).fileName())
                         .arg(summary.dimension)
                         .arg(summary.bones)
                         .arg(summary.skeletons)
                         .arg(summary.meshes)
                         .arg(summary.simplexes);
    // A document the viewport cannot evaluate (a singular bone transform, a skin that does not
    // fit its mesh) still opens, so it can be inspected and fixed; the viewport stays empty and
    // the status bar says why.
    m_rig.reset();
    auto rig = core::eval::CompiledRig::compile(*m_document);
    auto scene =
        rig ? render::scene::buildDocumentScene(*m_document, *rig, {},
                                                core::eval::ThreadPool::shared(), m_sceneWorkspace)
            : core::Result<render::scene::SceneData>(rig.error());
    if (scene) {
        m_rig = std::make_unique<core::eval::CompiledRig>(std::move(*rig));
        resetOverlayState(triangleCount(*scene));
        render::overlay::setOffsetRange(m_viewport->overlayState(), scene->wMin, scene->wMax);
        m_viewport->showScene(std::move(*scene));
    } else {
        resetOverlayState(0);
        m_viewport->showScene({});
        status += tr(" · cannot draw: %1").arg(QString::fromStdString(scene.error().message()));
    }
    statusBar()->showMessage(status);
    return {};
}

void MainWindow::resetOverlayState(std::size_t sceneTriangles) {
    render::overlay::OverlayState& state = m_viewport->overlayState();
    state.is4D = m_document && m_document->dimension() == 4;
    state.view = {};
    state.pose = {};
    state.bindPoseNames.clear();
    state.groupNames.clear();
    state.heatMapGroup.clear();
    state.posePlaneNames.clear();
    if (m_document)
        for (const auto& plane : core::eval::rotationPlanes(m_document->dimension()))
            state.posePlaneNames.push_back(core::eval::planeName(plane));
    updatePoseSliders();
    if (m_document && m_rig) {
        state.groupNames = render::scene::skinGroupNames(*m_document, *m_rig);
        std::set<std::string> stored; // every skeleton's stored bind poses, by type name
        for (const core::eval::CompiledSkeleton& skeleton : m_rig->skeletons())
            for (const core::model::BindPose& bindPose :
                 m_document->node(skeleton.skeleton).skeleton()->bindPoses)
                stored.insert(std::string(core::model::poseTypeName(bindPose.type)));
        state.bindPoseNames.assign(stored.begin(), stored.end());
    }
    const auto summary =
        m_document ? core::model::summarize(*m_document) : core::model::DocumentSummary{};
    state.statistics.vertices = summary.vertices;
    state.statistics.tetrahedra = summary.dimension == 4 ? summary.simplexes : 0;
    state.statistics.triangles = sceneTriangles;
    state.clearChanges();
}

namespace {

// The overlay's display toggles as the viewport's display.
render::view::Viewport::Display viewportDisplay(const render::overlay::OverlayState& state) {
    render::view::Viewport::Display display;
    display.bones = state.showBones;
    display.grid = state.showGrid;
    display.shapes = state.showShapes;
    display.wireframe = state.showWireframe;
    display.shading =
        state.smoothShading ? render::scene::Shading::Smooth : render::scene::Shading::Flat;
    return display;
}

} // namespace

void MainWindow::applyOverlayChanges() {
    using render::overlay::OverlayAction;
    render::overlay::OverlayState& state = m_viewport->overlayState();
    // Display toggles only change how the viewport draws the scene it has; the heat-map changes
    // the scene itself (its surfaces' colours come from the evaluation).
    bool refresh = state.viewChanged || state.poseChanged || state.heatMapChanged;
    if (state.poseBoneChanged && m_selected) {
        // Dragging a pose slider edits the current pose, so that is what the viewport shows.
        m_boneRotations[m_selected] = state.poseBoneDegrees;
        state.pose = {render::overlay::PoseSelection::Kind::Current, {}};
        refresh = true;
    }
    if (state.action == OverlayAction::ResetBonePose || state.action == OverlayAction::ResetPose) {
        if (state.action == OverlayAction::ResetPose)
            m_boneRotations.clear();
        else
            m_boneRotations.erase(m_selected);
        updatePoseSliders();
        refresh = true;
    }
    if (refresh)
        refreshScene();
    if (state.displayChanged)
        m_viewport->setDisplay(viewportDisplay(state));
    if (state.action == OverlayAction::ApplyPoseAsRest)
        applyPoseAsRest();
    state.clearChanges();
}

namespace {

// The overlay's pose selection as a pose name for messages and namedPose.
std::string selectedPoseName(const render::overlay::OverlayState& state) {
    switch (state.pose.kind) {
    case render::overlay::PoseSelection::Kind::BindPose:
        return state.pose.bindPoseName;
    case render::overlay::PoseSelection::Kind::Current:
        return "current";
    case render::overlay::PoseSelection::Kind::Rest:
        break;
    }
    return "rest";
}

} // namespace

core::Result<core::eval::Pose> MainWindow::shownPose() const {
    const render::overlay::OverlayState& state = m_viewport->overlayState();
    if (state.pose.kind != render::overlay::PoseSelection::Kind::Current)
        return core::eval::namedPose(selectedPoseName(state), *m_document, *m_rig);
    // Bones that an edit removed (or that stopped being bones) drop out of the current pose.
    std::map<core::model::NodeId, core::eval::PlaneAngles> bones;
    for (const auto& [node, degrees] : m_boneRotations)
        if (m_document->nodes.find(node) && m_document->node(node).isBone())
            bones.emplace(node, degrees);
    return core::eval::poseFromBoneRotations(*m_document, *m_rig, bones);
}

void MainWindow::updatePoseSliders() {
    render::overlay::OverlayState& state = m_viewport->overlayState();
    const bool bone = m_document && m_selected && m_document->nodes.find(m_selected) &&
                      m_document->node(m_selected).isBone();
    state.poseBoneName = bone ? m_document->node(m_selected).displayName() : std::string();
    const auto found = m_boneRotations.find(m_selected);
    state.poseBoneDegrees =
        bone && found != m_boneRotations.end() ? found->second : core::eval::PlaneAngles{};
}

void MainWindow::refreshScene() {
    if (!m_document || !m_rig)
        return;
    render::overlay::OverlayState& state = m_viewport->overlayState();
    auto pose = shownPose();
    // The heat-map shows the group chosen in the overlay, else the one named after the selected
    // bone (G4MF group names match bone names).
    render::scene::MeshAttributes highlight;
    std::string group = state.heatMapGroup;
    if (group.empty() && m_selected && m_document->nodes.find(m_selected) &&
        m_document->node(m_selected).isBone())
        group = m_document->node(m_selected).displayName();
    if (state.showHeatMap && !group.empty()) {
        bool found = false;
        highlight = render::scene::groupHighlight(*m_document, *m_rig, group, found);
    }
    auto scene =
        pose ? render::scene::buildDocumentScene(
                   *m_document, *m_rig, {std::move(*pose), state.view, std::move(highlight)},
                   core::eval::ThreadPool::shared(), m_sceneWorkspace)
             : core::Result<render::scene::SceneData>(pose.error());
    if (scene) {
        state.statistics.triangles = triangleCount(*scene);
        render::overlay::setOffsetRange(state, scene->wMin, scene->wMax);
        m_viewport->replaceScene(std::move(*scene));
    } else {
        statusBar()->showMessage(
            tr("Cannot show that view: %1").arg(QString::fromStdString(scene.error().message())));
    }
}

void MainWindow::applyPoseAsRest() {
    if (!m_document || !m_rig || !m_history)
        return;
    render::overlay::OverlayState& state = m_viewport->overlayState();
    const std::string name = selectedPoseName(state);
    if (name == "rest") {
        statusBar()->showMessage(tr("The rest pose is already the rest pose; choose a bind pose "
                                    "or pose bones to apply"));
        return;
    }
    auto pose = shownPose();
    if (pose && pose->isRest()) {
        statusBar()->showMessage(tr("Nothing is posed: the current pose is the rest pose; turn "
                                    "a bone with the pose sliders first"));
        return;
    }
    auto command = pose ? core::ops::poseAsRestCommand(*m_document, *m_rig, *pose)
                        : core::Result<std::unique_ptr<core::edit::Command>>(pose.error());
    auto applied =
        command ? m_history->execute(std::move(*command)) : core::Result<void>(command.error());
    if (!applied) {
        statusBar()->showMessage(tr("Cannot apply %1 as the rest pose: %2")
                                     .arg(QString::fromStdString(name),
                                          QString::fromStdString(applied.error().message())));
        return;
    }
    // The rest pose now is that pose: show it as the rest pose, with nothing left to pose.
    state.pose = {};
    if (name == "current") {
        m_boneRotations.clear();
        updatePoseSliders();
    }
    refreshScene();
    statusBar()->showMessage(tr("Applied %1 as the rest pose").arg(QString::fromStdString(name)));
}

void MainWindow::documentChanged(const core::edit::ChangeSet& changes) {
    if (m_rig) {
        auto updated = m_rig->update(*m_document, changes);
        if (!updated)
            statusBar()->showMessage(tr("Cannot draw the document: %1")
                                         .arg(QString::fromStdString(updated.error().message())));
    }
    if (m_selected && !m_document->nodes.find(m_selected))
        select({});      // an undo or edit removed it
    updatePoseSliders(); // a rename shows in the slider section
    refreshScene();
    updateUndoActions();
    updateTitle();
}

void MainWindow::updateUndoActions() {
    const bool open = m_history != nullptr;
    m_undoAction->setEnabled(open && m_history->canUndo());
    m_redoAction->setEnabled(open && m_history->canRedo());
    m_undoAction->setText(open && m_history->canUndo()
                              ? tr("&Undo %1").arg(QString::fromStdString(m_history->undoName()))
                              : tr("&Undo"));
    m_redoAction->setText(open && m_history->canRedo()
                              ? tr("&Redo %1").arg(QString::fromStdString(m_history->redoName()))
                              : tr("&Redo"));
}

void MainWindow::showClickedNode(core::model::NodeId node) {
    if (!m_document || !node || !m_document->nodes.find(node)) {
        select({});
        statusBar()->showMessage(tr("Nothing under the pointer"));
        return;
    }
    const core::model::Node& item = m_document->node(node);
    const QString kind = item.isBone()         ? tr("bone")
                         : item.meshInstance() ? tr("mesh node")
                                               : tr("node");
    select(node);
    statusBar()->showMessage(tr("%1 %2").arg(
        kind, QString::fromStdString(core::model::describeNode(*m_document, node))));
}

void MainWindow::select(core::model::NodeId node) {
    if (!m_document || (node && !m_document->nodes.find(node)))
        node = {};
    if (node == m_selected)
        return;
    m_selected = node;
    m_viewport->setSelection(node ? std::vector<core::model::NodeId>{node}
                                  : std::vector<core::model::NodeId>{});
    updatePoseSliders();
    const render::overlay::OverlayState& state = m_viewport->overlayState();
    if (state.showHeatMap && state.heatMapGroup.empty())
        refreshScene(); // the heat-map follows the selected bone
}

void MainWindow::chooseAndOpen() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open G4MF File"), QFileInfo(m_documentPath).absolutePath(),
        tr("G4MF files (*.g4tf *.g4b);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString error = openDocument(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Cannot open file"), error);
}

void MainWindow::createMenus() {
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->setObjectName(QStringLiteral("fileMenu"));
    QAction* open = fileMenu->addAction(tr("&Open..."), this, &MainWindow::chooseAndOpen);
    open->setObjectName(QStringLiteral("openAction"));
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open a G4MF file (.g4tf or .g4b)"));
    fileMenu->addSeparator();
    QAction* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setStatusTip(tr("Close HyperRig"));

    QMenu* editMenu = menuBar()->addMenu(tr("&Edit"));
    editMenu->setObjectName(QStringLiteral("editMenu"));
    m_undoAction = editMenu->addAction(tr("&Undo"), this, [this] {
        if (m_history && m_history->canUndo())
            m_history->undo();
    });
    m_undoAction->setObjectName(QStringLiteral("undoAction"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setStatusTip(tr("Undo the last edit"));
    m_redoAction = editMenu->addAction(tr("&Redo"), this, [this] {
        if (m_history && m_history->canRedo())
            m_history->redo();
    });
    m_redoAction->setObjectName(QStringLiteral("redoAction"));
    m_redoAction->setShortcut(QKeySequence::Redo);
    m_redoAction->setStatusTip(tr("Redo the edit undone last"));
    updateUndoActions();

    QAction* selectNone = editMenu->addAction(tr("Select &None"), this, [this] { select({}); });
    selectNone->setObjectName(QStringLiteral("selectNoneAction"));
    selectNone->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    selectNone->setStatusTip(tr("Clear the selection"));

    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->setObjectName(QStringLiteral("viewMenu"));
    QAction* frameSelected =
        viewMenu->addAction(tr("Frame &Selected"), m_viewport, &ViewportWidget::frameSelection);
    frameSelected->setObjectName(QStringLiteral("frameSelectedAction"));
    frameSelected->setShortcut(QKeySequence(Qt::Key_F));
    frameSelected->setStatusTip(
        tr("Fit the selected bone or mesh in the view (everything when nothing is selected)"));
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
    QAction* fullScreen = viewMenu->addAction(tr("&Full Screen"));
    fullScreen->setObjectName(QStringLiteral("fullScreenAction"));
    fullScreen->setCheckable(true);
    fullScreen->setShortcut(QKeySequence::FullScreen);
    fullScreen->setStatusTip(tr("Use the whole screen for the editor"));
    connect(fullScreen, &QAction::toggled, this,
            [this](bool on) { on ? showFullScreen() : showNormal(); });

    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->setObjectName(QStringLiteral("helpMenu"));
    QAction* about = helpMenu->addAction(tr("&About HyperRig"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setStatusTip(tr("Version and licence information"));
    QAction* aboutQt = helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setObjectName(QStringLiteral("aboutQtAction"));
}

void MainWindow::updateTitle() {
    const QString product = QString::fromUtf8(core::kProductName);
    setWindowTitle(m_documentPath.isEmpty()
                       ? product
                       : tr("%1 — %2").arg(QFileInfo(m_documentPath).fileName(), product));
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About HyperRig"),
                       tr("<h3>HyperRig %1</h3>"
                          "<p>A rig editor for skeletons and skinned meshes in any dimension, "
                          "4D first.</p>")
                           .arg(QString::fromUtf8(core::kVersion)));
}

} // namespace hyperrig::ui
