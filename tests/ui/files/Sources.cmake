target_sources(hyperrig_ui_tests PRIVATE
    ui/files/GltfImportActionTests.cpp
    ui/files/ImportedDocumentSessionTests.cpp
    ui/files/InteropDialogNamesTests.cpp
    ui/files/InteropExportActionTests.cpp
    ui/files/MpfbImportActionTests.cpp)
