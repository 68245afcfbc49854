#include "ui/files/PathField.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
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
    if (!chosen.isEmpty()) {
        m_edit->setText(chosen);
        m_browsed = path();
    }
}

bool PathField::chosenWithBrowse() const {
    return !m_browsed.isEmpty() &&
           QFileInfo(path()).absoluteFilePath() == QFileInfo(m_browsed).absoluteFilePath();
}

bool PathField::confirmReplacing() {
    const QFileInfo file(path());
    if (m_mode != Mode::Save || !file.exists() || chosenWithBrowse())
        return true;
    return askToReplaceFiles(*this, {file.absoluteFilePath()});
}

bool askToReplaceFiles(QWidget& parent, const QStringList& files) {
    if (files.isEmpty())
        return true;
    QStringList names;
    for (const QString& file : files)
        names << QFileInfo(file).fileName();
    QMessageBox box(QMessageBox::Warning, QObject::tr("Replace file"),
                    files.size() == 1
                        ? QObject::tr("%1 already exists.").arg(names.front())
                        : QObject::tr("%1 already exist.").arg(names.join(QObject::tr(" and "))),
                    QMessageBox::Yes | QMessageBox::No, &parent);
    box.setObjectName(QStringLiteral("replaceFileBox"));
    box.setInformativeText(files.size() == 1 ? QObject::tr("Replace it?")
                                             : QObject::tr("Replace them?"));
    box.setDefaultButton(QMessageBox::No);
    box.button(QMessageBox::Yes)->setText(QObject::tr("&Replace"));
    return box.exec() == QMessageBox::Yes;
}

} // namespace hyperrig::ui
