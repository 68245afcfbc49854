# core/eval/slice: hyperplane slicing of 4D tetrahedral surfaces into 3D triangles.
target_sources(hyperrig_core PRIVATE)
