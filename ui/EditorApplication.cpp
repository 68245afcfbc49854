#include "ui/EditorApplication.h"

#include "core/base/Version.h"
#include "ui/MainWindow.h"
#include "ui/Screenshot.h"
#include "ui/Theme.h"
#include "ui/ViewportWidget.h"
#include "ui/session/EditorSession.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDockWidget>
#include <QSurfaceFormat>

#include <cstdio>
#include <string_view>

namespace hyperrig::ui {
namespace {

// The renderer needs OpenGL 3.3 core; asking for it before QApplication exists makes every
// QOpenGLWidget context use it.
void requestCoreProfile() {
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setStencilBufferSize(8);
    format.setSamples(4);
    QSurfaceFormat::setDefaultFormat(format);
}

// If the viewport never draws (no window system, a hung driver) a scripted screenshot must not
// wait forever; this is a failure deadline, not a synchronisation delay.
constexpr int kScreenshotDeadlineMs = 60000;

void printError(const QString& message) {
    std::fprintf(stderr, "hyperrig: %s\n", message.toLocal8Bit().constData());
}

// The editor's command line. Built twice at most: once under a QCoreApplication when only
// --help or --version is asked for, and once under the QApplication of a real run.
struct EditorCommandLine {
    QCommandLineParser parser;
    const QCommandLineOption screenshotOption{
        QStringLiteral("screenshot"),
        QStringLiteral("Write a PNG of the main window once the viewport has drawn."),
        QStringLiteral("OUT.png")};
    const QCommandLineOption quitOption{QStringLiteral("quit"),
                                        QStringLiteral("Exit after --screenshot is written.")};
    const QCommandLineOption selectOption{
        QStringLiteral("select"),
        QStringLiteral("Select the node of that name after opening FILE."), QStringLiteral("NODE")};
    const QCommandLineOption animationOption{
        QStringLiteral("animation"),
        QStringLiteral("Show the UsdSkel animation of that name (kept by a .usda import) after "
                       "opening FILE, paused at --time or at its start."),
        QStringLiteral("NAME")};
    const QCommandLineOption timeOption{QStringLiteral("time"),
                                        QStringLiteral("The time code --animation shows."),
                                        QStringLiteral("T")};
    const QCommandLineOption panelOption{
        QStringLiteral("panel"),
        QStringLiteral("Bring the panel of that title to the front (Bones, Joints, Group Names, "
                       "...), for example for a screenshot of it."),
        QStringLiteral("TITLE")};

    EditorCommandLine() {
        parser.setApplicationDescription(
            QStringLiteral("Rig editor for skeletons and skinned meshes in any dimension."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(
            QStringLiteral("file"),
            QStringLiteral("G4MF file to open (a UsdSkel .usda file is imported)"),
            QStringLiteral("[FILE]"));
        parser.addOption(screenshotOption);
        parser.addOption(quitOption);
        parser.addOption(selectOption);
        parser.addOption(panelOption);
        parser.addOption(animationOption);
        parser.addOption(timeOption);
    }
};

void setApplicationNames() {
    QCoreApplication::setApplicationName(QStringLiteral("HyperRig"));
    QCoreApplication::setApplicationVersion(QString::fromUtf8(core::kVersion));
    QCoreApplication::setOrganizationName(QStringLiteral("HyperRig"));
}

// --help and --version must answer without a display (a shell over ssh, a package check, man
// page tooling): QApplication aborts when it finds no window system, so these two are parsed
// under a QCoreApplication, whose process() prints and exits.
void answerHelpOrVersionWithoutDisplay(int argc, char* argv[]) {
    bool asked = false;
    for (int index = 1; index < argc; ++index) {
        const std::string_view argument(argv[index]);
        if (argument == "--")
            break;
        asked = asked || argument == "-h" || argument == "--help" || argument == "-?" ||
                argument == "--help-all" || argument == "-v" || argument == "--version";
    }
    if (!asked)
        return;
    QCoreApplication application(argc, argv);
    setApplicationNames();
    EditorCommandLine commandLine;
    commandLine.parser.process(application); // prints help or version and exits
}

} // namespace

int runEditor(int argc, char* argv[]) {
    answerHelpOrVersionWithoutDisplay(argc, argv);
    requestCoreProfile();
    QApplication application(argc, argv);
    setApplicationNames();
    applyDarkTheme(application);

    EditorCommandLine commandLine;
    QCommandLineParser& parser = commandLine.parser;
    const QCommandLineOption& screenshotOption = commandLine.screenshotOption;
    const QCommandLineOption& quitOption = commandLine.quitOption;
    const QCommandLineOption& selectOption = commandLine.selectOption;
    const QCommandLineOption& panelOption = commandLine.panelOption;
    parser.process(application);

    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        printError(QStringLiteral("one file at a time, got %1").arg(files.size()));
        return 2;
    }
    if (parser.isSet(quitOption) && !parser.isSet(screenshotOption)) {
        printError(QStringLiteral("--quit needs --screenshot OUT.png"));
        return 2;
    }

