#pragma once

// The one place core includes Debian's tinygltf (libtinygltf-dev). It is a system header, so its
// own warnings stay quiet; images are never decoded (HyperRig keeps them as they are written),
// and it reaches files only through the callbacks GltfFile.cpp gives it.
#define TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#include <tiny_gltf.h>
