#pragma once

#include <QDialog>
#include <QString>

class QLabel;
class QPushButton;

namespace hyperrig::ui {

class PathField;

// The four files of an MPFB import (docs/interop-mpfb.md): the rig definition, MakeHuman's base
// mesh and its vertex groups (the joint cubes the rig's strategies name; both required), and an
// optional weights file that adds the skinned body.
struct MpfbImportPaths {
    QString rig;
    QString baseMesh;
    QString vertexGroups;
    QString weights; // empty: the skeleton only
};

// The files MakeHuman's data layout keeps around `rigPath` (rigs/<kind>/rig.<name>.json):
// weights.<name>.json beside it, 3dobjs/base.obj and mesh_metadata/basemesh_vertex_groups.json
// in the rig's folder or one of the two above it. Files that do not exist stay empty.
MpfbImportPaths mpfbCompanionFiles(const QString& rigPath);

// File > Import > MPFB Rig...: a field per file, each typed or chosen with Browse...; choosing
// the rig fills the others from mpfbCompanionFiles where they were empty or still held the
// previous guess. Import is enabled once the required files exist.
class MpfbImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit MpfbImportDialog(const MpfbImportPaths& start, QWidget* parent = nullptr);

    MpfbImportPaths paths() const;
    PathField* rigField() const { return m_rig; }
    PathField* baseMeshField() const { return m_baseMesh; }
    PathField* vertexGroupsField() const { return m_vertexGroups; }
    PathField* weightsField() const { return m_weights; }
    // Why Import is disabled; empty when it is enabled.
    QString problem() const;

private:
    void rigChanged();
    void validate();

    PathField* m_rig = nullptr;
    PathField* m_baseMesh = nullptr;
    PathField* m_vertexGroups = nullptr;
    PathField* m_weights = nullptr;
    QLabel* m_problem = nullptr;
    QPushButton* m_import = nullptr;
    MpfbImportPaths m_guessed; // what rigChanged filled in last
};

} // namespace hyperrig::ui
