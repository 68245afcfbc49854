#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/model/Document.h"
#endif

#include "ui/widgets/RowMoveModel.h"

#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace hyperrig::ui {

// The Group Names panel's table: one row per skin group of one mesh (model::skinGroupNames:
// the stored names, inferred ones where the skin has none). Columns: Index, Name (editable; a
// colour swatch per group, the same hue for the same index everywhere), Bone (the bone in that
// joints slot of the bound skeleton, "none" for an empty slot or a group beyond the joints),
// Vertices (with a non-zero weight on the group) and Total Weight.
// A rename goes through `rename` (the panel runs the command); the model itself never edits.
// Rows are dragged to reorder groups (RowMoveModel); the panel runs that command too.
class GroupNamesModel : public RowMoveModel {
    Q_OBJECT
public:
    enum Column { IndexColumn, NameColumn, BoneColumn, VerticesColumn, WeightColumn, ColumnCount };
    // Renames group `index` to `name`; true when the document took it.
    using Rename = std::function<bool(std::size_t index, const std::string& name)>;

    explicit GroupNamesModel(Rename rename, QObject* parent = nullptr);

    void show(const core::model::Document* document, core::model::MeshId mesh);
    core::model::MeshId mesh() const { return m_mesh; }
    QString nameAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // The swatch colour of group `index`: hues a golden angle apart, so neighbours differ.
    static QColor groupColour(std::size_t index);

private:
    struct Row {
        QString name;
        QString bone;
        std::size_t vertices = 0;
        double totalWeight = 0.0;
    };

    Rename m_rename;
    const core::model::Document* m_document = nullptr;
    core::model::MeshId m_mesh;
    std::vector<Row> m_rows;
};

} // namespace hyperrig::ui
