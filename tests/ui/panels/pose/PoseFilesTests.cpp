#include "core/base/ThreadPool.h"
#include "core/eval/BonePoses.h"
#include "core/eval/PoseFile.h"
#include "core/eval/RigEvaluation.h"
#include "tests/support/TextFiles.h"
#include "tests/ui/SessionTestSupport.h"
#include "tests/ui/TriggerAction.h"
#include "tests/ui/panels/PanelTestSupport.h"
#include "ui/panels/pose/PosePanel.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace hyperrig;

namespace {

// The creature with its Pose panel and two bones posed, angles and translations.
struct PoseFilesFixture {
    ui::EditorSession session;
    std::unique_ptr<ui::PosePanel> panel;
    QTemporaryDir folder;
    core::model::NodeId arm;
    core::model::NodeId forearm;

    PoseFilesFixture() {
        REQUIRE(session.openFile(test::sampleFile("creature-4d.g4tf")).ok());
        panel = std::make_unique<ui::PosePanel>(session);
        REQUIRE(folder.isValid());
        arm = session.document().findNode("LeftUpperArm");
        forearm = session.document().findNode("LeftLowerArm");
        REQUIRE(arm);
        REQUIRE(forearm);
        core::eval::BonePose armPose;
        armPose.degrees = {20.0, -35.0, 60.0, 110.0, 10.0, -150.0};
        armPose.translation = {0.05, 0.0, -0.1, 0.2};
        session.setBonePose(arm, armPose);
        core::eval::BonePose forearmPose;
        forearmPose.degrees[0] = -45.0;
        session.setBonePose(forearm, forearmPose);
    }
    QString path(const char* name) const { return folder.filePath(QString::fromLatin1(name)); }
    QString write(const char* name, const std::string& text) const {
        REQUIRE(test::writeTextFile(path(name).toStdString(), text));
        return path(name);
    }
    core::eval::Pose sessionPose() const {
        auto pose =
            core::eval::poseFromBonePoses(session.document(), *session.rig(), session.bonePoses());
        REQUIRE(pose.ok());
        return *pose;
    }
};

void checkSameBonePoses(const core::eval::BonePoses& actual,
                        const core::eval::BonePoses& expected) {
    REQUIRE(actual.size() == expected.size());
    for (const auto& [bone, bonePose] : expected) {
        REQUIRE(actual.count(bone) == 1);
        for (std::size_t p = 0; p < core::eval::kMaxRotationPlanes; ++p)
            CHECK(actual.at(bone).degrees[p] == Approx(bonePose.degrees[p]).margin(1e-9));
        for (std::size_t axis = 0; axis < core::eval::kMaxPoseAxes; ++axis)
            CHECK(actual.at(bone).translation[axis] ==
                  Approx(bonePose.translation[axis]).margin(1e-12));
    }
}

} // namespace

