#pragma once

#include "core/base/Result.h"
#include "core/edit/ChangeSet.h"
#include "core/edit/Command.h"
#include "core/edit/History.h"
#include "core/eval/BonePoses.h"
#include "core/eval/CompiledRig.h"
#include "core/io/g4mf/G4mfReader.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/model/BindPose.h"
#include "core/model/Document.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hyperrig::ui {

// How the open document is saved by File > Save: the container and options it was opened with,
// or those Save As chose last.
struct SaveFormat {
    core::io::G4mfContainer container = core::io::G4mfContainer::Text;
    core::io::WriteOptions options;
};

// The editing state of the one open document (docs/decisions/0019, ui/README.md): the document
// with its path and save format, the History every edit goes through, the compiled rig the
// viewport evaluates, the selection, and the current pose. Panels, the viewport and the menus
// observe it and change the document only through execute(); MainWindow only arranges them.
//
// Signals, in the order a change produces them:
//   openEditsMustFinish   finishOpenEdits() was called (the file actions before a save or
//                         before the document goes; execute before a command that is not the
//                         open transaction owner's): every gesture holding a transaction ends it
//                         as leaving it would, and a typed name is committed
//   aboutToReplaceDocument / documentReplaced  around New, Open, Revert and Close (models reset);
//                         a gesture's open transaction dies with the old history: its owner
//                         forgets it here
//   aboutToChange         before execute, undo, redo, a history jump, a transaction's commit or
//                         rollback, and before the session goes: the document and the compiled
//                         rig are still as they were (a viewport build reading them on another
//                         thread finishes first)
//   changed(ChangeSet)    after every apply, undo and redo; the compiled rig is updated first
//   historyChanged        after every History call (a merge or a save yields no ChangeSet)
//   modifiedChanged(bool) when "differs from the saved file" flips
//   selectionChanged      the selection or the current item changed
//   poseChanged           the current (preview) pose changed; never a document edit
//   bindPoseDisplayChanged  the previewed or ghosted bind pose changed; never a document edit
//   animationDisplayChanged the previewed animation, its time or its playing flag changed;
//                         never a document edit
// Handlers must not call execute() re-entrantly, with two exceptions on openEditsMustFinish: a
// transaction's owner ending its gesture executes its last commands as itself (gesture = the
// owner), which joins its own transaction and ends nothing else; the Inspector's Name applies its
// typed name as itself, which first ends an open gesture of another control (a nested
// finishOpenEdits) so the rename is a step of its own.
class EditorSession : public QObject {
    Q_OBJECT
public:
    explicit EditorSession(QObject* parent = nullptr);
    ~EditorSession() override;

    // --- the document ------------------------------------------------------------------------
    bool hasDocument() const { return m_document != nullptr; }
    // Contract: hasDocument().
    const core::model::Document& document() const;
    // The document as the viewport evaluates it; null when it cannot be evaluated (rigError()
    // says why), which does not stop editing.
    const core::eval::CompiledRig* rig() const { return m_rig.get(); }
    const QString& rigError() const { return m_rigError; }
    // Absolute path of the file the document was opened from or saved to; empty for a new one.
    const QString& filePath() const { return m_filePath; }
    // The file name; "Untitled" for a document never saved; "<source> (imported)" for an import.
    QString displayName() const;
    // Where Save As proposes to write: the file path, else an import's source beside itself with
    // a .g4tf extension, else empty.
    QString suggestedSavePath() const;
    const SaveFormat& saveFormat() const { return m_saveFormat; }

    // File > New: an empty document of `dimension` (2..8) with one root node named "Scene".
    void newDocument(int dimension);
    // Makes a document read elsewhere (a worker thread) the open one, clean, with no history.
    void adoptDocument(core::model::Document document, const QString& path, SaveFormat format);
    // File > Import: makes a document read from another format (`sourcePath`, a glTF or MPFB
    // file) the open one, with no history and no path, so Save asks for a G4MF file and never
    // writes over the source; it counts as modified until it is saved (decision 0038).
    void adoptImportedDocument(core::model::Document document, const QString& sourcePath);
    // The file an imported document came from, until it is saved; empty otherwise.
    const QString& importedFrom() const { return m_importedFrom; }
    // Reads `path` on this thread and adopts it; on failure the open document stays.
    core::Result<void> openFile(const QString& path);
    // Closes the document (no prompt: that is the window's job).
    void closeDocument();
    // Writes the document to `path` atomically and marks it saved there; on failure the document,
    // its path and the file on disk are untouched. Warnings the writer returns come back.
    core::Result<std::vector<std::string>> saveAs(const QString& path, const SaveFormat& format);
    // After a save done elsewhere (a worker writing the bytes encodeForSave made): the document
    // now lives at `path` in `format`, clean at the history step it was encoded at.
    void markSaved(const QString& path, const SaveFormat& format, std::uint64_t revisionAtEncode);
    // Counts every change of the document's state: each applied, merged, undone, redone or rolled
    // back edit and each replaced document. Equal revisions mean the same state (the converse
    // need not hold: an undo and a redo come back to a state under a new revision). A save made
    // elsewhere compares it: an undo count alone misses an edit merged into the top step.
    std::uint64_t revision() const { return m_revision; }
    // Ends every gesture that holds a transaction (a typed value, a held arrow, a slider drag, a
    // viewport operation) as leaving it would, so the history holds what the user sees: the
    // file actions call it before they save or ask about unsaved changes. Fails with the first
    // reason a control gave through refuseToFinish: what was typed there stays for the user to
    // correct, and the caller's own command should not run (execute does not run it).
    core::Result<void> finishOpenEdits();
    // Called by a control answering openEditsMustFinish whose typed value the document refused
    // (a name another node has): `reason` says what and where. Outside finishOpenEdits it does
    // nothing.
    void refuseToFinish(const QString& reason);

