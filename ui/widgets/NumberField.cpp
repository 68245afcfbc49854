#include "ui/widgets/NumberField.h"

#include <QFontMetrics>
#include <QKeyEvent>
#include <QLineEdit>
#include <QLocale>
#include <QStyle>
#include <QStyleOptionSpinBox>

#include <algorithm>

namespace hyperrig::ui {
namespace {

// Shown for "the selected items differ here".
const QString kMixedText = QStringLiteral("—");

} // namespace

NumberField::NumberField(QWidget* parent) : QDoubleSpinBox(parent) {
    setKeyboardTracking(true);
    setDecimals(kDecimals);
    setRange(m_minimum, 1e6);
    setSingleStep(0.01);
    setAccelerated(true);
    // StrongFocus: a wheel over the field must not take focus (and then change the value) while
    // the user scrolls the panel.
    setFocusPolicy(Qt::StrongFocus);
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    connect(this, &QDoubleSpinBox::valueChanged, this, &NumberField::userChangedValue);
    connect(this, &QAbstractSpinBox::editingFinished, this, &NumberField::endRun);
}

void NumberField::setLimits(double minimum, double maximum) {
    m_minimum = minimum;
    m_quiet = true;
    setRange(m_mixed ? minimum - 1.0 : minimum, maximum);
    m_quiet = false;
}

void NumberField::setUnit(const QString& unit) {
    setSuffix(unit.isEmpty() ? QString() : QStringLiteral(" ") + unit);
}

void NumberField::showQuietly(double value) {
    // While the user types, the panel shows the document's value after each typed one, which is
    // the typed value: rewriting the text then would move the cursor and eat the next digit.
    if (m_typing && value == this->value())
        return;
    m_quiet = true;
    setValue(value);
    // setValue leaves text the user typed alone when the value is unchanged.
    lineEdit()->setText(value == minimum() && !specialValueText().isEmpty()
                            ? specialValueText()
                            : prefix() + textFromValue(this->value()) + suffix());
    m_quiet = false;
    if (!m_running)
        m_settledValue = this->value();
}

void NumberField::setDisplayedValue(double value) {
    if (m_mixed) {
        m_mixed = false;
        m_quiet = true;
        setSpecialValueText(QString());
        setMinimum(m_minimum);
        m_quiet = false;
    }
    showQuietly(value);
}

void NumberField::setMixed() {
    // The spin box has no "no value": the minimum, one below the allowed range, stands for it
    // and shows as the special value text.
    m_mixed = true;
    m_quiet = true;
    setSpecialValueText(kMixedText);
    setMinimum(m_minimum - 1.0);
    m_quiet = false;
    showQuietly(minimum());
}

void NumberField::leaveMixed() {
    m_mixed = false;
    m_quiet = true;
    setSpecialValueText(QString());
    setMinimum(m_minimum);
    m_quiet = false;
}

QSize NumberField::minimumSizeHint() const {
    return compactSize(QStringLiteral("-0.00"));
}

QSize NumberField::sizeHint() const {
    return compactSize(QStringLiteral("-000.0000") + suffix());
}

QSize NumberField::compactSize(const QString& sample) const {
    // The spin box's own hint, with its text width replaced by the sample's.
    const QSize full = QDoubleSpinBox::minimumSizeHint();
    const QFontMetrics metrics(font());
    const int widest = std::max(metrics.horizontalAdvance(textFromValue(maximum()) + suffix()),
                                metrics.horizontalAdvance(textFromValue(minimum()) + suffix()));
    const int wanted = metrics.horizontalAdvance(sample);
    return {std::max(full.width() - widest + wanted, wanted), full.height()};
}

QString NumberField::textFromValue(double value) const {
    QString text = locale().toString(value, 'f', decimals());
    const QChar point = locale().decimalPoint().front();
    if (text.contains(point)) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(1);
    }
    if (text == QStringLiteral("-0"))
        text = QStringLiteral("0");
    return text;
}

