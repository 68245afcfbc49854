#include "core/base/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <vector>

using namespace hyperrig::core;

TEST_CASE("the thread pool covers every item once and passes exceptions on", "[base][pool]") {
    base::ThreadPool pool(4);
    CHECK(pool.threadCount() == 4);
    std::vector<int> hits(10'007, 0);
    for (int round = 0; round < 20; ++round)
        pool.parallelFor(hits.size(), 100, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i)
                ++hits[i];
        });
    CHECK(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 20; }));
    CHECK_THROWS_WITH(pool.parallelFor(1000, 10,
                                       [](std::size_t begin, std::size_t) {
                                           if (begin == 500)
                                               throw std::runtime_error("block 500 failed");
                                       }),
                      "block 500 failed");
    // The pool still works after a failed job.
    std::size_t total = 0;
    std::mutex lock;
    pool.parallelFor(1000, 7, [&](std::size_t begin, std::size_t end) {
        std::lock_guard guard(lock);
        total += end - begin;
    });
    CHECK(total == 1000);
}

TEST_CASE("a parallelFor inside a block of the same pool runs inline", "[base][pool]") {
    // The edit commands' skin check uses the shared pool; a command applied from inside a block
    // must not wait for the pool that is running it (the outer call holds the call mutex).
    base::ThreadPool pool(3);
    std::vector<std::atomic<int>> hits(64 * 50);
    pool.parallelFor(64, 1, [&](std::size_t begin, std::size_t end) {
        for (std::size_t outer = begin; outer < end; ++outer)
            pool.parallelFor(50, 7, [&](std::size_t innerBegin, std::size_t innerEnd) {
                for (std::size_t inner = innerBegin; inner < innerEnd; ++inner)
                    ++hits[outer * 50 + inner];
            });
    });
    CHECK(std::all_of(hits.begin(), hits.end(), [](const std::atomic<int>& h) { return h == 1; }));
    // A nested failure reaches the outer caller.
    CHECK_THROWS_WITH(pool.parallelFor(8, 1,
                                       [&](std::size_t, std::size_t) {
                                           pool.parallelFor(10, 1, [](std::size_t b, std::size_t) {
                                               if (b == 3)
                                                   throw std::runtime_error("inner block failed");
                                           });
                                       }),
                      "inner block failed");

    // Afterwards the calling thread is no longer inside the pool's blocks: a call runs on the
    // workers again. Block 0 waits for block 1, which only another thread can run meanwhile.
    std::mutex mutex;
    std::condition_variable blockOneRan;
    bool ran = false;
    bool waitedInVain = false;
    pool.parallelFor(2, 1, [&](std::size_t begin, std::size_t) {
        std::unique_lock lock(mutex);
        if (begin == 1) {
            ran = true;
            blockOneRan.notify_all();
        } else if (!blockOneRan.wait_for(lock, std::chrono::seconds(30), [&] { return ran; })) {
            waitedInVain = true;
        }
    });
    CHECK_FALSE(waitedInVain);
}

TEST_CASE("back-to-back small jobs run every block once, whoever runs them", "[base][pool]") {
    // Jobs with fewer blocks than threads, one after another: workers still waking for one job
    // find it finished (its caller did not wait for them) or meet the next one; either way each
    // block of each job runs exactly once and every call returns.
    base::ThreadPool pool(4);
    std::vector<std::atomic<int>> runs(3);
    for (int job = 0; job < 20'000; ++job) {
        const std::size_t blocks = 1 + static_cast<std::size_t>(job % 3);
        pool.parallelFor(blocks, 1, [&](std::size_t begin, std::size_t end) {
            for (std::size_t b = begin; b < end; ++b)
                ++runs[b];
        });
    }
    // Blocks 0, 1 and 2 belong to 20,000, 13,333 and 6,666 of the jobs.
    CHECK(runs[0] == 20'000);
    CHECK(runs[1] == 13'333);
    CHECK(runs[2] == 6'666);
}
