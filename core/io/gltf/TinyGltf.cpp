// tinygltf is header-only: its implementation is compiled once, here.
#define TINYGLTF_IMPLEMENTATION
#include "core/io/gltf/TinyGltf.h"