void NumberField::beginRun(bool typing) {
    if (m_running)
        return;
    m_running = true;
    m_typing = typing;
    m_valueBefore = m_settledValue;
    m_mixedBefore = m_mixed;
    emit editingStarted();
}

void NumberField::finishEditing() {
    if (textIsBeingEdited())
        interpretText(); // as Enter: the typed text becomes the value (valueEdited)
    endRun();
}

void NumberField::endRun() {
    if (!m_running)
        return;
    m_running = false;
    m_held = false;
    m_typing = false;
    m_settledValue = value();
    emit editingEnded();
}

void NumberField::userChangedValue(double value) {
    if (m_quiet)
        return;
    // Enter makes QAbstractSpinBox read its text again and emit valueChanged even when nothing
    // changed (keyboard tracking: AlwaysEmit). Outside a run that is no edit: an untouched "—"
    // would otherwise read as the stand-in below the range and set every selected item to the
    // minimum, and an untouched value would be applied again as a step.
    if (!m_running && (m_mixed ? lineEdit()->text() == kMixedText : value == m_settledValue))
        return;
    const bool wasMixed = m_mixed;
    const bool starting = !m_running;
    if (m_mixed) {
        leaveMixed();
        value = this->value(); // clamped into the allowed range
    }
    beginRun(!m_stepping && !m_held);
    if (starting)
        m_mixedBefore = wasMixed; // Escape shows the dash again
    emit valueEdited(value);
}

void NumberField::stepBy(int steps) {
    if (m_mixed)
        return;
    beginRun(false);
    m_stepping = true;
    QDoubleSpinBox::stepBy(steps);
    m_stepping = false;
}

QAbstractSpinBox::StepEnabled NumberField::stepEnabled() const {
    if (m_mixed || isReadOnly())
        return StepNone;
    return QDoubleSpinBox::stepEnabled();
}

bool NumberField::textIsBeingEdited() const {
    const QString shown = value() == minimum() && !specialValueText().isEmpty()
                              ? specialValueText()
                              : prefix() + textFromValue(value()) + suffix();
    return lineEdit()->text() != shown;
}

void NumberField::keyPressEvent(QKeyEvent* event) {
    if (event->key() != Qt::Key_Escape) {
        QDoubleSpinBox::keyPressEvent(event);
        return;
    }
    const bool typing = textIsBeingEdited();
    if (!typing && !m_running) {
        event->ignore(); // nothing to cancel: let a dialog or the window have it
        return;
    }
    if (m_running) {
        m_running = false;
        m_held = false;
        m_typing = false;
        if (m_mixedBefore)
            setMixed();
        else
            setDisplayedValue(m_valueBefore);
    } else if (m_mixed) {
        setMixed();
    } else {
        setDisplayedValue(value());
    }
    event->accept();
    emit editingCancelled();
}

bool NumberField::onArrowButton(const QPoint& position) const {
    QStyleOptionSpinBox option;
    initStyleOption(&option);
    const QStyle::SubControl control =
        style()->hitTestComplexControl(QStyle::CC_SpinBox, &option, position, this);
    return control == QStyle::SC_SpinBoxUp || control == QStyle::SC_SpinBoxDown;
}

void NumberField::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && !m_mixed && !isReadOnly() &&
        onArrowButton(event->position().toPoint())) {
        // A hold is its own edit: a run begun by arrow keys ends first.
        endRun();
        m_held = true;
        beginRun(false);
    }
    QDoubleSpinBox::mousePressEvent(event);
}

void NumberField::mouseReleaseEvent(QMouseEvent* event) {
    QDoubleSpinBox::mouseReleaseEvent(event);
    if (m_held)
        endRun();
}

void NumberField::focusOutEvent(QFocusEvent* event) {
    QDoubleSpinBox::focusOutEvent(event); // commits typed text: valueEdited, then editingFinished
    endRun();
}

void NumberField::wheelEvent(QWheelEvent* event) {
    if (!hasFocus()) {
        event->ignore();
        return;
    }
    QDoubleSpinBox::wheelEvent(event);
}

} // namespace hyperrig::ui
