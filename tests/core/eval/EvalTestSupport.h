#pragma once

#include "core/model/Document.h"

#include <string>
#include <vector>

namespace hyperrig::test {

// A rig small enough to check by hand, built in code (dimension 3 or 4):
//
//   Scene ── Rig (skeleton, joints [Upper, Lower])
//            ├── Upper (bone, at the skeleton origin) ── Lower (bone, position +Y)
//            └── Skin (shows SkinMesh, transform `meshTransform`)
//
// SkinMesh vertices and influences (group: weight):
//   v0 = 2·Y        {1: 1}                 follows Lower
//   v1 = 0.5·Y      {0: 0.5, 1: 0.5}       half and half
//   v2 = X          {}                      no influences: stays
//   v3 = 3·Y        {5: 2}                  group beyond the joints table: identity
//   v4 = X + Y      {0: 0, 1: 0}            weights sum to zero: stays
// One simplex uses the first `dimension` vertices.
struct TinyRig {
    core::model::Document document;
    core::model::NodeId rig;
    core::model::NodeId upper;
    core::model::NodeId lower;
    core::model::NodeId skinNode;
    core::model::MeshId mesh;
};

TinyRig makeTinyRig(int dimension, std::vector<double> meshPosition = {});

// The rotation by +90° in the XY plane (X -> Y, Y -> -X) as a column-major basis.
std::vector<double> quarterTurnXY(int dimension);

} // namespace hyperrig::test
