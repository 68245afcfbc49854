# .usda import (docs/interop-usd.md). Listed after every other core folder so that adding these
# files only appends unity batches instead of reshuffling the existing ones.
target_sources(hyperrig_core PRIVATE
    io/usd/UsdaLexer.cpp
    io/usd/UsdaParser.cpp
    io/usd/UsdImport.cpp
    io/usd/UsdMath.cpp
    io/usd/UsdMeshes.cpp
    io/usd/UsdSkeletons.cpp
    io/usd/UsdStage.cpp
    io/usd/UsdValueJson.cpp)
# .usda export (appended so the import's batches stay as they were).
target_sources(hyperrig_core PRIVATE
    io/usd/UsdaText.cpp
    io/usd/UsdKeptText.cpp
    io/usd/UsdExport.cpp
    io/usd/UsdExportSkeletons.cpp
    io/usd/UsdExportMeshes.cpp
    io/usd/UsdExportBlendShapes.cpp)
