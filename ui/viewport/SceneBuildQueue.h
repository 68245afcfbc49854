#pragma once

#include <QObject>
#include <QThreadPool>

#include <chrono>
#include <exception>
#include <functional>
#include <optional>

namespace hyperrig::ui {

// Runs the viewport's scene builds one at a time, so the editor never waits on a frame longer than
// one display refresh (issue 19, docs/decisions/0055): a build runs on the GUI thread while the
// last one took less than the budget (a refresh, 1/60 s), and on a worker thread once one took
// longer, the viewport showing the last scene meanwhile. Requests made while a build runs replace
// one another: only the newest is built next (a dragged slider does not queue up stale poses).
//
// request(build, show): `build` computes into state the caller owns (it may run on the worker, so
// it reads only what stays unchanged until cancelAndWait(): the document and rig, kept still by
// the binding calling cancelAndWait() before any change); `show` then runs on the GUI thread. An
// exception a background build throws is rethrown on the GUI thread, as an inline build's would
// be.
class SceneBuildQueue : public QObject {
    Q_OBJECT
public:
    using Work = std::function<void()>;

    explicit SceneBuildQueue(QObject* parent = nullptr);
    ~SceneBuildQueue() override; // waits for a running build, shows nothing more

    void request(Work build, Work show);
    // Waits for the running build (showing it) and drops the waiting one: before the document or
    // the rig the builds read changes or goes.
    void cancelAndWait();
    bool isBuilding() const { return m_running; }

    // Builds that took longer than this go to the worker next time. Budget 0: every build does;
    // the maximum: none does (the ui tests' default, see setDefaultBudget).
    void setBudget(std::chrono::nanoseconds budget) { m_budget = budget; }
    // The budget new queues start with (1/60 s unless changed).
    static void setDefaultBudget(std::chrono::nanoseconds budget);

signals:
    // After each build's `show` ran.
    void shown();

private:
    struct Job {
        Work build;
        Work show;
    };
    void start(Job job);
    // On the GUI thread once the background build is done: shows it, then starts the waiting job
    // when `next`.
    void complete(bool next);

    QThreadPool m_worker; // one thread
    std::chrono::nanoseconds m_budget;
    std::chrono::nanoseconds m_lastDuration{0};
    bool m_running = false;
    unsigned long long m_generation = 0; // bumped per background start; a stale finish is ignored
    std::optional<Job> m_background;     // the job on the worker, until shown
    std::optional<Job> m_pending;
    unsigned long long m_requests = 0;
    // Written by the worker before it signals the GUI thread (or before waitForDone returns).
    std::chrono::nanoseconds m_backgroundDuration{0};
    std::exception_ptr m_backgroundError;
};

} // namespace hyperrig::ui
