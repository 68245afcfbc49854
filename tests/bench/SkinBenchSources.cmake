target_sources(hyperrig_bench_eval PRIVATE SkinBench.cpp)
