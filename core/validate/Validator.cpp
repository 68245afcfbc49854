#include "core/validate/Validator.h"

#include "core/validate/RuleCatalog.h"
#include "core/validate/RulePasses.h"

#include <algorithm>
#include <exception>

namespace hyperrig::core::validate {

Diagnostics validateG4mf(const io::G4mfFile& file) {
    Diagnostics result = file.loadDiagnostics;
    try {
        ValidationContext context(file);
        const auto finish = [&result, &context] {
            result.insert(result.end(), std::make_move_iterator(context.diagnostics.begin()),
                          std::make_move_iterator(context.diagnostics.end()));
            context.diagnostics.clear();
        };
        try {
            checkDocumentShape(context);
            if (!context.root.is_object()) {
                finish();
                return result;
            }
            checkAsset(context);
            checkNames(context);
            checkBuffersAndAccessors(context);
            checkNodeTree(context);
            checkTransforms(context);
            checkComponents(context);
            checkBones(context);
            checkSkeletons(context);
            checkMeshes(context);
            checkSkins(context);
            checkSkinBindings(context);
            checkBlendShapes(context);
            checkBindPoses(context);
            checkExtensionUse(context);
        } catch (const std::exception& error) {
            finish();
            result.push_back({rules::kValidatorInternal.severity,
                              std::string(rules::kValidatorInternal.id), "",
                              std::string("the validator stopped early: ") + error.what()});
            return result;
        }
        finish();
    } catch (...) {
        // Out of memory while recording a diagnostic, or an unknown exception: return what
        // there is rather than let a validation request take the application down.
        try {
            result.push_back({rules::kValidatorInternal.severity,
                              std::string(rules::kValidatorInternal.id), "",
                              "the validator stopped early"});
        } catch (...) {
        }
    }
    return result;
}

bool hasNoErrors(const Diagnostics& diagnostics) {
    return std::none_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) {
        return d.severity == Diagnostic::Severity::Error;
    });
}

} // namespace hyperrig::core::validate
