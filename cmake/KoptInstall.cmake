# find_package(Kopt): the kopt libraries, the kb dialect's headers and the kopt tool.
include(CMakePackageConfigHelpers)
set(KOPT_INSTALL_CMAKE_DIR lib/cmake/kopt)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/kopt DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/kopt DESTINATION include
  FILES_MATCHING PATTERN "*.inc" PATTERN "CMakeFiles" EXCLUDE)
# The protocol definition kopt shares with kopt-runner (kopt/Runner/Messages.h includes it).
install(FILES ${PROJECT_SOURCE_DIR}/protocol/kopt_runner_protocol.h
  ${PROJECT_SOURCE_DIR}/protocol/kopt_runner_json_llvm.h DESTINATION include)
install(TARGETS kopt_protocol EXPORT KoptTargets)
install(EXPORT KoptTargets NAMESPACE Kopt:: DESTINATION ${KOPT_INSTALL_CMAKE_DIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/KoptConfig.cmake.in
  ${PROJECT_BINARY_DIR}/KoptConfig.cmake INSTALL_DESTINATION ${KOPT_INSTALL_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/KoptConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/KoptConfig.cmake ${PROJECT_BINARY_DIR}/KoptConfigVersion.cmake
  DESTINATION ${KOPT_INSTALL_CMAKE_DIR})