TEST_CASE("Save Pose then Load Pose gives the same pose, and the CLI's reader agrees",
          "[ui][pose][posefile]") {
    PoseFilesFixture f;
    const core::eval::BonePoses saved = f.session.bonePoses();
    const std::size_t steps = f.session.history().undoCount();
    QSignalSpy messages(f.panel.get(), &ui::PosePanel::message);
    const QString file = f.path("pose.json");
    REQUIRE(f.panel->savePoseFile(file).isEmpty());
    REQUIRE(messages.count() == 1);
    CHECK(messages.at(0).at(0).toString().startsWith("Saved 2 posed bone(s) to "));

    SECTION("the file gives what the session shows: bones and skin") {
        // As `hyperrig-cli pose --pose` reads it.
        auto read =
            core::eval::readPoseFile(file.toStdString(), f.session.document(), *f.session.rig());
        REQUIRE(read.ok());
        const core::eval::Pose shown = f.sessionPose();
        for (const core::eval::CompiledSkeleton& skeleton : f.session.rig()->skeletons()) {
            const auto fromFile = core::eval::evaluateSkeleton(skeleton, *read);
            const auto fromSession = core::eval::evaluateSkeleton(skeleton, shown);
            for (std::size_t bone = 0; bone < fromFile.size(); ++bone) {
                CHECK(core::math::approxEqual(fromFile[bone].basis(), fromSession[bone].basis(),
                                              1e-12));
                for (int axis = 0; axis < 4; ++axis)
                    CHECK(fromFile[bone].position()[axis] ==
                          Approx(fromSession[bone].position()[axis]).margin(1e-12));
            }
        }
        core::eval::EvaluatedRig skinnedFile;
        core::eval::EvaluatedRig skinnedSession;
        REQUIRE(core::eval::evaluateRig(f.session.document(), *f.session.rig(), *read,
                                        core::base::ThreadPool::shared(), skinnedFile)
                    .ok());
        REQUIRE(core::eval::evaluateRig(f.session.document(), *f.session.rig(), shown,
                                        core::base::ThreadPool::shared(), skinnedSession)
                    .ok());
        bool anyDeformed = false;
        for (std::size_t i = 0; i < skinnedFile.instances.size(); ++i) {
            const auto& a = skinnedFile.instances[i];
            const auto& b = skinnedSession.instances[i];
            REQUIRE(a.deformed == b.deformed);
            anyDeformed = anyDeformed || a.deformed;
            REQUIRE(a.deformedPositions.size() == b.deformedPositions.size());
            for (std::size_t v = 0; v < a.deformedPositions.size(); ++v)
                CHECK(a.deformedPositions[v] == Approx(b.deformedPositions[v]).margin(1e-6));
        }
        CHECK(anyDeformed);
    }
    SECTION("loading it back after a reset restores every bone, fields included") {
        f.session.resetPose();
        REQUIRE(f.session.bonePoses().empty());
        REQUIRE(f.panel->loadPoseFile(file).isEmpty());
        checkSameBonePoses(f.session.bonePoses(), saved);
        f.session.select({f.arm});
        CHECK(test::child<ui::NumberField>(*f.panel, "poseAngleYZ")->value() == Approx(110.0));
        CHECK(test::child<ui::NumberField>(*f.panel, "poseAngleZW")->value() == Approx(-150.0));
        CHECK(test::child<ui::NumberField>(*f.panel, "poseTranslationW")->value() == Approx(0.2));
        CHECK(messages.back().at(0).toString().startsWith("Loaded a pose of 2 posed bone(s)"));
    }
    SECTION("loading replaces the current pose: bones the file leaves alone go back to rest") {
        const auto spine = f.session.document().findNode("Spine");
        f.session.setBoneRotation(spine, {1.0});
        REQUIRE(f.panel->loadPoseFile(file).isEmpty());
        CHECK(f.session.bonePoses().count(spine) == 0);
        checkSameBonePoses(f.session.bonePoses(), saved);
    }
    CHECK(f.session.history().undoCount() == steps); // neither is a document edit
    CHECK_FALSE(f.session.isModified());
}

TEST_CASE("a refused pose file changes nothing and says where", "[ui][pose][posefile]") {
    PoseFilesFixture f;
    const core::eval::BonePoses before = f.session.bonePoses();
    QSignalSpy messages(f.panel.get(), &ui::PosePanel::message);
    auto* problem = test::child<QLabel>(*f.panel, "poseProblem");
    const auto refused = [&](const QString& path) {
        const QString reason = f.panel->loadPoseFile(path);
        INFO(reason.toStdString());
        CHECK(reason.startsWith("Cannot load the pose: " + path + ": "));
        CHECK(problem->text() == reason);
        CHECK(messages.back().at(0).toString() == reason);
        CHECK(f.session.bonePoses() == before);
        return reason;
    };
    SECTION("malformed JSON: line and column") {
        const QString path = f.write("broken.json", "{\"pose\": {\n  \"Spine\": [1,]\n}}");
        CHECK(refused(path).contains("line 2"));
    }
    SECTION("a value the reader refuses: the JSON pointer") {
        const QString path =
            f.write("short.json", R"({"pose": {"Spine": {"position": [0, 1, 2]}}})");
        CHECK(refused(path).contains("/pose/Spine/position: needs 4 numbers, not 3"));
    }
    SECTION("a scale angles cannot show: the bone") {
        const QString path =
            f.write("scaled.json",
                    R"({"pose": {"Spine": {"rotor": [1, 0, 0, 0, 0, 0, 0, 0], "scale": [1.5]}}})");
        const QString reason = refused(path);
        CHECK(reason.contains("bone 'Spine'"));
        CHECK(reason.contains("scales or shears"));
    }
    SECTION("a file that is not there") {
        refused(f.path("missing.json"));
    }
    SECTION("a good load afterwards clears the refusal") {
        refused(f.write("short.json", R"({"pose": {"Spine": {"position": [0]}}})"));
        REQUIRE(f.panel->loadPoseFile(f.write("rest.json", R"({"pose": {}})")).isEmpty());
        CHECK(problem->isHidden());
        CHECK(f.session.bonePoses().empty());
    }
}

