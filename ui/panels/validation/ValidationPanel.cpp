#include "ui/panels/validation/ValidationPanel.h"

#include "core/io/g4mf/G4mfFile.h"
#include "core/io/g4mf/G4mfWriter.h"
#include "core/validate/Validator.h"
#include "ui/panels/validation/ValidationModel.h"
#include "ui/session/EditorSession.h"

#include <QAction>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <utility>

namespace hyperrig::ui {
namespace {

constexpr int kDefaultDebounceMs = 300;

// The parse and the rules, run on a worker: only the bytes cross the thread boundary.
core::Diagnostics validateImage(const std::vector<std::byte>& image,
                                const std::filesystem::path& baseFolder, QString& failure) {
    auto file = core::io::parseG4mfBytes(image, baseFolder);
    if (!file) {
        failure = QString::fromStdString(file.error().message());
        return {};
    }
    return core::validate::validateG4mf(*file);
}

} // namespace

ValidationPanel::ValidationPanel(EditorSession& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new ValidationModel(this)) {
    setObjectName("validationPanel");
    // Runs queue behind each other; a queued run a newer one superseded skips its work.
    m_pool.setMaxThreadCount(1);

    m_summary = new QLabel(this);
    m_summary->setObjectName("validationSummary");
    m_summary->setToolTip(tr("Errors and warnings found in the document"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_table = new QTableView(this);
    m_table->setObjectName("validationTable");
    m_table->setAccessibleName(tr("Validation"));
    m_table->setToolTip(tr("Problems in the document; click a row (or press Enter) to select "
                           "the item it is about"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->verticalHeader()->hide();
    // Rule ids and item labels are short and must stay whole; the message takes what is left
    // (its full text is in the tooltip).
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(ValidationModel::MessageColumn, QHeaderView::Stretch);

    m_fixAction = new QAction(tr("Fix"), this);
    m_fixAction->setObjectName("validationFixAction");
    m_selectAction = new QAction(tr("Select Item"), this);
    m_selectAction->setObjectName("validationSelectAction");
    m_selectAction->setToolTip(tr("Select the item this problem is about"));

    m_fixButton = new QPushButton(tr("Fix"), this);
    m_fixButton->setObjectName("validationFixButton");
    m_fixButton->setAccessibleName(tr("Fix"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_summary, 1);
    bar->addWidget(m_fixButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_table);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDefaultDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &ValidationPanel::validateNow);
    connect(&session, &EditorSession::changed, this, &ValidationPanel::documentChanged);
    connect(&session, &EditorSession::documentReplaced, this, &ValidationPanel::documentReplaced);

    connect(m_table, &QAbstractItemView::clicked, this, &ValidationPanel::selectRowItem);
    connect(m_table, &QAbstractItemView::activated, this, &ValidationPanel::selectRowItem);
    connect(m_table, &QWidget::customContextMenuRequested, this, &ValidationPanel::showContextMenu);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &ValidationPanel::updateActions);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ValidationPanel::updateActions);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &ValidationPanel::updateActions);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &ValidationPanel::updateActions);
    connect(m_fixAction, &QAction::triggered, this, &ValidationPanel::fixCurrentRow);
    connect(m_fixButton, &QPushButton::clicked, this, &ValidationPanel::fixCurrentRow);
    connect(m_selectAction, &QAction::triggered, this,
            [this] { selectRowItem(m_table->currentIndex()); });

    updateActions();
    documentReplaced();
}

ValidationPanel::~ValidationPanel() {
    // Workers post their results to this object: none may still run once it is gone.
    m_wanted->store(0);
    m_pool.waitForDone();
}

int ValidationPanel::errorCount() const {
    return m_model->errorCount();
}
int ValidationPanel::warningCount() const {
    return m_model->warningCount();
}

void ValidationPanel::setDebounceInterval(int milliseconds) {
    m_debounce.setInterval(milliseconds);
}

void ValidationPanel::documentChanged() {
    // Whatever runs now describes a state the document has left.
    m_wanted->store(++m_generation);
    m_debounce.start();
}

void ValidationPanel::documentReplaced() {
    m_debounce.stop();
    m_wanted->store(++m_generation);
    m_failure.clear();
    m_notice.clear();
    m_model->clear();
    updateSummary();
    if (m_session.hasDocument())
        validateNow();
}

void ValidationPanel::validateNow() {
    m_debounce.stop();
    if (!m_session.hasDocument())
        return;
    const quint64 generation = ++m_generation;
    m_wanted->store(generation);

    // The file image is made here, on the thread that owns the document; a save with the
    // session's schema writes the same JSON, so pointers match what the user would save.
    core::io::WriteOptions options = m_session.saveFormat().options;
    options.externalBin = false;
    options.zstd = false;
    auto encoded =
        core::io::encodeG4mf(m_session.document(), core::io::G4mfContainer::Text, options);
    if (!encoded) {
        showResults(generation, {},
                    tr("The document cannot be encoded: %1")
                        .arg(QString::fromStdString(encoded.error().message())));
        return;
    }
    std::filesystem::path baseFolder;
    if (!m_session.filePath().isEmpty())
        baseFolder = QFileInfo(m_session.filePath()).absolutePath().toStdString();

    m_pool.start([this, generation, wanted = m_wanted, image = std::move(encoded->file),
                  baseFolder = std::move(baseFolder)] {
        if (wanted->load() != generation)
            return;
        QString failure;
        core::Diagnostics diagnostics = validateImage(image, baseFolder, failure);
        // Queued to this object: the destructor waits for the pool, and Qt discards events
        // posted to an object that is destroyed before they are delivered.
        QMetaObject::invokeMethod(
            this,
            [this, generation, diagnostics = std::move(diagnostics), failure] {
                showResults(generation, diagnostics, failure);
            },
            Qt::QueuedConnection);
    });
}

void ValidationPanel::showResults(quint64 generation, const core::Diagnostics& diagnostics,
                                  const QString& failure) {
    if (generation != m_generation || !m_session.hasDocument())
        return;
    // The document is still the one encoded for this run (any change would have moved the
    // generation on), so the pointers resolve against it.
    std::vector<ValidationRow> rows;
    rows.reserve(diagnostics.size());
    for (const core::Diagnostic& diagnostic : diagnostics) {
        ValidationRow row;
        row.diagnostic = diagnostic;
        row.target = resolveDiagnosticPointer(m_session.document(), diagnostic.pointer);
        row.fix = fixFor(diagnostic, row.target);
        rows.push_back(std::move(row));
    }
    m_failure = failure;
    m_notice.clear();
    m_model->setRows(std::move(rows));
    updateActions();
    updateSummary();
    emit validationFinished(generation);
}

void ValidationPanel::updateSummary() {
    const int errors = m_model->errorCount();
    const int warnings = m_model->warningCount();
    QString text;
    if (!m_session.hasDocument())
        text = tr("No document");
    else if (!m_failure.isEmpty())
        text = m_failure;
    else if (errors == 0 && warnings == 0)
        text = tr("No problems found");
    else
        text = (errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors)) + ", " +
               (warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings));
    if (!m_notice.isEmpty())
        text += " — " + m_notice;
    m_summary->setText(text);
    m_summary->setAccessibleName(text);
    if (errors != m_shownErrors || warnings != m_shownWarnings) {
        m_shownErrors = errors;
        m_shownWarnings = warnings;
        emit countsChanged(errors, warnings);
    }
}

