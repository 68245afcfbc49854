#pragma once

#include <QGroupBox>
#include <QString>

#include <string>
#include <vector>

class QAction;
class QActionGroup;
class QComboBox;
class QDoubleSpinBox;
class QMenu;
class QPushButton;
class QSlider;

namespace hyperrig::ui {

class EditorSession;

// The Pose panel's timeline (group "Timeline"): the document's kept UsdSkel animations
// (EditorSession::animationNames) played as a preview, never as an edit. Shown only while the
// document keeps animations.
// - Animation: "None" or one of them; choosing one shows it paused at its first time code.
// - Time: a slider over the animation's time codes (a tenth of a time code a step) and a spin
//   box with the time code itself.
// - Play / Pause: plays it at 24 time codes a second, looping (decision 0058); the viewport's
//   timer moves the time on (ViewportBinding).
// Every control reads and writes EditorSession::previewedAnimation, as the overlay's pose
// selector, time slider and Play do, so both show the same animation, time and state
// (decision 0061). The same choices are menu actions: Pose > Play Animation (K) and
// Pose > Show Animation (None and each animation).
class AnimationTimeline : public QGroupBox {
    Q_OBJECT
public:
    explicit AnimationTimeline(EditorSession& session, QWidget* parent = nullptr);

    // Slider steps per time code.
    static constexpr int kStepsPerTimeCode = 10;

    QAction* playAction() const { return m_playAction; }
    // Pose > Show Animation: None, then each animation (checkable, one checked).
    QMenu* showMenu() const { return m_showMenu; }

private:
    void rebuildNames();
    void showState();
    void choose(int index);
    void togglePlaying();

    EditorSession& m_session;
    std::vector<std::string> m_names; // the combo's entries after "None"
    QComboBox* m_animation;
    QSlider* m_timeSlider;
    QDoubleSpinBox* m_timeCode;
    QPushButton* m_play;
    QAction* m_playAction;
    QMenu* m_showMenu;
    QActionGroup* m_showGroup;
};

} // namespace hyperrig::ui
