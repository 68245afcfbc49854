target_sources(hyperrig_core PRIVATE
    ops/influence/InferGroupNames.cpp
    ops/influence/InfluencePlan.cpp
    ops/influence/InfluenceScriptOps.cpp
    ops/influence/RemoveUnusedGroups.cpp
    ops/influence/SkinRewrite.cpp
    ops/influence/WeightTools.cpp)
