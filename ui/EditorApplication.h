#pragma once

namespace hyperrig::ui {

// The editor's whole start-up: surface format, QApplication, theme, command line, main window.
// Usage: hyperrig [FILE] [--screenshot OUT.png] [--quit]
//   --screenshot  writes a PNG of the main window once the viewport has drawn its first frame
//   --quit        exits after that (exit status 0 on success, 1 when the screenshot failed)
// A FILE that cannot be read (missing, malformed, unsupported) is reported on stderr with exit
// status 2.
int runEditor(int argc, char* argv[]);

} // namespace hyperrig::ui
