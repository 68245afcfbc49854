#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>.
#ifndef Q_MOC_RUN
#include "core/ops/MergeMeshes.h"
#endif

#include <QTableWidget>

#include <vector>

namespace hyperrig::ui {

// The dry-run mapping of a merge or a parent (core/ops GroupMapping rows): Mesh, Group (index and
// name before), New Group (index and name after), Bone, and Result:
//   kept        same index and name;
//   renamed     same index, another name;
//   merged      shares its new index with a group of another mesh (by-name convergence);
//   renumbered  a new index among the existing joints slots;
//   new slot    a joints slot appended for it (index >= the skeleton's slot count before).
class GroupMappingTable : public QTableWidget {
    Q_OBJECT
public:
    explicit GroupMappingTable(QWidget* parent = nullptr);

    // `slotCount`: the skeleton's joints slots before the operation.
    void showMappings(const std::vector<core::ops::GroupMapping>& mappings, std::size_t slotCount);
    // The Result words, one per row (for tests and the accessible description).
    static QString resultOf(const std::vector<core::ops::GroupMapping>& mappings, std::size_t row,
                            std::size_t slotCount);
};

} // namespace hyperrig::ui