    // --- editing -----------------------------------------------------------------------------
    // Runs the command through History. A refused command changes nothing and says why.
    // `gesture` is the owner of the open transaction when the command belongs to it (a typed
    // value, a drag). Any other command (a menu action, a shortcut) first ends the gesture as
    // leaving it would (finishOpenEdits), then runs as its own undo step: Edit > Duplicate
    // pressed while a value is being typed must not become part of "Set Position". When a typed
    // value is refused on the way, the command does not run and the refusal is its error
    // (decision 0071).
    core::Result<void> execute(std::unique_ptr<core::edit::Command> command,
                               const QObject* gesture = nullptr);
    // Drags and other interactions: one undo step for everything between begin and commit;
    // rollback reverts it (Escape). `owner` passes itself to execute for the commands of the
    // transaction and answers openEditsMustFinish by committing or rolling it back.
    void beginTransaction(const std::string& name, const QObject* owner);
    // A control holding typed text it has not applied yet, with no transaction (the Inspector's
    // Name): until it says false, a command or transaction from anyone else first asks it to
    // apply the text (finishOpenEdits), as a gesture's transaction does. Edit > Duplicate or
    // Ctrl+B pressed with a name typed keep neither the focus nor the text otherwise.
    void setUncommittedEdit(const QObject* owner, bool uncommitted);
    void commitTransaction();
    void rollbackTransaction();
    bool inTransaction() const;
    bool canUndo() const;
    bool canRedo() const;
    QString undoName() const;
    QString redoName() const;
    void undo();
    void redo();
    // Undoes or redoes until `undoCount` steps are on the undo stack (the history panel).
    void goToStep(std::size_t undoCount);
    // Contract: hasDocument().
    const core::edit::History& history() const;
    // Tests: how long after an edit the next one may merge into its undo step (History's merge
    // window, 750 ms by default), for the open document's history.
    void setMergeWindowForTests(std::chrono::milliseconds window);
    bool isModified() const;

    // --- selection (not part of the history) -------------------------------------------------
    // Ordered, without repeats; the current item is the one the inspector and the pose sliders
    // follow (the last one clicked), none or one of the selection.
    const std::vector<core::model::NodeId>& selection() const { return m_selection; }
    core::model::NodeId currentNode() const { return m_current; }
    bool isSelected(core::model::NodeId node) const;
    // Ids that are gone are dropped; `current` defaults to the last of `nodes`.
    void select(std::vector<core::model::NodeId> nodes, core::model::NodeId current = {});
    void selectNone() { select({}); }
    void selectAll();

    // --- the current pose (preview only) -----------------------------------------------------
    // Per posed bone its plane angles and translation relative to rest (core/eval/BonePoses.h:
    // L_posed = L_rest ∘ T(t) ∘ R). Never part of the document or the history.
    const core::eval::BonePoses& bonePoses() const { return m_bonePoses; }
    // Editing the current pose shows it: a previewed bind pose stops being shown. Each emits
    // poseChanged once.
    void setBonePose(core::model::NodeId bone, const core::eval::BonePose& bonePose);
    // The angles only (the overlay's sliders); the bone keeps its translation.
    void setBoneRotation(core::model::NodeId bone, const core::eval::PlaneAngles& degrees);
    // The translation only; the bone keeps its angles.
    void setBoneTranslation(core::model::NodeId bone,
                            const core::eval::PoseTranslation& translation);
    // Replaces the whole current pose (Pose > Load Pose...): bones not listed go back to rest.
    void setBonePoses(core::eval::BonePoses bonePoses);
    // Reset Bone: the bone back at rest (angles and translation).
    void resetBonePose(core::model::NodeId bone);
    void resetPose();

