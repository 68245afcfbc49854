#include "app/hyperrig-cli/Commands.h"
#include "app/hyperrig-cli/DocumentFiles.h"
#include "core/ops/DimensionLift.h"

#include <cmath>
#include <cstdlib>

namespace hyperrig::cli {
namespace {

int runLift(const ParsedOptions& options, CliContext& context) {
    const std::string& input = options.positionals()[0];
    const auto output = options.value("output");
    if (!output) {
        std::fprintf(context.err, "hyperrig-cli: lift: -o OUT is required\n");
        return kExitUnreadable;
    }
    core::ops::LiftOptions lift;
    if (const auto thickness = options.value("thickness")) {
        char* end = nullptr;
        const double value = std::strtod(thickness->c_str(), &end);
        if (end == thickness->c_str() || *end != '\0' || !std::isfinite(value) || value <= 0.0) {
            std::fprintf(context.err,
                         "hyperrig-cli: lift: --thickness is a positive number of metres, not "
                         "'%s'\n",
                         thickness->c_str());
            return kExitUnreadable;
        }
        lift.thickness = value;
    }
    const bool down = options.flag("down");
    if (down && lift.thickness) {
        std::fprintf(context.err, "hyperrig-cli: lift: --thickness goes with lifting up\n");
        return kExitUnreadable;
    }
    auto read = readDocumentFile(input, options, context);
    if (!read)
        return kExitUnreadable;
    auto changed =
        down ? core::ops::dropTo3D(read->document) : core::ops::liftTo4D(read->document, lift);
    if (!changed) {
        std::fprintf(context.err, "hyperrig-cli: lift: %s\n", changed.error().message().c_str());
        return kExitFailure;
    }
    return writeLikeInput(*changed, *read, *output, context);
}

} // namespace

CliCommand liftCommand() {
    return {"lift", "lift IN -o OUT [--thickness METRES] | lift IN --down -o OUT",
            "embed a 3D document into 4D at W = 0 (triangle meshes become a slab of tetrahedra "
            "--thickness thick), or --down: a 4D rig whose W components are all zero back to 3D",
            OptionSpec{{"down"}, {"thickness", "output"}, 1, 1, {{'o', "output"}}}, &runLift};
}

} // namespace hyperrig::cli
