#include "ui/viewport/TransformTool.h"

#include "core/edit/commands/NodeCommands.h"
#include "core/edit/commands/NodeWorldEdits.h"
#include "core/edit/commands/SetTransformsCommand.h"
#include "core/model/ItemLabels.h"
#include "core/model/NameRules.h"
#include "render/view/ViewRay.h"
#include "ui/ViewportWidget.h"
#include "ui/session/EditorSession.h"
#include "ui/viewport/ViewportBinding.h"

#include <QApplication>
#include <QCursor>
#include <QKeyEvent>
#include <QMenu>
#include <QMenuBar>
#include <QMouseEvent>
#include <QStringList>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace hyperrig::ui {

namespace {

using render::view::GizmoHandle;

constexpr std::array<char, 8> kAxisLetters{'x', 'y', 'z', 'w', 'v', 'u', 't', 's'};

glm::vec2 pointOf(const QMouseEvent& event) {
    return {static_cast<float>(event.position().x()), static_cast<float>(event.position().y())};
}

GizmoHandle axisHandle(int axis) {
    switch (axis) {
    case 0:
        return GizmoHandle::AxisX;
    case 1:
        return GizmoHandle::AxisY;
    case 2:
        return GizmoHandle::AxisZ;
    default:
        return GizmoHandle::AxisW;
    }
}

// R then an axis: the turn about that axis, in the plane of the other two visible axes (X: YZ,
// Y: XZ, Z: XY); in W mode, the plane of that axis and W.
GizmoHandle rotationHandle(int axis, bool wPlanes) {
    if (wPlanes) {
        switch (axis) {
        case 1:
            return GizmoHandle::RingYW;
        case 2:
            return GizmoHandle::RingZW;
        default:
            return GizmoHandle::RingXW;
        }
    }
    switch (axis) {
    case 0:
        return GizmoHandle::RingYZ;
    case 1:
        return GizmoHandle::RingXZ;
    default:
        return GizmoHandle::RingXY;
    }
}

bool isMoveHandle(GizmoHandle handle) {
    switch (handle) {
    case GizmoHandle::AxisX:
    case GizmoHandle::AxisY:
    case GizmoHandle::AxisZ:
    case GizmoHandle::AxisW:
    case GizmoHandle::PlaneXY:
    case GizmoHandle::PlaneXZ:
    case GizmoHandle::PlaneYZ:
        return true;
    default:
        return false;
    }
}

// The single-plane rotor cos(θ/2) + sin(θ/2) (u ∧ v) of a world rotation, G4MF component names:
// "0.9659 + 0.2588 xw". Exact for any plane, so the status bar shows what is written.
QString rotorText(const core::math::VectorN& u, const core::math::VectorN& v, double radians) {
    QString text = QString::number(std::cos(radians / 2.0), 'g', 6);
    const double sine = std::sin(radians / 2.0);
    for (int a = 0; a < u.dimension(); ++a)
        for (int b = a + 1; b < u.dimension(); ++b) {
            const double component = sine * (u[a] * v[b] - u[b] * v[a]);
            if (std::abs(component) < 5e-7)
                continue;
            text += component < 0.0 ? QStringLiteral(" − ") : QStringLiteral(" + ");
            text += QString::number(std::abs(component), 'g', 6) + QLatin1Char(' ') +
                    QLatin1Char(kAxisLetters[static_cast<std::size_t>(a)]) +
                    QLatin1Char(kAxisLetters[static_cast<std::size_t>(b)]);
        }
    return text;
}

// The 3D cursor under the pointer: the middle of the first stretch of mesh the ray crosses
// (entering at the first surface hit, leaving at the second), so a bone placed there sits inside
// the limb; the first hit when the ray leaves no mesh behind it; else the ground plane y = 0
// (z = 0 for flat 2D documents); else the plane through the camera's target facing it.
glm::vec3 cursorUnderPointer(const render::scene::SceneData& scene,
                             const render::view::OrbitCamera& camera,
                             const render::view::ViewRay& ray, bool flat) {
    std::vector<float> hits;
    for (const render::scene::SurfaceInput& surface : scene.surfaces) {
        if (surface.opacity < 1.0F)
            continue; // ghosts around a heat-map are context, not something to place on
        for (std::size_t i = 0; i + 2 < surface.positions.size(); i += 3)
            if (auto t = render::view::rayTriangleHit(
                    ray, surface.positions[i], surface.positions[i + 1], surface.positions[i + 2]))
                hits.push_back(*t);
    }
    std::sort(hits.begin(), hits.end());
    // Coincident hits (a shared edge, a doubled wall) count once.
    hits.erase(std::unique(hits.begin(), hits.end(),
                           [](float a, float b) { return std::abs(a - b) < 1e-6F; }),
               hits.end());
    if (hits.size() >= 2)
        return ray.origin + 0.5F * (hits[0] + hits[1]) * ray.direction;
    if (hits.size() == 1)
        return ray.origin + hits[0] * ray.direction;
    const glm::vec3 groundNormal = flat ? glm::vec3(0.0F, 0.0F, 1.0F) : glm::vec3(0.0F, 1.0F, 0.0F);
    if (auto ground = render::view::rayPlaneHit(ray, glm::vec3(0.0F), groundNormal))
        return *ground;
    if (auto facing = render::view::rayPlaneHit(ray, camera.target, camera.forward()))
        return *facing;
    return camera.target;
}

} // namespace

