#pragma once

#include "core/base/Contracts.h"
#include "core/base/Error.h"

#include <optional>
#include <type_traits>
#include <utility>

namespace hyperrig::core {

// Result<T> is either a value or an Error: the return type of every operation that can fail for
// reasons outside the program (bad input, unsupported data). Programming errors use the contract
// macros instead. Reading the value of a failed Result (or the error of a successful one) is a
// contract violation, never undefined behaviour.
template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_value(std::move(value)) {}
    Result(Error error) : m_error(std::move(error)) {}

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }

    const T& value() const& {
        HYPERRIG_EXPECTS(ok());
        return *m_value;
    }
    T& value() & {
        HYPERRIG_EXPECTS(ok());
        return *m_value;
    }
    T&& value() && {
        HYPERRIG_EXPECTS(ok());
        return std::move(*m_value);
    }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }

    const Error& error() const {
        HYPERRIG_EXPECTS(!ok());
        return *m_error;
    }

    // Prepends `context` to the error, if any; a successful result passes through unchanged.
    Result withContext(const std::string& context) && {
        if (!ok())
            m_error = std::move(*m_error).withContext(context);
        return std::move(*this);
    }

private:
    std::optional<T> m_value;
    std::optional<Error> m_error;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)) {}

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }

    const Error& error() const {
        HYPERRIG_EXPECTS(!ok());
        return *m_error;
    }

    Result withContext(const std::string& context) && {
        if (!ok())
            m_error = std::move(*m_error).withContext(context);
        return std::move(*this);
    }

private:
    std::optional<Error> m_error;
};

} // namespace hyperrig::core
