target_sources(hyperrig_core PRIVATE
    model/BindPose.cpp
    model/BindPoseFromTransforms.cpp
    model/ComponentType.cpp
    model/Document.cpp
    model/DocumentEquality.cpp
    model/DocumentSummary.cpp
    model/ItemLabels.cpp
    model/ItemAddress.cpp
    model/Mesh.cpp
    model/NameRules.cpp
    model/NewDocument.cpp
    model/NodeTransform.cpp
    model/SelectionWalk.cpp
    model/SkinGroupNames.cpp)
