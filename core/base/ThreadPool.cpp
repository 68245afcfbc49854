#include "core/base/ThreadPool.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <utility>

namespace hyperrig::core::base {
namespace {

// The pool whose blocks this thread is running, if any: a parallelFor on that pool from inside
// one of its blocks runs inline, as the pool's threads are busy with the outer call (and the
// calling thread holds its call mutex).
thread_local const ThreadPool* tRunningBlocksOf = nullptr;

class RunningBlocksOf {
public:
    explicit RunningBlocksOf(const ThreadPool* pool) : m_previous(tRunningBlocksOf) {
        tRunningBlocksOf = pool;
    }
    ~RunningBlocksOf() { tRunningBlocksOf = m_previous; }
    RunningBlocksOf(const RunningBlocksOf&) = delete;
    RunningBlocksOf& operator=(const RunningBlocksOf&) = delete;

private:
    const ThreadPool* m_previous;
};

// How long a worker watches for a new job before it sleeps (at start-up, and after each job it
// ran or found finished). Long enough to
// bridge the serial steps between the parallel loops of a frame (a scene build calls parallelFor
// a dozen times, with up to a millisecond between), short enough that an idle editor's workers
// are asleep within a millisecond of the last frame.
constexpr std::chrono::microseconds kWorkerSpin{1000};

void pauseBriefly() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

} // namespace

ThreadPool::ThreadPool(unsigned threads) {
    if (threads == 0) {
        threads = std::max(1U, std::thread::hardware_concurrency());
    }
    m_workers.reserve(threads - 1);
    for (unsigned i = 1; i < threads; ++i) {
        m_workers.emplace_back([this] { workerLoop(); });
    }
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (std::thread& worker : m_workers) {
        worker.join();
    }
}

ThreadPool& ThreadPool::shared() {
    static ThreadPool pool;
    return pool;
}

ThreadPool& ThreadPool::inlinePool() {
    static ThreadPool pool(1);
    return pool;
}

void ThreadPool::parallelFor(std::size_t count, std::size_t grain, const BlockFunction& block) {
    if (count == 0) {
        return;
    }
    grain = std::max<std::size_t>(grain, 1);
    if (m_workers.empty() || count <= grain || tRunningBlocksOf == this) {
        for (std::size_t begin = 0; begin < count; begin += grain) {
            block(begin, std::min(count, begin + grain));
        }
        return;
    }
    std::lock_guard callLock(m_callMutex);
    {
        std::lock_guard lock(m_mutex);
        m_block = &block;
        m_count = count;
        m_grain = grain;
        m_nextBlock = 0;
        m_error = nullptr;
        ++m_generation;
    }
    m_wake.notify_all();
    runBlocks();
    // Every block is claimed now; wait for those the workers are still running.
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [this] { return m_busyWorkers == 0; });
    m_block = nullptr;
    if (m_error) {
        std::rethrow_exception(std::exchange(m_error, nullptr));
    }
}

void ThreadPool::runBlocks() {
    const RunningBlocksOf running(this);
    for (;;) {
        std::size_t begin = 0;
        std::size_t end = 0;
        const BlockFunction* block = nullptr;
        {
            std::lock_guard lock(m_mutex);
            begin = m_nextBlock;
            if (begin >= m_count) {
                return;
            }
            end = std::min(m_count, begin + m_grain);
            m_nextBlock = end;
            block = m_block;
        }
        try {
            (*block)(begin, end);
        } catch (...) {
            std::lock_guard lock(m_mutex);
            if (!m_error) {
                m_error = std::current_exception();
            }
            m_nextBlock = m_count; // stop handing out further blocks
        }
    }
}

void ThreadPool::workerLoop() {
    unsigned long long seen = 0;
    for (;;) {
        // Watch for the next job for a moment before sleeping (kWorkerSpin). Only a shortcut:
        // the wait below decides.
        for (const auto until = std::chrono::steady_clock::now() + kWorkerSpin;
             m_generation.load(std::memory_order_relaxed) == seen && !m_stopping.load() &&
             std::chrono::steady_clock::now() < until;)
            pauseBriefly();
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stopping || m_generation != seen; });
            if (m_stopping) {
                return;
            }
            seen = m_generation;
            // The caller and the other workers may have claimed every block already: then this
            // job is done without us, and its caller is not waiting for us.
            if (m_nextBlock >= m_count) {
                continue;
            }
            ++m_busyWorkers;
        }
        runBlocks();
        {
            std::lock_guard lock(m_mutex);
            --m_busyWorkers;
        }
        m_done.notify_one();
    }
}

} // namespace hyperrig::core::base
