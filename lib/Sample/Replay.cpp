//===- Replay.cpp - recorded LLM samples (the replay sampler) -------------===//
#include "kopt/Sample/Replay.h"
#include "kopt/Support/Input.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>

using namespace llvm;
using namespace kopt::sample;

std::string Sample::describe() const {
  std::string out = formatv("{0}:{1}", file, line).str();
  if (!id.empty())
    out += formatv(" (id \"{0}\")", id).str();
  return out;
}

namespace {
Error lineError(StringRef file, unsigned line, const Twine &message) {
  return createStringError(inconvertibleErrorCode(),
                           formatv("{0}:{1}: {2}", file, line, message.str()).str());
}

/// A JSON number that is an integer.
std::optional<int64_t> asInteger(const json::Value &value) {
  if (std::optional<int64_t> i = value.getAsInteger())
    return i;
  if (std::optional<double> d = value.getAsNumber())
    if (std::isfinite(*d) && std::floor(*d) == *d && std::fabs(*d) < 9.0e15)
      return static_cast<int64_t>(*d);
  return std::nullopt;
}

Expected<Sample> parseLine(StringRef text, StringRef file, unsigned line) {
  auto fail = [&](const Twine &message) { return lineError(file, line, message); };
  Expected<json::Value> parsed = kopt::parseJson(text);
  if (!parsed)
    return fail("malformed JSON: " + toString(parsed.takeError()));
  const json::Object *object = parsed->getAsObject();
  if (!object)
    return fail("a sample must be a JSON object");

  Sample sample;
  sample.file = file.str();
  sample.line = line;
  auto requireString = [&](StringRef key, std::string &into) -> Error {
    const json::Value *value = object->get(key);
    if (!value)
      return fail("missing '" + key + "'");
    std::optional<StringRef> s = value->getAsString();
    if (!s)
      return fail("'" + key + "' must be a string");
    into = s->str();
    return Error::success();
  };
  auto optionalString = [&](StringRef key, std::string &into) -> Error {
    const json::Value *value = object->get(key);
    if (!value || value->getAsNull())
      return Error::success();
    std::optional<StringRef> s = value->getAsString();
    if (!s)
      return fail("'" + key + "' must be a string");
    into = s->str();
    return Error::success();
  };
  if (Error e = requireString("task", sample.task))
    return std::move(e);
  if (sample.task.empty())
    return fail("'task' must not be empty");
  if (StringRef(sample.task).starts_with("@"))
    sample.task.erase(0, 1);
  if (Error e = requireString("text", sample.text))
    return std::move(e);
  if (Error e = optionalString("id", sample.id))
    return std::move(e);
  if (Error e = optionalString("model", sample.model))
    return std::move(e);
  if (const json::Value *sampling = object->get("sampling"); sampling && !sampling->getAsNull()) {
    const json::Object *s = sampling->getAsObject();
    if (!s)
      return fail("'sampling' must be an object");
    sample.sampling = *s;
  }

  if (const json::Value *tokens = object->get("token_logprobs");
      tokens && !tokens->getAsNull()) {
    const json::Array *array = tokens->getAsArray();
    if (!array)
      return fail("'token_logprobs' must be an array of numbers");
    std::vector<double> values;
    values.reserve(array->size());
    for (auto [i, value] : llvm::enumerate(*array)) {
      std::optional<double> d = value.getAsNumber();
      if (!d || !std::isfinite(*d) || *d > 0)
        return fail(formatv("'token_logprobs'[{0}] must be a finite number <= 0", i));
      values.push_back(*d);
    }
    sample.tokenLogprobs = std::move(values);
  }
  const json::Value *sum = object->get("logprob_sum");
  const json::Value *count = object->get("logprob_count");
  if (sum && sum->getAsNull())
    sum = nullptr;
  if (count && count->getAsNull())
    count = nullptr;
  if ((sum != nullptr) != (count != nullptr))
    return fail("'logprob_sum' and 'logprob_count' go together");
  if (sum) {
    if (sample.tokenLogprobs)
      return fail("give 'token_logprobs' or 'logprob_sum' and 'logprob_count', not both");
    std::optional<double> s = sum->getAsNumber();
    if (!s || !std::isfinite(*s) || *s > 0)
      return fail("'logprob_sum' must be a finite number <= 0");
    std::optional<int64_t> c = asInteger(*count);
    if (!c || *c <= 0)
      return fail("'logprob_count' must be a positive integer");
    sample.logprobSum = *s;
    sample.logprobCount = *c;
  }
  if (const json::Value *range = object->get("code_token_range");
      range && !range->getAsNull()) {
    const json::Array *array = range->getAsArray();
    std::optional<int64_t> first, last;
    if (array && array->size() == 2) {
      first = asInteger((*array)[0]);
      last = asInteger((*array)[1]);
    }
    if (!first || !last)
      return fail("'code_token_range' must be [first, last], two integers");
    sample.codeTokenRange = {*first, *last};
  }
  return sample;
}

bool isCodeTag(StringRef tag) {
  std::string lower = tag.lower();
  return lower == "cuda" || lower == "c++" || lower == "cpp" || lower == "cu";
}

struct Fence {
  std::string tag;
  std::string body;
};

/// Every fenced code block of the text, in order.
std::vector<Fence> fences(StringRef text) {
  std::vector<Fence> blocks;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  if (!lines.empty() && lines.back().empty()) // the text's final newline starts no line
    lines.pop_back();
  std::optional<Fence> open;
  for (StringRef raw : lines) {
    StringRef line = raw.rtrim("\r");
    StringRef trimmed = line.trim();
    if (!open) {
      if (trimmed.starts_with("```")) {
        StringRef info = trimmed.drop_while([](char c) { return c == '`'; }).trim();
        open = Fence{info.take_until([](char c) { return isSpace(c) || c == '{'; }).str(), ""};
      }
      continue;
    }
    if (trimmed.starts_with("```") && trimmed.drop_while([](char c) { return c == '`'; })
                                          .trim()
                                          .empty()) {
      blocks.push_back(std::move(*open));
      open.reset();
      continue;
    }
    open->body += line.str();
    open->body += '\n';
  }
  if (open) // unclosed: a truncated answer, the block runs to the end
    blocks.push_back(std::move(*open));
  return blocks;
}
} // namespace

