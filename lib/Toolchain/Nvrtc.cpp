//===- Nvrtc.cpp - NVRTC, loaded at run time ------------------------------===//
#include "Nvrtc.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <optional>
#include <vector>

using namespace kopt::toolchain;
using llvm::StringRef;

/// The library's names: the development link of a toolkit, else the sonames of the CUDA versions
/// kopt knows (a wheel has only those).
static constexpr const char *kLibraryNames[] = {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"};

/// PyTorch's CUDA wheels' NVRTC folders under the Python installations of the usual prefixes.
static std::vector<std::string> wheelDirectories() {
  std::vector<std::string> roots;
  if (const char *venv = std::getenv("VIRTUAL_ENV"); venv && *venv)
    roots.push_back(std::string(venv) + "/lib");
  // The installation of the python3 in PATH (PREFIX/bin/python3 -> PREFIX/lib): a virtual
  // environment holding torch need not be activated.
  if (llvm::ErrorOr<std::string> python = llvm::sys::findProgramByName("python3")) {
    llvm::SmallString<256> lib(llvm::sys::path::parent_path(llvm::sys::path::parent_path(*python)));
    llvm::sys::path::append(lib, "lib");
    roots.push_back(lib.str().str());
  }
  if (const char *home = std::getenv("HOME"); home && *home)
    roots.push_back(std::string(home) + "/.local/lib");
  for (const char *prefix : {"/usr/local/lib", "/usr/lib", "/opt/conda/lib"})
    roots.push_back(prefix);
  std::vector<std::string> dirs;
  for (const std::string &root : roots) {
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(root, ec), end; it != end && !ec; it.increment(ec)) {
      StringRef python = llvm::sys::path::filename(it->path());
      if (!python.starts_with("python3"))
        continue;
      for (const char *packages : {"site-packages", "dist-packages"})
        for (const char *lib : {"nvidia/cuda_nvrtc/lib", "nvidia/cu13/lib"}) {
          llvm::SmallString<256> dir(it->path());
          llvm::sys::path::append(dir, packages, lib);
          if (llvm::sys::fs::is_directory(dir))
            dirs.push_back(dir.str().str());
        }
    }
  }
  return dirs;
}

/// Opens the first NVRTC that loads and has every function kopt calls.
static llvm::Expected<Nvrtc> openNvrtc(StringRef cudaPath) {
  std::vector<std::string> dirs = {(cudaPath + "/lib64").str(), "/usr/local/cuda/lib64", ""};
  llvm::append_range(dirs, wheelDirectories());
  std::vector<std::string> looked, failures;
  for (const std::string &dir : dirs) {
    looked.push_back(dir.empty() ? "the loader's path" : dir);
    for (const char *name : kLibraryNames) {
      std::string path = dir.empty() ? name : dir + "/" + name;
      if (!dir.empty() && !llvm::sys::fs::exists(path))
        continue;
      void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!library) {
        const char *why = dlerror();
        if (!dir.empty())
          failures.push_back(path + ": " + (why ? why : "cannot load"));
        continue;
      }
      Nvrtc nvrtc;
      bool complete = true;
      auto bind = [&](auto &function, const char *symbol) {
        function =
            reinterpret_cast<std::remove_reference_t<decltype(function)>>(dlsym(library, symbol));
        complete &= function != nullptr;
      };
      bind(nvrtc.createProgram, "nvrtcCreateProgram");
      bind(nvrtc.compileProgram, "nvrtcCompileProgram");
      bind(nvrtc.getProgramLogSize, "nvrtcGetProgramLogSize");
      bind(nvrtc.getProgramLog, "nvrtcGetProgramLog");
      bind(nvrtc.getPTXSize, "nvrtcGetPTXSize");
      bind(nvrtc.getPTX, "nvrtcGetPTX");
      bind(nvrtc.destroyProgram, "nvrtcDestroyProgram");
      bind(nvrtc.version, "nvrtcVersion");
      if (!complete || nvrtc.version(&nvrtc.major, &nvrtc.minor) != 0) {
        failures.push_back(path + ": not a usable NVRTC");
        dlclose(library);
        continue;
      }
      nvrtc.path = path;
      return nvrtc;
    }
  }
  std::string message = "no libnvrtc (looked in " + llvm::join(looked, ", ") + ")";
  for (const std::string &failure : failures)
    message += "; " + failure;
  return llvm::createStringError(message);
}

llvm::Expected<const Nvrtc &> kopt::toolchain::loadNvrtc(StringRef cudaPath) {
  static std::once_flag once;
  static std::optional<Nvrtc> loaded;
  static std::string error;
  std::call_once(once, [&] {
    llvm::Expected<Nvrtc> nvrtc = openNvrtc(cudaPath);
    if (nvrtc)
      loaded = std::move(*nvrtc);
    else
      error = llvm::toString(nvrtc.takeError());
  });
  if (!loaded)
    return llvm::createStringError(error);
  return *loaded;
}