    MainWindow window;
    if (!files.isEmpty()) {
        const QString error = window.openDocument(files.front());
        if (!error.isEmpty()) {
            printError(error);
            return 2;
        }
    }

    if (parser.isSet(selectOption)) {
        const QString name = parser.value(selectOption);
        const core::model::Document* document = window.document();
        const core::model::NodeId node =
            document ? document->findNode(name.toStdString()) : core::model::NodeId{};
        if (!node) {
            printError(QStringLiteral("--select: no node named '%1'%2")
                           .arg(name, document ? QString() : QStringLiteral(" (no FILE open)")));
            return 2;
        }
        window.select(node);
    }
    if (parser.isSet(commandLine.timeOption) && !parser.isSet(commandLine.animationOption)) {
        printError(QStringLiteral("--time needs --animation NAME"));
        return 2;
    }
    if (parser.isSet(commandLine.animationOption)) {
        const QString name = parser.value(commandLine.animationOption);
        EditorSession& session = window.session();
        session.setPreviewedAnimation(name.toStdString());
        if (!session.previewedAnimation()) {
            QStringList names;
            for (const std::string& kept : session.animationNames())
                names << QString::fromStdString(kept);
            printError(QStringLiteral("--animation: no animation named '%1' (animations: %2)")
                           .arg(name, names.isEmpty() ? QStringLiteral("none")
                                                      : names.join(QStringLiteral(", "))));
            return 2;
        }
        if (parser.isSet(commandLine.timeOption)) {
            bool number = false;
            const double time = parser.value(commandLine.timeOption).toDouble(&number);
            if (!number) {
                printError(QStringLiteral("--time: '%1' is not a number")
                               .arg(parser.value(commandLine.timeOption)));
                return 2;
            }
            session.setAnimationTime(time);
        }
    }
    if (parser.isSet(panelOption)) {
        QDockWidget* dock = window.dock(parser.value(panelOption));
        if (!dock) {
            printError(
                QStringLiteral("--panel: no panel titled '%1'").arg(parser.value(panelOption)));
            return 2;
        }
        dock->show();
        dock->raise();
    }

    int exitCode = 0;
    if (parser.isSet(screenshotOption)) {
        const QString path = parser.value(screenshotOption);
        const bool quitAfter = parser.isSet(quitOption);
        screenshotWhenDrawn(window, window.viewportWidget(), path, kScreenshotDeadlineMs,
                            [&exitCode, quitAfter](bool drawn, const QString& error) {
                                if (!error.isEmpty()) {
                                    printError(QStringLiteral("screenshot failed: %1").arg(error));
                                    exitCode = 1;
                                }
                                // Without --quit the editor stays open for work once drawn.
                                if (quitAfter || !drawn)
                                    QApplication::exit(exitCode);
                            });
    }

    window.show();
    const int loopResult = QApplication::exec();
    return exitCode != 0 ? exitCode : loopResult;
}

} // namespace hyperrig::ui
