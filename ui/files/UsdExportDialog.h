#pragma once

#include <QDialog>
#include <QString>

class QLabel;
class QPushButton;

namespace hyperrig::ui {

class PathField;

// File > Export > UsdSkel (.usda)...: the file to write (text .usda only; HyperRig writes no
// .usdc). With a `crossSectionNote` (a 4D..8D document) the file holds the 3D cross-section the
// viewport shows, as static meshes, and the note says so above the field.
class UsdExportDialog : public QDialog {
    Q_OBJECT
public:
    UsdExportDialog(const QString& suggestedPath, QWidget* parent = nullptr,
                    const QString& crossSectionNote = {});

    QString path() const;
    // Export: asks before it replaces an existing file (unless Browse... chose it and asked).
    void accept() override;
    PathField* fileField() const { return m_file; }
    QLabel* crossSectionLabel() const { return m_crossSection; }
    // Why Export is disabled; empty when it is enabled.
    QString problem() const;

private:
    void validate();

    PathField* m_file = nullptr;
    QLabel* m_problem = nullptr;
    QLabel* m_crossSection = nullptr;
    QPushButton* m_export = nullptr;
};

} // namespace hyperrig::ui
