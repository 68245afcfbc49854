#include "ui/viewport/ViewportBinding.h"

#include "core/base/ThreadPool.h"
#include "core/eval/BonePoses.h"
#include "core/eval/PoseFile.h"
#include "core/eval/animation/SkelAnimationSample.h"
#include "core/model/DocumentSummary.h"
#include "core/model/ItemLabels.h"
#include "core/ops/PoseAsRest.h"
#include "render/scene/PoseGhost.h"
#include "ui/ViewportWidget.h"
#include "ui/session/EditorSession.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hyperrig::ui {

namespace {

std::size_t triangleCount(const render::scene::SceneData& scene) {
    std::size_t triangles = 0;
    for (const render::scene::SurfaceInput& surface : scene.surfaces)
        triangles += surface.positions.size() / 3;
    return triangles;
}

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

// The overlay's pose selection as a pose name for messages and namedPose.
std::string selectedPoseName(const render::overlay::OverlayState& state) {
    switch (state.pose.kind) {
    case render::overlay::PoseSelection::Kind::BindPose:
    case render::overlay::PoseSelection::Kind::Animation:
        return state.pose.name;
    case render::overlay::PoseSelection::Kind::Current:
        return "current";
    case render::overlay::PoseSelection::Kind::Rest:
        break;
    }
    return "rest";
}

bool isBone(const EditorSession& session, core::model::NodeId node) {
    return session.hasDocument() && node && session.document().nodes.find(node) &&
           session.document().node(node).isBone();
}

// 5D..8D: each axis beyond W gets its offset slider's range from the scene's extent along it.
void setBeyondWOffsetRanges(render::overlay::OverlayState& state,
                            const render::scene::SceneData& scene) {
    for (std::size_t k = 1; k < scene.extraAxisExtents.size(); ++k)
        render::overlay::setBeyondWOffsetRange(
            state, core::eval::kFirstExtraAxis + static_cast<int>(k), scene.extraAxisExtents[k].min,
            scene.extraAxisExtents[k].max);
}

} // namespace

ViewportBinding::ViewportBinding(EditorSession& session, ViewportWidget& viewport, QObject* parent)
    : QObject(parent), m_session(session), m_viewport(viewport) {
    connect(&m_session, &EditorSession::documentReplaced, this, &ViewportBinding::documentReplaced);
    connect(&m_session, &EditorSession::changed, this, &ViewportBinding::documentChanged);
    connect(&m_session, &EditorSession::selectionChanged, this, &ViewportBinding::selectionChanged);
    connect(&m_session, &EditorSession::poseChanged, this, [this] {
        // The current pose changed (the overlay's sliders, the Pose panel, a reset): show it.
        // Editing it stops an animation on show; a new document comes with none.
        if (!m_session.previewedAnimation())
            m_viewport.overlayState().pose = {render::overlay::PoseSelection::Kind::Current, {}};
        updatePoseSliders();
        refreshScene();
    });
    connect(&m_session, &EditorSession::bindPoseDisplayChanged, this,
            &ViewportBinding::showStoredBindPoses);
    connect(&m_session, &EditorSession::animationDisplayChanged, this,
            &ViewportBinding::showAnimation);
    // About 60 ticks a second; each moves the time on by the wall time it measured, so a late
    // tick does not slow playback down.
    m_playTimer.setInterval(16);
    connect(&m_playTimer, &QTimer::timeout, this,
            [this] { advancePlayback(static_cast<double>(m_playClock.restart()) / 1000.0); });
    // A build on the worker reads the document and the rig: they change only once it is done.
    connect(&m_session, &EditorSession::aboutToChange, this, [this] { m_builds.cancelAndWait(); });
    connect(&m_session, &EditorSession::aboutToReplaceDocument, this,
            [this] { m_builds.cancelAndWait(); });
    connect(&m_viewport, &ViewportWidget::nodeClicked, this, &ViewportBinding::nodeClicked);
    connect(&m_viewport, &ViewportWidget::overlayChanged, this,
            &ViewportBinding::applyOverlayChanges);
    documentReplaced();
}

void ViewportBinding::documentReplaced() {
    resetOverlayState();
    m_viewport.setSelection({});
    if (!m_session.hasDocument()) {
        m_viewport.showScene({});
        return;
    }
    refreshScene(true);
}

