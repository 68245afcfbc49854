target_sources(hyperrig_cli_tests PRIVATE
    cli/CliBasicsTests.cpp
    cli/CliDocumentTests.cpp
    cli/CliEditTests.cpp
    cli/CliPoseTests.cpp
    cli/CliRenderTests.cpp
    cli/CliSkinOpsTests.cpp
    cli/CliSliceTests.cpp
    cli/CliSliceAxesTests.cpp
    core/ops/OpsTestSupport.cpp
    cli/CliValidateTests.cpp
    cli/CliHostileFilesTests.cpp
    cli/CliOptionsTests.cpp
    cli/CliMpfbTests.cpp
    cli/CliGltfTests.cpp
    cli/CliGltfCrossSectionTests.cpp
    cli/CliUsdTests.cpp
    ${PROJECT_SOURCE_DIR}/app/hyperrig-cli/CliOptions.cpp)
