#include "ui/session/EditorSession.h"

#include "core/base/Contracts.h"
#include "core/eval/animation/SkelAnimationSample.h"
#include "core/model/NewDocument.h"

#include <QDir>
#include <QFileInfo>
#include <QScopedValueRollback>

#include <algorithm>
#include <set>
#include <utility>

namespace hyperrig::ui {

EditorSession::EditorSession(QObject* parent) : QObject(parent) {}

EditorSession::~EditorSession() {
    // Objects made after the session (the viewport binding) outlive it among MainWindow's
    // children: a scene build still reading the document must finish before it goes.
    emit aboutToChange();
}

const core::model::Document& EditorSession::document() const {
    HYPERRIG_EXPECTS(m_document != nullptr);
    return *m_document;
}

const core::edit::History& EditorSession::history() const {
    HYPERRIG_EXPECTS(m_history != nullptr);
    return *m_history;
}

QString EditorSession::displayName() const {
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    if (!m_importedFrom.isEmpty())
        return tr("%1 (imported)").arg(QFileInfo(m_importedFrom).fileName());
    return tr("Untitled");
}

QString EditorSession::suggestedSavePath() const {
    if (!m_filePath.isEmpty() || m_importedFrom.isEmpty())
        return m_filePath;
    const QFileInfo source(m_importedFrom);
    return source.dir().filePath(source.completeBaseName() + QStringLiteral(".g4tf"));
}

void EditorSession::install(std::unique_ptr<core::model::Document> document, const QString& path,
                            const SaveFormat& format, const QString& importedFrom) {
    emit aboutToReplaceDocument();
    ++m_revision;
    // History refers to the document: it goes first (with any transaction still open in it).
    m_history.reset();
    m_transactionOwner = nullptr;
    m_rig.reset();
    m_document = std::move(document);
    m_selection.clear();
    m_current = {};
    m_bonePoses.clear();
    const bool bindPosesShown = m_previewedBindPose || m_ghostBindPose;
    m_previewedBindPose.reset();
    m_ghostBindPose.reset();
    const bool animationShown = m_previewedAnimation.has_value();
    m_previewedAnimation.reset();
    const bool pathChanged = path != m_filePath || importedFrom != m_importedFrom;
    m_importedFrom = importedFrom;
    m_saveFormat = format;
    m_filePath = path;
    if (m_document) {
        m_history = std::make_unique<core::edit::History>(*m_document);
        m_history->addListener(
            [this](const core::edit::ChangeSet& changes) { documentEdited(changes); });
        compileRig();
    } else {
        m_rigError.clear();
    }
    emit documentReplaced();
    emit selectionChanged();
    emit poseChanged();
    if (bindPosesShown)
        emit bindPoseDisplayChanged();
    if (animationShown)
        emit animationDisplayChanged();
    if (pathChanged)
        emit filePathChanged();
    afterHistoryCall();
}

void EditorSession::compileRig() {
    m_rig.reset();
    m_rigError.clear();
    auto rig = core::eval::CompiledRig::compile(*m_document);
    if (rig)
        m_rig = std::make_unique<core::eval::CompiledRig>(std::move(*rig));
    else
        m_rigError = QString::fromStdString(rig.error().message());
}

void EditorSession::newDocument(int dimension) {
    install(std::make_unique<core::model::Document>(core::model::newDocument(dimension)), {}, {});
}

void EditorSession::adoptDocument(core::model::Document document, const QString& path,
                                  SaveFormat format) {
    install(std::make_unique<core::model::Document>(std::move(document)),
            path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath(), format);
}

void EditorSession::adoptImportedDocument(core::model::Document document,
                                          const QString& sourcePath) {
    // Set by install before it announces the new document: the history's first row, the title
    // and the file actions read it.
    install(std::make_unique<core::model::Document>(std::move(document)), {}, {},
            QFileInfo(sourcePath).absoluteFilePath());
}

core::Result<void> EditorSession::openFile(const QString& path) {
    auto read = core::io::readG4mf(path.toStdString());
    if (!read)
        return read.error();
    SaveFormat format;
    format.container = read->container;
    format.options = core::io::writeOptionsLike(*read, read->container);
    adoptDocument(std::move(read->document), path, format);
    return {};
}

void EditorSession::closeDocument() {
    install(nullptr, {}, {});
}

core::Result<std::vector<std::string>> EditorSession::saveAs(const QString& path,
                                                             const SaveFormat& format) {
    HYPERRIG_EXPECTS(m_document != nullptr);
    auto written = core::io::writeG4mf(*m_document, path.toStdString(), format.options);
    if (!written)
        return written.error();
    markSaved(path, format, m_revision);
    return written;
}

void EditorSession::markSaved(const QString& path, const SaveFormat& format,
                              std::uint64_t revisionAtEncode) {
    m_saveFormat = format;
    m_importedFrom.clear(); // saved: now a G4MF file like any other
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const bool pathChanged = absolute != m_filePath;
    m_filePath = absolute;
    // Edits made while a worker wrote the file are not in it: the file holds the state at
    // revisionAtEncode, so only that state is clean (an arrow step merged into the top undo step
    // during the write leaves the undo count as it was, not the revision).
    // Otherwise the state the file holds may be no state of the history (an edit merged into the
    // top step) and the one the old clean index names is no longer on disk: nothing is clean.
    // (A transaction opened meanwhile that changed nothing leaves the revision as it was: the
    // file holds the state before it, which a rollback returns to.)
    if (m_revision == revisionAtEncode)
        m_history->markClean();
    else
        m_history->forgetCleanState();
    if (pathChanged)
        emit filePathChanged();
    afterHistoryCall();
}

core::Result<void> EditorSession::execute(std::unique_ptr<core::edit::Command> command,
                                          const QObject* gesture) {
    if (!m_history)
        return core::Error("no document is open");
    // A gesture's own steps inside its transaction end nothing: typed text elsewhere was
    // finished (or refused and left typed) when the gesture began.
    const bool gestureStep = inTransaction() && gesture == m_transactionOwner;
    if (!gestureStep &&
        (inTransaction() || (m_uncommittedEditOwner && gesture != m_uncommittedEditOwner))) {
        // The gesture's step is complete before this one starts; a typed value the document
        // refused stops this command: running it would take the selection, the focus or the
        // status line the refusal is shown in, and the typed text with them.
        if (auto finished = finishOpenEdits(); !finished)
            return finished;
    }
    if (!m_history)
        return core::Error("no document is open");
    emit aboutToChange();
    auto result = m_history->execute(std::move(command));
    afterHistoryCall();
    return result;
}

void EditorSession::beginTransaction(const std::string& name, const QObject* owner) {
    HYPERRIG_EXPECTS(m_history != nullptr);
    // Typed text waiting elsewhere is its own step, before this transaction's. A gesture starts
    // where the user pressed, so that text's field has lost the focus, and leaving it already
    // applied the text or put the stored value back with the reason at the field (ui-style.md
    // §3): a refusal here has nothing left to stop.
    if (m_history->transactionDepth() == 0 && m_uncommittedEditOwner &&
        owner != m_uncommittedEditOwner)
        static_cast<void>(finishOpenEdits());
    if (m_history->transactionDepth() == 0)
        m_transactionOwner = owner;
    m_history->beginTransaction(name);
}

void EditorSession::commitTransaction() {
    HYPERRIG_EXPECTS(m_history != nullptr);
    emit aboutToChange();
    m_history->commit();
    if (m_history->transactionDepth() == 0)
        m_transactionOwner = nullptr;
    afterHistoryCall();
}

void EditorSession::rollbackTransaction() {
    HYPERRIG_EXPECTS(m_history != nullptr);
    emit aboutToChange();
    m_history->rollback();
    if (m_history->transactionDepth() == 0)
        m_transactionOwner = nullptr;
    afterHistoryCall();
}

bool EditorSession::inTransaction() const {
    return m_history && m_history->transactionDepth() > 0;
}

bool EditorSession::canUndo() const {
    return m_history && m_history->canUndo();
}
bool EditorSession::canRedo() const {
    return m_history && m_history->canRedo();
}

QString EditorSession::undoName() const {
    return canUndo() ? QString::fromStdString(m_history->undoName()) : QString();
}

QString EditorSession::redoName() const {
    return canRedo() ? QString::fromStdString(m_history->redoName()) : QString();
}

void EditorSession::undo() {
    if (!canUndo())
        return;
    emit aboutToChange();
    m_history->undo();
    afterHistoryCall();
}

void EditorSession::redo() {
    if (!canRedo())
        return;
    emit aboutToChange();
    m_history->redo();
    afterHistoryCall();
}

void EditorSession::goToStep(std::size_t undoCount) {
    if (!m_history || inTransaction())
        return;
    emit aboutToChange();
    while (m_history->undoCount() > undoCount && m_history->canUndo())
        m_history->undo();
    while (m_history->undoCount() < undoCount && m_history->canRedo())
        m_history->redo();
    afterHistoryCall();
}

bool EditorSession::isModified() const {
    // An import matches no saved file until it is saved, whatever its history says.
    return m_history && (m_history->isModified() || !m_importedFrom.isEmpty());
}

void EditorSession::afterHistoryCall() {
    emit historyChanged();
    const bool modified = isModified();
    if (modified != m_lastModified) {
        m_lastModified = modified;
        emit modifiedChanged(modified);
    }
}

void EditorSession::setMergeWindowForTests(std::chrono::milliseconds window) {
    HYPERRIG_EXPECTS(m_history != nullptr);
    m_history->setMergeWindow(window);
}

void EditorSession::setUncommittedEdit(const QObject* owner, bool uncommitted) {
    if (uncommitted)
        m_uncommittedEditOwner = owner;
    else if (m_uncommittedEditOwner == owner)
        m_uncommittedEditOwner = nullptr;
}

core::Result<void> EditorSession::finishOpenEdits() {
    // Nested when a control's own command, run while it finishes, must first end another
    // control's gesture (the name's rename while a transform field holds a transaction): the
    // signal goes out again, and the outermost call reports the first refusal.
    const bool outermost = m_finishDepth == 0;
    if (outermost)
        m_finishRefusal.reset();
    {
        const QScopedValueRollback finishing(m_finishDepth, m_finishDepth + 1);
        emit openEditsMustFinish();
    }
    if (outermost && m_finishRefusal)
        return core::Error(std::exchange(m_finishRefusal, std::nullopt)->toStdString());
    return {};
}

void EditorSession::refuseToFinish(const QString& reason) {
    if (m_finishDepth > 0 && !m_finishRefusal)
        m_finishRefusal = reason;
}

void EditorSession::documentEdited(const core::edit::ChangeSet& changes) {
    ++m_revision;
    if (changes.documentReplaced) {
        compileRig();
    } else if (m_rig) {
        auto updated = m_rig->update(*m_document, changes);
        if (!updated) {
            m_rig.reset();
            m_rigError = QString::fromStdString(updated.error().message());
        }
    } else {
        compileRig(); // an edit may have fixed what kept the rig from compiling
    }
    // Nodes an edit (or an undo) removed leave the selection and the pose.
    const auto gone = [this](core::model::NodeId node) {
        return !m_document->nodes.find(node);
    };
    const std::size_t selected = m_selection.size();
    std::erase_if(m_selection, gone);
    const bool currentGone = m_current && gone(m_current);
    if (currentGone)
        m_current = m_selection.empty() ? core::model::NodeId{} : m_selection.back();
    const bool poseShrank = std::erase_if(m_bonePoses, [&](const auto& entry) {
                                return gone(entry.first) || !m_document->node(entry.first).isBone();
                            }) > 0;
    const bool bindPosesDropped = dropUnstoredBindPoses();
    const bool animationDropped = dropUnkeptAnimation();
    if (changes.documentReplaced) {
        // A command swapped the whole content (the 3D -> 4D lift and back): every view rebuilds
        // as for a newly opened document; the history stays.
        emit documentReplaced();
        emit selectionChanged();
        emit poseChanged();
        if (bindPosesDropped)
            emit bindPoseDisplayChanged();
        if (animationDropped)
            emit animationDisplayChanged();
        return;
    }
    emit changed(changes);
    if (selected != m_selection.size() || currentGone)
        emit selectionChanged();
    if (poseShrank)
        emit poseChanged();
    if (bindPosesDropped)
        emit bindPoseDisplayChanged();
    if (animationDropped)
        emit animationDisplayChanged();
}

bool EditorSession::dropUnkeptAnimation() {
    if (!m_previewedAnimation)
        return false;
    const std::vector<std::string> names = animationNames();
    if (std::find(names.begin(), names.end(), m_previewedAnimation->name) == names.end()) {
        m_previewedAnimation.reset();
        return true;
    }
    // An edit of the kept animation (an undo of its import is a document replacement) may move
    // its range; the time stays inside it.
    const AnimationPreview before = *m_previewedAnimation;
    const auto range = core::eval::animationTimeRange(before.name, *m_document);
    m_previewedAnimation->start = range.start;
    m_previewedAnimation->end = range.end;
    m_previewedAnimation->time = std::clamp(before.time, range.start, range.end);
    return !(before == *m_previewedAnimation);
}

bool EditorSession::dropUnstoredBindPoses() {
    if (!m_previewedBindPose && !m_ghostBindPose)
        return false;
    std::set<core::model::PoseType> stored;
    for (core::model::NodeId node : m_document->nodes.order())
        if (const core::model::Skeleton* skeleton = m_document->node(node).skeleton())
            for (const core::model::BindPose& pose : skeleton->bindPoses)
                stored.insert(pose.type);
    bool dropped = false;
    for (std::optional<core::model::PoseType>* shown : {&m_previewedBindPose, &m_ghostBindPose})
        if (*shown && !stored.count(**shown)) {
            shown->reset();
            dropped = true;
        }
    return dropped;
}

bool EditorSession::isSelected(core::model::NodeId node) const {
    return std::find(m_selection.begin(), m_selection.end(), node) != m_selection.end();
}

void EditorSession::select(std::vector<core::model::NodeId> nodes, core::model::NodeId current) {
    std::vector<core::model::NodeId> kept;
    std::set<core::model::NodeId> seen;
    for (core::model::NodeId node : nodes)
        if (node && m_document && m_document->nodes.find(node) && seen.insert(node).second)
            kept.push_back(node);
    if (!current || !seen.count(current))
        current = kept.empty() ? core::model::NodeId{} : kept.back();
    if (kept == m_selection && current == m_current)
        return;
    m_selection = std::move(kept);
    m_current = current;
    emit selectionChanged();
}

void EditorSession::selectAll() {
    if (!m_document)
        return;
    std::vector<core::model::NodeId> all;
    for (core::model::NodeId node : m_document->nodes.order())
        if (node != m_document->root())
            all.push_back(node);
    select(std::move(all), m_current);
}

void EditorSession::setBonePose(core::model::NodeId bone, const core::eval::BonePose& bonePose) {
    m_bonePoses[bone] = bonePose;
    stopPreview();
    emit poseChanged();
}

void EditorSession::setBoneRotation(core::model::NodeId bone,
                                    const core::eval::PlaneAngles& degrees) {
    core::eval::BonePose bonePose =
        m_bonePoses.count(bone) ? m_bonePoses.at(bone) : core::eval::BonePose{};
    bonePose.degrees = degrees;
    setBonePose(bone, bonePose);
}

void EditorSession::setBoneTranslation(core::model::NodeId bone,
                                       const core::eval::PoseTranslation& translation) {
    core::eval::BonePose bonePose =
        m_bonePoses.count(bone) ? m_bonePoses.at(bone) : core::eval::BonePose{};
    bonePose.translation = translation;
    setBonePose(bone, bonePose);
}

void EditorSession::setBonePoses(core::eval::BonePoses bonePoses) {
    m_bonePoses = std::move(bonePoses);
    stopPreview();
    emit poseChanged();
}

void EditorSession::resetBonePose(core::model::NodeId bone) {
    if (m_bonePoses.erase(bone) > 0) {
        stopPreview();
        emit poseChanged();
    }
}

void EditorSession::resetPose() {
    if (m_bonePoses.empty())
        return;
    m_bonePoses.clear();
    stopPreview();
    emit poseChanged();
}

void EditorSession::stopPreview() {
    stopAnimationPreview();
    if (!m_previewedBindPose)
        return;
    m_previewedBindPose.reset();
    emit bindPoseDisplayChanged();
}

void EditorSession::stopAnimationPreview() {
    if (!m_previewedAnimation)
        return;
    m_previewedAnimation.reset();
    emit animationDisplayChanged();
}

void EditorSession::setPreviewedBindPose(std::optional<core::model::PoseType> type) {
    if (type == m_previewedBindPose)
        return;
    if (type)
        stopAnimationPreview(); // one pose on show: the bind pose replaces the animation
    m_previewedBindPose = type;
    emit bindPoseDisplayChanged();
}

std::vector<std::string> EditorSession::animationNames() const {
    std::vector<std::string> names;
    if (!m_document)
        return names;
    for (const core::eval::KeptAnimation& kept : core::eval::keptAnimations(*m_document))
        if (std::find(names.begin(), names.end(), kept.name) == names.end())
            names.push_back(kept.name);
    return names;
}

void EditorSession::setPreviewedAnimation(const std::optional<std::string>& name) {
    std::optional<AnimationPreview> shown;
    if (name && m_document) {
        const std::vector<std::string> names = animationNames();
        if (std::find(names.begin(), names.end(), *name) != names.end()) {
            // A newly chosen animation shows paused at its first time code (decision 0058).
            const auto range = core::eval::animationTimeRange(*name, *m_document);
            shown = AnimationPreview{*name, range.start, range.end, range.start, false};
        }
    }
    if (shown && m_previewedAnimation && m_previewedAnimation->name == shown->name)
        return; // chosen again: it keeps its time and keeps playing
    if (shown == m_previewedAnimation)
        return;
    if (shown && m_previewedBindPose) {
        m_previewedBindPose.reset();
        emit bindPoseDisplayChanged();
    }
    m_previewedAnimation = std::move(shown);
    emit animationDisplayChanged();
}

void EditorSession::setAnimationTime(double time) {
    if (!m_previewedAnimation)
        return;
    const double clamped = std::clamp(time, m_previewedAnimation->start, m_previewedAnimation->end);
    if (clamped == m_previewedAnimation->time)
        return;
    m_previewedAnimation->time = clamped;
    emit animationDisplayChanged();
}

void EditorSession::setAnimationPlaying(bool playing) {
    if (!m_previewedAnimation || m_previewedAnimation->playing == playing)
        return;
    m_previewedAnimation->playing = playing;
    emit animationDisplayChanged();
}

void EditorSession::setGhostBindPose(std::optional<core::model::PoseType> type) {
    if (type == m_ghostBindPose)
        return;
    m_ghostBindPose = type;
    emit bindPoseDisplayChanged();
}

} // namespace hyperrig::ui