TransformTool::TransformTool(EditorSession& session, ViewportWidget& viewport,
                             ViewportBinding& binding, QObject* parent)
    : QObject(parent), m_session(session), m_viewport(viewport), m_binding(binding),
      m_viewportGuard(&viewport) {
    m_viewport.setTool(this);
    connect(&m_binding, &ViewportBinding::sceneRefreshed, this, &TransformTool::updateGizmo);
    connect(&m_session, &EditorSession::selectionChanged, this, &TransformTool::updateGizmo);
    connect(&m_session, &EditorSession::aboutToReplaceDocument, this, [this] {
        if (isBusy())
            cancel();
    });
    // An operation still running when the window closes (its keys are the operation's, so the
    // file actions are out of reach until then): kept where it is, as Enter would.
    connect(&m_session, &EditorSession::openEditsMustFinish, this, [this] {
        if (isBusy())
            confirm();
    });
}

TransformTool::~TransformTool() {
    if (m_viewportGuard)
        m_viewportGuard->setTool(nullptr);
}

void TransformTool::setGizmoMode(GizmoMode mode) {
    m_gizmoMode = mode;
    updateGizmo();
    emit stateChanged();
}

void TransformTool::setLocalOrientation(bool local) {
    m_local = local;
    updateGizmo();
    emit stateChanged();
}

glm::vec2 TransformTool::viewportSize() const {
    return {static_cast<float>(std::max(1, m_viewport.width())),
            static_cast<float>(std::max(1, m_viewport.height()))};
}

glm::vec2 TransformTool::pointerNow() const {
    // The last position the viewport saw; else where the cursor is, if it is over the viewport;
    // else the middle (a key pressed with the pointer elsewhere still starts the operation).
    const glm::vec2 size = viewportSize();
    if (m_pointer.x >= 0.0F && m_pointer.x < size.x && m_pointer.y >= 0.0F && m_pointer.y < size.y)
        return m_pointer;
    const QPoint cursor = m_viewport.mapFromGlobal(QCursor::pos());
    if (m_viewport.rect().contains(cursor))
        return {static_cast<float>(cursor.x()), static_cast<float>(cursor.y())};
    return size * 0.5F;
}

std::optional<render::view::TransformGizmo> TransformTool::gizmoForSelection(bool localAxes) const {
    if (!m_session.hasDocument() || !m_session.rig())
        return std::nullopt;
    const core::model::Document& document = m_session.document();
    const auto movable = core::edit::topmostNodes(document, m_session.selection());
    if (movable.empty())
        return std::nullopt;
    const core::model::NodeId pivot =
        std::find(movable.begin(), movable.end(), m_session.currentNode()) != movable.end()
            ? m_session.currentNode()
            : movable.back();
    const auto& world = m_binding.shownRig().world;
    const auto found = world.find(pivot);
    if (found == world.end())
        return std::nullopt;
    const DrawnSpace space = DrawnSpace::of(document.dimension(), m_viewport.overlayState().view);
    render::view::TransformGizmo gizmo;
    gizmo.kind = m_gizmoMode == GizmoMode::Rotate ? render::view::GizmoKind::Rotate
                                                  : render::view::GizmoKind::Move;
    gizmo.origin = space.drawnPoint(found->second.position());
    gizmo.hasW = document.dimension() >= 4;
    gizmo.flat = document.dimension() == 2;
    if (localAxes)
        for (int axis = 0; axis < std::min(3, document.dimension()); ++axis) {
            const glm::vec4 inView = space.viewVector(found->second.basis().column(axis));
            if (glm::length(inView) > 1e-9F)
                gizmo.axes[static_cast<std::size_t>(axis)] = glm::normalize(inView);
        }
    return gizmo;
}

