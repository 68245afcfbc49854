# ui/meshes: the Mesh menu: Merge Meshes and Parent Mesh to Skeleton dialogs over core/ops.
target_sources(hyperrig_ui PRIVATE
    meshes/GroupMappingTable.cpp
    meshes/MergeMeshesDialog.cpp
    meshes/MeshActions.cpp
    meshes/ParentMeshDialog.cpp
    meshes/SkinnedMeshNodes.cpp)
