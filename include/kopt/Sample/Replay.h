//===- Replay.h - recorded LLM samples (the replay sampler) -----*- C++ -*-===//
//
// Reads a JSON Lines file of recorded LLM samples (docs/samples-format.md), extracts the kernel
// from each sample's text and computes its log-probability statistics. LLVM only; the kb-replay
// pass turns the samples into `replay` candidates.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_SAMPLE_REPLAY_H
#define KOPT_SAMPLE_REPLAY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kopt::sample {

/// One recorded sample: one line of the samples file.
struct Sample {
  std::string file;       // the samples file, for messages
  unsigned line = 0;      // 1-based line of the file
  std::string task;       // the kb.task symbol (without '@')
  std::string text;       // the model's whole output
  std::string id;         // optional
  std::string model;      // optional
  llvm::json::Object sampling; // optional: temperature, top_p, max_tokens, ...
  std::optional<std::vector<double>> tokenLogprobs; // per-token log-probs
  std::optional<double> logprobSum;                 // with logprobCount, instead of tokens
  std::optional<int64_t> logprobCount;
  std::optional<std::pair<int64_t, int64_t>> codeTokenRange; // [first, last) token indices

  /// "FILE:LINE" and the id if any, naming the sample in messages.
  std::string describe() const;
};

/// Parses the contents of a samples file. Blank lines are skipped; a malformed line is an error
/// "FILE:LINE: ...".
llvm::Expected<std::vector<Sample>> parseSamples(llvm::StringRef contents, llvm::StringRef file);

/// Reads and parses a samples file.
llvm::Expected<std::vector<Sample>> readSamples(llvm::StringRef path);

/// The kernel of a sample's text: the first fenced code block tagged cuda, c++, cpp or cu, else
/// the first fenced block, else the whole text if it contains `__global__`. An unclosed fence runs
/// to the end of the text (a truncated answer).
struct Extraction {
  std::optional<std::string> code; // the kernel, if one was found
  std::string detail;              // why not, otherwise
};
Extraction extractKernel(llvm::StringRef text);

/// Which tokens the log-prob statistics cover.
enum class LogProbScope { All, Code };

/// Parses the `logprobs` option: "all" or "code".
llvm::Expected<LogProbScope> parseLogProbScope(llvm::StringRef value);

struct LogProbStats {
  double sum = 0;
  int64_t count = 0;
  double mean() const { return sum / static_cast<double>(count); }
};

/// The sample's log-prob sum and count over all tokens (All) or over its code_token_range (Code).
/// std::nullopt when the sample records no log-probs (or no tokens) and the scope is All. An
/// error naming the sample when the scope is Code and the range or the per-token log-probs are
/// missing, the range is empty or out of bounds, or the sum is not finite and <= 0.
llvm::Expected<std::optional<LogProbStats>> logProbStats(const Sample &sample,
                                                         LogProbScope scope);

} // namespace kopt::sample

#endif // KOPT_SAMPLE_REPLAY_H
