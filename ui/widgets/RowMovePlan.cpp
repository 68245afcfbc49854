#include "ui/widgets/RowMovePlan.h"

#include <algorithm>

namespace hyperrig::ui {

std::vector<RowMove> rowMoveSteps(const std::vector<int>& rows, int destination) {
    // Rows at or after the gap go there first, in ascending order: each lands before the rows
    // still to come and after the ones already placed, and nothing before the gap moves. Then the
    // rows before the gap, in descending order: each ends just before the one placed last, and
    // nothing at or after the gap moves.
    const auto split = std::lower_bound(rows.begin(), rows.end(), destination);
    std::vector<RowMove> steps;
    int to = destination;
    for (auto row = split; row != rows.end(); ++row, ++to)
        if (*row != to)
            steps.emplace_back(*row, to);
    to = destination - 1;
    for (auto row = std::make_reverse_iterator(split); row != rows.rend(); ++row, --to)
        if (*row != to)
            steps.emplace_back(*row, to);
    return steps;
}

int movedRowsFirst(const std::vector<int>& rows, int destination) {
    const auto before = std::lower_bound(rows.begin(), rows.end(), destination) - rows.begin();
    return destination - static_cast<int>(before);
}

} // namespace hyperrig::ui
