#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace hyperrig::core::base {

// A persistent pool for data-parallel kernels (skinning, slicing): workers start once and wait on
// a condition variable, so a frame pays no thread start-up (performance-notes.md §6: start-up
// dominates small workloads). parallelFor splits [0, count) into blocks of `grain` items that the
// calling thread and the workers claim from a shared counter until none are left; it returns when
// every block has run, without waiting for workers that claimed none (a sleeping worker takes
// tens of microseconds to wake on a virtual machine, longer than many jobs). Before it sleeps,
// a worker watches for a new job for a moment (kWorkerSpin), at start-up and after each job it
// ran or found finished: a frame calls parallelFor a dozen times in a row, and each call would
// otherwise pay that wake-up. One
// parallelFor at a time per pool (calls from several threads are serialised); a parallelFor on the
// same pool from inside one of its blocks runs inline on that block's thread, so nested use cannot
// wait for itself. Not supported: calling back into a pool from the worker threads of another pool
// that one of its blocks is waiting for (a deadlock). In core/base because it knows nothing of
// documents or rigs: skinning, slicing, the skin check of every mesh edit, scene builds and the ui
// all share it (decision 0063).
class ThreadPool {
public:
    // `threads` counts the calling thread: 1 runs everything inline, 0 means one per hardware
    // thread.
    explicit ThreadPool(unsigned threads = 0);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    unsigned threadCount() const { return static_cast<unsigned>(m_workers.size()) + 1; }

    using BlockFunction = std::function<void(std::size_t begin, std::size_t end)>;
    // Runs `block(begin, end)` over consecutive ranges covering [0, count), each at most `grain`
    // long (grain 0 is treated as 1). Blocks may run in any order on any thread. An exception
    // thrown by a block is rethrown here after all blocks finished (the first one wins).
    void parallelFor(std::size_t count, std::size_t grain, const BlockFunction& block);

    // A pool shared by the whole process (eval, edit, ops, render, ui), sized to the hardware.
    static ThreadPool& shared();
    // A pool of one thread, which runs every block on the caller: what the serial overloads of
    // parallel code pass, so that one code path serves both.
    static ThreadPool& inlinePool();

private:
    void workerLoop();
    void runBlocks();

    std::vector<std::thread> m_workers;
    std::mutex m_callMutex; // serialises parallelFor callers

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    // Written under m_mutex; atomic because a spinning worker reads them without it.
    std::atomic<bool> m_stopping = false;
    std::atomic<unsigned long long> m_generation = 0; // bumped per parallelFor
    unsigned m_busyWorkers = 0;                       // workers running blocks of the current job

    // The current job, valid while m_generation is current.
    const BlockFunction* m_block = nullptr;
    std::size_t m_count = 0;
    std::size_t m_grain = 1;
    std::size_t m_nextBlock = 0; // guarded by m_mutex: claiming is cheap next to a block's work
    std::exception_ptr m_error;
};

} // namespace hyperrig::core::base