void ViewportBinding::resetOverlayState() {
    render::overlay::OverlayState& state = m_viewport.overlayState();
    const bool open = m_session.hasDocument();
    state.is4D = open && m_session.document().dimension() >= 4;
    state.extraAxisCount = open ? std::max(0, m_session.document().dimension() - 3) : 0;
    state.view = {};
    state.pose = {};
    state.bindPoseNames.clear();
    state.animationNames.clear();
    state.groupNames.clear();
    state.heatMapGroup.clear();
    state.posePlaneNames.clear();
    if (open)
        for (const auto& plane : core::eval::rotationPlanes(m_session.document().dimension()))
            state.posePlaneNames.push_back(core::eval::planeName(plane));
    if (open && m_session.rig())
        state.groupNames = render::scene::skinGroupNames(m_session.document(), *m_session.rig());
    updateBindPoseNames();
    updateAnimationState();
    const auto summary =
        open ? core::model::summarize(m_session.document()) : core::model::DocumentSummary{};
    state.statistics.vertices = summary.vertices;
    state.statistics.tetrahedra = summary.dimension == 4 ? summary.simplexes : 0;
    state.statistics.triangles = 0;
    updatePoseSliders();
    state.clearChanges();
}

void ViewportBinding::updateBindPoseNames() {
    render::overlay::OverlayState& state = m_viewport.overlayState();
    state.bindPoseNames.clear();
    if (!m_session.hasDocument() || !m_session.rig())
        return;
    std::set<std::string> stored; // every skeleton's stored bind poses, by type name
    for (const core::eval::CompiledSkeleton& skeleton : m_session.rig()->skeletons())
        for (const core::model::BindPose& bindPose :
             m_session.document().node(skeleton.skeleton).skeleton()->bindPoses)
            stored.insert(std::string(core::model::poseTypeName(bindPose.type)));
    state.bindPoseNames.assign(stored.begin(), stored.end());
}

void ViewportBinding::updateAnimationState() {
    render::overlay::OverlayState& state = m_viewport.overlayState();
    state.animationNames = m_session.animationNames();
    const auto& shown = m_session.previewedAnimation();
    // The overlay mirrors the session (its controls draw from OverlayState); the session is
    // what every control changes.
    state.animationStart = shown ? shown->start : 0.0;
    state.animationEnd = shown ? shown->end : 0.0;
    state.animationTime = shown ? shown->time : 0.0;
    state.animationPlaying = shown && shown->playing;
    if (shown)
        state.pose = {render::overlay::PoseSelection::Kind::Animation, shown->name};
    else if (state.pose.kind == render::overlay::PoseSelection::Kind::Animation)
        state.pose = {render::overlay::PoseSelection::Kind::Current, {}};
    if (state.animationPlaying && !m_playTimer.isActive()) {
        m_playClock.start();
        m_playTimer.start();
    } else if (!state.animationPlaying) {
        m_playTimer.stop();
    }
}

void ViewportBinding::showAnimation() {
    updateAnimationState();
    refreshScene();
    m_viewport.update();
    emit overlayStateChanged();
}

void ViewportBinding::advancePlayback(double seconds) {
    const auto& shown = m_session.previewedAnimation();
    if (!shown || !shown->playing)
        return;
    m_session.setAnimationTime(render::overlay::advanceAnimationTime(
        shown->time, seconds, render::overlay::kPlaybackTimeCodesPerSecond, shown->start,
        shown->end));
}

void ViewportBinding::showStoredBindPoses() {
    render::overlay::OverlayState& state = m_viewport.overlayState();
    if (const auto previewed = m_session.previewedBindPose())
        state.pose = {render::overlay::PoseSelection::Kind::BindPose,
                      std::string(core::model::poseTypeName(*previewed))};
    else if (state.pose.kind == render::overlay::PoseSelection::Kind::BindPose)
        state.pose = {render::overlay::PoseSelection::Kind::Current, {}};
    refreshScene();
}

void ViewportBinding::documentChanged() {
    // Bind poses or skin groups may have come or gone: the overlay's lists follow.
    render::overlay::OverlayState& state = m_viewport.overlayState();
    updateBindPoseNames();
    state.animationNames = m_session.animationNames();
    if (m_session.rig()) {
        state.groupNames = render::scene::skinGroupNames(m_session.document(), *m_session.rig());
    } else if (!m_session.rigError().isEmpty()) {
        emit message(tr("Cannot draw the document: %1").arg(m_session.rigError()));
    }
    updatePoseSliders(); // a rename shows in the slider section
    refreshScene();
}