void TransformTool::updateGizmo() {
    if (m_gizmoMode == GizmoMode::Hidden || (isBusy() && !m_fromGizmo)) {
        m_viewport.setTransformGizmo(std::nullopt);
        return;
    }
    auto gizmo = gizmoForSelection(m_local);
    if (gizmo && isBusy())
        gizmo->highlighted = m_handle;
    else if (gizmo && m_viewport.viewport().transformGizmo())
        gizmo->highlighted = m_viewport.viewport().transformGizmo()->highlighted;
    m_viewport.setTransformGizmo(gizmo);
}

bool TransformTool::captureStarts(bool bonesOnly) {
    m_starts.clear();
    if (!m_session.hasDocument() || !m_session.rig()) {
        emit message(tr("Nothing to transform: the document cannot be drawn"));
        return false;
    }
    const core::model::Document& document = m_session.document();
    const auto& world = m_binding.shownRig().world;
    // Moves and turns take the topmost nodes (children follow their parents); lengths do not
    // carry over to children, so S takes every selected bone.
    const std::vector<core::model::NodeId> nodes =
        bonesOnly ? m_session.selection()
                  : core::edit::topmostNodes(document, m_session.selection());
    for (core::model::NodeId node : nodes) {
        if (!document.nodes.find(node))
            continue;
        const core::model::Node& item = document.node(node);
        if (bonesOnly && !item.isBone())
            continue;
        const auto parent = world.find(item.parent);
        if (parent == world.end())
            continue;
        NodeStart start{node, item.transform, parent->second, 0.0};
        if (const auto* bone = item.bone())
            start.length = bone->length.value_or(0.0);
        m_starts.push_back(std::move(start));
    }
    if (m_starts.empty()) {
        emit message(bonesOnly ? tr("Select a bone to scale its length")
                               : tr("Select the nodes to transform first"));
        return false;
    }
    return true;
}

bool TransformTool::begin(Operation operation, const QString& name, bool fromGizmo) {
    if (isBusy()) {
        emit message(tr("Finish the running operation first (Enter confirms, Escape cancels)"));
        return false;
    }
    // A value still being typed in a panel is its own step, not part of this operation's (ended
    // while this tool is not busy yet, so it does not confirm itself); one the document refused
    // stays there to be corrected, and the operation does not start.
    if (auto finished = m_session.finishOpenEdits(); !finished) {
        emit message(tr("Cannot %1: %2")
                         .arg(name.toLower(), QString::fromStdString(finished.error().message())));
        return false;
    }
    const auto frame = gizmoForSelection(false);
    m_frame = frame.value_or(render::view::TransformGizmo{});
    m_space = DrawnSpace::of(m_session.document().dimension(), m_viewport.overlayState().view);
    m_operation = operation;
    m_fromGizmo = fromGizmo;
    m_constraintLocal = false;
    m_wPlanes = false;
    m_wPlaneChosen = false;
    m_typed.clear();
    m_angle = 0.0F;
    m_press = m_previous = pointerNow();
    m_session.beginTransaction(name.toStdString(), this);
    // The pointer is free during the operation: a press in a panel confirms it first
    // (eventFilter), so what that press does there is a step of its own and not part of the
    // operation (a right click would otherwise roll it back too); a menu command that edits ends
    // it through EditorSession::execute.
    qApp->installEventFilter(this);
    if (!fromGizmo) {
        m_handle = GizmoHandle::None;
        m_viewport.setFocus(Qt::OtherFocusReason); // X, Y, Z, digits and Escape come here
    }
    updateGizmo();
    emit stateChanged();
    return true;
}

bool TransformTool::startGrab() {
    if (isBusy() || !captureStarts(false) || !begin(Operation::Move, tr("Move"), false))
        return false;
    setStatus(tr("Move: move the pointer; X, Y, Z%1 constrain; Enter confirms")
                  .arg(m_session.document().dimension() >= 4 ? tr(", W") : QString()));
    return true;
}

bool TransformTool::startRotate() {
    if (isBusy() || !captureStarts(false) || !begin(Operation::Rotate, tr("Rotate"), false))
        return false;
    setStatus(tr("Rotate: circle the pointer around the pivot; Enter confirms"));
    return true;
}

