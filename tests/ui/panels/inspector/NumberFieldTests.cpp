#include "ui/panels/inspector/TransformFields.h"
#include "ui/widgets/NumberField.h"

#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

using namespace hyperrig;

TEST_CASE("a number field reports typed values, steps and Escape", "[ui][inspector][widgets]") {
    ui::NumberField field;
    field.setUnit(QStringLiteral("m"));
    field.setDisplayedValue(0.25);
    QSignalSpy started(&field, &ui::NumberField::editingStarted);
    QSignalSpy edited(&field, &ui::NumberField::valueEdited);
    QSignalSpy ended(&field, &ui::NumberField::editingEnded);
    QSignalSpy cancelled(&field, &ui::NumberField::editingCancelled);
    CHECK(field.text() == "0.25 m");
    CHECK(edited.isEmpty()); // showing a value is not an edit

    SECTION("typing is one run whose value follows the text; Enter ends it") {
        field.selectAll();
        QTest::keyClicks(&field, QStringLiteral("1.5"));
        // "1", "1." (no new value), "1.5"
        REQUIRE(edited.count() == 2);
        CHECK(edited.at(0).front().toDouble() == 1.0);
        CHECK(edited.at(1).front().toDouble() == 1.5);
        CHECK(field.value() == 1.5); // what the accessibility Value interface reads back
        CHECK(started.count() == 1);
        CHECK(field.isTyping());
        CHECK(ended.isEmpty());
        QTest::keyClick(&field, Qt::Key_Return);
        CHECK(ended.count() == 1);
        CHECK_FALSE(field.isTyping());
    }
    SECTION("Escape while typing shows the value from before and cancels") {
        field.selectAll();
        QTest::keyClicks(&field, QStringLiteral("3"));
        QTest::keyClick(&field, Qt::Key_Escape);
        CHECK(cancelled.count() == 1);
        CHECK(field.value() == 0.25);
        CHECK(field.text() == "0.25 m");
        CHECK_FALSE(field.isEditing());
    }
    SECTION("each step is a value; the run ends on Enter") {
        QTest::keyClick(&field, Qt::Key_Up);
        QTest::keyClick(&field, Qt::Key_Up);
        CHECK(edited.count() == 2);
        CHECK(started.count() == 1);
        CHECK(field.isEditing());
        CHECK_FALSE(field.isTyping());
        QTest::keyClick(&field, Qt::Key_Return);
        CHECK(ended.count() == 1);
        CHECK_FALSE(field.isEditing());
    }
    SECTION("Escape after steps shows the value from before the run") {
        QTest::keyClick(&field, Qt::Key_Down);
        QTest::keyClick(&field, Qt::Key_Escape);
        CHECK(cancelled.count() == 1);
        CHECK(field.value() == 0.25);
        CHECK_FALSE(field.isEditing());
    }
    SECTION("Escape with nothing in progress is left to the parent") {
        QTest::keyClick(&field, Qt::Key_Escape);
        CHECK(cancelled.isEmpty());
    }
    SECTION("Enter on an untouched value is no edit") {
        QTest::keyClick(&field, Qt::Key_Return);
        CHECK(edited.isEmpty());
        CHECK(started.isEmpty());
        CHECK_FALSE(field.isEditing());
        CHECK(field.value() == 0.25);
    }
    SECTION("Enter on an untouched dash is no edit: the items keep their values") {
        field.setLimits(0.0, 10.0);
        field.setMixed();
        QTest::keyClick(&field, Qt::Key_Return);
        CHECK(edited.isEmpty());
        CHECK(started.isEmpty());
        CHECK(field.isMixed());
        CHECK(field.text() == QStringLiteral("—"));
        QTest::keyClick(&field, Qt::Key_Enter);
        CHECK(edited.isEmpty());
        CHECK(field.isMixed());
    }
    SECTION("a mixed field shows a dash, takes a typed value and does not step") {
        field.setMixed();
        CHECK(field.text() == QStringLiteral("—"));
        QTest::keyClick(&field, Qt::Key_Up);
        CHECK(edited.isEmpty());
        field.selectAll();
        QTest::keyClicks(&field, QStringLiteral("0.25"));
        QTest::keyClick(&field, Qt::Key_Return);
        REQUIRE_FALSE(edited.isEmpty());
        CHECK(edited.last().front().toDouble() == 0.25);
        CHECK_FALSE(field.isMixed());
    }
}

TEST_CASE("transform fields read and write the authored numbers", "[ui][inspector]") {
    using Field = ui::TransformField;
    core::model::NodeTransform transform; // None, no position
    CHECK(ui::fieldValue(transform, 4, {Field::Part::Position, 3}) == 0.0);
    CHECK_FALSE(ui::fieldValue(transform, 4, {Field::Part::Rotor, 0}));

    const auto moved = ui::withFieldValue(transform, 4, {Field::Part::Position, 1}, 2.0);
    CHECK(moved.position == std::vector<double>{0, 2, 0, 0});
    CHECK(ui::withFieldValue(transform, 4, {Field::Part::Position, 1}, 0.0).position.empty());

    transform.form = core::model::NodeTransform::Form::RotorScale;
    transform.scale = {2.0};
    CHECK(ui::fieldValue(transform, 3, {Field::Part::Scale, 2}) == 2.0);
    CHECK(ui::fieldValue(transform, 3, {Field::Part::Rotor, 0}) == 1.0);
    CHECK(ui::withFieldValue(transform, 3, {Field::Part::Scale, 1}, 3.0).scale ==
          std::vector<double>{2, 3, 2});
    CHECK(ui::withFieldValue(transform, 3, {Field::Part::Rotor, 1}, 0.5).rotor ==
          std::vector<double>{1, 0.5, 0, 0});
    CHECK(ui::editName(Field::Part::Scale, 3) == "Set Scale of 3 Nodes");
}