void ViewportBinding::showHeatMapGroup(const std::string& name) {
    render::overlay::OverlayState& state = m_viewport.overlayState();
    if (state.showHeatMap && state.heatMapGroup == name)
        return;
    state.showHeatMap = true;
    state.heatMapGroup = name;
    state.heatMapChanged = true;
    applyOverlayChanges();
    m_viewport.update();
    emit overlayStateChanged();
}

void ViewportBinding::selectionChanged() {
    m_viewport.setSelection(m_session.selection());
    updatePoseSliders();
    const render::overlay::OverlayState& state = m_viewport.overlayState();
    if (state.showHeatMap && state.heatMapGroup.empty())
        refreshScene(); // the heat-map follows the selected bone
}

void ViewportBinding::nodeClicked(core::model::NodeId node, Qt::KeyboardModifiers modifiers) {
    if (!m_session.hasDocument())
        return;
    const bool hit = node && m_session.document().nodes.find(node);
    std::vector<core::model::NodeId> selection = m_session.selection();
    if (modifiers & Qt::ControlModifier) {
        if (!hit)
            return;
        const auto found = std::find(selection.begin(), selection.end(), node);
        if (found != selection.end())
            selection.erase(found);
        else
            selection.push_back(node);
        m_session.select(std::move(selection), node);
    } else if (modifiers & Qt::ShiftModifier) {
        if (!hit)
            return;
        selection.push_back(node);
        m_session.select(std::move(selection), node);
    } else {
        m_session.select(hit ? std::vector<core::model::NodeId>{node}
                             : std::vector<core::model::NodeId>{});
    }
    if (!hit) {
        emit message(tr("Nothing under the pointer"));
        return;
    }
    const core::model::Node& item = m_session.document().node(node);
    const QString kind = item.isBone()         ? tr("bone")
                         : item.meshInstance() ? tr("mesh node")
                                               : tr("node");
    emit message(tr("%1 %2").arg(
        kind, QString::fromStdString(core::model::describeNode(m_session.document(), node))));
}

void ViewportBinding::applyOverlayChanges() {
    using render::overlay::OverlayAction;
    render::overlay::OverlayState& state = m_viewport.overlayState();
    // Display toggles only change how the viewport draws the scene it has; the heat-map changes
    // the scene itself (its surfaces' colours come from the evaluation).
    bool refresh = state.viewChanged || state.poseChanged || state.heatMapChanged;
    const bool animationChanged = state.animationChanged;
    const double animationTime = state.animationTime;
    const bool animationPlaying = state.animationPlaying;
    const bool poseBoneChanged =
        state.poseBoneChanged && isBone(m_session, m_session.currentNode());
    const core::eval::PlaneAngles degrees = state.poseBoneDegrees;
    const OverlayAction action = state.action;
    const bool displayChanged = state.displayChanged;
    const bool poseChosen = state.poseChanged;
    state.clearChanges();
    if (poseChosen) {
        // The overlay's pose selector and the Bind Poses panel's Preview are one choice.
        core::model::PoseType type{};
        const bool bindPose = state.pose.kind == render::overlay::PoseSelection::Kind::BindPose &&
                              core::model::parsePoseType(state.pose.name, type);
        m_session.setPreviewedBindPose(bindPose ? std::optional(type) : std::nullopt);
        // So is the animation chooser: an animation shows paused at its first time code, any
        // other choice stops it (the session says so through animationDisplayChanged).
        const bool animation = state.pose.kind == render::overlay::PoseSelection::Kind::Animation;
        m_session.setPreviewedAnimation(animation ? std::optional(state.pose.name) : std::nullopt);
        if (animation && !m_session.previewedAnimation())
            state.pose = {render::overlay::PoseSelection::Kind::Current, {}}; // not kept
    } else if (animationChanged) {
        // The time slider or Play/Pause: the session takes them, the overlay shows them back.
        m_session.setAnimationTime(animationTime);
        m_session.setAnimationPlaying(animationPlaying);
        updateAnimationState(); // a clamped time, or no animation to play
        refresh = false;        // animationDisplayChanged refreshed the scene if it moved
    }
    if (poseBoneChanged) {
        // Dragging a pose slider edits the current pose, so that is what the viewport shows.
        state.pose = {render::overlay::PoseSelection::Kind::Current, {}};
        m_session.setBoneRotation(m_session.currentNode(),
                                  degrees); // refreshes through poseChanged
        refresh = false;
    }
    if (action == OverlayAction::ResetPose) {
        m_session.resetPose();
    } else if (action == OverlayAction::ResetBonePose) {
        m_session.resetBonePose(m_session.currentNode());
    }
    if (refresh)
        refreshScene();
    if (displayChanged)
        m_viewport.setDisplay(viewportDisplay(state));
    if (action == OverlayAction::ApplyPoseAsRest)
        applyPoseAsRest();
}

