#include "core/base/LastResort.h"
#include "ui/EditorApplication.h"

int main(int argc, char* argv[]) {
    return hyperrig::core::runWithLastResortHandler(
        "hyperrig", [&] { return hyperrig::ui::runEditor(argc, argv); });
}
