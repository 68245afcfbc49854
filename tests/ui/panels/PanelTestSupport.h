#pragma once

#include "core/model/Document.h"
#include "tests/ui/SessionTestSupport.h"
#include "ui/session/EditorSession.h"
#include "ui/widgets/NumberField.h"

#include <QSize>
#include <QString>
#include <QTest>
#include <QWidget>

#include <catch2/catch.hpp>
#include <cstddef>
#include <memory>
#include <optional>

namespace hyperrig::test {

// The panel's child widget of that object name; the test stops when there is none.
template <typename T>
T* child(QWidget& panel, const char* name) {
    auto* widget = panel.findChild<T*>(QString::fromLatin1(name));
    INFO(name);
    REQUIRE(widget != nullptr);
    return widget;
}

// Types `text` over the field's contents and confirms it with Enter, as a user does.
inline void type(ui::NumberField* field, const QString& text) {
    field->selectAll();
    QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return);
}

// A session on the 4D sample creature (or on `document`) and a shown, exposed panel of type
// Panel over it, `size` large: what every panel test starts from. Panel tests derive their own
// fixture from it for the panel's particular lookups.
template <typename Panel>
struct PanelFixture {
    ui::EditorSession session;
    std::unique_ptr<Panel> panel;

    explicit PanelFixture(QSize size,
                          std::optional<core::model::Document> document = std::nullopt) {
        if (document)
            session.adoptDocument(std::move(*document), {}, {});
        else
            REQUIRE(session.openFile(sampleFile("creature-4d.g4tf")).ok());
        panel = std::make_unique<Panel>(session);
        panel->resize(size);
        panel->show();
        REQUIRE(QTest::qWaitForWindowExposed(panel.get()));
    }
    // The node of that name; the test stops when there is none.
    core::model::NodeId node(const char* name) const {
        const core::model::NodeId id = session.document().findNode(name);
        INFO(name);
        REQUIRE(id);
        return id;
    }
    // Undo steps in the history: one more per command a panel ran.
    std::size_t steps() const { return session.history().undoCount(); }
};

} // namespace hyperrig::test
