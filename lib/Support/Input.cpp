//===- Input.cpp - reading text that comes from outside kopt --------------===//
#include "kopt/Support/Input.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

Expected<json::Value> kopt::parseJson(StringRef text, unsigned maxDepth) {
  unsigned depth = 0;
  bool inString = false, escaped = false;
  for (size_t offset = 0; offset < text.size(); ++offset) {
    char c = text[offset];
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth)
        return createStringError(
            inconvertibleErrorCode(),
            formatv("arrays and objects nested deeper than {0} levels (at byte {1})", maxDepth,
                    offset));
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth; // an unbalanced one is json::parse's to report
    }
  }
  return json::parse(text);
}

Expected<std::unique_ptr<MemoryBuffer>> kopt::readInputFile(StringRef path, bool allowStdin,
                                                            uint64_t maxBytes) {
  bool fromStdin = allowStdin && path == "-";
  sys::fs::file_t file = sys::fs::getStdinHandle();
  if (!fromStdin) {
    Expected<sys::fs::file_t> opened = sys::fs::openNativeFileForRead(path);
    if (!opened)
      return opened.takeError();
    file = *opened;
  }
  scope_exit close([&] {
    if (!fromStdin)
      sys::fs::closeFile(file);
  });
  sys::fs::file_status status;
  if (std::error_code error = sys::fs::status(file, status))
    return errorCodeToError(error);
  auto tooLarge = [&] {
    return createStringError(std::make_error_code(std::errc::file_too_large),
                             formatv("larger than {0} bytes, the limit", maxBytes).str());
  };

  if (status.type() == sys::fs::file_type::regular_file) {
    if (status.getSize() > maxBytes)
      return tooLarge();
    ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
        MemoryBuffer::getOpenFile(file, path, status.getSize());
    if (!buffer)
      return errorCodeToError(buffer.getError());
    return std::move(*buffer);
  }
  // A pipe has no size to check first: read it in chunks until its end or the limit. Standard
  // input may be anything the shell redirected, so it is read the same way.
  if (!fromStdin && status.type() != sys::fs::file_type::fifo_file)
    return createStringError(std::make_error_code(std::errc::invalid_argument),
                             "not a regular file or a pipe");
  constexpr size_t chunk = 1 << 16;
  SmallVector<char, 0> contents;
  while (true) {
    size_t size = contents.size();
    contents.resize_for_overwrite(size + chunk);
    Expected<size_t> read =
        sys::fs::readNativeFile(file, MutableArrayRef<char>(contents.data() + size, chunk));
    if (!read)
      return read.takeError();
    contents.truncate(size + *read);
    if (contents.size() > maxBytes)
      return tooLarge();
    if (*read == 0)
      break;
  }
  return MemoryBuffer::getMemBufferCopy(StringRef(contents.data(), contents.size()), path);
}
