#include "core/edit/commands/BindPoseCapture.h"
#include "core/io/g4mf/G4mfReader.h"
#include "tests/cli/CliTestSupport.h"
#include "tests/support/ProcessRunner.h"

#include <catch2/catch.hpp>
#include <fstream>

using hyperrig::test::cliExecutable;
using hyperrig::test::readDocumentBack;
using hyperrig::test::runProcess;
using hyperrig::test::samplePath;
using hyperrig::test::TemporaryFolder;
using namespace hyperrig::core;

TEST_CASE("pose --bake makes a stored bind pose the rest pose", "[cli][pose]") {
    TemporaryFolder folder;
    const auto out = folder / "aposed.g4tf";
    const auto result =
        runProcess(cliExecutable(), {"pose", samplePath("creature-4d.g4tf"), "--pose-name", "APose",
                                     "--bake", "-o", out.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);

    // Every joint's bone now sits, in skeleton space, where the stored A pose puts it.
    const model::Document document = readDocumentBack(out);
    const model::NodeId rig = document.findNode("CreatureRig");
    REQUIRE(rig);
    const model::Skeleton& skeleton = *document.node(rig).skeleton();
    const auto apose = std::find_if(
        skeleton.bindPoses.begin(), skeleton.bindPoses.end(),
        [](const model::BindPose& pose) { return pose.type == model::PoseType::APose; });
    REQUIRE(apose != skeleton.bindPoses.end());
    for (std::size_t slot = 0; slot < skeleton.joints.size(); ++slot) {
        INFO("slot " << slot);
        auto placed = edit::skeletonSpaceTransform(document, rig, *skeleton.joints[slot]);
        REQUIRE(placed.ok());
        for (int i = 0; i < 4; ++i)
            CHECK(placed->position()[i] ==
                  Approx(apose->joints[slot].position[static_cast<std::size_t>(i)]).margin(1e-6));
        const auto basis = placed->basis().columnMajor();
        for (std::size_t i = 0; i < 16; ++i)
            CHECK(basis[i] == Approx(apose->joints[slot].basis[i]).margin(1e-6));
    }
    const auto validated = runProcess(cliExecutable(), {"validate", out.string()});
    INFO(validated.out);
    CHECK(validated.exitCode == 0);
}

TEST_CASE("pose reads a POSE.json file", "[cli][pose]") {
    TemporaryFolder folder;
    const auto poseFile = folder / "pose.json";
    const auto out = folder / "posed.g4tf";
    std::ofstream(poseFile) << R"({"pose": {"Tail": {"position": [0, -0.5, 0, 0.25]}}})";
    const auto result =
        runProcess(cliExecutable(), {"pose", samplePath("creature-4d.g4tf"), "--pose",
                                     poseFile.string(), "--bake", "-o", out.string()});
    INFO(result.err);
    REQUIRE(result.exitCode == 0);
    const model::Document document = readDocumentBack(out);
    CHECK(document.node(document.findNode("Tail")).transform.position ==
          std::vector<double>{0, -0.5, 0, 0.25});
}

TEST_CASE("pose refuses bad input and writes nothing", "[cli][pose]") {
    TemporaryFolder folder;
    const auto out = folder / "never.g4tf";
    const auto poseFile = folder / "bad.json";
    std::ofstream(poseFile) << R"({"pose": {"Tail": {"position": [0, 1]}}})";

    const auto badFile =
        runProcess(cliExecutable(), {"pose", samplePath("creature-4d.g4tf"), "--pose",
                                     poseFile.string(), "--bake", "-o", out.string()});
    CHECK(badFile.exitCode == 2);
    CHECK_THAT(badFile.err,
               Catch::Contains("bad.json: /pose/Tail/position: needs 4 numbers, not 2"));

    const auto noPose =
        runProcess(cliExecutable(), {"pose", samplePath("tiny-4d-arm.g4tf"), "--pose-name", "TPose",
                                     "--bake", "-o", out.string()});
    CHECK(noPose.exitCode == 1);
    CHECK_THAT(noPose.err,
               Catch::Contains("no skeleton stores a TPose bind pose (the document has no bind "
                               "poses)"));

    const auto noBake = runProcess(cliExecutable(), {"pose", samplePath("creature-4d.g4tf"),
                                                     "--pose-name", "APose", "-o", out.string()});
    CHECK(noBake.exitCode == 2);
    CHECK_THAT(noBake.err, Catch::Contains("--bake is required"));

    const auto both =
        runProcess(cliExecutable(), {"pose", samplePath("creature-4d.g4tf"), "--pose-name", "APose",
                                     "--pose", poseFile.string(), "--bake", "-o", out.string()});
    CHECK(both.exitCode == 2);
    CHECK_FALSE(std::filesystem::exists(out));
}
