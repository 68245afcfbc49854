# Slicing benchmarks; the mesh generator is shared with the slicing tests.
target_sources(hyperrig_bench_eval PRIVATE
    SliceBench.cpp
    ../core/eval/TetMeshFixtures.cpp)
