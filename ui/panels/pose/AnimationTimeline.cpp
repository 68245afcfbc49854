#include "ui/panels/pose/AnimationTimeline.h"

#include "ui/actions/MakeAction.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/PanelWidgets.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>

namespace hyperrig::ui {

namespace {

int timelineStep(double timeCode) {
    return static_cast<int>(std::lround(timeCode * AnimationTimeline::kStepsPerTimeCode));
}

} // namespace

AnimationTimeline::AnimationTimeline(EditorSession& session, QWidget* parent)
    : QGroupBox(tr("Timeline"), parent), m_session(session) {
    setObjectName(QStringLiteral("animationTimeline"));
    setToolTip(tr("Play the document's UsdSkel animations as a preview (never an edit)"));
    m_animation = new QComboBox(this);
    takeWheelOnlyWhenFocused(*m_animation);
    m_animation->setObjectName(QStringLiteral("animationCombo"));
    m_animation->setAccessibleName(tr("Animation"));
    m_animation->setToolTip(tr("The animation the viewport shows; None shows the current pose"));
    m_timeSlider = new QSlider(Qt::Horizontal, this);
    takeWheelOnlyWhenFocused(*m_timeSlider);
    m_timeSlider->setObjectName(QStringLiteral("animationTimeSlider"));
    m_timeSlider->setAccessibleName(tr("Time"));
    m_timeSlider->setToolTip(tr("Scrub the animation through its time codes"));
    m_timeCode = new QDoubleSpinBox(this);
    takeWheelOnlyWhenFocused(*m_timeCode);
    m_timeCode->setObjectName(QStringLiteral("animationTimeCode"));
    m_timeCode->setAccessibleName(tr("Time code"));
    m_timeCode->setToolTip(tr("The time code shown (USD's frames; 24 a second when playing)"));
    m_timeCode->setDecimals(2);
    m_timeCode->setSingleStep(1.0);
    m_timeCode->setKeyboardTracking(false); // typed times go on Enter or focus-out
    m_play = new QPushButton(this);
    m_play->setObjectName(QStringLiteral("animationPlayButton"));
    m_play->setToolTip(tr("Play or pause the animation (K); it loops"));

    auto* form = new QFormLayout(this);
    auto* animationLabel = new QLabel(tr("Animation"), this);
    animationLabel->setBuddy(m_animation);
    form->addRow(animationLabel, m_animation);
    auto* timeLabel = new QLabel(tr("Time"), this);
    timeLabel->setBuddy(m_timeSlider);
    form->addRow(timeLabel, m_timeSlider);
    auto* timeCodeLabel = new QLabel(tr("Time code"), this);
    timeCodeLabel->setBuddy(m_timeCode);
    auto* timeCodeRow = new QHBoxLayout;
    timeCodeRow->addWidget(m_timeCode);
    timeCodeRow->addWidget(m_play);
    timeCodeRow->addStretch(1);
    form->addRow(timeCodeLabel, timeCodeRow);

    m_playAction =
        makeAction(this, tr("&Play Animation"), "playAnimationAction",
                   tr("Play or pause the animation on show; it loops"), QKeySequence(Qt::Key_K));
    m_showMenu = new QMenu(tr("Show &Animation"), this);
    m_showMenu->setObjectName(QStringLiteral("showAnimationMenu"));
    m_showGroup = new QActionGroup(this);
    m_showGroup->setExclusive(true);

    connect(m_animation, &QComboBox::activated, this, &AnimationTimeline::choose);
    connect(m_timeSlider, &QSlider::valueChanged, this, [this](int step) {
        m_session.setAnimationTime(static_cast<double>(step) / kStepsPerTimeCode);
    });
    connect(m_timeCode, &QDoubleSpinBox::valueChanged, this,
            [this](double time) { m_session.setAnimationTime(time); });
    connect(m_play, &QPushButton::clicked, m_playAction, &QAction::trigger);
    connect(m_playAction, &QAction::triggered, this, &AnimationTimeline::togglePlaying);
    connect(&m_session, &EditorSession::animationDisplayChanged, this,
            &AnimationTimeline::showState);
    connect(&m_session, &EditorSession::documentReplaced, this, &AnimationTimeline::rebuildNames);
    connect(&m_session, &EditorSession::changed, this, &AnimationTimeline::rebuildNames);
    rebuildNames();
}

void AnimationTimeline::rebuildNames() {
    std::vector<std::string> names = m_session.animationNames();
    if (names != m_names || m_animation->count() == 0) {
        m_names = std::move(names);
        const QSignalBlocker blocker(m_animation);
        m_animation->clear();
        m_animation->addItem(tr("None"));
        for (const std::string& name : m_names)
            m_animation->addItem(QString::fromStdString(name));
        for (QAction* action : m_showGroup->actions())
            delete action;
        m_showMenu->clear();
        for (int index = 0; index <= static_cast<int>(m_names.size()); ++index) {
            QAction* action = m_showMenu->addAction(m_animation->itemText(index));
            action->setObjectName(QStringLiteral("showAnimationAction%1").arg(index));
            action->setCheckable(true);
            action->setStatusTip(index == 0 ? tr("Show the current pose, no animation")
                                            : tr("Show the animation %1, paused at its start")
                                                  .arg(m_animation->itemText(index)));
            m_showGroup->addAction(action);
            connect(action, &QAction::triggered, this, [this, index] { choose(index); });
        }
    }
    showState();
}

void AnimationTimeline::choose(int index) {
    if (index <= 0 || index > static_cast<int>(m_names.size()))
        m_session.setPreviewedAnimation(std::nullopt);
    else
        m_session.setPreviewedAnimation(m_names[static_cast<std::size_t>(index - 1)]);
}

void AnimationTimeline::togglePlaying() {
    if (const auto& shown = m_session.previewedAnimation())
        m_session.setAnimationPlaying(!shown->playing);
}

// The controls show the session's state; their signals are blocked meanwhile, so showing never
// writes back.
void AnimationTimeline::showState() {
    const auto& shown = m_session.previewedAnimation();
    int index = 0;
    if (shown)
        for (std::size_t k = 0; k < m_names.size(); ++k)
            if (m_names[k] == shown->name)
                index = static_cast<int>(k) + 1;
    {
        const QSignalBlocker blockCombo(m_animation);
        const QSignalBlocker blockSlider(m_timeSlider);
        const QSignalBlocker blockSpin(m_timeCode);
        m_animation->setCurrentIndex(index);
        m_timeSlider->setRange(shown ? timelineStep(shown->start) : 0,
                               shown ? timelineStep(shown->end) : 0);
        m_timeSlider->setValue(shown ? timelineStep(shown->time) : 0);
        // A time being typed (it goes on Enter) is not overwritten by the playing animation's
        // ticks, 60 a second, which would leave the user no chance to type one.
        const bool typing =
            m_timeCode->hasFocus() &&
            m_timeCode->cleanText() != m_timeCode->textFromValue(m_timeCode->value());
        if (!typing || !shown) {
            m_timeCode->setRange(shown ? shown->start : 0.0, shown ? shown->end : 0.0);
            m_timeCode->setValue(shown ? shown->time : 0.0);
        }
    }
    if (QAction* checked = m_showGroup->actions().value(index))
        checked->setChecked(true);
    // Only a document with animations (a UsdSkel import) shows the timeline: the Pose panel of
    // any other keeps its room for the bone's fields.
    setVisible(!m_names.empty());
    m_animation->setEnabled(!m_names.empty());
    m_showMenu->setEnabled(!m_names.empty());
    m_timeSlider->setEnabled(shown.has_value());
    m_timeCode->setEnabled(shown.has_value());
    const bool playing = shown && shown->playing;
    // The label says what a press does; the accessible name is the label.
    const QString label = playing ? tr("Pause") : tr("Play");
    m_play->setText(label);
    m_play->setAccessibleName(label);
    m_play->setEnabled(shown.has_value());
    m_playAction->setText(playing ? tr("&Pause Animation") : tr("&Play Animation"));
    m_playAction->setEnabled(shown.has_value());
}

} // namespace hyperrig::ui
