#include "ui/meshes/GroupMappingTable.h"

#include <QHeaderView>

namespace hyperrig::ui {

GroupMappingTable::GroupMappingTable(QWidget* parent) : QTableWidget(parent) {
    setColumnCount(5);
    setHorizontalHeaderLabels({tr("Mesh"), tr("Group"), tr("New Group"), tr("Bone"), tr("Result")});
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setTabKeyNavigation(false);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    setWordWrap(false);
}

QString GroupMappingTable::resultOf(const std::vector<core::ops::GroupMapping>& mappings,
                                    std::size_t row, std::size_t slotCount) {
    const core::ops::GroupMapping& mapping = mappings[row];
    for (std::size_t other = 0; other < mappings.size(); ++other)
        if (other != row && mappings[other].mesh != mapping.mesh &&
            mappings[other].newIndex == mapping.newIndex)
            return tr("merged");
    if (mapping.newIndex != mapping.oldIndex)
        return mapping.newIndex >= slotCount ? tr("new slot") : tr("renumbered");
    return mapping.newName == mapping.oldName ? tr("kept") : tr("renamed");
}

void GroupMappingTable::showMappings(const std::vector<core::ops::GroupMapping>& mappings,
                                     std::size_t slotCount) {
    setRowCount(static_cast<int>(mappings.size()));
    const auto group = [](std::uint32_t index, const std::string& name) {
        return QStringLiteral("%1 %2").arg(index).arg(QString::fromStdString(name));
    };
    for (std::size_t row = 0; row < mappings.size(); ++row) {
        const core::ops::GroupMapping& mapping = mappings[row];
        const QStringList cells = {
            QString::fromStdString(mapping.mesh), group(mapping.oldIndex, mapping.oldName),
            group(mapping.newIndex, mapping.newName),
            mapping.bone.empty() ? tr("none") : QString::fromStdString(mapping.bone),
            resultOf(mappings, row, slotCount)};
        for (int column = 0; column < cells.size(); ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            setItem(static_cast<int>(row), column, item);
        }
    }
    resizeColumnsToContents();
}

} // namespace hyperrig::ui
