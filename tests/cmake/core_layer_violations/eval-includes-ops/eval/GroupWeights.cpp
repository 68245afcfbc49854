#include "core/ops/MergeMeshes.h"
