# core/validate: the G4MF validator (docs/validation.md lists every rule id).
target_sources(hyperrig_core PRIVATE
    validate/AccessorRules.cpp
    validate/AssetRules.cpp
    validate/BindPoseRules.cpp
    validate/BoneRules.cpp
    validate/ComponentRules.cpp
    validate/ExtensionRules.cpp
    validate/JsonAccess.cpp
    validate/MeshRules.cpp
    validate/NameRules.cpp
    validate/NodeTreeRules.cpp
    validate/RuleCatalog.cpp
    validate/SkeletonRules.cpp
    validate/SkinBindingRules.cpp
    validate/SkinRules.cpp
    validate/TransformRules.cpp
    validate/ValidationContext.cpp
    validate/Validator.cpp)
