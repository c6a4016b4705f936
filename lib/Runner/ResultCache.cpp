//===- ResultCache.cpp - measured results kept across runs ----------------===//
#include "kopt/Runner/ResultCache.h"

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
  ResultCache cache;
  cache.path = path.str();
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    if (buffer.getError() != std::errc::no_such_file_or_directory)
      warnings.push_back(formatv("cannot read result cache {0}: {1}; starting empty", path,
                                 buffer.getError().message()));
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
    Expected<json::Value> value = json::parse(line);
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
