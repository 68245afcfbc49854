#include "core/base/ThreadPool.h"
#include "core/eval/BonePoses.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/PoseFile.h"
#include "core/eval/PoseFileWriter.h"
#include "core/eval/RigEvaluation.h"
#include "core/model/Json.h"
#include "core/model/JsonDump.h"
#include "tests/core/eval/EvalTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <filesystem>

using namespace hyperrig::core;
using hyperrig::test::makeTinyRig;

namespace {

struct PoseWriterRig {
    explicit PoseWriterRig(int dimension) : tiny(makeTinyRig(dimension)) {}
    void recompile() { rig = *eval::CompiledRig::compile(tiny.document); }

    eval::Pose pose(const eval::BonePoses& bonePoses) const {
        auto made = eval::poseFromBonePoses(tiny.document, rig, bonePoses);
        REQUIRE(made.ok());
        return *made;
    }
    model::OrderedJson written(const eval::Pose& pose) const {
        return model::OrderedJson::parse(eval::poseFileText(tiny.document, rig, pose));
    }
    // Every bone in skeleton space and every skinned vertex under `a` and `b` agree.
    void checkSameResult(const eval::Pose& a, const eval::Pose& b) const {
        const eval::CompiledSkeleton& skeleton = rig.skeletons().front();
        const auto bonesA = eval::evaluateSkeleton(skeleton, a);
        const auto bonesB = eval::evaluateSkeleton(skeleton, b);
        for (std::size_t bone = 0; bone < bonesA.size(); ++bone) {
            CHECK(math::approxEqual(bonesA[bone].basis(), bonesB[bone].basis(), 1e-12));
            for (int axis = 0; axis < bonesA[bone].dimension(); ++axis)
                CHECK(bonesA[bone].position()[axis] ==
                      Approx(bonesB[bone].position()[axis]).margin(1e-12));
        }
        eval::EvaluatedRig skinnedA;
        eval::EvaluatedRig skinnedB;
        REQUIRE(
            eval::evaluateRig(tiny.document, rig, a, base::ThreadPool::shared(), skinnedA).ok());
        REQUIRE(
            eval::evaluateRig(tiny.document, rig, b, base::ThreadPool::shared(), skinnedB).ok());
        REQUIRE(skinnedA.instances.size() == 1);
        REQUIRE(skinnedA.instances[0].deformed);
        const std::vector<float>& va = skinnedA.instances[0].deformedPositions;
        const std::vector<float>& vb = skinnedB.instances[0].deformedPositions;
        REQUIRE(va.size() == vb.size());
        for (std::size_t i = 0; i < va.size(); ++i)
            CHECK(va[i] == Approx(vb[i]).margin(1e-6));
    }

    hyperrig::test::TinyRig tiny;
    eval::CompiledRig rig = *eval::CompiledRig::compile(tiny.document);
};

} // namespace