Expected<std::vector<Sample>> kopt::sample::parseSamples(StringRef contents, StringRef file) {
  std::vector<Sample> samples;
  unsigned lineNumber = 0;
  while (!contents.empty()) {
    auto [line, rest] = contents.split('\n');
    contents = rest;
    ++lineNumber;
    if (line.trim().empty())
      continue;
    Expected<Sample> sample = parseLine(line, file, lineNumber);
    if (!sample)
      return sample.takeError();
    samples.push_back(std::move(*sample));
  }
  return samples;
}

Expected<std::vector<Sample>> kopt::sample::readSamples(StringRef path) {
  Expected<std::unique_ptr<MemoryBuffer>> buffer = kopt::readInputFile(path, /*allowStdin=*/true);
  if (!buffer)
    return createStringError(inconvertibleErrorCode(), "cannot read samples file '" + path +
                                                           "': " + toString(buffer.takeError()));
  return parseSamples((*buffer)->getBuffer(), path);
}

Extraction kopt::sample::extractKernel(StringRef text) {
  std::vector<Fence> blocks = fences(text);
  const Fence *chosen = nullptr;
  for (const Fence &block : blocks)
    if (isCodeTag(block.tag)) {
      chosen = &block;
      break;
    }
  if (!chosen && !blocks.empty())
    chosen = &blocks.front();
  if (chosen) {
    if (StringRef(chosen->body).trim().empty())
      return {std::nullopt, "the sample's first code block is empty"};
    return {chosen->body, ""};
  }
  if (text.contains("__global__"))
    return {text.str(), ""};
  return {std::nullopt, "no code block and no __global__ function in the sample's text"};
}

Expected<LogProbScope> kopt::sample::parseLogProbScope(StringRef value) {
  if (value == "all")
    return LogProbScope::All;
  if (value == "code")
    return LogProbScope::Code;
  return createStringError(inconvertibleErrorCode(),
                           "unknown logprobs scope '" + value + "' (expected all or code)");
}

Expected<std::optional<LogProbStats>> kopt::sample::logProbStats(const Sample &sample,
                                                                LogProbScope scope) {
  auto fail = [&](const Twine &message) {
    return createStringError(inconvertibleErrorCode(),
                             "sample " + sample.describe() + ": " + message);
  };
  if (scope == LogProbScope::All) {
    if (sample.logprobSum)
      return LogProbStats{*sample.logprobSum, *sample.logprobCount};
    if (!sample.tokenLogprobs || sample.tokenLogprobs->empty())
      return std::nullopt;
    LogProbStats stats;
    for (double value : *sample.tokenLogprobs)
      stats.sum += value;
    stats.count = static_cast<int64_t>(sample.tokenLogprobs->size());
    return stats;
  }
  if (!sample.codeTokenRange)
    return fail("logprobs=code needs 'code_token_range'");
  if (!sample.tokenLogprobs)
    return fail("logprobs=code needs per-token 'token_logprobs'");
  auto [first, last] = *sample.codeTokenRange;
  int64_t size = static_cast<int64_t>(sample.tokenLogprobs->size());
  if (first < 0 || last > size || first >= last)
    return fail(formatv("'code_token_range' [{0}, {1}) is empty or out of bounds of {2} tokens",
                        first, last, size));
  LogProbStats stats;
  for (int64_t i = first; i < last; ++i)
    stats.sum += (*sample.tokenLogprobs)[i];
  stats.count = last - first;
  return stats;
}
