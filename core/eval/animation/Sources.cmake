# core/eval/animation: sampling the animations the USD import keeps on skeletons. Included after
# io/usd so that these files append unity batches instead of reshuffling the others.
target_sources(hyperrig_core PRIVATE
    eval/animation/SkelAnimationSample.cpp)
