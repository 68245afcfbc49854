#pragma once

#include "core/base/Result.h"
#include "core/eval/CompiledRig.h"
#include "core/eval/Pose.h"
#include "core/model/Document.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hyperrig::core::eval {

// The UsdSkel SkelAnimations the USD import keeps on skeleton nodes (extras.usd.animation,
// decision 0042), played back as UsdSkel plays them (usdskel.md §4, §8; decision 0049).

// A kept animation: the skeleton it drives, its name (the SkelAnimation prim's name) and path.
struct KeptAnimation {
    model::NodeId skeleton;
    std::string name;
    std::string path;
};

// Every kept animation, in document order.
std::vector<KeptAnimation> keptAnimations(const model::Document& document);

struct AnimationSample {
    // Local transforms of the joints the animation drives (the other bones at rest, or at the
    // restTransforms the import kept as a Custom pose): the pose `--pose` would give; and in
    // pose.blendAmounts the blend amounts of every mesh instance whose blend shapes the
    // animation's blendShapeWeights drive (below). Hand the pose to evaluateRig (or a scene
    // request) and the shapes move; the document is not changed.
    Pose pose;
    // blendShapeWeights at the same time, by blendShapes token, as authored.
    std::vector<std::pair<std::string, double>> blendShapeWeights;
    // What UsdSkel ignores silently but a user may want to know: a blendShapes token that names
    // no blend shape of a mesh bound to the skeleton. Callers that report once (the CLI) print
    // them; players sampling every frame may drop them.
    std::vector<std::string> warnings;
};

// The animation called `name` (its prim name, or its full path) of every skeleton that keeps
// one, sampled at time code `time`:
// - each of translations, rotations, scales (and blendShapeWeights) takes its time samples when
//   it has any, else its default value; between two samples translations, scales and weights
//   interpolate linearly, rotations by slerp along the shorter arc (linear for angles so small
//   that 1 − cos < 1e-5, as GfSlerp); before the first and after the last sample the end value
//   holds; samples of different lengths hold the earlier one (Usd value resolution);
// - quaternions (w, x, y, z) are normalised (OpenUSD does not, docs/interop-usd.md);
// - local = T ∘ R ∘ diag(S) per animation joint (USD's S · R · T for row vectors), mapped to the
//   skeleton's joints by token (the AnimMapper: a token the skeleton lacks is dropped; a joint the
//   animation lacks keeps the rest: the Custom pose the import marked as restTransforms when
//   there is one, else the rest pose).
// - blendShapeWeights (usdskel.md §8, §10; decision 0059), when the animation has a value at that
//   time, go to the mesh instances bound to the skeleton (skinned by it, or a Mesh the import
//   found bound to it without influences: the mesh's extras.usd.boundSkeleton) that have blend
//   shapes: each shape takes the weight of the blendShapes token equal to its name (the import
//   names shapes after the mesh's skel:blendShapes tokens), 0 when the animation does not name it
//   (the AnimMapper's default), and the list replaces the instance's amounts in pose.blendAmounts
//   (the document's blendAmounts and mesh amounts do not add to it). Without a value (unauthored
//   or blocked) the document's amounts show. An animation without joints needs no translations,
//   rotations or scales (it drives weights only, as blendshapesWithNormals.usda's).
// Fails when no skeleton keeps an animation of that name (the message lists the names), when a
// component is missing, blocked or not one value per animation joint, or blendShapeWeights do not
// have one value per blendShapes token (UsdSkel ignores such an animation; a command line that
// asked for it says why instead), or when the skeleton's joints no longer match the joint paths
// the import kept.
Result<AnimationSample> sampleAnimation(std::string_view name, double time,
                                        const model::Document& document, const CompiledRig& rig);

// The time codes the animation called `name` (as sampleAnimation takes it) spans: its earliest
// and latest time sample of translations, rotations, scales and blendShapeWeights, over every
// skeleton keeping one of that name. Players scrub and loop over it. {0, 0} for an animation
// without time samples (its defaults hold at every time) or a name no skeleton keeps; a time
// sample key that is not a number is left out here (sampleAnimation says why it fails).
struct AnimationTimeRange {
    double start = 0.0;
    double end = 0.0;
    friend bool operator==(const AnimationTimeRange&, const AnimationTimeRange&) = default;
};
AnimationTimeRange animationTimeRange(std::string_view name, const model::Document& document);

} // namespace hyperrig::core::eval
