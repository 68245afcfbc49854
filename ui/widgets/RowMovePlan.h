#pragma once

#include <utility>
#include <vector>

// How a drag of table rows becomes single-row moves, for tables whose document edit moves one
// item at a time (the joints' moveJoint, the skin's reorderGroup). No Qt: plain row numbers.
namespace hyperrig::ui {

// One step: the row at `from` ends at `to`, the rows between shift by one (std::vector erase +
// insert). The steps apply in order, each to the table the previous ones left.
using RowMove = std::pair<int, int>;

// The steps that take `rows` (ascending, distinct, each < the row count) out of the table and put
// them back, in their order, into the gap before row `destination` of the table as it was
// (0 <= destination <= row count; Qt's moveRows and drop semantics). The other rows keep their
// order. At most rows.size() steps; none when the rows already sit there (a drop onto itself).
std::vector<RowMove> rowMoveSteps(const std::vector<int>& rows, int destination);

// Where the first moved row ends: the moved rows then occupy [first, first + rows.size()).
int movedRowsFirst(const std::vector<int>& rows, int destination);

} // namespace hyperrig::ui
