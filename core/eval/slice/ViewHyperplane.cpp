#include "core/eval/slice/ViewHyperplane.h"

#include "core/base/Contracts.h"

namespace hyperrig::core::eval {

ViewHyperplane::ViewHyperplane(const math::AffineN& worldToView, double offset) {
    HYPERRIG_EXPECTS(worldToView.dimension() == 4);
    for (int column = 0; column < 4; ++column) {
        for (int row = 0; row < 4; ++row) {
            m_columns[static_cast<std::size_t>(column)][static_cast<std::size_t>(row)] =
                static_cast<float>(worldToView.basis().at(row, column));
        }
    }
    for (int row = 0; row < 3; ++row) {
        m_translation[static_cast<std::size_t>(row)] =
            static_cast<float>(worldToView.position()[row]);
    }
    m_translation[3] = static_cast<float>(worldToView.position()[3] - offset);
}

} // namespace hyperrig::core::eval
