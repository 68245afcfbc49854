#include "core/edit/commands/RestPoseCommand.h"
