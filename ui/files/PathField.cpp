#include "ui/files/PathField.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace hyperrig::ui {

PathField::PathField(const QString& name, const QString& filter, Mode mode, QWidget* parent)
    : QWidget(parent), m_filter(filter), m_mode(mode) {
    setObjectName(name + QStringLiteral("Field"));
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(name + QStringLiteral("Edit"));
    // Wide enough for a path several folders deep; the end (the file name) shows first.
    m_edit->setMinimumWidth(480);
    m_browse = new QPushButton(tr("Browse..."), this);
    m_browse->setObjectName(name + QStringLiteral("Browse"));
    m_browse->setToolTip(tr("Choose the file in a file dialog"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_browse);
    setFocusProxy(m_edit);
    connect(m_edit, &QLineEdit::textChanged, this, [this] { emit pathChanged(path()); });
    connect(m_browse, &QPushButton::clicked, this, &PathField::browse);
}

QString PathField::path() const {
    return m_edit->text().trimmed();
}

void PathField::setPath(const QString& path) {
    m_edit->setText(path);
}

QLabel* PathField::label(const QString& text) {
    auto* label = new QLabel(text, parentWidget());
    label->setBuddy(m_edit);
    const QString heard = QString(text).remove(QLatin1Char('&'));
    m_edit->setAccessibleName(heard);
    // Several fields share the Browse... text; the description says which file it chooses.
    m_browse->setAccessibleDescription(tr("Choose the %1 file").arg(heard.toLower()));
    return label;
}

void PathField::browse() {
    const QString start = path().isEmpty() ? QString() : QFileInfo(path()).absoluteFilePath();
    const QString title = m_edit->accessibleName();
    const QString chosen = m_mode == Mode::Open
                               ? QFileDialog::getOpenFileName(this, title, start, m_filter)
                               : QFileDialog::getSaveFileName(this, title, start, m_filter);
    if (!chosen.isEmpty())
        m_edit->setText(chosen);
}

} // namespace hyperrig::ui
