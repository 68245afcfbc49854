#pragma once

#include <QDialog>

class QSpinBox;

namespace hyperrig::ui {

// File > New Document...: asks how many dimensions (2 to 8; 4 by default).
class NewDocumentDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewDocumentDialog(QWidget* parent = nullptr);
    int dimension() const;

private:
    QSpinBox* m_dimension = nullptr;
};

} // namespace hyperrig::ui
