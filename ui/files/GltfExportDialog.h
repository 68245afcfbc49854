#pragma once

#ifndef Q_MOC_RUN
#include "core/io/gltf/GltfExport.h"
#endif

#include <QDialog>
#include <QString>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

namespace hyperrig::ui {

class PathField;

// File > Export > glTF 2.0...: the file (.gltf text with embedded data, or .glb binary: the
// format follows the extension and the extension the format), how weights are stored (as the
// CLI's --weights) and whether bind poses are also written as KHR_character_reference_pose
// animations (the CLI's --reference-pose).
class GltfExportDialog : public QDialog {
    Q_OBJECT
public:
    GltfExportDialog(const QString& suggestedPath, QWidget* parent = nullptr);

    QString path() const;
    core::io::GltfExportOptions options() const;
    PathField* fileField() const { return m_file; }
    QComboBox* formatCombo() const { return m_format; }
    QComboBox* weightsCombo() const { return m_weights; }
    QCheckBox* referencePoseCheck() const { return m_referencePose; }
    // Why Export is disabled; empty when it is enabled.
    QString problem() const;

private:
    void formatChanged();
    void pathChanged();
    void validate();

    PathField* m_file = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_weights = nullptr;
    QCheckBox* m_referencePose = nullptr;
    QLabel* m_problem = nullptr;
    QPushButton* m_export = nullptr;
};

} // namespace hyperrig::ui
