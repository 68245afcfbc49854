#pragma once

#include <QDialog>
#include <QString>

class QLabel;
class QPushButton;

namespace hyperrig::ui {

class PathField;

// File > Export > MPFB Rig...: the rig file to write and, optionally and together, the base mesh
// and vertex groups that let a moved bone's ends get MPFB's placement strategies (joint cube,
// vertex) instead of fixed positions, as the CLI's --base-mesh and --vertex-groups.
class MpfbExportDialog : public QDialog {
    Q_OBJECT
public:
    MpfbExportDialog(const QString& suggestedPath, const QString& baseMesh,
                     const QString& vertexGroups, QWidget* parent = nullptr);

    QString path() const;
    // Export: asks before it replaces an existing file (unless Browse... chose it and asked).
    void accept() override;
    QString baseMesh() const;
    QString vertexGroups() const;
    PathField* fileField() const { return m_file; }
    PathField* baseMeshField() const { return m_baseMesh; }
    PathField* vertexGroupsField() const { return m_vertexGroups; }
    // Why Export is disabled; empty when it is enabled.
    QString problem() const;

private:
    void validate();

    PathField* m_file = nullptr;
    PathField* m_baseMesh = nullptr;
    PathField* m_vertexGroups = nullptr;
    QLabel* m_problem = nullptr;
    QPushButton* m_export = nullptr;
};

} // namespace hyperrig::ui
