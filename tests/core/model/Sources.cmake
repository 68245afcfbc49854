target_sources(hyperrig_core_tests PRIVATE
    core/model/ComponentTypeTests.cpp
    core/model/DocumentTests.cpp
    core/model/NewDocumentTests.cpp
    core/model/NodeTransformTests.cpp
    core/model/SelectionWalkTests.cpp)