TEST_CASE("a pose file with a bind pose as its base shows that pose as the current pose",
          "[ui][pose][posefile]") {
    PoseFilesFixture f;
    // Seven-digit bind pose entries against exact rotations: equal to 1e-6 (BonePosesTests).
    const QString path = f.write("apose.json", R"({"base": "APose", "pose": {}})");
    REQUIRE(f.panel->loadPoseFile(path).isEmpty());
    CHECK_FALSE(f.session.bonePoses().empty());
    auto named = core::eval::namedPose("APose", f.session.document(), *f.session.rig());
    REQUIRE(named.ok());
    const core::eval::Pose shown = f.sessionPose();
    for (const core::eval::CompiledSkeleton& skeleton : f.session.rig()->skeletons()) {
        const auto expected = core::eval::evaluateSkeleton(skeleton, *named);
        const auto actual = core::eval::evaluateSkeleton(skeleton, shown);
        for (std::size_t bone = 0; bone < expected.size(); ++bone)
            CHECK(core::math::approxEqual(actual[bone].basis(), expected[bone].basis(), 1e-6));
    }
}

namespace {

// Answers Save Pose...'s file dialog as a user typing `name` (no suffix) and pressing Save does,
// and any "already exists" question with No (the dialog is cancelled if it is still open). Counts
// the questions.
class SavePoseAnswerer : public QObject {
public:
    QString name;
    int questions = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::Show)
            return false;
        if (auto* box = qobject_cast<QMessageBox*>(watched)) {
            ++questions;
            QMetaObject::invokeMethod(
                box, [box] { box->done(QMessageBox::No); }, Qt::QueuedConnection);
        } else if (auto* dialog = qobject_cast<QFileDialog*>(watched)) {
            QMetaObject::invokeMethod(
                dialog,
                [this, dialog] {
                    dialog->selectFile(name);
                    // QDialog's public accept() is the file dialog's Save: it asks about
                    // replacing a file that is there.
                    static_cast<QDialog*>(dialog)->accept();
                    if (dialog->isVisible())
                        dialog->reject();
                },
                Qt::QueuedConnection);
        }
        return false;
    }
};

} // namespace

TEST_CASE("Save Pose... asks before it replaces the .json file a name without suffix names",
          "[ui][pose][posefile]") {
    PoseFilesFixture f;
    const QString existing = f.write("walk.json", "the user's walk");
    QAction* save = nullptr;
    for (QAction* action : f.panel->menuActions())
        if (action->objectName() == QStringLiteral("savePoseAction"))
            save = action;
    REQUIRE(save != nullptr);
    REQUIRE(save->isEnabled());
    SavePoseAnswerer answerer;
    answerer.name = f.path("walk");
    qApp->installEventFilter(&answerer);
    test::triggerAndRun(save);
    qApp->removeEventFilter(&answerer);
    CHECK(answerer.questions == 1);
    CHECK(test::readTextFile(existing.toStdString()) == "the user's walk");
    CHECK_FALSE(QFileInfo::exists(f.path("walk")));
}