bool TransformTool::startScaleLength() {
    if (isBusy() || !captureStarts(true) ||
        !begin(Operation::ScaleLength, tr("Scale Bone Length"), false))
        return false;
    setStatus(tr("Scale bone length: move the pointer away from the pivot"));
    return true;
}

bool TransformTool::startExtrude() {
    if (isBusy())
        return false;
    if (!m_session.hasDocument() || !m_session.rig()) {
        emit message(tr("Nothing to extrude from: the document cannot be drawn"));
        return false;
    }
    const core::model::Document& document = m_session.document();
    const core::model::NodeId bone = m_session.currentNode();
    if (!bone || !document.nodes.find(bone) || !document.node(bone).isBone()) {
        emit message(tr("Select the bone to extrude a child bone from"));
        return false;
    }
    const auto& world = m_binding.shownRig().world;
    const auto found = world.find(bone);
    if (found == world.end())
        return false;
    m_newParent = bone;
    m_newParentWorld = found->second;
    m_headLocal = core::math::VectorN::zero(document.dimension());
    m_headLocal[1] = document.node(bone).bone()->length.value_or(0.0);
    if (!begin(Operation::BoneTail, tr("Extrude Bone"), false))
        return false;
    m_space = DrawnSpace::of(document.dimension(), m_viewport.overlayState().view);
    m_headDrawn = m_space.drawnPoint(m_newParentWorld.applyPoint(m_headLocal));
    auto added =
        m_session.execute(core::edit::addBone(bone, core::model::uniqueName(document, "Bone"),
                                              std::vector<double>(m_headLocal.values().begin(),
                                                                  m_headLocal.values().end()),
                                              std::nullopt, &m_newBone),
                          this);
    if (!added) {
        emit message(tr("Cannot extrude: %1").arg(QString::fromStdString(added.error().message())));
        finish(false);
        return false;
    }
    setStatus(tr("Extrude: move the pointer to place the tail; type a length; Enter confirms"));
    applyBoneTail(m_press);
    return true;
}

bool TransformTool::startPlaceBone() {
    if (isBusy())
        return false;
    if (!m_session.hasDocument() || !m_session.rig()) {
        emit message(tr("Nowhere to add a bone: the document cannot be drawn"));
        return false;
    }
    const core::model::Document& document = m_session.document();
    core::model::NodeId skeleton = m_session.currentNode();
    if (skeleton && document.nodes.find(skeleton) && document.node(skeleton).isBone())
        skeleton = document.skeletonOf(skeleton);
    if (!skeleton || !document.nodes.find(skeleton) || !document.node(skeleton).skeleton()) {
        emit message(tr("Select the skeleton (or one of its bones) to add a bone to"));
        return false;
    }
    const auto& world = m_binding.shownRig().world;
    const auto found = world.find(skeleton);
    if (found == world.end())
        return false;
    m_newParent = skeleton;
    m_newParentWorld = found->second;
    m_newBone = {};
    if (!begin(Operation::PlaceHead, tr("Add Bone"), false))
        return false;
    setStatus(tr("Add bone: click where its head goes (inside the mesh under the pointer)"));
    return true;
}

bool TransformTool::placeHead(glm::vec2 pointer) {
    const render::view::OrbitCamera& camera = m_viewport.viewport().camera();
    const render::view::ViewRay ray = render::view::viewRay(camera, pointer, viewportSize());
    m_headDrawn = cursorUnderPointer(m_viewport.viewport().scene(), camera, ray,
                                     m_session.document().dimension() == 2);
    auto toSkeleton = m_newParentWorld.inverse();
    if (!toSkeleton) {
        emit message(tr("Cannot add a bone: the skeleton's transform cannot be inverted"));
        return false;
    }
    m_headLocal = toSkeleton->applyPoint(m_space.worldPoint(m_headDrawn));
    auto added = m_session.execute(
        core::edit::addBone(
            m_newParent, core::model::uniqueName(m_session.document(), "Bone"),
            std::vector<double>(m_headLocal.values().begin(), m_headLocal.values().end()),
            std::nullopt, &m_newBone),
        this);
    if (!added) {
        emit message(
            tr("Cannot add a bone: %1").arg(QString::fromStdString(added.error().message())));
        return false;
    }
    m_operation = Operation::BoneTail;
    m_press = m_previous = pointer;
    setStatus(tr("Add bone: move the pointer to place the tail; Enter confirms"));
    return true;
}

