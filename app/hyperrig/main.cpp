#include "ui/EditorApplication.h"

int main(int argc, char* argv[]) {
    return hyperrig::ui::runEditor(argc, argv);
}