void ValidationPanel::selectRowItem(const QModelIndex& index) {
    if (!index.isValid() || !m_session.hasDocument())
        return;
    const DiagnosticTarget& target = m_model->rowAt(index.row()).target;
    if (target.selectable)
        m_session.select({target.selectable});
}

void ValidationPanel::updateActions() {
    const QModelIndex current = m_table->currentIndex();
    const ValidationFix fix =
        current.isValid() ? m_model->rowAt(current.row()).fix : ValidationFix::None;
    const bool canFix = fix != ValidationFix::None && m_session.hasDocument();
    const QString name = QString::fromStdString(fixName(fix));
    const QString tip = canFix ? tr("Fix the selected problem: %1").arg(name)
                               : tr("The selected problem has no automatic fix");
    m_fixAction->setEnabled(canFix);
    m_fixAction->setText(canFix ? tr("Fix: %1").arg(name) : tr("Fix"));
    m_fixAction->setToolTip(tip);
    m_fixButton->setEnabled(canFix);
    m_fixButton->setToolTip(tip);
    m_selectAction->setEnabled(current.isValid() &&
                               m_model->rowAt(current.row()).target.selectable);
}

void ValidationPanel::fixCurrentRow() {
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_session.hasDocument())
        return;
    const ValidationRow row = m_model->rowAt(current.row());
    if (row.fix == ValidationFix::None)
        return;
    core::ops::InfluenceReport report;
    auto plan = planFix(m_session.document(), row.fix, row.target, &report);
    core::Result<void> done;
    if (!plan) {
        done = plan.error();
    } else if (report.verticesChanged == 0 && report.groupsNamed == 0 &&
               report.groupsRemoved == 0 && report.jointsRemoved == 0) {
        // The tools return an empty command for data already clean; no empty undo step.
        m_notice = tr("nothing to fix");
    } else {
        done = m_session.execute(std::move(*plan));
    }
    if (!done)
        m_notice = QString::fromStdString(done.error().message());
    updateSummary();
}

void ValidationPanel::showContextMenu(const QPoint& position) {
    const QModelIndex index = m_table->indexAt(position);
    if (index.isValid())
        m_table->setCurrentIndex(index);
    updateActions();
    QMenu menu(this);
    menu.addAction(m_selectAction);
    menu.addAction(m_fixAction);
    menu.exec(m_table->viewport()->mapToGlobal(position));
}

} // namespace hyperrig::ui
