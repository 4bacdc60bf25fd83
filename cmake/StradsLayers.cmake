# The layers of libstrads and the only edges allowed between them (each may
# include and call the layers it lists, and include/ (strads.h, strads_generated.h); never upward).
# Read by the top CMakeLists.txt (target_link_libraries between the layer
# libraries) and by cmake/CheckLayers.cmake (every #include of every file).
# docs/internals.md draws the same picture.
set(STRADS_LAYERS core scheduler dds replay engine)
set(STRADS_LAYER_USES_core "")
set(STRADS_LAYER_USES_scheduler "")
set(STRADS_LAYER_USES_dds "core")
set(STRADS_LAYER_USES_replay "core;dds")
set(STRADS_LAYER_USES_engine "core;dds;scheduler;replay")
