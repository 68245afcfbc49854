#pragma once

#include "ui/widgets/NumberField.h"

#include <QString>
#include <QTest>
#include <QWidget>

#include <catch2/catch.hpp>

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

} // namespace hyperrig::test