void TransformTool::confirm() {
    if (isBusy())
        finish(true);
}

void TransformTool::cancel() {
    if (isBusy())
        finish(false);
}

void TransformTool::finish(bool commit) {
    if (commit && m_operation == Operation::PlaceHead)
        commit = false; // nothing placed yet
    const core::model::NodeId newBone =
        m_operation == Operation::BoneTail ? m_newBone : core::model::NodeId{};
    if (commit && newBone && m_addToJoints) {
        const core::model::NodeId skeleton = m_session.document().skeletonOf(newBone);
        if (const auto* joints =
                skeleton ? m_session.document().node(skeleton).skeleton() : nullptr) {
            auto inserted = m_session.execute(
                core::edit::insertJoint(skeleton, joints->joints.size(), newBone), this);
            if (!inserted)
                emit message(tr("The new bone is not in the joints: %1")
                                 .arg(QString::fromStdString(inserted.error().message())));
        }
    }
    qApp->removeEventFilter(this);
    m_operation = Operation::None;
    m_fromGizmo = false;
    m_handle = GizmoHandle::None;
    m_starts.clear();
    m_newBone = {};
    if (commit)
        m_session.commitTransaction();
    else
        m_session.rollbackTransaction();
    setStatus({});
    if (commit && newBone) {
        m_session.select({newBone}, newBone); // E again chains the next bone from this one
        emit message(tr("Added bone %1")
                         .arg(QString::fromStdString(
                             core::model::describeNode(m_session.document(), newBone))));
    } else if (!commit) {
        emit message(tr("Cancelled"));
    }
    updateGizmo();
    emit stateChanged();
}

bool TransformTool::eventFilter(QObject* watched, QEvent* event) {
    // A press in a panel confirms the operation first, so what it does there is a step of its
    // own. Not a press on the menus: Transform > Cancel Operation must still find the operation
    // running, and a menu command that edits the document ends it anyway (EditorSession::execute,
    // decision 0068).
    if (event->type() == QEvent::MouseButtonPress && isBusy())
        if (auto* widget = qobject_cast<QWidget*>(watched);
            widget && widget != &m_viewport && !m_viewport.isAncestorOf(widget) &&
            !qobject_cast<QMenuBar*>(widget) && !qobject_cast<QMenu*>(widget))
            confirm();
    return QObject::eventFilter(watched, event);
}

void TransformTool::setStatus(QString text) {
    if (text == m_status)
        return;
    m_status = std::move(text);
    emit statusChanged(m_status);
}

std::optional<double> TransformTool::typedValue() const {
    if (m_typed.isEmpty() || m_typed == QStringLiteral("-") || m_typed == QStringLiteral("."))
        return std::nullopt;
    bool ok = false;
    const double value = m_typed.toDouble(&ok);
    return ok && std::isfinite(value) ? std::optional(value) : std::nullopt;
}

QString TransformTool::constraintLabel() const {
    if (m_handle == GizmoHandle::None)
        return {};
    QString label =
        QString::fromUtf8(render::view::handleLabel(m_handle).data(),
                          static_cast<qsizetype>(render::view::handleLabel(m_handle).size()));
    return m_constraintLocal ? tr("local %1").arg(label) : label;
}

void TransformTool::constrain(int axis) {
    const int dimension = m_session.document().dimension();
    if ((axis == 3 && dimension < 4) || (axis == 2 && dimension < 3))
        return;
    // A 2D document turns in its one plane, XY: X and Y would name the YZ and XZ planes, whose Z
    // is no direction there (the bone stopped following the pointer).
    if (m_operation == Operation::Rotate && dimension == 2)
        return;
    if (m_operation == Operation::Rotate && axis == 3) {
        m_wPlanes = !m_wPlanes;
        m_handle = m_wPlanes ? GizmoHandle::RingXW : GizmoHandle::None;
        m_constraintLocal = false;
        m_wPlaneChosen = false; // XW shown until X, Y or Z chooses
    } else {
        const GizmoHandle handle =
            m_operation == Operation::Rotate ? rotationHandle(axis, m_wPlanes) : axisHandle(axis);
        // Pressed again: the local axis; a third time: no constraint (as in Blender). After W,
        // the first X chooses XW, which W only showed: it is not "again".
        const bool again = handle == m_handle && (!m_wPlanes || m_wPlaneChosen);
        if (again && !m_constraintLocal && axis != 3) {
            m_constraintLocal = true;
        } else if (again && (m_constraintLocal || axis == 3)) {
            m_handle = GizmoHandle::None;
            m_constraintLocal = false;
        } else {
            m_handle = handle;
            m_constraintLocal = false;
        }
        m_wPlaneChosen = m_wPlanes;
    }
    // The frame's axes follow the choice; the pivot stays where it was at the start.
    const glm::vec3 origin = m_frame.origin;
    if (const auto frame = gizmoForSelection(m_constraintLocal)) {
        m_frame.axes = frame->axes;
        m_frame.origin = origin;
    }
    m_angle = 0.0F;
    m_previous = m_press;
    update(m_pointer.x >= 0.0F ? m_pointer : m_press, false);
}

