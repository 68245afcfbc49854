#include "ui/viewport/SceneBuildQueue.h"

#include <utility>

namespace hyperrig::ui {
namespace {

using SceneBuildClock = std::chrono::steady_clock;

// One refresh of a 60 Hz display.
std::chrono::nanoseconds s_defaultSceneBuildBudget{16'666'667};

} // namespace

SceneBuildQueue::SceneBuildQueue(QObject* parent)
    : QObject(parent), m_budget(s_defaultSceneBuildBudget) {
    m_worker.setMaxThreadCount(1);
}

SceneBuildQueue::~SceneBuildQueue() {
    m_pending.reset();
    m_worker.waitForDone();
}

void SceneBuildQueue::setDefaultBudget(std::chrono::nanoseconds budget) {
    s_defaultSceneBuildBudget = budget;
}

void SceneBuildQueue::request(Work build, Work show) {
    ++m_requests;
    if (m_running) {
        m_pending = Job{std::move(build), std::move(show)}; // replaces an older waiting one
        return;
    }
    start(Job{std::move(build), std::move(show)});
}

void SceneBuildQueue::start(Job job) {
    if (m_lastDuration < m_budget) {
        const auto begin = SceneBuildClock::now();
        job.build();
        m_lastDuration = SceneBuildClock::now() - begin;
        job.show();
        emit shown();
        return;
    }
    m_running = true;
    const unsigned long long generation = ++m_generation;
    m_background = std::move(job);
    m_worker.start([this, generation] {
        const auto begin = SceneBuildClock::now();
        try {
            m_background->build();
        } catch (...) {
            m_backgroundError = std::current_exception();
        }
        m_backgroundDuration = SceneBuildClock::now() - begin;
        // Queued to this object: dropped if it is gone by then (its destructor waited for us).
        QMetaObject::invokeMethod(
            this,
            [this, generation] {
                if (m_running && generation == m_generation)
                    complete(true);
            },
            Qt::QueuedConnection);
    });
}

void SceneBuildQueue::cancelAndWait() {
    m_pending.reset();
    if (!m_running)
        return;
    m_worker.waitForDone();
    complete(false);
}

void SceneBuildQueue::complete(bool next) {
    m_running = false;
    m_lastDuration = m_backgroundDuration;
    Job job = std::move(*m_background);
    m_background.reset();
    if (m_backgroundError)
        std::rethrow_exception(std::exchange(m_backgroundError, nullptr));
    std::optional<Job> waiting;
    if (next)
        waiting.swap(m_pending);
    const unsigned long long requestsBefore = m_requests;
    job.show();
    emit shown();
    // A request made by `show` itself is newer than the waiting one, which is then dropped.
    if (waiting && m_requests == requestsBefore)
        start(std::move(*waiting));
}

} // namespace hyperrig::ui
