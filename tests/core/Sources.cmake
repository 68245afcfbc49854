target_sources(hyperrig_core_tests PRIVATE
    core/math/AffineNTests.cpp
    core/math/BasisDecompositionTests.cpp
    core/math/BasisNTests.cpp
    core/math/Clifford4Tests.cpp
    core/math/DimensionTests.cpp
    core/math/GlmBridgeTests.cpp
    core/math/PerpendicularTests.cpp
    core/math/RotorPropertyTests.cpp
    core/math/RotorTests.cpp
    core/math/VectorNTests.cpp
)
