#pragma once

#include "core/model/Ids.h"

namespace hyperrig::ui {

class EditorSession;

// The skeleton the rig panels (Joints, Bind Poses) show for the session's selection: the current
// node when it is a skeleton, the skeleton of a current bone, or the skeleton a current mesh node
// is skinned to (its parent); else the first selected node that resolves so. None without one.
core::model::NodeId selectedSkeleton(const EditorSession& session);

} // namespace hyperrig::ui
