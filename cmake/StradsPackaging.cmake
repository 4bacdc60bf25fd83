# StradsPackaging.cmake - install rules that make an installed strads usable
# from other builds (docs/design.md §10): P/lib/cmake/Strads/ for find_package(Strads)
# and P/lib/pkgconfig/strads.pc. The library targets join the StradsTargets
# export set in the top-level CMakeLists.txt (install(TARGETS ... EXPORT));
# strads-run joins it in launcher/, which includes this file.
# Only an install tree is exported: tools in the build tree find what they
# need relative to themselves, and no project builds against a build tree.
include(CMakePackageConfigHelpers)

set(_strads_cmake_dir lib/cmake/Strads)

install(EXPORT StradsTargets NAMESPACE Strads:: DESTINATION ${_strads_cmake_dir})

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/StradsConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/StradsConfig.cmake
  INSTALL_DESTINATION ${_strads_cmake_dir}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR)
# 0.x: a minor version may break the ABI (STRADS_ABI_VERSION), so only the
# same major.minor is compatible.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/StradsConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/StradsConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/StradsConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/StradsMacros.cmake
        DESTINATION ${_strads_cmake_dir})

configure_file(${PROJECT_SOURCE_DIR}/cmake/strads.pc.in ${PROJECT_BINARY_DIR}/lib/pkgconfig/strads.pc
               @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/lib/pkgconfig/strads.pc DESTINATION lib/pkgconfig)
