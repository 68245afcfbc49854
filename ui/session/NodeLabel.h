#pragma once

#include "core/model/Document.h"

#include <QString>

namespace hyperrig::ui {

// How the editor shows a node in lists, tables, combo boxes and messages: its name, or
// "(unnamed #N)" for a node without one, N its position in document order as scripts and
// messages address it (core/model/ItemLabels.h), so two unnamed bones in a list stay apart.
// Contract: `node` is in `document`.
QString nodeLabel(const core::model::Document& document, core::model::NodeId node);

} // namespace hyperrig::ui