void TransformTool::update(glm::vec2 pointer, bool ctrl) {
    switch (m_operation) {
    case Operation::Move:
        applyMove(pointer);
        break;
    case Operation::Rotate:
        applyRotate(pointer, ctrl);
        break;
    case Operation::ScaleLength:
        applyScale(pointer);
        break;
    case Operation::BoneTail:
        applyBoneTail(pointer);
        break;
    case Operation::PlaceHead:
    case Operation::None:
        break;
    }
}

void TransformTool::applyMove(glm::vec2 pointer) {
    const render::view::OrbitCamera& camera = m_viewport.viewport().camera();
    std::optional<glm::vec4> delta;
    if (const auto typed = typedValue()) {
        // Typed: that distance along the constraint (X without one).
        const GizmoHandle handle = m_handle == GizmoHandle::None ? GizmoHandle::AxisX : m_handle;
        const int axis = handle == GizmoHandle::AxisY   ? 1
                         : handle == GizmoHandle::AxisZ ? 2
                         : handle == GizmoHandle::AxisW ? 3
                                                        : 0;
        glm::vec4 direction = axis == 3 ? glm::vec4{0.0F, 0.0F, 0.0F, 1.0F}
                                        : m_frame.axes[static_cast<std::size_t>(axis)];
        delta = static_cast<float>(*typed) * direction;
    } else {
        delta = render::view::moveDrag(m_frame, m_handle, camera, viewportSize(), m_press, pointer);
    }
    if (!delta)
        return;
    const core::math::VectorN worldDelta = m_space.worldVector(*delta);
    std::vector<core::edit::SetTransformsCommand::Entry> entries;
    for (const NodeStart& start : m_starts) {
        auto moved = core::edit::translatedInWorld(start.local, m_session.document().dimension(),
                                                   start.parentWorld, worldDelta);
        if (!moved) {
            emit message(tr("Cannot move %1: %2")
                             .arg(QString::fromStdString(
                                      core::model::describeNode(m_session.document(), start.node)),
                                  QString::fromStdString(moved.error().message())));
            return;
        }
        entries.emplace_back(start.node, std::move(*moved));
    }
    auto applied = m_session.execute(
        std::make_unique<core::edit::SetTransformsCommand>("Move", std::move(entries)), this);
    if (!applied)
        emit message(tr("Cannot move: %1").arg(QString::fromStdString(applied.error().message())));
    QStringList parts;
    for (int i = 0; i < worldDelta.dimension(); ++i)
        parts << QString::number(worldDelta[i], 'f', 4);
    const QString constraint = constraintLabel();
    setStatus(tr("Move%1 by (%2)%3")
                  .arg(constraint.isEmpty() ? QString() : QLatin1Char(' ') + constraint,
                       parts.join(QStringLiteral(", ")),
                       m_typed.isEmpty() ? QString() : tr("  typed %1").arg(m_typed)));
}

