//===- ResultCache.h - measured results kept across runs --------*- C++ -*-===//
//
// A JSON Lines file of results, one object per line: {"key", "op", ..., "result"}. Every result is
// appended and flushed as it arrives, so nothing measured is lost if kopt dies; on loading, later
// lines win and a corrupt line is skipped with a warning.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_RESULTCACHE_H
#define KOPT_RUNNER_RESULTCACHE_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace kopt::runner {

/// Everything a result depends on. The passes fill it: the device's identity, a hash of the task
/// as printed, a hash of the PTX, the launch plan as printed, and the request settings.
struct ResultKey {
  std::string op; // verify or time
  std::string device, task, ptx, launch, settings;

  /// A SHA-256 digest of the fields, in hex.
  std::string digest() const;
};

/// A SHA-256 digest of `text`, in hex: how PTX and printed tasks enter keys.
std::string hashText(llvm::StringRef text);

/// $XDG_CACHE_HOME/kopt/results.jsonl, else ~/.cache/kopt/results.jsonl; "" when neither is known.
std::string defaultCachePath();

class ResultCache {
public:
  /// No cache: every lookup misses and appends are dropped.
  ResultCache() = default;
  ResultCache(ResultCache &&) = default;
  ResultCache &operator=(ResultCache &&) = default;

  /// The cache kept in `path`; a missing file is an empty cache. Each line skipped (corrupt, or
  /// a file that cannot be read) adds one message to `warnings`. A path that is not a regular
  /// file (a device such as /dev/full, a pipe, a folder) keeps no cache, with one warning.
  static ResultCache load(llvm::StringRef path, std::vector<std::string> &warnings);

  bool isEnabled() const { return !path.empty(); }
  llvm::StringRef getPath() const { return path; }
  size_t size() const { return entries.size(); }

  /// The result stored under `key`, if any.
  const llvm::json::Value *lookup(llvm::StringRef key) const;

  /// Stores `result` under `key` and appends it to the file at once, with `context` (what it is
  /// for, for people reading the file) beside it. Creates the file and its folder if needed.
  llvm::Error append(llvm::StringRef key, llvm::json::Object context, llvm::json::Value result);

private:
  std::string path;
  llvm::StringMap<llvm::json::Value> entries;
  std::unique_ptr<llvm::raw_fd_ostream> out; // opened on the first append
};

} // namespace kopt::runner

#endif // KOPT_RUNNER_RESULTCACHE_H
