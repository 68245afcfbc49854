# Enforces the layering of docs/architecture (inside core too, by includes: CoreFolderLayers.cmake): hyperrig_core links neither Qt nor OpenGL (nor
# anything that drags GL in: glad, EGL, GLFW, ImGui), hyperrig_render links no Qt and no GLFW (hosts
# bring their toolkit), and the previewer (hyperrig-view) links no Qt at any level: its frame logic
# (hyperrig_preview) no GLFW either, so tests drive it headless; its GLFW window
# (hyperrig_preview_glfw) and the program itself no Qt (docs/decisions/0039).
#
# The check walks LINK_LIBRARIES and INTERFACE_LINK_LIBRARIES transitively, so a violation hidden
# behind an intermediate target is found too. It runs at the end of configuration, when every
# target exists; a violation stops the configure step with the offending chain.

include(CoreFolderLayers)

set(HYPERRIG_FORBIDDEN_FOR_CORE "^Qt[0-9]*::" "^OpenGL::" "^PkgConfig::EGL$" "^hyperrig_glad$"
    "^glfw" "imgui" "^hyperrig_render$" "^hyperrig_ui$" "(^|/)lib(GL|EGL|OpenGL|Qt[0-9])")
set(HYPERRIG_FORBIDDEN_FOR_RENDER "^Qt[0-9]*::" "^hyperrig_ui$" "(^|/)libQt[0-9]" "^glfw"
    "(^|/)libglfw")
set(HYPERRIG_FORBIDDEN_FOR_PREVIEW_GLFW "^Qt[0-9]*::" "^hyperrig_ui$" "(^|/)libQt[0-9]")

# Collects every library reachable from `target` into the variable named by `out`, each entry
# written as "lib<-parent<-...<-target" so a failure message can show the whole chain.
function(_hyperrig_collect_links target chain out)
    set(found "")
    foreach(property LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
        get_target_property(libraries ${target} ${property})
        if(NOT libraries)
            continue()
        endif()
        foreach(library IN LISTS libraries)
            # Generator expressions such as $<LINK_ONLY:x> hide a plain name; unwrap the common ones.
            string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" library "${library}")
            if(library MATCHES "^\\$<" OR library MATCHES "^-")
                continue()
            endif()
            set(entry "${library}<-${chain}")
            if(entry IN_LIST found OR chain MATCHES "(^|<-)${library}(<-|$)")
                continue()
            endif()
            list(APPEND found "${entry}")
            if(TARGET ${library})
                _hyperrig_collect_links(${library} "${library}<-${chain}" nested)
                list(APPEND found ${nested})
            endif()
        endforeach()
    endforeach()
    set(${out} "${found}" PARENT_SCOPE)
endfunction()

function(hyperrig_check_target_layering target)
    set(forbidden ${ARGN})
    if(NOT TARGET ${target})
        message(FATAL_ERROR "Layer check: target ${target} does not exist")
    endif()
    _hyperrig_collect_links(${target} ${target} links)
    foreach(entry IN LISTS links)
        string(REGEX REPLACE "<-.*$" "" library "${entry}")
        foreach(pattern IN LISTS forbidden)
            if(library MATCHES "${pattern}")
                message(FATAL_ERROR
                    "Layering violation: ${target} must not link ${library} (via ${entry}). "
                    "See docs/architecture.md: core has no Qt and no OpenGL, render has no Qt "
                    "and no GLFW, the previewer (hyperrig-view) has no Qt.")
            endif()
        endforeach()
    endforeach()
endfunction()

function(hyperrig_check_layering)
    hyperrig_check_target_layering(hyperrig_core ${HYPERRIG_FORBIDDEN_FOR_CORE})
    hyperrig_check_target_layering(hyperrig_render ${HYPERRIG_FORBIDDEN_FOR_RENDER})
    hyperrig_check_target_layering(hyperrig_preview ${HYPERRIG_FORBIDDEN_FOR_RENDER})
    hyperrig_check_target_layering(hyperrig_preview_glfw ${HYPERRIG_FORBIDDEN_FOR_PREVIEW_GLFW})
    hyperrig_check_target_layering(hyperrig-view ${HYPERRIG_FORBIDDEN_FOR_PREVIEW_GLFW})
    hyperrig_check_core_folders("${PROJECT_SOURCE_DIR}/core")
    message(STATUS "HyperRig: layering check passed (core: no Qt/GL, its folders in order; "
                   "render and the previewer's frame logic: no Qt/GLFW; hyperrig-view: no Qt)")
endfunction()
