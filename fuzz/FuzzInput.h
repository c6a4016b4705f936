//===- FuzzInput.h - shared pieces of kopt's fuzz targets -------*- C++ -*-===//
//
// Loaders that take a path get the fuzzer's bytes through one temporary file per process.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_FUZZ_FUZZINPUT_H
#define KOPT_FUZZ_FUZZINPUT_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace kopt::fuzz {

inline llvm::StringRef bytes(const uint8_t *data, size_t size) {
  return llvm::StringRef(reinterpret_cast<const char *>(data), size);
}

/// Writes the input to this process's temporary file (removed at exit) and returns its path.
inline const std::string &writeInputFile(llvm::StringRef contents, llvm::StringRef suffix) {
  static const std::string path = [&] {
    llvm::SmallString<128> created;
    if (std::error_code error = llvm::sys::fs::createTemporaryFile("kopt-fuzz", suffix, created)) {
      llvm::errs() << "cannot create a temporary file: " << error.message() << "\n";
      std::abort();
    }
    static std::string removeAtExit;
    removeAtExit = created.str().str();
    std::atexit([] { llvm::sys::fs::remove(removeAtExit); });
    return removeAtExit;
  }();
  std::error_code error;
  llvm::raw_fd_ostream out(path, error);
  if (error) {
    llvm::errs() << "cannot write " << path << ": " << error.message() << "\n";
    std::abort();
  }
  out << contents;
  return path;
}

} // namespace kopt::fuzz

#endif // KOPT_FUZZ_FUZZINPUT_H