void TransformTool::applyRotate(glm::vec2 pointer, bool ctrl) {
    const render::view::OrbitCamera& camera = m_viewport.viewport().camera();
    float radians = 0.0F;
    if (const auto typed = typedValue()) {
        radians = static_cast<float>(*typed * std::numbers::pi / 180.0);
    } else {
        // The gizmo's rings measure the angle in their plane; the R key measures the turn of the
        // pointer about the pivot on screen, with the sign of the plane's side facing the camera.
        const GizmoHandle measure = m_fromGizmo ? m_handle : GizmoHandle::None;
        float step = render::view::rotationAngle(m_frame, measure, camera, viewportSize(),
                                                 m_previous, pointer);
        if (!m_fromGizmo && m_handle != GizmoHandle::None && !m_wPlanes) {
            const render::view::PlaneTurn plane =
                render::view::handlePlane(m_frame, m_handle, camera);
            const glm::vec3 normal = glm::cross(glm::vec3(plane.u), glm::vec3(plane.v));
            if (glm::dot(normal, -camera.forward()) < 0.0F)
                step = -step;
        }
        m_angle += step;
        m_previous = pointer;
        radians = m_snapping != ctrl ? render::view::snapAngle(m_angle, kSnapDegrees) : m_angle;
    }
    const render::view::PlaneTurn plane = render::view::handlePlane(m_frame, m_handle, camera);
    auto u = m_space.worldVector(plane.u).normalized();
    auto v = m_space.worldVector(plane.v).normalized();
    if (!u || !v)
        return;
    // Exactly orthonormal in the world, as planeRotation expects.
    auto across = (*v - *u * u->dot(*v)).normalized();
    if (!across)
        return;
    std::vector<core::edit::SetTransformsCommand::Entry> entries;
    for (const NodeStart& start : m_starts) {
        auto turned = core::edit::rotatedInWorld(start.local, m_session.document().dimension(),
                                                 start.parentWorld, *u, *across, radians);
        if (!turned) {
            emit message(
                tr("Cannot rotate: %1").arg(QString::fromStdString(turned.error().message())));
            return;
        }
        entries.emplace_back(start.node, std::move(*turned));
    }
    auto applied = m_session.execute(
        std::make_unique<core::edit::SetTransformsCommand>("Rotate", std::move(entries)), this);
    if (!applied)
        emit message(
            tr("Cannot rotate: %1").arg(QString::fromStdString(applied.error().message())));
    const QString constraint = constraintLabel();
    setStatus(
        tr("Rotate%1 %2°  (rotor %3)%4")
            .arg(constraint.isEmpty() ? tr(" in the view plane") : QLatin1Char(' ') + constraint,
                 QString::number(static_cast<double>(radians) * 180.0 / std::numbers::pi, 'f', 1),
                 rotorText(*u, *across, radians),
                 m_typed.isEmpty() ? QString() : tr("  typed %1").arg(m_typed)));
}

void TransformTool::applyScale(glm::vec2 pointer) {
    const render::view::OrbitCamera& camera = m_viewport.viewport().camera();
    double factor = 1.0;
    if (const auto typed = typedValue()) {
        factor = *typed;
    } else {
        const auto centre = render::view::windowPosition(camera, m_frame.origin, viewportSize());
        if (!centre)
            return;
        const float from = glm::length(m_press - *centre);
        if (from < 1.0F)
            return;
        factor = glm::length(pointer - *centre) / from;
    }
    factor = std::max(factor, 0.0);
    for (const NodeStart& start : m_starts) {
        auto applied =
            m_session.execute(core::edit::setBoneLength(start.node, start.length * factor), this);
        if (!applied) {
            emit message(
                tr("Cannot scale: %1").arg(QString::fromStdString(applied.error().message())));
            return;
        }
    }
    setStatus(tr("Scale bone length × %1%2")
                  .arg(QString::number(factor, 'f', 4),
                       m_typed.isEmpty() ? QString() : tr("  typed %1").arg(m_typed)));
}

void TransformTool::applyBoneTail(glm::vec2 pointer) {
    if (!m_newBone)
        return;
    const render::view::OrbitCamera& camera = m_viewport.viewport().camera();
    const core::model::Document& document = m_session.document();
    auto toParent = m_newParentWorld.basis().inverse();
    if (!toParent)
        return;
    const render::view::ViewRay ray = render::view::viewRay(camera, pointer, viewportSize());
    const auto tail = render::view::rayPlaneHit(ray, m_headDrawn, camera.forward());
    // Where the pointer says the tail goes, in the parent's space; none while it is at the head.
    std::optional<core::math::VectorN> pointed;
    if (tail && glm::length(*tail - m_headDrawn) > 1e-6F)
        pointed = (*toParent) * m_space.worldVector(glm::vec4(*tail - m_headDrawn, 0.0F));
    const auto typed = typedValue();
    if (!pointed && !typed)
        return;
    const core::math::VectorN direction =
        pointed ? *pointed : core::math::VectorN::axis(document.dimension(), 1);
    const double length = typed ? std::max(*typed, 0.0) : pointed->length();
    auto placed = m_session.execute(
        core::edit::setTransform(
            m_newBone, core::edit::boneTowards(document.dimension(), m_headLocal, direction)),
        this);
    auto sized =
        placed ? m_session.execute(core::edit::setBoneLength(m_newBone, length), this) : placed;
    if (!sized) {
        emit message(
            tr("Cannot place the bone: %1").arg(QString::fromStdString(sized.error().message())));
        return;
    }
    setStatus(tr("Bone %1: length %2%3")
                  .arg(QString::fromStdString(core::model::describeNode(document, m_newBone)),
                       QString::number(length, 'f', 4),
                       m_typed.isEmpty() ? QString() : tr("  typed %1").arg(m_typed)));
}

