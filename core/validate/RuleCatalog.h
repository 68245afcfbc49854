#pragma once

#include "core/validate/Rule.h"

// The validator's rules, one constant per distinct check. Summaries are what docs/validation.md
// shows; messages at the call sites add the values involved.
namespace hyperrig::core::validate::rules {

inline constexpr auto E = Diagnostic::Severity::Error;
inline constexpr auto W = Diagnostic::Severity::Warning;

// Document and asset ------------------------------------------------------------------------
inline constexpr Rule kDocumentSchema{"document.schema", E,
                                      "a top-level array, or an item of one, has the wrong JSON "
                                      "type"};
inline constexpr Rule kAssetSchema{"asset.schema", E,
                                   "asset is missing or not an object, or one of its fields has "
                                   "the wrong JSON type"};
inline constexpr Rule kAssetDimension{"asset.dimension", E,
                                      "asset.dimension is missing or not a positive integer"};
inline constexpr Rule kAssetDimensionUnsupported{"asset.dimension.unsupported", E,
                                                 "asset.dimension is outside the 2 to 8 "
                                                 "dimensions HyperRig handles"};
inline constexpr Rule kAssetVersion{"asset.version", W,
                                    "asset.version is not of the form MAJOR.MINOR or "
                                    "MAJOR.MINOR.PATCH"};
inline constexpr Rule kExtensionsRequiredNotUsed{"extensions.required-not-used", E,
                                                 "an extensionsRequired entry is missing from "
                                                 "extensionsUsed"};
inline constexpr Rule kExtensionsRequiredUnsupported{"extensions.required-unsupported", E,
                                                     "an extensionsRequired entry is an "
                                                     "extension HyperRig does not implement"};
inline constexpr Rule kExtensionsSchema{"extensions.schema", E,
                                        "an item's extensions property is not an object"};
inline constexpr Rule kExtensionsNotListed{"extensions.not-listed", W,
                                           "an item uses an extension that asset.extensionsUsed "
                                           "does not list"};

// Names -------------------------------------------------------------------------------------
inline constexpr Rule kNameSchema{"name.schema", E, "a name is not a string"};
inline constexpr Rule kNameForbiddenCharacter{"name.forbidden-character", E,
                                              "a name contains a character G4MF forbids "
                                              "(\" # * . : | ? @ < > { } [ ] / \\ % or a "
                                              "control character)"};
inline constexpr Rule kNameNotUnique{"name.not-unique", E,
                                     "a non-empty name is used by two items of the file (any "
                                     "top-level arrays)"};

// Node tree ---------------------------------------------------------------------------------
inline constexpr Rule kNodeSchema{"node.schema", E,
                                  "a node property has the wrong JSON type (children, visible, "
                                  "transform arrays or their numbers, camera, physics, "
                                  "meshInstance, modelInstance, light)"};
inline constexpr Rule kNodeRootTransform{"node.root-transform", E,
                                         "the root node (index 0) has a position, basis, rotor or "
                                         "scale"};
inline constexpr Rule kNodeChildrenIndex{"node.children.index", E,
                                         "a children entry is not the index of an existing node"};
inline constexpr Rule kNodeChildrenDuplicate{"node.children.duplicate", E,
                                             "a node lists the same child twice"};
inline constexpr Rule kNodeChildrenMultipleParents{"node.children.multiple-parents", E,
                                                   "a node is listed as a child by two "
                                                   "different nodes"};
inline constexpr Rule kNodeChildrenRootAsChild{"node.children.root-as-child", E,
                                               "the root node (index 0) is listed as a child"};
inline constexpr Rule kNodeChildrenCycle{"node.children.cycle", E,
                                         "children form a cycle (a node is its own ancestor, or "
                                         "its own child)"};
inline constexpr Rule kNodeChildrenEmpty{"node.children.empty", W,
                                         "children is an empty array (omit the property "
                                         "instead)"};

// Transforms --------------------------------------------------------------------------------
inline constexpr Rule kNodePositionSize{"node.position.size", E,
                                        "position does not have N numbers"};
inline constexpr Rule kNodeBasisSize{"node.basis.size", E, "basis does not have N×N numbers"};
inline constexpr Rule kNodeBasisWithRotor{"node.basis-with-rotor", E,
                                          "a node has both basis and rotor"};
inline constexpr Rule kNodeBasisWithScale{"node.basis-with-scale", E,
                                          "a node has both basis and scale"};
inline constexpr Rule kNodeBasisDegenerate{"node.basis.degenerate", W,
                                           "basis squashes space (determinant 0 up to rounding)"};
inline constexpr Rule kNodeRotorSize{"node.rotor.size", E,
                                     "rotor does not have a length valid for the dimension (4D: "
                                     "7 or 8)"};
inline constexpr Rule kNodeRotorInvalid{"node.rotor.invalid", E,
                                        "rotor is zero, or cannot be normalised into a rotor"};
inline constexpr Rule kNodeRotorNotNormalized{"node.rotor.not-normalized", W,
                                              "rotor is off unit length (or, in 4D, off the "
                                              "rotor condition) by more than 1e-3"};
inline constexpr Rule kNodeScaleSize{"node.scale.size", E, "scale has neither 1 nor N numbers"};
inline constexpr Rule kNodeScaleNotPositive{"node.scale.not-positive", E,
                                            "a scale value is zero or negative"};

// Components --------------------------------------------------------------------------------
inline constexpr Rule kNodeComponentsExclusive{"node.components.exclusive", E,
                                               "a node has more than one of bone, camera, light, "
                                               "mesh, model, physics, skeleton"};
inline constexpr Rule kNodeMeshIndex{"node.mesh.index", E,
                                     "mesh / meshInstance.mesh is not the index of an existing "
                                     "mesh"};
inline constexpr Rule kNodeMeshBothForms{"node.mesh.both-forms", E,
                                         "a node has both the classic mesh and the current "
                                         "meshInstance"};
inline constexpr Rule kNodeModelIndex{"node.model.index", E,
                                      "model / modelInstance.model / modelInstance.file is not "
                                      "the index of an existing model or file"};
inline constexpr Rule kNodeModelBothForms{"node.model.both-forms", E,
                                          "a node has both the classic model and the current "
                                          "modelInstance"};
inline constexpr Rule kNodeLightIndex{"node.light.index", E,
                                      "a classic integer light is not the index of an existing "
                                      "light"};

// Bones and skeletons -----------------------------------------------------------------------
inline constexpr Rule kBoneSchema{"bone.schema", E,
                                  "bone is not an object, or length/mass is not a number"};
inline constexpr Rule kBoneNotInSkeleton{"bone.not-in-skeleton", E,
                                         "a bone has no parent, so no skeleton owns it"};
inline constexpr Rule kBoneParent{"bone.parent", E,
                                  "a bone's parent is neither a bone nor a skeleton"};
inline constexpr Rule kBoneLengthNegative{"bone.length.negative", E,
                                          "bone length is negative (-1 is an in-memory value "
                                          "only)"};
inline constexpr Rule kBoneMassNegative{"bone.mass.negative", E,
                                        "bone mass is negative (0 is allowed)"};
inline constexpr Rule kBoneShapeIndex{"bone.shape.index", E,
                                      "bone shape is not the index of an existing shape"};
inline constexpr Rule kBoneShapeWithoutLength{"bone.shape.without-length", E,
                                              "a bone has a shape but no length"};
inline constexpr Rule kBoneMassSum{"bone.mass.sum", W,
                                   "all bones have masses and the skeleton's parent is a physics "
                                   "body, but the masses do not add up to the body's mass"};
inline constexpr Rule kSkeletonSchema{"skeleton.schema", E,
                                      "skeleton is not an object, or joints is not an array"};
inline constexpr Rule kSkeletonJointsIndex{"skeleton.joints.index", E,
                                           "a joints entry is neither -1 nor the index of an "
                                           "existing node"};
inline constexpr Rule kSkeletonJointsNotBone{"skeleton.joints.not-bone", E,
                                             "a joints entry names a node that is not a bone"};
inline constexpr Rule kSkeletonJointsOtherSkeleton{"skeleton.joints.other-skeleton", E,
                                                   "a joints entry names a bone of another "
                                                   "skeleton, or of none"};
inline constexpr Rule kSkeletonJointsOrder{"skeleton.joints.order", E,
                                           "the first listings of the joint bones do not have "
                                           "increasing node indices"};
inline constexpr Rule kSkeletonJointsParentOrder{"skeleton.joints.parent-order", E,
                                                 "a joint bone is first listed before one of its "
                                                 "ancestor bones"};
inline constexpr Rule kSkeletonRootBoneFirstChild{"skeleton.root-bone.first-child", E,
                                                  "a skeleton with a single root bone does not "
                                                  "list it as its first child"};

// Buffers, views, accessors -----------------------------------------------------------------
inline constexpr Rule kBufferUnavailable{"buffer.unavailable", E,
                                         "a buffer could not be loaded (missing file, bad data "
                                         "URI, too short, bad encoding)"};
inline constexpr Rule kBufferUriOutsideFolder{"buffer.uri.outside-folder", E,
                                              "a buffer uri leads outside the folder of the file "
                                              "(\"..\" or a symlink); it is not read unless "
                                              "outside references are allowed"};
inline constexpr Rule kBufferViewSchema{"bufferView.schema", E,
                                        "a buffer view field is missing or not a non-negative "
                                        "integer"};
inline constexpr Rule kBufferViewBufferIndex{"bufferView.buffer.index", E,
                                             "a buffer view's buffer does not exist"};
inline constexpr Rule kBufferViewRange{"bufferView.range", E,
                                       "a buffer view's bytes lie outside its buffer"};
inline constexpr Rule kAccessorSchema{"accessor.schema", E,
                                      "an accessor's componentType, vectorSize or bufferView is "
                                      "missing or has the wrong type"};
inline constexpr Rule kAccessorComponentType{"accessor.component-type", E,
                                             "componentType is unknown or a 128-bit type"};
inline constexpr Rule kAccessorBufferViewIndex{"accessor.buffer-view.index", E,
                                               "an accessor's bufferView does not exist"};
inline constexpr Rule kAccessorAlignment{"accessor.alignment", E,
                                         "the view's byteOffset is not a multiple of the "
                                         "component size"};
inline constexpr Rule kAccessorLength{"accessor.length", E,
                                      "the view's byteLength is not a multiple of the element "
                                      "size"};

// Meshes ------------------------------------------------------------------------------------
inline constexpr Rule kMeshSchema{"mesh.schema", E,
                                  "a mesh lacks vertices or surfaces, or a surface is not an "
                                  "object"};
inline constexpr Rule kMeshAccessorIndex{"mesh.accessor.index", E,
                                         "a mesh or surface accessor reference is not the index of "
                                         "an existing accessor"};
inline constexpr Rule kMeshVerticesVectorSize{"mesh.vertices.vector-size", E,
                                              "the vertices accessor's vectorSize is not N"};
inline constexpr Rule kMeshVerticesType{"mesh.vertices.type", W,
                                        "vertices are not stored as floats"};
inline constexpr Rule kMeshSimplexesVectorSize{"mesh.simplexes.vector-size", E,
                                               "the simplexes accessor's vectorSize is not N"};
inline constexpr Rule kMeshEdgesVectorSize{"mesh.edges.vector-size", E,
                                           "the edges accessor's vectorSize is not 2"};
inline constexpr Rule kMeshIndicesType{"mesh.indices.type", E,
                                       "simplexes or edges are not unsigned integers"};
inline constexpr Rule kMeshIndicesRange{"mesh.indices.range", E,
                                        "a simplex or edge index is not below the vertex count"};

// Skins -------------------------------------------------------------------------------------
inline constexpr Rule kSkinSchema{"skin.schema", E,
                                  "skin is not an object, lacks vertices/groups/weights, or "
                                  "groupNames is not an array of strings"};
inline constexpr Rule kSkinAccessorIndex{"skin.accessor.index", E,
                                         "a skin accessor reference is not the index of an "
                                         "existing accessor"};
inline constexpr Rule kSkinVectorSize{"skin.vector-size", E,
                                      "a skin accessor's vectorSize is not 1"};
inline constexpr Rule kSkinVerticesType{"skin.vertices.type", E,
                                        "skin vertices are not unsigned integers"};
inline constexpr Rule kSkinGroupsType{"skin.groups.type", E,
                                      "skin groups are not unsigned integers"};
inline constexpr Rule kSkinWeightsType{"skin.weights.type", E, "skin weights are not floats"};
inline constexpr Rule kSkinAccessorLengths{"skin.accessor-lengths", E,
                                           "vertices, groups and weights differ in length"};
inline constexpr Rule kSkinVerticesRange{"skin.vertices.range", E,
                                         "a skin vertex index is not below the mesh's vertex "
                                         "count"};
inline constexpr Rule kSkinVerticesOrder{"skin.vertices.order", E,
                                         "skin vertices decrease somewhere"};
inline constexpr Rule kSkinWeightsOrder{"skin.weights.order", E,
                                        "the weights of one vertex are not in descending order"};
inline constexpr Rule kSkinWeightsSum{"skin.weights.sum", W,
                                      "the weights of a skinned vertex do not add up to 1 "
                                      "(tolerance 1e-3; one diagnostic per skin)"};
inline constexpr Rule kSkinGroupNamesUnique{"skin.group-names.unique", E,
                                            "a group name appears twice in one skin"};
inline constexpr Rule kSkinGroupNamesEmpty{"skin.group-names.empty", E,
                                           "a group name is the empty string"};
inline constexpr Rule kSkinGroupNamesConflict{"skin.group-names.conflict", E,
                                              "two meshes skinned by the same skeleton name the "
                                              "same group differently"};
inline constexpr Rule kSkinGroupNamesMissing{"skin.group-names.missing", W,
                                             "a skin names no groups while another mesh skinned "
                                             "by the same skeleton names its groups"};
inline constexpr Rule kSkinGroupNamesBoneMismatch{"skin.group-names.bone-mismatch", W,
                                                  "a group name is neither the name of its joint "
                                                  "bone nor a suffix of it (or the reverse)"};
inline constexpr Rule kSkinMeshNotUnderSkeleton{"skin.mesh-not-under-skeleton", W,
                                                "a node instances a skinned mesh but is not a "
                                                "direct child of a skeleton, so nothing deforms "
                                                "it"};

// Blend shapes (g4mf.md §10, docs/extensions/HYPERRIG_blend_inbetweens.md) -------------------
inline constexpr Rule kBlendSchema{"blend.schema", E,
                                   "blend, a shape, a target, a surfaces entry or an in-between "
                                   "is not shaped as G4MF (or the extension) defines, names an "
                                   "accessor or surface that does not exist, or repeats one"};
inline constexpr Rule kBlendTargetData{"blend.target.data", E,
                                       "a target's offsets are not N-vectors, its indices not "
                                       "unsigned scalars, or their counts differ"};
inline constexpr Rule kBlendIndicesRange{"blend.indices.range", E,
                                         "a position target moves a vertex the mesh does not "
                                         "have"};
inline constexpr Rule kBlendAmountsCount{"blend.amounts.count", E,
                                         "amounts or a mesh instance's blendAmounts is not one "
                                         "number per blend shape"};

// HYPERRIG_skeleton_bind_poses (docs/extensions/HYPERRIG_skeleton_bind_poses.md) --------------
inline constexpr Rule kBindPoseSchema{"bindpose.schema", E,
                                      "the extension, a pose or an entry is not shaped as the "
                                      "extension defines"};
inline constexpr Rule kBindPosePoseTypeUnique{"bindpose.pose-type-unique", E,
                                              "a poseType appears twice on one skeleton"};
inline constexpr Rule kBindPoseEntryCount{"bindpose.entry-count", E,
                                          "bindPoses length differs from the joints length"};
inline constexpr Rule kBindPoseVectorSize{"bindpose.vector-size", E,
                                          "an entry's position is not N numbers or its basis not "
                                          "N×N"};
inline constexpr Rule kBindPoseNotListed{"bindpose.not-listed", W,
                                         "the extension is used but missing from "
                                         "asset.extensionsUsed"};
inline constexpr Rule kBindPoseRepeatedJointDiffers{"bindpose.repeated-joint-differs", W,
                                                    "two joints slots of the same bone carry "
                                                    "different transforms in one pose"};

// The validator itself ----------------------------------------------------------------------
inline constexpr Rule kValidatorInternal{"validator.internal", E,
                                         "the validator failed on this file (a HyperRig bug; the "
                                         "diagnostics before it still hold)"};

} // namespace hyperrig::core::validate::rules
