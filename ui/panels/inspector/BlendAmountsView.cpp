#include "ui/panels/inspector/BlendAmountsView.h"

#include "core/edit/commands/NodeCommands.h"
#include "core/eval/animation/SkelAnimationSample.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"
#include "ui/widgets/NumberFieldEdits.h"
#include "ui/widgets/PanelWidgets.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <cmath>
#include <utility>

namespace hyperrig::ui {
namespace {

// Slider positions are hundredths of an amount, over the range riggers use (UsdSkel and glTF
// amounts leave [0, 1] on purpose); the field takes any amount.
constexpr int kBlendSliderScale = 100;
constexpr int kBlendSliderMinimum = -100;
constexpr int kBlendSliderMaximum = 200;

const core::model::BlendShapes* blendOf(const EditorSession& session, core::model::NodeId node,
                                        core::model::MeshId* mesh = nullptr) {
    if (!session.hasDocument() || !node)
        return nullptr;
    const core::model::Node* found = session.document().nodes.find(node);
    const core::model::MeshInstance* instance = found ? found->meshInstance() : nullptr;
    const core::model::Mesh* shown =
        instance ? session.document().meshes.find(instance->mesh) : nullptr;
    if (!shown || !shown->blend || shown->blend->shapes.empty())
        return nullptr;
    if (mesh)
        *mesh = instance->mesh;
    return &*shown->blend;
}

// Ends a slider's drag before the user lets go of the button. QSlider ends a drag only on a
// button release, so it is given one: it lets go of the handle (moves with the button still held
// no longer move it) and emits sliderReleased. A drag begun without the mouse (assistive
// technology, tests) is ended by setSliderDown.
void letGoOf(QSlider& slider) {
    const QPointF inside = QRectF(slider.rect()).center();
    QMouseEvent release(QEvent::MouseButtonRelease, inside, slider.mapToGlobal(inside),
                        Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&slider, &release);
    if (slider.isSliderDown())
        slider.setSliderDown(false);
}

} // namespace

BlendAmountsView::BlendAmountsView(EditorSession& session, QWidget* parent)
    : QGroupBox(tr("Blend Shapes"), parent), m_session(session) {
    setObjectName(QStringLiteral("blendShapesGroup"));
    setAccessibleName(tr("Blend Shapes"));
    setToolTip(tr("How much of each blend shape this mesh instance shows"));
    auto* layout = new QVBoxLayout(this);
    m_grid = new QGridLayout;
    m_grid->setColumnStretch(1, 1);
    layout->addLayout(m_grid);
    m_drivenNote = new QLabel(this);
    m_drivenNote->setObjectName(QStringLiteral("blendShapesDrivenNote"));
    m_drivenNote->setWordWrap(true);
    m_drivenNote->hide();
    layout->addWidget(m_drivenNote);
    // Scrubbing or playing an animation changes what the rows show, not the document.
    connect(&m_session, &EditorSession::animationDisplayChanged, this, [this] {
        if (m_node)
            showValues();
    });
    connect(&m_session, &EditorSession::openEditsMustFinish, this, &BlendAmountsView::finishEdit);
    // A drag's transaction dies with the history it was opened in.
    connect(&m_session, &EditorSession::aboutToReplaceDocument, this, [this] {
        if (m_drag == Drag::Active)
            m_drag = Drag::Ended; // the release must not commit in the next document's history
    });
    hide();
}

double BlendAmountsView::amount(std::size_t shape) const {
    const core::model::BlendShapes* blend = blendOf(m_session, m_node);
    const core::model::Node* node = m_session.document().nodes.find(m_node);
    if (!blend || !node || !node->meshInstance())
        return 0.0;
    return core::model::blendAmountOf(*blend, node->meshInstance()->blendAmounts, shape);
}

std::optional<std::vector<double>> BlendAmountsView::animatedAmounts() const {
    const auto& animation = m_session.previewedAnimation();
    if (!animation || !m_node || !m_session.hasDocument() || !m_session.rig())
        return std::nullopt;
    auto sample = core::eval::sampleAnimation(animation->name, animation->time,
                                              m_session.document(), *m_session.rig());
    if (!sample)
        return std::nullopt; // the viewport says why; the rows keep the document's amounts
    const auto found = sample->pose.blendAmounts.find(m_node);
    if (found == sample->pose.blendAmounts.end())
        return std::nullopt;
    return found->second;
}

void BlendAmountsView::showNodes(const std::vector<core::model::NodeId>& nodes) {
    const core::model::NodeId node = nodes.size() == 1 ? nodes.front() : core::model::NodeId{};
    core::model::MeshId mesh;
    const core::model::BlendShapes* blend = blendOf(m_session, node, &mesh);
    if (!blend) {
        finishEdit();
        m_node = {};
        m_names.clear();
        rebuild();
        hide();
        return;
    }
    std::vector<std::string> names;
    for (std::size_t s = 0; s < blend->shapes.size(); ++s)
        names.push_back(blend->shapes[s].name.value_or(tr("Shape %1").arg(s).toStdString()));
    if (node != m_node || mesh != m_mesh || names != m_names) {
        finishEdit();
        m_node = node;
        m_mesh = mesh;
        m_names = std::move(names);
        rebuild();
    }
    show();
    showValues();
}

void BlendAmountsView::finishEdit() {
    for (Row& row : m_rows)
        row.edits->finishEdit();
    if (m_drag == Drag::Active) {
        m_drag = Drag::Ended;
        if (m_session.inTransaction())
            m_session.commitTransaction();
        for (Row& row : m_rows)
            if (row.slider->isSliderDown())
                letGoOf(*row.slider); // the button is still down: what follows is no edit
    }
}

void BlendAmountsView::rebuild() {
    m_drag = Drag::None; // its slider goes
    for (Row& row : m_rows) {
        delete row.slider;
        delete row.field;
        delete row.edits;
    }
    m_rows.clear();
    while (QLayoutItem* item = m_grid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (std::size_t s = 0; s < m_names.size(); ++s) {
        const QString name = QString::fromStdString(m_names[s]);
        auto* label = new QLabel(name, this);
        label->setObjectName(QStringLiteral("blendShapeLabel%1").arg(s));
        auto* slider = new QSlider(Qt::Horizontal, this);
        takeWheelOnlyWhenFocused(*slider);
        slider->setObjectName(QStringLiteral("blendShapeSlider%1").arg(s));
        slider->setAccessibleName(name);
        slider->setAccessibleDescription(tr("Blend amount, -1 to 2"));
        slider->setRange(kBlendSliderMinimum, kBlendSliderMaximum);
        slider->setSingleStep(1);
        slider->setPageStep(10);
        slider->installEventFilter(this);
        auto* field = new NumberField(this);
        field->setObjectName(QStringLiteral("blendShapeAmount%1").arg(s));
        field->setAccessibleName(name);
        field->setLimits(-100.0, 100.0);
        field->setSingleStep(0.05);
        label->setBuddy(field);
        const core::model::NodeId node = m_node;
        auto* edits = new NumberFieldEdits(
            m_session, *field, "Set Blend Amount", [node] { return std::vector{node}; },
            [this, s](core::model::NodeId) { return std::optional<double>(amount(s)); },
            [s](core::model::NodeId target, double value) {
                return core::edit::setBlendAmount(target, s, value);
            },
            this);
        connect(edits, &NumberFieldEdits::refused, this, &BlendAmountsView::message);
        connect(slider, &QSlider::sliderPressed, this, [this] {
            m_drag = Drag::None;
            if (m_session.inTransaction())
                return;
            m_session.beginTransaction("Set Blend Amount", this);
            m_drag = Drag::Active;
        });
        connect(slider, &QSlider::valueChanged, this,
                [this, s](int position) { sliderMoved(s, position); });
        connect(slider, &QSlider::sliderReleased, this, [this] {
            const Drag drag = std::exchange(m_drag, Drag::None);
            if (drag == Drag::Active && m_session.inTransaction())
                m_session.commitTransaction();
            if (drag == Drag::Ended)
                showValues(); // the handle, left where the pointer was, shows the amount again
        });
        const int row = static_cast<int>(s);
        m_grid->addWidget(label, row, 0);
        m_grid->addWidget(slider, row, 1);
        m_grid->addWidget(field, row, 2);
        m_rows.push_back({slider, field, edits});
    }
}

void BlendAmountsView::showValues() {
    const std::optional<std::vector<double>> driven = animatedAmounts();
    if (driven)
        finishEdit(); // an animation started under a drag: the drag's step is kept, then shown
    m_drivenNote->setVisible(driven.has_value());
    if (driven)
        m_drivenNote->setText(
            tr("Driven by the animation '%1' while it is shown; stop showing it to edit the "
               "amounts")
                .arg(QString::fromStdString(m_session.previewedAnimation()->name)));
    m_quiet = true;
    for (std::size_t s = 0; s < m_rows.size(); ++s) {
        m_rows[s].slider->setEnabled(!driven);
        m_rows[s].field->setEnabled(!driven);
        // Pose::blendAmounts holds one amount per shape of the mesh (missing entries 0).
        const double value = driven ? (s < driven->size() ? (*driven)[s] : 0.0) : amount(s);
        if (!m_rows[s].slider->isSliderDown()) {
            const QSignalBlocker blocker(m_rows[s].slider);
            m_rows[s].slider->setValue(static_cast<int>(std::lround(value * kBlendSliderScale)));
        }
        if (driven)
            m_rows[s].field->setDisplayedValue(value);
        else if (!m_rows[s].field->isEditing())
            m_rows[s].edits->showValue();
    }
    m_quiet = false;
}

void BlendAmountsView::sliderMoved(std::size_t shape, int position) {
    if (m_quiet || !m_node || m_drag == Drag::Ended)
        return;
    const double value = static_cast<double>(position) / kBlendSliderScale;
    auto done = m_session.execute(core::edit::setBlendAmount(m_node, shape, value), this);
    if (!done)
        emit message(QString::fromStdString(done.error().message()));
}

// Escape while dragging a slider takes the drag back (ui-style.md §3): the slider lets go of its
// handle at once, which then shows the document's amount, and moves until the button comes up
// change nothing.
bool BlendAmountsView::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::KeyPress && m_drag == Drag::Active &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        m_drag = Drag::Ended;
        if (m_session.inTransaction())
            m_session.rollbackTransaction();
        // Installed on the sliders only. Their release (sliderReleased) ends the drag and shows
        // the document's amount again.
        letGoOf(*static_cast<QSlider*>(watched));
        return true;
    }
    return QGroupBox::eventFilter(watched, event);
}

} // namespace hyperrig::ui
