#define CATCH_CONFIG_RUNNER
#include "tests/support/ThrowingContracts.h"
#include "ui/viewport/SceneBuildQueue.h"

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QSurfaceFormat>

#include <catch2/catch.hpp>

// ui tests need one QApplication for the whole run; ctest starts this executable under
// xvfb-run, so a real X display with Mesa's GLX is there.
int main(int argc, char* argv[]) {
    hyperrig::test::installThrowingContractHandler();
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    QSurfaceFormat::setDefaultFormat(format);
    int qtArgc = 1;
    QApplication application(qtArgc, argv);
    // Settings (recent files, dock layout) go to a test location, emptied for each run, so
    // neither a developer's settings nor an earlier run leak into a test.
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("HyperRigTests"));
    QApplication::setApplicationName(QStringLiteral("HyperRigUiTests"));
    QSettings().clear();
    // Scenes are built on the GUI thread whatever they cost, so a test sees the scene of its
    // last action when the action returns, also on a slow sanitizer build. The queue's own tests
    // (SceneBuildQueueTests.cpp) set a budget of 0 to send builds to the worker.
    hyperrig::ui::SceneBuildQueue::setDefaultBudget(std::chrono::nanoseconds::max());
    return Catch::Session().run(argc, argv);
}