    // --- stored bind poses on show (preview only) --------------------------------------------
    // The bind pose type the viewport shows instead of the current pose (the Bind Poses panel's
    // Preview, the overlay's pose selector), and the one it draws as a see-through ghost over
    // the shown pose. Every skeleton that stores that type shows it (core::eval::namedPose).
    // A type no skeleton stores any more after an edit, and every type on a new document, is
    // dropped.
    std::optional<core::model::PoseType> previewedBindPose() const { return m_previewedBindPose; }
    void setPreviewedBindPose(std::optional<core::model::PoseType> type);
    std::optional<core::model::PoseType> ghostBindPose() const { return m_ghostBindPose; }
    void setGhostBindPose(std::optional<core::model::PoseType> type);

    // --- a kept animation on show (preview only) ---------------------------------------------
    // The UsdSkel SkelAnimation (core::eval::keptAnimations) the viewport shows instead of the
    // current pose, sampled at `time` (core::eval::sampleAnimation); the overlay's pose selector,
    // its time slider and Play, the Pose panel's timeline and Pose > Play Animation all read and
    // write this one state (decision 0061). Never part of the document or the history: choosing,
    // scrubbing and playing make no undo step and leave the document unmodified.
    struct AnimationPreview {
        std::string name;   // as keptAnimations names it (the SkelAnimation prim's name)
        double start = 0.0; // core::eval::animationTimeRange, in time codes
        double end = 0.0;
        double time = 0.0; // in [start, end]
        bool playing = false;
        friend bool operator==(const AnimationPreview&, const AnimationPreview&) = default;
    };
    const std::optional<AnimationPreview>& previewedAnimation() const {
        return m_previewedAnimation;
    }
    // The document's kept animations' names, without repeats (two skeletons may keep one each
    // under the same name: sampleAnimation plays them together), in document order.
    std::vector<std::string> animationNames() const;
    // Shows the animation called `name` paused at its first time code (nullopt: none, the
    // viewport goes back to the current pose); a name the document does not keep shows none.
    // A previewed bind pose stops being shown, as choosing a bind pose or editing the current
    // pose stops the animation.
    void setPreviewedAnimation(const std::optional<std::string>& name);
    // Moves the shown animation to `time`, clamped to its range; nothing without one.
    void setAnimationTime(double time);
    // Plays or pauses the shown animation (the viewport's timer advances it, ViewportBinding);
    // nothing without one.
    void setAnimationPlaying(bool playing);

signals:
    void aboutToReplaceDocument();
    void openEditsMustFinish();
    void aboutToChange();
    void documentReplaced();
    void changed(const core::edit::ChangeSet& changes);
    void historyChanged();
    void modifiedChanged(bool modified);
    void filePathChanged();
    void selectionChanged();
    void poseChanged();
    // previewedBindPose or ghostBindPose changed.
    void bindPoseDisplayChanged();
    // previewedAnimation changed (chosen, dropped, its time or playing flag).
    void animationDisplayChanged();

private:
    // Makes `document` the open one; `importedFrom` is an import's source (empty otherwise).
    void install(std::unique_ptr<core::model::Document> document, const QString& path,
                 const SaveFormat& format, const QString& importedFrom = {});
    void documentEdited(const core::edit::ChangeSet& changes);
    void compileRig();
    void afterHistoryCall();
    // Drops shown bind pose types no skeleton stores; true when one was dropped.
    bool dropUnstoredBindPoses();
    // Drops a previewed animation the document no longer keeps (or re-reads its range); true
    // when it changed.
    bool dropUnkeptAnimation();
    void stopPreview();
    void stopAnimationPreview();

    std::unique_ptr<core::model::Document> m_document;
    std::unique_ptr<core::edit::History> m_history; // refers to *m_document
    std::unique_ptr<core::eval::CompiledRig> m_rig;
    QString m_rigError;
    QString m_filePath;
    QString m_importedFrom; // an import's source while it is not saved; it is then modified
    SaveFormat m_saveFormat;
    bool m_lastModified = false;
    std::uint64_t m_revision = 0;
    const QObject* m_transactionOwner = nullptr;    // of the outermost open transaction
    QPointer<const QObject> m_uncommittedEditOwner; // setUncommittedEdit; null once destroyed
    int m_finishDepth = 0;                          // finishOpenEdits calls under way
    std::optional<QString> m_finishRefusal;         // the first refuseToFinish reason there
    std::vector<core::model::NodeId> m_selection;
    core::model::NodeId m_current;
    core::eval::BonePoses m_bonePoses;
    std::optional<core::model::PoseType> m_previewedBindPose;
    std::optional<core::model::PoseType> m_ghostBindPose;
    std::optional<AnimationPreview> m_previewedAnimation;
};

} // namespace hyperrig::ui
