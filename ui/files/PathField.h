#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace hyperrig::ui {

// A file name as the import and export dialogs ask for one: a line edit that can be typed into
// (or filled by tests, without a file chooser) and a Browse... button that opens the platform's
// file dialog. The line edit is what a label names: label() makes that label its buddy's and
// the edit's accessible name.
class PathField : public QWidget {
    Q_OBJECT
public:
    enum class Mode { Open, Save };

    // `name` prefixes the object names ("<name>Edit", "<name>Browse"); `filter` is the file
    // dialog's ("glTF (*.gltf *.glb)").
    PathField(const QString& name, const QString& filter, Mode mode, QWidget* parent = nullptr);

    QString path() const;
    void setPath(const QString& path);
    // Save mode, before the dialog writes: true to go on. When the file exists and was not chosen
    // with Browse... (whose file dialog asked already), asks whether to replace it.
    bool confirmReplacing();
    QLineEdit* edit() const { return m_edit; }
    // A label reading `text` for this field (with a mnemonic '&'); the field is heard by it.
    QLabel* label(const QString& text);

signals:
    void pathChanged(const QString& path);

private:
    void browse();
    bool chosenWithBrowse() const;

    QString m_filter;
    Mode m_mode;
    QLineEdit* m_edit = nullptr;
    QPushButton* m_browse = nullptr;
    QString m_browsed; // the file Browse... chose last
};

// Asks whether to replace `files` (existing files a save or an export would write), in a box
// named "replaceFileBox" over `parent`; true when the user chose Replace. No is the default.
bool askToReplaceFiles(QWidget& parent, const QStringList& files);

} // namespace hyperrig::ui
