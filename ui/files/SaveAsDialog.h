#pragma once

#include "ui/session/EditorSession.h"

#include <QDialog>
#include <QString>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace hyperrig::ui {

// File > Save As...: the file (typed or chosen with Browse...), the container (.g4tf text or
// .g4b binary, following the file's extension), the node schema (classic or current), and the
// container's option: data in an external .bin beside a .g4tf, or zstd compression in a .g4b.
class SaveAsDialog : public QDialog {
    Q_OBJECT
public:
    SaveAsDialog(const QString& currentPath, const SaveFormat& current, QWidget* parent = nullptr);

    QString path() const;
    SaveFormat format() const;

    // Save: asks before it replaces an existing file (the G4MF file, or the .bin an external-data
    // save writes beside it), unless that file was chosen with Browse..., whose file dialog asked.
    void accept() override;

private:
    // The files this save would write that exist already, and were not confirmed by Browse....
    QStringList filesToReplace() const;
    void browse();
    void syncExtension();
    void followExtension();
    void validate();

    QLineEdit* m_path = nullptr;
    QComboBox* m_container = nullptr;
    QComboBox* m_schema = nullptr;
    QCheckBox* m_externalBin = nullptr;
    QCheckBox* m_zstd = nullptr;
    QLabel* m_problem = nullptr;
    QString m_browsedPath; // the file Browse... chose (its dialog asked about replacing it)
};

} // namespace hyperrig::ui