bool TransformTool::mousePress(QMouseEvent& event) {
    const glm::vec2 pointer = pointOf(event);
    m_pointer = pointer;
    if (isBusy()) {
        if (event.button() == Qt::RightButton) {
            cancel();
        } else if (event.button() == Qt::LeftButton && !m_fromGizmo) {
            if (m_operation == Operation::PlaceHead)
                placeHead(pointer);
            else
                confirm();
        }
        return true;
    }
    if (event.button() != Qt::LeftButton || m_gizmoMode == GizmoMode::Hidden)
        return false;
    const auto& shown = m_viewport.viewport().transformGizmo();
    if (!shown)
        return false;
    const GizmoHandle handle = render::view::pickGizmoHandle(*shown, m_viewport.viewport().camera(),
                                                             viewportSize(), pointer);
    if (handle == GizmoHandle::None || !captureStarts(false))
        return false;
    const bool move = isMoveHandle(handle);
    m_handle = handle;
    if (!begin(move ? Operation::Move : Operation::Rotate, move ? tr("Move") : tr("Rotate"), true))
        return false;
    m_frame = *shown; // with the orientation the user sees
    m_frame.highlighted = handle;
    m_press = m_previous = pointer;
    return true;
}

bool TransformTool::mouseMove(QMouseEvent& event) {
    const glm::vec2 pointer = pointOf(event);
    m_pointer = pointer;
    if (isBusy()) {
        update(pointer, (event.modifiers() & Qt::ControlModifier) != 0);
        return true;
    }
    // Hover: the handle under the pointer lights up (only without buttons: a drag moves the
    // camera).
    const auto& shown = m_viewport.viewport().transformGizmo();
    if (shown && event.buttons() == Qt::NoButton) {
        const GizmoHandle handle = render::view::pickGizmoHandle(
            *shown, m_viewport.viewport().camera(), viewportSize(), pointer);
        if (handle != shown->highlighted) {
            render::view::TransformGizmo lit = *shown;
            lit.highlighted = handle;
            m_viewport.setTransformGizmo(lit);
        }
    }
    return false;
}

bool TransformTool::mouseRelease(QMouseEvent& event) {
    if (!isBusy())
        return false;
    if (m_fromGizmo && event.button() == Qt::LeftButton)
        confirm();
    return true;
}

bool TransformTool::keyPress(QKeyEvent& event) {
    if (!isBusy())
        return false;
    switch (event.key()) {
    case Qt::Key_Escape:
        cancel();
        return true;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_operation != Operation::PlaceHead)
            confirm();
        return true;
    default:
        break;
    }
    if (m_fromGizmo)
        return false;
    const bool pointerOperation =
        m_operation == Operation::Move || m_operation == Operation::Rotate;
    switch (event.key()) {
    case Qt::Key_X:
        if (pointerOperation)
            constrain(0);
        return true;
    case Qt::Key_Y:
        if (pointerOperation)
            constrain(1);
        return true;
    case Qt::Key_Z:
        if (pointerOperation)
            constrain(2);
        return true;
    case Qt::Key_W:
        if (pointerOperation)
            constrain(3);
        return true;
    case Qt::Key_Backspace:
        m_typed.chop(1);
        update(m_pointer.x >= 0.0F ? m_pointer : m_press, false);
        return true;
    default:
        break;
    }
    const QString text = event.text();
    if (text.size() == 1 && (text[0].isDigit() || text[0] == QLatin1Char('.') ||
                             (text[0] == QLatin1Char('-') && m_typed.isEmpty()))) {
        m_typed += text;
        update(m_pointer.x >= 0.0F ? m_pointer : m_press, false);
        return true;
    }
    return true; // the operation owns the keyboard until it ends
}

} // namespace hyperrig::ui
