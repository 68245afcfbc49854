# glad is generated at configure time by Debian's python3-glad. --reproducible makes it use the
# Khronos XML bundled with the package instead of fetching the newest from the network, so the
# build downloads nothing and the output is identical on every machine.
find_program(GLAD_EXECUTABLE glad REQUIRED DOC "glad 2 loader generator (Debian: python3-glad)")

set(HYPERRIG_GLAD_DIR "${PROJECT_BINARY_DIR}/glad")
set(HYPERRIG_GLAD_API "gl:core=3.3")
set(glad_stamp "${HYPERRIG_GLAD_DIR}/.generated-${HYPERRIG_GLAD_API}")
string(REPLACE ":" "_" glad_stamp "${glad_stamp}")
string(REPLACE "=" "_" glad_stamp "${glad_stamp}")

if(NOT EXISTS "${glad_stamp}")
    file(REMOVE_RECURSE "${HYPERRIG_GLAD_DIR}")
    execute_process(
        COMMAND "${GLAD_EXECUTABLE}" --quiet --api "${HYPERRIG_GLAD_API}"
                --out-path "${HYPERRIG_GLAD_DIR}" --reproducible c
        RESULT_VARIABLE glad_result
        OUTPUT_VARIABLE glad_output
        ERROR_VARIABLE glad_output)
    if(NOT glad_result EQUAL 0 OR NOT EXISTS "${HYPERRIG_GLAD_DIR}/src/gl.c")
        message(FATAL_ERROR "glad generation failed (${glad_result}):\n${glad_output}")
    endif()
    file(TOUCH "${glad_stamp}")
endif()

# Generated C code: compiled without our warning flags, linked only by render/.
add_library(hyperrig_glad STATIC "${HYPERRIG_GLAD_DIR}/src/gl.c")
target_include_directories(hyperrig_glad SYSTEM PUBLIC "${HYPERRIG_GLAD_DIR}/include")
set_target_properties(hyperrig_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
