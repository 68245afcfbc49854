#include "ui/widgets/AxisNames.h"

#include <array>

namespace hyperrig::ui {

QString axisName(int axis) {
    static constexpr std::array<const char*, 6> kLetters = {"x", "y", "z", "w", "v", "u"};
    if (axis >= 0 && axis < static_cast<int>(kLetters.size()))
        return QString::fromLatin1(kLetters[static_cast<std::size_t>(axis)]);
    return QStringLiteral("a%1").arg(axis);
}

QString rotorComponentName(int component) {
    static constexpr std::array<const char*, 8> kNames = {"s",  "xy", "xz", "yz",
                                                          "xw", "yw", "zw", "xyzw"};
    if (component >= 0 && component < static_cast<int>(kNames.size()))
        return QString::fromLatin1(kNames[static_cast<std::size_t>(component)]);
    return QStringLiteral("r%1").arg(component);
}

} // namespace hyperrig::ui
