#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>; it
// needs none of these declarations.
#ifndef Q_MOC_RUN
#include "core/model/Ids.h"
#endif

#include <QGroupBox>

#include <vector>

class QFormLayout;

namespace hyperrig::ui {

class EditorSession;

// The group "Component": what the node is (bone, skeleton, mesh instance, ... or none) and its
// main properties, read-only (the rig panels edit them): a bone's length, mass and shape; a
// skeleton's joints count and bind poses; a mesh instance's mesh. For several nodes only the kind
// is shown ("—" when they differ). Each value is a label whose accessible name is its row's
// label, so a screen reader reads "Length, 0.12 m".
class ComponentView : public QGroupBox {
    Q_OBJECT
public:
    explicit ComponentView(EditorSession& session, QWidget* parent = nullptr);

    void showNodes(const std::vector<core::model::NodeId>& nodes);

private:
    void addRow(const QString& objectName, const QString& label, const QString& value);

    EditorSession& m_session;
    QFormLayout* m_form;
};

} // namespace hyperrig::ui
