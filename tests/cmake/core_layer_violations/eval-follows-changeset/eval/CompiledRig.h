#include "core/edit/ChangeSet.h"
#include "core/model/Document.h"