TEST_CASE("a written pose file holds what differs from rest and reads back the same pose",
          "[eval][posefile]") {
    PoseWriterRig f(4);
    SECTION("a turn is a rotor, a move a position, a bone at rest is left out") {
        eval::BonePoses bonePoses;
        bonePoses[f.tiny.upper].degrees[0] = 90.0; // XY
        bonePoses[f.tiny.lower].translation = {0.0, 0.5, 0.0, -0.25};
        const eval::Pose pose = f.pose(bonePoses);
        const model::OrderedJson file = f.written(pose);
        REQUIRE(file.size() == 1);
        const model::OrderedJson& bones = file.at("pose");
        REQUIRE(bones.size() == 2);
        // 90° in XY: cos 45° + sin 45°·e_xy, the rest basis being the identity.
        const auto& rotor = bones.at("Upper").at("rotor");
        REQUIRE(rotor.size() == 8);
        CHECK(rotor[0].get<double>() == Approx(std::sqrt(0.5)));
        CHECK(rotor[1].get<double>() == Approx(std::sqrt(0.5)));
        CHECK_FALSE(bones.at("Upper").contains("position"));
        // Lower rests at (0, 1, 0, 0) with an identity basis: moved by t itself.
        CHECK(bones.at("Lower").at("position") == model::OrderedJson::parse("[0, 1.5, 0, -0.25]"));
        CHECK(bones.at("Lower").size() == 1);

        auto read = eval::parsePoseJson(model::jsonText(file), f.tiny.document, f.rig);
        REQUIRE(read.ok());
        f.checkSameResult(*read, pose);
    }
    SECTION("an unnamed bone is addressed by #index") {
        f.tiny.document.node(f.tiny.lower).name.reset();
        f.recompile();
        eval::BonePoses bonePoses;
        bonePoses[f.tiny.lower].degrees[5] = -30.0; // ZW
        const eval::Pose pose = f.pose(bonePoses);
        const model::OrderedJson file = f.written(pose);
        CHECK(file.at("pose").contains("#3")); // Scene, Rig, Upper, then Lower
        auto read = eval::parsePoseJson(model::jsonText(file), f.tiny.document, f.rig);
        REQUIRE(read.ok());
        f.checkSameResult(*read, pose);
    }
    SECTION("a scaled rest basis keeps its scale; a sheared one is written as a basis") {
        model::NodeTransform& upper = f.tiny.document.node(f.tiny.upper).transform;
        upper.form = model::NodeTransform::Form::RotorScale;
        upper.scale = {2.0};
        model::NodeTransform& lower = f.tiny.document.node(f.tiny.lower).transform;
        lower.form = model::NodeTransform::Form::Basis;
        lower.basis = {1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; // Y leans toward X
        f.recompile();
        eval::BonePoses bonePoses;
        bonePoses[f.tiny.upper].degrees[3] = 45.0; // YZ
        bonePoses[f.tiny.lower].degrees[2] = 20.0; // XW
        const eval::Pose pose = f.pose(bonePoses);
        const model::OrderedJson file = f.written(pose);
        const auto& scale = file.at("pose").at("Upper").at("scale"); // uniform: one number
        REQUIRE(scale.size() == 1);
        CHECK(scale[0].get<double>() == Approx(2.0));
        CHECK(file.at("pose").at("Lower").contains("basis"));
        auto read = eval::parsePoseJson(model::jsonText(file), f.tiny.document, f.rig);
        REQUIRE(read.ok());
        f.checkSameResult(*read, pose);
    }
}

TEST_CASE("a pose file is written whole or not at all", "[eval][posefile]") {
    PoseWriterRig f(3);
    hyperrig::test::TemporaryFolder folder;
    eval::BonePoses bonePoses;
    bonePoses[f.tiny.lower].degrees = {10.0, -20.0, 30.0};
    bonePoses[f.tiny.lower].translation = {0.1, 0.2, 0.3};
    const eval::Pose pose = f.pose(bonePoses);
    SECTION("readPoseFile reads back the same bones and skin") {
        const std::filesystem::path path = folder / "pose.json";
        REQUIRE(eval::writePoseFile(path, f.tiny.document, f.rig, pose).ok());
        auto read = eval::readPoseFile(path, f.tiny.document, f.rig);
        REQUIRE(read.ok());
        f.checkSameResult(*read, pose);
        CHECK(std::distance(std::filesystem::directory_iterator(folder.path()),
                            std::filesystem::directory_iterator()) == 1); // no temporary left
    }
    SECTION("a folder that does not exist: the error names the file") {
        const std::filesystem::path path = folder / "missing" / "pose.json";
        auto written = eval::writePoseFile(path, f.tiny.document, f.rig, pose);
        REQUIRE_FALSE(written.ok());
        CHECK_THAT(written.error().message(), Catch::Contains(path.string()));
        CHECK_FALSE(std::filesystem::exists(path));
    }
}
