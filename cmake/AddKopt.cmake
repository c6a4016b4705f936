# add_kopt_library(name source... [DEPENDS target...] [LINK_LIBS lib...]
#                  [MLIR_LIBS lib...] [LLVM_COMPONENTS component...])
#
# A static kopt library, installed into the KoptTargets export set so that outside projects can
# link it through find_package(Kopt). MLIR libraries go through mlir_target_link_libraries (one
# libMLIR.so in the developer preset); LLVM components link the LLVM dylib when LLVM is linked
# that way, so that no process ends up with two copies of LLVMSupport.
function(add_kopt_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS;MLIR_LIBS;LLVM_COMPONENTS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/dialects>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/dialects>
    $<INSTALL_INTERFACE:include>)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  if(ARG_LINK_LIBS)
    target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  endif()
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  endif()
  if(ARG_LLVM_COMPONENTS)
    if(LLVM_LINK_LLVM_DYLIB)
      target_link_libraries(${name} PUBLIC LLVM)
    else()
      llvm_map_components_to_libnames(_libs ${ARG_LLVM_COMPONENTS})
      target_link_libraries(${name} PUBLIC ${_libs})
    endif()
  endif()
  install(TARGETS ${name} EXPORT KoptTargets ARCHIVE DESTINATION lib)
endfunction()

# kopt_tablegen(output backend-option...)
#
# Runs kopt-tblgen on LLVM_TARGET_DEFINITIONS, as mlir_tablegen runs mlir-tblgen; collect the
# outputs with add_public_tablegen_target.
function(kopt_tablegen ofn)
  tablegen(KOPT ${ARGV})
  set(TABLEGEN_OUTPUT ${TABLEGEN_OUTPUT} ${CMAKE_CURRENT_BINARY_DIR}/${ofn} PARENT_SCOPE)
endfunction()
