#pragma once

// moc cannot parse <concepts>, which core/model/Ids.h reaches first through <compare>; it
// needs none of these declarations.
#ifndef Q_MOC_RUN
#include "core/model/Ids.h"
#include "core/model/NodeTransform.h"
#endif

#include <QWidget>

#include <vector>

class QComboBox;
class QGroupBox;
class QLabel;
class QStackedWidget;

namespace hyperrig::ui {

class EditorSession;
class FieldMessage;
class NumberField;
class TransformFieldEditing;

// The inspector's placement fields: the group "Position" (one field per axis, "Position x" ...,
// metres) and the group "Transform" with the "Representation" switch and the fields of the
// representation in use: rotor components ("Rotor s", "Rotor xy", ...; 2D to 4D only) and
// "Scale x", ..., or the D x D basis ("Basis row x column y", named by the row and column headers
// it shows under; columns are the images of the local axes), or nothing for "None". Switching
// converts through core::edit::convertTransform (None to rotor + scale writes the identity rotor
// explicitly, since the conversion writes an identity rotation as None). The root node carries no
// transform: the fields are disabled for it.
class TransformEditor : public QWidget {
    Q_OBJECT
public:
    explicit TransformEditor(EditorSession& session, QWidget* parent = nullptr);

    // Builds the fields for `dimension` (2..8); nothing happens when it is the current one.
    void setDimension(int dimension);
    void showNodes(const std::vector<core::model::NodeId>& nodes);
    void finishEdit();
    void forgetEdit();

signals:
    void message(const QString& text);

private:
    void buildFields();
    NumberField* makeField(const QString& objectName, const QString& accessibleName,
                           const QString& toolTip, QWidget* parent);
    void showRepresentation();
    void showPage(QWidget* page);
    void convertTo(core::model::NodeTransform::Form form);
    // Shows why the document refused a value at `field` (the Representation switch for a
    // refused conversion), under the group the field is in, and in the status bar.
    void showRefusal(QWidget* field, const QString& reason);
    void clearRefusal();

    EditorSession& m_session;
    TransformFieldEditing* m_editing;
    int m_dimension = 0;
    std::vector<core::model::NodeId> m_nodes;

    QGroupBox* m_positionGroup;
    QGroupBox* m_transformGroup;
    QComboBox* m_representation;
    QStackedWidget* m_pages;
    QWidget* m_nonePage;
    QWidget* m_rotorScalePage;
    QWidget* m_basisPage;
    QWidget* m_mixedPage;
    QWidget* m_positionFields = nullptr; // rebuilt per dimension, like the pages' contents
    FieldMessage* m_positionMessage;     // under the Position group's fields
    FieldMessage* m_message;             // under the Representation switch
};

} // namespace hyperrig::ui
