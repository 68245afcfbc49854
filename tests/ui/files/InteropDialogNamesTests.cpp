#include "tests/ui/files/InteropTestSupport.h"
#include "ui/files/GltfExportDialog.h"
#include "ui/files/ImportReport.h"
#include "ui/files/MpfbExportDialog.h"
#include "ui/files/MpfbImportDialog.h"
#include "ui/files/UsdExportDialog.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QComboBox>
#include <QLabel>
#include <QMenu>

#include <catch2/catch.hpp>

namespace {

// As tests/ui/AccessibleNamesTests.cpp: a label's text without '&' and a trailing colon.
QString interopSeenText(QString text) {
    text.remove(QLatin1Char('&'));
    if (text.endsWith(QLatin1Char(':')))
        text.chop(1);
    return text.trimmed();
}

QString interopHeardName(QWidget* widget) {
    QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(widget);
    REQUIRE(accessible != nullptr);
    return accessible->text(QAccessible::Name);
}

// Every labelled control is heard by its label and every button by its text; returns how many
// controls were checked.
int checkInteropDialogNames(QDialog& dialog) {
    dialog.show();
    int checked = 0;
    for (QLabel* label : dialog.findChildren<QLabel*>()) {
        if (!label->buddy())
            continue;
        INFO(dialog.objectName().toStdString() << ": " << label->text().toStdString());
        CHECK(label->buddy()->accessibleName() == interopSeenText(label->text()));
        // On Linux Qt announces a combo box by its current text (and its label through the
        // labelled-by relation), so for a combo its accessibleName is the name that must match.
        if (!qobject_cast<QComboBox*>(label->buddy()))
            CHECK(interopHeardName(label->buddy()) == interopSeenText(label->text()));
        ++checked;
    }
    for (QAbstractButton* button : dialog.findChildren<QAbstractButton*>()) {
        const QString seen = interopSeenText(button->text());
        if (seen.isEmpty()) {
            // A button without text (a line edit's clear button) must still be heard by a name.
            if (button->isVisible())
                CHECK_FALSE(interopHeardName(button).isEmpty());
            continue;
        }
        INFO(dialog.objectName().toStdString() << ": button " << seen.toStdString());
        CHECK(interopHeardName(button) == seen);
        ++checked;
    }
    dialog.hide();
    return checked;
}

} // namespace

TEST_CASE("the import and export dialogs are heard as they read", "[ui][files][interop][a11y]") {
    SECTION("MPFB import") {
        // With the files filled in, as buttons that only show beside text would show.
        hyperrig::ui::MpfbImportDialog dialog(hyperrig::ui::mpfbCompanionFiles(
            hyperrig::test::interopMpfbData("rigs/standard/rig.openpose.json")));
        // Rig, Base mesh, Vertex groups, Weights, their four Browse... buttons, Import, Cancel.
        CHECK(checkInteropDialogNames(dialog) == 10);
    }
    SECTION("glTF export") {
        hyperrig::ui::GltfExportDialog dialog(QStringLiteral("/tmp/a.glb"));
        // File, Format, Weights, Browse..., the reference-pose box, Export, Cancel.
        CHECK(checkInteropDialogNames(dialog) == 7);
    }
    SECTION("UsdSkel export") {
        hyperrig::ui::UsdExportDialog dialog(QStringLiteral("/tmp/a.usda"), nullptr,
                                             QStringLiteral("The document is 4D"));
        // File, Browse..., Export, Cancel.
        CHECK(checkInteropDialogNames(dialog) == 4);
    }
    SECTION("MPFB export") {
        hyperrig::ui::MpfbExportDialog dialog(QStringLiteral("/tmp/rig.json"), {}, {});
        CHECK(checkInteropDialogNames(dialog) == 8);
    }
    SECTION("import report") {
        hyperrig::ui::ImportReportDialog dialog(
            QStringLiteral("glTF Import Report"),
            {QStringLiteral("Imported a.gltf"),
             {{QStringLiteral("/meshes/0"), QStringLiteral("morph targets dropped")}}});
        // Findings, Copy, Close.
        CHECK(checkInteropDialogNames(dialog) == 3);
        CHECK(dialog.text().contains(QStringLiteral("/meshes/0: morph targets dropped")));
    }
}

TEST_CASE_METHOD(hyperrig::test::InteropWindowFixture,
                 "File > Import and Export list their formats with names and tips",
                 "[ui][files][interop]") {
    for (QMenu* menu : {interop->importMenu(), interop->exportMenu()}) {
        // glTF 2.0, UsdSkel (.usda), MPFB Rig.
        REQUIRE(menu->actions().size() == 3);
        for (QAction* action : menu->actions()) {
            INFO(action->text().toStdString());
            CHECK_FALSE(action->objectName().isEmpty());
            CHECK_FALSE(action->statusTip().isEmpty());
        }
    }
    // Both submenus sit in the File menu.
    auto* fileMenu = window.findChild<QMenu*>(QStringLiteral("fileMenu"));
    REQUIRE(fileMenu != nullptr);
    CHECK(fileMenu->actions().contains(interop->importMenu()->menuAction()));
    CHECK(fileMenu->actions().contains(interop->exportMenu()->menuAction()));
}
