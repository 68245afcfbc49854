#pragma once

// What the File > Import/Export tests share: the editor window with its InteropFiles, prompts
// answered without boxes, and the interop test data (the Khronos samples committed under
// tests/fixtures/gltf/khronos, the MPFB assets next to the repository as the core tests use them).

#include "tests/ui/TriggerAction.h"
#include "ui/MainWindow.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/InteropFiles.h"

#include <QDialog>
#include <QSignalSpy>
#include <QString>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace hyperrig::test {

inline QString interopGltfFixture(const char* name) {
    return QStringLiteral(HYPERRIG_SOURCE_DIR "/tests/fixtures/gltf/khronos/") +
           QString::fromLatin1(name);
}

// The MPFB assets (CC0, ../shared/data/mpfb/ATTRIBUTION.md), as tests/core/io/mpfb reads them.
inline QString interopMpfbData(const char* relative) {
    return QStringLiteral(HYPERRIG_SOURCE_DIR "/../shared/data/mpfb/") +
           QString::fromLatin1(relative);
}

// A JSON file parsed with nlohmann, independently of the importers.
inline nlohmann::json interopReadJson(const QString& path) {
    std::ifstream stream(path.toStdString(), std::ios::binary);
    REQUIRE(stream);
    return nlohmann::json::parse(stream);
}

inline void interopWriteText(const std::filesystem::path& path, const std::string& text) {
    std::ofstream stream(path, std::ios::binary);
    stream << text;
    REQUIRE(stream.good());
}

inline std::size_t interopBoneCount(const core::model::Document& document) {
    std::size_t bones = 0;
    for (const auto id : document.nodes.order())
        if (document.nodes.at(id).isBone())
            ++bones;
    return bones;
}

// A window whose prompts are answered (Discard: no message boxes either) and whose import and
// export actions are reached through their menu entries.
struct InteropWindowFixture {
    ui::MainWindow window;
    ui::InteropFiles* interop = nullptr;
    std::unique_ptr<QSignalSpy> finished;

    InteropWindowFixture() {
        window.files().setPromptAnswerForTests(ui::DocumentFiles::PromptAnswer::Discard);
        interop = window.findChild<ui::InteropFiles*>(QStringLiteral("interopFiles"));
        REQUIRE(interop != nullptr);
        finished = std::make_unique<QSignalSpy>(interop, &ui::InteropFiles::finished);
    }

    // Waits for the running import or export to end; "" for success, else why it failed.
    QString waitForInterop() {
        if (finished->isEmpty())
            REQUIRE(finished->wait(60000));
        return finished->takeFirst().at(0).toString();
    }

    // File > Import > glTF 2.0..., the file chooser answering `path`.
    QString importGltfThroughMenu(const QString& path) {
        interop->setFileChooserForTests([path] { return path; });
        triggerAndRun(interop->importGltfAction());
        return waitForInterop();
    }

    // Runs `action`, whose dialog `fill` fills (the dialog is then accepted), and waits.
    template <typename Dialog>
    QString runWithDialog(QAction* action, std::function<void(Dialog&)> fill) {
        bool shown = false;
        interop->setDialogDriverForTests([&](QDialog& dialog) {
            auto* typed = dynamic_cast<Dialog*>(&dialog);
            REQUIRE(typed != nullptr);
            shown = true;
            fill(*typed);
            dialog.accept();
        });
        triggerAndRun(action);
        interop->setDialogDriverForTests({});
        if (!shown && finished->isEmpty())
            return QStringLiteral("no dialog");
        return waitForInterop();
    }
};

} // namespace hyperrig::test
