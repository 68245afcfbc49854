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
// animations (the CLI's --reference-pose). With a `crossSectionNote` (a 4D..8D document) the file
// holds the 3D cross-section the viewport shows, as static meshes: the note says so above the
// fields, and the skin options, which do not apply, are disabled.
class GltfExportDialog : public QDialog {
    Q_OBJECT
public:
    GltfExportDialog(const QString& suggestedPath, QWidget* parent = nullptr,
                     const QString& crossSectionNote = {});

    QString path() const;
    // Export: asks before it replaces an existing file (unless Browse... chose it and asked).
    void accept() override;
    core::io::GltfExportOptions options() const;
    PathField* fileField() const { return m_file; }
    QComboBox* formatCombo() const { return m_format; }
    QComboBox* weightsCombo() const { return m_weights; }
    QCheckBox* referencePoseCheck() const { return m_referencePose; }
    QLabel* crossSectionLabel() const { return m_crossSection; }
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
    QLabel* m_crossSection = nullptr;
    QPushButton* m_export = nullptr;
};

} // namespace hyperrig::ui
