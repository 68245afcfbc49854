#pragma once

#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace hyperrig::ui {

class EditorSession;

// Pose > Load Pose... and Save Pose... (the Pose panel's buttons trigger the same actions):
// POSE.json files in the CLI's format (core/eval/PoseFile.h), so a pose made in the editor poses
// `hyperrig-cli pose IN --pose POSE.json --bake` the same way, and one made for the CLI can be
// looked at and adjusted here.
//
// - Save writes the bones of the current pose that are not at rest (core/eval/PoseFileWriter.h:
//   "position" and "rotor" or "basis" of the posed local transform, over the rest pose),
//   atomically: a failed save leaves the file as it was.
// - Load replaces the current pose with the file's: every bone it changes, relative to rest,
//   becomes a translation and plane angles (core/eval/BonePoses.h, bonePosesFromPose); bones it
//   leaves alone go back to rest. A "base" bind pose is honoured: its transforms are what
//   unlisted bones get, so they show as posed. A file the reader refuses (the error names the file
//   and the JSON pointer, or line and column), or one that scales, shears or mirrors a bone
//   relative to rest (which angles cannot show; the error names the bone and the file), changes
//   nothing.
// Neither touches the document or its history. The file choosers open from the actions (queued,
// see onTriggeredWithDialogs); loadFrom and saveTo do the work without a dialog (tests).
class PoseFiles : public QObject {
    Q_OBJECT
public:
    PoseFiles(EditorSession& session, QWidget& dialogParent, QObject* parent = nullptr);

    QAction* loadAction() const { return m_load; }
    QAction* saveAction() const { return m_save; }

    // "" when done, else the reason (also sent through failed()).
    QString loadFrom(const QString& path);
    QString saveTo(const QString& path);

signals:
    // What was loaded or saved, for the status bar.
    void succeeded(const QString& text);
    // Why nothing was loaded or saved, naming the file.
    void failed(const QString& reason);

private:
    void chooseAndLoad();
    void chooseAndSave();
    void updateEnabled();
    // Why the current pose cannot be loaded or saved now; "" when it can.
    QString unavailableReason() const;
    QString startFolder() const;

    EditorSession& m_session;
    QWidget& m_dialogParent;
    QAction* m_load;
    QAction* m_save;
    QString m_lastFile; // the pose file loaded or saved last, where the choosers start
};

} // namespace hyperrig::ui
