# The layers inside hyperrig_core (docs/architecture.md): each folder may include its own files and
# those of the folders listed for it, nothing above. One library holds them all, so linking cannot
# tell them apart; this check reads the #include lines instead.
#
#   base      contracts, results, diagnostics, atomic files, the thread pool
#   math      N-D vectors, bases, rotors                         base
#   model     the document and read-only queries on it            base math
#   io        readers and writers                                 base math model
#   validate  rules over a file's JSON and the document           base math model io
#   edit      commands, History, ChangeSet, the command language  base math model io
#   eval      compiled rigs, poses, skinning, slicing             base math model io + ChangeSet
#   ops       skin/rig operations built from eval and edit        everything below
#
# eval reads the document and never edits it: of edit it may include only ChangeSet.h, the
# description of what changed that it follows (decision 0018).
#
# Used two ways: include()d at configure time (hyperrig_check_core_folders), and as a script
# (cmake -DCORE_DIR=... -P cmake/CoreFolderLayers.cmake) by the test that proves a violation fails.

if(CMAKE_SCRIPT_MODE_FILE)
    cmake_minimum_required(VERSION 3.25)
endif()

set(HYPERRIG_CORE_FOLDER_DEPENDENCIES
    "base:"
    "math:base"
    "model:base,math"
    "io:base,math,model"
    "validate:base,math,model,io"
    "edit:base,math,model,io"
    "eval:base,math,model,io"
    "ops:base,math,model,io,validate,edit,eval")
# Single files a folder may include beyond its allowed folders.
set(HYPERRIG_CORE_FILE_EXCEPTIONS "eval:core/edit/ChangeSet.h")

# Fails (FATAL_ERROR) at the first include that reaches a folder not allowed, naming the file, the
# line and the rule. `core_dir` is the folder holding base/, math/, ...
function(hyperrig_check_core_folders core_dir)
    set(violations "")
    foreach(entry IN LISTS HYPERRIG_CORE_FOLDER_DEPENDENCIES)
        string(REPLACE ":" ";" parts "${entry}")
        list(GET parts 0 folder)
        list(LENGTH parts count)
        set(allowed "${folder}")
        if(count GREATER 1)
            list(GET parts 1 below)
            string(REPLACE "," ";" below "${below}")
            list(APPEND allowed ${below})
        endif()
        set(exceptions "")
        foreach(exception IN LISTS HYPERRIG_CORE_FILE_EXCEPTIONS)
            if(exception MATCHES "^${folder}:(.*)$")
                list(APPEND exceptions "${CMAKE_MATCH_1}")
            endif()
        endforeach()
        list(JOIN allowed "," allowed_text)
        file(GLOB_RECURSE sources "${core_dir}/${folder}/*.h" "${core_dir}/${folder}/*.cpp")
        foreach(source IN LISTS sources)
            file(STRINGS "${source}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
            foreach(line IN LISTS includes)
                if(NOT line MATCHES "\"([^\"]+)\"")
                    continue()
                endif()
                set(path "${CMAKE_MATCH_1}")
                if(path MATCHES "^(render|ui|app)/")
                    list(APPEND violations "${source}: includes ${path}, but core includes no render, ui or app file")
                elseif(path MATCHES "^core/([a-z]+)/")
                    set(target "${CMAKE_MATCH_1}")
                    if(NOT target IN_LIST allowed AND NOT path IN_LIST exceptions)
                        list(APPEND violations
                             "${source}: includes ${path}, but core/${folder} may include only core/{${allowed_text}}")
                    endif()
                endif()
            endforeach()
        endforeach()
    endforeach()
    if(violations)
        list(JOIN violations "\n  " text)
        message(FATAL_ERROR "Layering violation inside hyperrig_core (docs/architecture.md, "
                            "cmake/CoreFolderLayers.cmake):\n  ${text}")
    endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND CORE_DIR)
    hyperrig_check_core_folders("${CORE_DIR}")
    message(STATUS "core folder layering check passed for ${CORE_DIR}")
endif()
