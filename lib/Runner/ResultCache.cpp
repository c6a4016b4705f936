//===- ResultCache.cpp - measured results kept across runs ----------------===//
#include "kopt/Runner/ResultCache.h"
#include "kopt/Support/Input.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

using namespace llvm;
using namespace kopt::runner;

std::string ResultKey::digest() const {
  SHA256 hasher;
  // Length-prefixed fields, so that no two keys run together into the same bytes.
  for (StringRef field :
       {StringRef("kopt-results-1"), StringRef(op), StringRef(device), StringRef(task),
        StringRef(ptx), StringRef(launch), StringRef(settings)}) {
    hasher.update(formatv("{0}:", field.size()).str());
    hasher.update(field);
  }
  std::array<uint8_t, 32> hash = hasher.final();
  return toHex(hash, /*LowerCase=*/true);
}

std::string kopt::runner::hashText(StringRef text) {
  return toHex(SHA256::hash(arrayRefFromStringRef(text)), /*LowerCase=*/true);
}

std::string kopt::runner::defaultCachePath() {
  SmallString<256> path;
  if (!sys::path::cache_directory(path))
    return "";
  sys::path::append(path, "kopt", "results.jsonl");
  return std::string(path);
}

ResultCache ResultCache::load(StringRef path, std::vector<std::string> &warnings) {
  // Results appended to a device or a pipe are not read back by a later run, and reading one
  // whole may never end (/dev/zero): a cache is a regular file or does not exist yet.
  sys::fs::file_status status;
  if (!sys::fs::status(path, status) && status.type() != sys::fs::file_type::regular_file) {
    warnings.push_back(formatv("result cache {0} is not a regular file; results are not cached",
                               path));
    return ResultCache();
  }
  ResultCache cache;
  cache.path = path.str();
  Expected<std::unique_ptr<MemoryBuffer>> buffer = kopt::readInputFile(path);
  if (!buffer) {
    handleAllErrors(buffer.takeError(), [&](const ErrorInfoBase &error) {
      if (error.convertToErrorCode() != std::errc::no_such_file_or_directory)
        warnings.push_back(formatv("cannot read result cache {0}: {1}; starting empty", path,
                                   error.message()));
    });
    return cache;
  }
  SmallVector<StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (size_t index = 0; index < lines.size(); ++index) {
    StringRef line = lines[index];
    if (line.trim().empty())
      continue;
    auto skip = [&](const Twine &why) {
      warnings.push_back(
          formatv("{0}:{1}: corrupt result cache entry skipped ({2})", path, index + 1, why.str()));
    };
    Expected<json::Value> value = kopt::parseJson(line);
    if (!value) {
      skip(toString(value.takeError()));
      continue;
    }
    json::Object *entry = value->getAsObject();
    std::optional<StringRef> key = entry ? entry->getString("key") : std::nullopt;
    json::Value *result = entry ? entry->get("result") : nullptr;
    if (!key || !result) {
      skip("no \"key\" or \"result\"");
      continue;
    }
    cache.entries.insert_or_assign(*key, std::move(*result));
  }
  return cache;
}

const json::Value *ResultCache::lookup(StringRef key) const {
  auto entry = entries.find(key);
  return entry == entries.end() ? nullptr : &entry->second;
}

Error ResultCache::append(StringRef key, json::Object context, json::Value result) {
  if (!isEnabled())
    return Error::success();
  if (!out) {
    StringRef folder = sys::path::parent_path(path);
    if (!folder.empty())
      if (std::error_code error = sys::fs::create_directories(folder))
        return createStringError(error, "cannot create the folder of " + path);
    std::error_code error;
    out = std::make_unique<raw_fd_ostream>(path, error, sys::fs::OF_Append | sys::fs::OF_Text);
    if (error) {
      out.reset();
      return createStringError(error, "cannot open " + path);
    }
    out->SetUnbuffered(); // each line goes out in one write, as soon as it is complete
  }
  json::Object line = std::move(context);
  line["key"] = key;
  line["result"] = result;
  // One write per line: with O_APPEND, concurrent kopt processes do not interleave lines.
  *out << formatv("{0}\n", json::Value(std::move(line))).str();
  if (out->has_error()) {
    std::error_code error = out->error();
    out->clear_error();
    return createStringError(error, "cannot write " + path);
  }
  entries.insert_or_assign(key, std::move(result));
  return Error::success();
}
