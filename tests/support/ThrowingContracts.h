#pragma once

#include <stdexcept>

namespace hyperrig::test {

// Thrown by the test contract handler: a contract violation inside HyperRig fails the current
// test case (REQUIRE_THROWS_AS can also expect one) instead of aborting the runner.
class ContractViolation : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

void installThrowingContractHandler();

} // namespace hyperrig::test
