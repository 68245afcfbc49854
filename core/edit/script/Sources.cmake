target_sources(hyperrig_core PRIVATE
    edit/script/ScriptDataOps.cpp
    edit/script/ScriptFields.cpp
    edit/script/ScriptFile.cpp
    edit/script/ScriptNodeOps.cpp
    edit/script/ScriptOpFields.cpp
    edit/script/ScriptOps.cpp
    edit/script/ScriptRunner.cpp
    edit/script/ScriptTransform.cpp)
