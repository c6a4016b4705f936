# Links kopt against LLVM's static component archives instead of libLLVM.so, and libstdc++/libgcc
# statically, so that the binary runs on a machine with no LLVM installed.
#
# Debian's MLIRTargets.cmake names the imported shared target `LLVM` (libLLVM.so) in the link
# interface of every MLIR library; those edges are rewritten to an interface target that lists only
# the LLVM components kopt needs.
set(LLVM_LINK_LLVM_DYLIB OFF)
llvm_map_components_to_libnames(KOPT_LLVM_STATIC_LIBS
  Core Support Demangle TargetParser BinaryFormat AsmParser IRReader
  BitReader BitWriter Linker Passes IPO FrontendOpenMP MC MCParser Target
  NVPTX)
add_library(kopt_llvm_static INTERFACE)
target_link_libraries(kopt_llvm_static INTERFACE ${KOPT_LLVM_STATIC_LIBS})

# LLVMSupport's interface names zstd::libzstd_shared; bind it if LLVMConfig could not.
if(NOT TARGET zstd::libzstd_shared)
  find_library(KOPT_ZSTD_SO NAMES zstd libzstd.so.1 REQUIRED)
  add_library(zstd::libzstd_shared SHARED IMPORTED)
  set_target_properties(zstd::libzstd_shared PROPERTIES IMPORTED_LOCATION ${KOPT_ZSTD_SO})
endif()

# LLVMSupport lists libz3 (only its Z3 solver needs it; MLIR never does).
get_target_property(_kopt_support_libs LLVMSupport INTERFACE_LINK_LIBRARIES)
list(FILTER _kopt_support_libs EXCLUDE REGEX "z3")
set_target_properties(LLVMSupport PROPERTIES INTERFACE_LINK_LIBRARIES "${_kopt_support_libs}")

get_directory_property(_kopt_imported IMPORTED_TARGETS)
foreach(_t IN LISTS _kopt_imported)
  get_target_property(_l ${_t} INTERFACE_LINK_LIBRARIES)
  if(_l)
    list(TRANSFORM _l REPLACE "^LLVM$" "kopt_llvm_static")
    list(TRANSFORM _l REPLACE "^\\$<LINK_ONLY:LLVM>$" "$<LINK_ONLY:kopt_llvm_static>")
    set_target_properties(${_t} PROPERTIES INTERFACE_LINK_LIBRARIES "${_l}")
  endif()
endforeach()

add_link_options(-static-libstdc++ -static-libgcc -no-pie LINKER:--as-needed)
set(CMAKE_SKIP_RPATH ON)
