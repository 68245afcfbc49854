#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThreadPool>

#include <functional>
#include <memory>

namespace hyperrig::ui {

// Runs `work` on Qt's global thread pool and hands its result to `then` on `owner`'s thread (the
// GUI thread) once it is done; nothing is delivered if `owner` is gone by then. `work` must not
// touch the live document or any widget: it gets copies (file names, encoded bytes). The result
// travels in a shared_ptr, so move-only results (Result<ReadDocument>) pass through QFuture.
template <typename T>
void runInBackground(QObject* owner, std::function<T()> work, std::function<void(T)> then) {
    auto promise = std::make_shared<QPromise<std::shared_ptr<T>>>();
    auto* watcher = new QFutureWatcher<std::shared_ptr<T>>(owner);
    QObject::connect(watcher, &QFutureWatcherBase::finished, owner, [watcher, then] {
        std::shared_ptr<T> result = watcher->future().result();
        watcher->deleteLater();
        then(std::move(*result));
    });
    watcher->setFuture(promise->future());
    promise->start();
    QThreadPool::globalInstance()->start([promise, work] {
        promise->addResult(std::make_shared<T>(work()));
        promise->finish();
    });
}

} // namespace hyperrig::ui
