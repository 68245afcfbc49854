# ASan + UBSan for every target (ours, glad, tests), so that no object escapes instrumentation.
# UBSan traps nothing silently: -fno-sanitize-recover makes the first report fail the process.
if(HYPERRIG_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                        -fno-omit-frame-pointer)
    add_link_options(-fsanitize=address,undefined)
    # Decision 0057: in optimised builds everything compiles at -O1 under the sanitizers (after
    # the build type's -O2, so it wins). CI spends most of its time compiling, and ASan's
    # instrumentation makes GCC's -O2 pipeline about 40% dearer than -O1 on our JSON-heavy I/O
    # code; the ordinary builds (scripts/run, scripts/test, benchmarks) keep -O2.
    add_compile_options($<$<NOT:$<CONFIG:Debug>>:-O1>)
    message(STATUS "HyperRig: building with AddressSanitizer and UndefinedBehaviorSanitizer")
endif()

# Sanitizer runtime defaults (leak suppressions for Mesa/X11/Qt) compiled into each executable;
# see app/SanitizerDefaults.cpp.
function(hyperrig_add_sanitizer_defaults target)
    if(HYPERRIG_SANITIZE)
        target_sources(${target} PRIVATE "${PROJECT_SOURCE_DIR}/app/SanitizerDefaults.cpp")
    endif()
endfunction()
