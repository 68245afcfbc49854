#include "core/edit/commands/NodeCommands.h"
#include "core/eval/BoneRotations.h"
#include "ui/MainWindow.h"
#include "ui/ViewportWidget.h"
#include "ui/session/EditorSession.h"
#include "ui/viewport/SceneBuildQueue.h"
#include "ui/viewport/ViewportBinding.h"

#include <QSignalSpy>

#include <catch2/catch.hpp>
#include <chrono>
#include <semaphore>
#include <vector>

using hyperrig::ui::SceneBuildQueue;

// Builds are gated by semaphores the test opens: a gated build sits on the worker for as long as
// the test wants, with no sleeps and no timing. Waits for the worker's result go through the
// event loop (QSignalSpy::wait), as the editor's do.

TEST_CASE("a slow scene build runs on the worker and does not block the GUI thread",
          "[ui][scenebuild]") {
    SceneBuildQueue queue;
    queue.setBudget(std::chrono::nanoseconds(0)); // every build counts as slow
    QSignalSpy shownSpy(&queue, &SceneBuildQueue::shown);
    std::binary_semaphore gate(0);
    std::vector<int> built;
    std::vector<int> shown;

    // request() returns while the build waits on the gate: the GUI thread is free.
    queue.request(
        [&] {
            gate.acquire();
            built.push_back(1);
        },
        [&] { shown.push_back(1); });
    CHECK(queue.isBuilding());
    CHECK(shown.empty());

    SECTION("requests made meanwhile replace one another: only the newest is built next") {
        queue.request([&] { built.push_back(2); }, [&] { shown.push_back(2); });
        queue.request([&] { built.push_back(3); }, [&] { shown.push_back(3); });
        CHECK(shown.empty());
        gate.release();
        REQUIRE(shownSpy.wait(10000)); // build 1 shown, build 3 started on the worker
        CHECK(shown == std::vector<int>{1});
        if (shownSpy.count() < 2)
            REQUIRE(shownSpy.wait(10000));
        CHECK(shown == std::vector<int>{1, 3});
        CHECK(built == std::vector<int>{1, 3});
        CHECK_FALSE(queue.isBuilding());
    }
    SECTION("cancelAndWait shows the running build and drops the waiting one") {
        queue.request([&] { built.push_back(2); }, [&] { shown.push_back(2); });
        gate.release();
        queue.cancelAndWait();
        CHECK(shown == std::vector<int>{1});
        CHECK_FALSE(queue.isBuilding());
        // The worker's own completion event finds nothing left to show.
        QCoreApplication::processEvents();
        CHECK(shown == std::vector<int>{1});
        CHECK(built == std::vector<int>{1});
    }
}

TEST_CASE("quick scene builds run on the GUI thread and are shown at once", "[ui][scenebuild]") {
    SceneBuildQueue queue;
    queue.setBudget(std::chrono::hours(1));
    std::vector<int> shown;
    queue.request([] {}, [&] { shown.push_back(1); });
    CHECK(shown == std::vector<int>{1});
    CHECK_FALSE(queue.isBuilding());
}

TEST_CASE("the editor keeps showing the last scene while the next one builds on the worker",
          "[ui][scenebuild]") {
    hyperrig::ui::MainWindow window;
    const QString path =
        QStringLiteral(HYPERRIG_SOURCE_DIR) + QStringLiteral("/assets/samples/creature-4d.g4tf");
    REQUIRE(window.openDocument(path).isEmpty());
    auto* binding = window.findChild<hyperrig::ui::ViewportBinding*>();
    auto* viewport = window.findChild<hyperrig::ui::ViewportWidget*>();
    REQUIRE(binding != nullptr);
    REQUIRE(viewport != nullptr);
    binding->sceneBuilds().setBudget(std::chrono::nanoseconds(0));
    QSignalSpy refreshed(binding, &hyperrig::ui::ViewportBinding::sceneRefreshed);
    hyperrig::ui::EditorSession& session = window.session();
    const auto spine = session.document().findNode("Spine");
    const std::size_t trianglesBefore =
        viewport->viewport().scene().surfaces.at(0).positions.size();
    const auto positionsBefore = viewport->viewport().scene().surfaces.at(0).positions;

    // Turning the spine in its XW plane changes the slice; the scene shown changes only once its
    // build (queued to the GUI thread when done) is shown.
    hyperrig::core::eval::PlaneAngles degrees{};
    degrees[2] = 40.0; // XW (4D planes: XY, XZ, XW, YZ, YW, ZW)
    session.setBoneRotation(spine, degrees);
    CHECK(binding->sceneBuilds().isBuilding());
    CHECK(refreshed.count() == 0);
    CHECK(viewport->viewport().scene().surfaces.at(0).positions == positionsBefore);
    REQUIRE(refreshed.wait(20000));
    CHECK_FALSE(binding->sceneBuilds().isBuilding());
    CHECK(viewport->viewport().scene().surfaces.at(0).positions != positionsBefore);

    SECTION("an edit waits for the build in flight, which is shown before the document changes") {
        degrees[2] = 0.0;
        session.setBoneRotation(spine, degrees);
        REQUIRE(binding->sceneBuilds().isBuilding());
        const qsizetype before = refreshed.count();
        REQUIRE(session.execute(hyperrig::core::edit::renameNode(spine, "Backbone")));
        // Shown during execute (aboutToChange), not later from the event loop.
        CHECK(refreshed.count() == before + 1);
        CHECK(viewport->viewport().scene().surfaces.at(0).positions.size() == trianglesBefore);
    }
}
