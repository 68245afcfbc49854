target_sources(hyperrig_core_tests PRIVATE
    core/validate/ValidatorBehaviourTests.cpp
    core/validate/ValidatorFixtureTests.cpp
    core/validate/ValidatorJointsTests.cpp
    core/validate/ValidatorRobustnessTests.cpp
    core/validate/ValidatorSampleTests.cpp)
