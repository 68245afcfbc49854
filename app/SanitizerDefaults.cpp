// Runtime defaults for the sanitizer builds (HYPERRIG_SANITIZE), compiled into every HyperRig
// executable and test program so that a test, CI and a developer running a binary by hand see
// the same behaviour without exporting ASAN_OPTIONS.
//
// Leak reports are on, but leaks whose allocation stack passes through libraries we do not own
// (Mesa's drivers and LLVM, the X11/xcb stack, GLFW, fontconfig, Qt's platform plugins, GLib/D-Bus)
// are suppressed: they allocate process-lifetime caches by design. Our own leaks still fail.
// strict_string_checks stays off: libxkbcommon-x11 strndup()s length-delimited X11 strings that
// are not NUL-terminated, which is legal but trips the strict interceptor.

#include <dlfcn.h>

namespace {

// Mesa unloads its driver (and LLVM with it) when the last GL display closes. Leaks reported
// after that point have no module name to suppress, so a sanitizer build pins the software
// driver in memory for the life of the process. A missing driver is fine: nothing to pin.
//
// The GLVND vendor libraries are pinned for a second reason: they have thread-local storage, and
// GLFW's glfwTerminate dlcloses libGL, which unloads libGLX_mesa with it. The dynamic-TLS block
// LeakSanitizer recorded for the main thread then points into freed memory, and the exit-time
// leak check crashed scanning it ("Tracer caught signal 11", DTLS range garbage) in about one run
// of hyperrig-view's window test in ten.
__attribute__((constructor)) void pinMesaDriverForLeakReports() {
    const char* candidates[] = {
        "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so", "/usr/lib/x86_64-linux-gnu/libLLVM-15.so.1",
        "/usr/lib/x86_64-linux-gnu/libGLX_mesa.so.0", "/usr/lib/x86_64-linux-gnu/libEGL_mesa.so.0"};
    for (const char* path : candidates)
        dlopen(path, RTLD_LAZY | RTLD_NODELETE);
}

} // namespace

extern "C" {

const char* __asan_default_options() {
    return "detect_leaks=1:check_initialization_order=1:"
           "detect_stack_use_after_return=1";
}

const char* __ubsan_default_options() {
    return "print_stacktrace=1:halt_on_error=1";
}

const char* __lsan_default_suppressions() {
    return "leak:libgallium\n"
           "leak:libLLVM\n"
           "leak:_dri.so\n"
           "leak:swrast_dri\n"
           "leak:libEGL_mesa\n"
           "leak:libGLX_mesa\n"
           "leak:libGLdispatch\n"
           "leak:libGLX.so\n"
           "leak:libEGL.so\n"
           "leak:libX11\n"
           "leak:libxcb\n"
           "leak:libxkbcommon\n"
           "leak:libglfw\n"
           "leak:libfontconfig\n"
           "leak:libfreetype\n"
           "leak:libglib\n"
           "leak:libgobject\n"
           "leak:libdbus\n"
           "leak:libQt6XcbQpa\n"
           "leak:libqxcb\n"
           "leak:libQt6Gui\n"
           "leak:libQt6DBus\n";
}

} // extern "C"