core::Result<core::eval::Pose> ViewportBinding::shownPose() const {
    const render::overlay::OverlayState& state = m_viewport.overlayState();
    if (!m_session.hasDocument() || !m_session.rig())
        return core::Error("the document cannot be evaluated");
    if (const auto& animation = m_session.previewedAnimation()) {
        auto sample = core::eval::sampleAnimation(animation->name, animation->time,
                                                  m_session.document(), *m_session.rig());
        if (!sample)
            return sample.error();
        return std::move(sample->pose);
    }
    if (state.pose.kind != render::overlay::PoseSelection::Kind::Current)
        return core::eval::namedPose(selectedPoseName(state), m_session.document(),
                                     *m_session.rig());
    return core::eval::poseFromBonePoses(m_session.document(), *m_session.rig(),
                                         m_session.bonePoses());
}

void ViewportBinding::updatePoseSliders() {
    render::overlay::OverlayState& state = m_viewport.overlayState();
    const core::model::NodeId current = m_session.currentNode();
    const bool bone = isBone(m_session, current);
    state.poseBoneName = bone ? m_session.document().node(current).displayName() : std::string();
    const auto found = m_session.bonePoses().find(current);
    state.poseBoneDegrees = bone && found != m_session.bonePoses().end()
                                ? found->second.degrees
                                : core::eval::PlaneAngles{};
}

// One refresh: what to build (read from the session and the overlay on the GUI thread) and what
// was built.
struct ViewportBinding::SceneBuild {
    render::scene::SceneRequest request;
    std::optional<render::scene::SceneRequest> ghostRequest;
    std::string ghostName;
    core::Result<render::scene::SceneData> scene = render::scene::SceneData{};
    core::Result<render::scene::SceneData> ghost = render::scene::SceneData{};
};

void ViewportBinding::refreshScene(bool frame) {
    render::overlay::OverlayState& state = m_viewport.overlayState();
    if (!m_session.hasDocument())
        return;
    if (!m_session.rig()) {
        if (frame) {
            m_viewport.showScene({});
            emit message(tr("Cannot draw the document: %1").arg(m_session.rigError()));
        }
        return;
    }
    auto pose = shownPose();
    if (!pose) {
        emit message(
            tr("Cannot show that view: %1").arg(QString::fromStdString(pose.error().message())));
        m_session.setAnimationPlaying(false); // it would fail again on every tick
        return;
    }
    // The heat-map shows the group chosen in the overlay, else the one named after the current
    // bone (G4MF group names match bone names).
    render::scene::MeshAttributes highlight;
    std::string group = state.heatMapGroup;
    if (group.empty() && isBone(m_session, m_session.currentNode()))
        group = m_session.document().node(m_session.currentNode()).displayName();
    if (state.showHeatMap && !group.empty()) {
        bool found = false;
        highlight =
            render::scene::groupHighlight(m_session.document(), *m_session.rig(), group, found);
    }
    auto build = std::make_shared<SceneBuild>();
    build->request = {std::move(*pose), state.view, std::move(highlight)};
    if (const auto type = m_session.ghostBindPose()) {
        build->ghostName = std::string(core::model::poseTypeName(*type));
        auto ghostPose =
            core::eval::namedPose(build->ghostName, m_session.document(), *m_session.rig());
        if (ghostPose)
            build->ghostRequest =
                render::scene::SceneRequest{std::move(*ghostPose), state.view, {}};
        else
            build->ghost = ghostPose.error();
    }
    // The build reads the document and the rig, which stay as they are until it is shown
    // (aboutToChange waits for it).
    const core::model::Document* document = &m_session.document();
    const core::eval::CompiledRig* rig = m_session.rig();
    m_builds.request(
        [this, build, document, rig] {
            core::base::ThreadPool& pool = core::base::ThreadPool::shared();
            build->scene = render::scene::buildDocumentScene(*document, *rig, build->request, pool,
                                                             m_sceneWorkspace);
            if (build->ghostRequest)
                build->ghost = render::scene::buildDocumentScene(
                    *document, *rig, *build->ghostRequest, pool, m_ghostWorkspace);
        },
        [this, build, frame] { showBuilt(*build, frame); });
}

