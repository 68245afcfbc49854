#include "ui/files/NewDocumentDialog.h"

#include "core/math/Dimension.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

namespace hyperrig::ui {

NewDocumentDialog::NewDocumentDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("newDocumentDialog"));
    setWindowTitle(tr("New Document"));
    m_dimension = new QSpinBox(this);
    m_dimension->setObjectName(QStringLiteral("dimensionSpinBox"));
    m_dimension->setRange(core::math::kMinDimension, core::math::kMaxDimension);
    m_dimension->setValue(4);
    m_dimension->setSuffix(tr("D"));
    m_dimension->setAccessibleName(tr("Dimensions"));
    m_dimension->setToolTip(tr("How many dimensions the document's space has (2 to 8)"));
    auto* label = new QLabel(tr("&Dimensions"), this);
    label->setBuddy(m_dimension);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QFormLayout(this);
    layout->addRow(label, m_dimension);
    layout->addRow(buttons);
}

int NewDocumentDialog::dimension() const {
    return m_dimension->value();
}

} // namespace hyperrig::ui
