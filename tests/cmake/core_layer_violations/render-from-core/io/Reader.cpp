#include "render/gl/Gl.h"