void ViewportBinding::showBuilt(SceneBuild& build, bool frame) {
    render::overlay::OverlayState& state = m_viewport.overlayState();
    if (!build.scene) {
        emit message(tr("Cannot show that view: %1")
                         .arg(QString::fromStdString(build.scene.error().message())));
        return;
    }
    std::swap(m_shownRig, m_sceneWorkspace.evaluated);
    render::scene::SceneData& scene = *build.scene;
    state.statistics.triangles = triangleCount(scene);
    if (!build.ghost) {
        emit message(tr("Cannot show %1 as a ghost: %2")
                         .arg(QString::fromStdString(build.ghostName),
                              QString::fromStdString(build.ghost.error().message())));
    } else if (build.ghostRequest) {
        render::scene::addPoseGhost(scene, *build.ghost);
        m_ghostWorkspace.spare = std::move(*build.ghost);
    }
    render::overlay::setOffsetRange(state, scene.wMin, scene.wMax);
    setBeyondWOffsetRanges(state, scene);
    // The scene replaced goes back to the workspace: the next build reuses its storage.
    if (frame)
        m_sceneWorkspace.spare = m_viewport.showScene(std::move(scene));
    else
        m_sceneWorkspace.spare = m_viewport.replaceScene(std::move(scene));
    emit sceneRefreshed();
}

void ViewportBinding::applyPoseAsRest() {
    if (!m_session.hasDocument() || !m_session.rig())
        return;
    render::overlay::OverlayState& state = m_viewport.overlayState();
    const std::string name = selectedPoseName(state);
    if (state.pose.kind == render::overlay::PoseSelection::Kind::Rest) {
        emit message(tr("The rest pose is already the rest pose; choose a bind pose or pose "
                        "bones to apply"));
        return;
    }
    auto pose = shownPose();
    if (pose && pose->isRest()) {
        emit message(tr("Nothing is posed: the current pose is the rest pose; turn a bone with "
                        "the pose sliders first"));
        return;
    }
    auto command = pose
                       ? core::ops::poseAsRestCommand(m_session.document(), *m_session.rig(), *pose)
                       : core::Result<std::unique_ptr<core::edit::Command>>(pose.error());
    // The rest pose becomes that pose: show it as the rest pose, with nothing left to pose.
    const render::overlay::PoseSelection shown = state.pose;
    // An animation on show stops first: the refresh after the edit must not pose the new rest
    // pose with it again. A refused edit shows it again where it was.
    const auto animation = m_session.previewedAnimation();
    m_session.setPreviewedAnimation(std::nullopt);
    state.pose = {};
    auto applied =
        command ? m_session.execute(std::move(*command)) : core::Result<void>(command.error());
    if (!applied) {
        if (animation) {
            m_session.setPreviewedAnimation(animation->name);
            m_session.setAnimationTime(animation->time);
        }
        state.pose = shown;
        emit message(tr("Cannot apply %1 as the rest pose: %2")
                         .arg(QString::fromStdString(name),
                              QString::fromStdString(applied.error().message())));
        return;
    }
    // Whichever pose was applied (the current one, a bind pose or an animation's), the viewport
    // now shows the current pose on the new rest: the sliders' angles, made against the old rest,
    // would pose it again.
    m_session.resetPose();
    m_session.setPreviewedBindPose(std::nullopt); // it is the rest pose now
    refreshScene();
    emit message(tr("Applied %1 as the rest pose").arg(QString::fromStdString(name)));
}

} // namespace hyperrig::ui
