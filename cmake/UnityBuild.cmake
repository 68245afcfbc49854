# Unity builds (decision 0023): a target's sources compile in batches, each batch one translation
# unit. Nearly every file of ours includes nlohmann/json, GLM and a dozen standard headers whose
# parsing and template instantiation cost more than the file's own code; a batch pays for them
# once. CI (2 cores, ASan + UBSan) spends most of its time compiling, so this is its largest lever.
#
# Consequences for the code: names in a file's anonymous namespace are shared by its batch, so
# file-local helpers carry names that say what they are for (kInferGroupNamesTool, not kTool), and
# a helper two files need lives once in a header. HYPERRIG_UNITY_BATCH=0 compiles every file on
# its own, which is how to check that each file includes what it uses.
set(HYPERRIG_UNITY_BATCH 8 CACHE STRING "Source files per unity translation unit (0: no unity builds)")

function(hyperrig_unity_build target)
    if(HYPERRIG_UNITY_BATCH GREATER 0)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON
            UNITY_BUILD_BATCH_SIZE ${HYPERRIG_UNITY_BATCH})
    endif()
endfunction()
