//===- Input.h - reading text that comes from outside kopt ------*- C++ -*-===//
//
// Samples files, server responses, runner replies, result caches, measurements and policy files
// are written by other programs, or by no program at all. llvm::json::parse recurses once per
// nested array or object, so text nested tens of thousands deep overflows the stack; and reading
// a device such as /dev/zero whole never ends. kopt reads such text through these two functions.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_SUPPORT_INPUT_H
#define KOPT_SUPPORT_INPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>

namespace kopt {

/// The deepest nesting of arrays and objects accepted in JSON that comes from outside.
inline constexpr unsigned kMaxJsonDepth = 256;

/// llvm::json::parse, after refusing text whose arrays and objects (counted outside strings)
/// nest deeper than `maxDepth`; that error names the byte offset where the limit is passed.
llvm::Expected<llvm::json::Value> parseJson(llvm::StringRef text,
                                            unsigned maxDepth = kMaxJsonDepth);

/// The largest file kopt reads whole: 1 GiB.
inline constexpr uint64_t kMaxInputFileBytes = uint64_t(1) << 30;

/// The contents of the file at `path` (of standard input for "-" when `allowStdin`), read whole.
/// Refuses a path that is neither a regular file nor a pipe (a directory, a device such as
/// /dev/zero) and contents larger than `maxBytes`. The error says why without naming the path,
/// for the caller to say what the file was for; it carries the system's error code where there
/// is one (no_such_file_or_directory for a missing file).
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef path, bool allowStdin = false,
              uint64_t maxBytes = kMaxInputFileBytes);

} // namespace kopt

#endif // KOPT_SUPPORT_INPUT_H
