#pragma once

#include "core/model/Document.h"

#include <string>
#include <string_view>

namespace hyperrig::ui {

// The document item a diagnostic is about, found from its RFC 6901 pointer into the file image
// the document encodes to. Qt-free, so the mapping is tested without widgets.
struct DiagnosticTarget {
    core::model::NodeId node;   // the node the pointer names, if any
    core::model::MeshId mesh;   // the mesh (or the mesh whose skin) the pointer names, if any
    core::model::ShapeId shape; // the shape the pointer names, if any
    bool skin = false;          // the pointer lies inside the mesh's skin
    // What a click selects: the node itself; for a mesh or skin the first node (in document
    // order) instancing that mesh; for a shape the first bone using it. None when nothing fits.
    core::model::NodeId selectable;
    // How the validation panel names the item: "bone 'Spine'", "skin of mesh 'BodyMesh'",
    // "shape #2"; empty for pointers into data that is no document item (accessors, buffers,
    // the asset, the whole file).
    std::string label;
};

// Resolves `pointer` against `document`, which must be the document the validated file image
// was encoded from: the writer numbers nodes, meshes and shapes in document order, so file index
// i is position i of nodes.order() (meshes.order(), shapes.order()). Malformed pointers and
// indices beyond the document give an empty target, never a failure.
DiagnosticTarget resolveDiagnosticPointer(const core::model::Document& document,
                                          std::string_view pointer);

} // namespace hyperrig::ui
