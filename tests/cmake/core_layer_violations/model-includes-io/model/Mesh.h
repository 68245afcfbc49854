#include "core/io/g4mf/G4mfFile.h"
