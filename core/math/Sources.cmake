target_sources(hyperrig_core PRIVATE
    math/AffineN.cpp
    math/BasisDecomposition.cpp
    math/BasisN.cpp
    math/Clifford4.cpp
    math/Dimension.cpp
    math/GlmBridge.cpp
    math/NumberFormat.cpp
    math/Perpendicular.cpp
    math/PlaneRotation.cpp
    math/Rotor.cpp
    math/VectorN.cpp
)
