//===- Server.h - samples from an OpenAI-compatible server ------*- C++ -*-===//
//
// Asks an OpenAI-compatible server (vLLM, SGLang, llama.cpp, hosted APIs) for samples:
// POST /v1/chat/completions or /v1/completions, one request per task asking for n samples, with
// retries and a concurrency limit. Each choice of a response becomes a Sample (Replay.h), so the
// server sampler and the replay sampler make the same candidates from the same outputs. LLVM and
// libcurl only (KOPT_WITH_CURL; without it requestSamples reports "built without libcurl").
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_SAMPLE_SERVER_H
#define KOPT_SAMPLE_SERVER_H

#include "kopt/Sample/Replay.h"

#include <ctime>
#include <string>
#include <vector>

namespace kopt::sample {

enum class Endpoint { Chat, Completions };

/// Parses the `endpoint` option: "chat" or "completions".
llvm::Expected<Endpoint> parseEndpoint(llvm::StringRef value);

struct ServerOptions {
  std::string url;   // base URL, e.g. http://127.0.0.1:8000 (with or without /v1)
  std::string model;
  Endpoint endpoint = Endpoint::Chat;
  unsigned n = 8;
  double temperature = 1.0;
  int64_t maxTokens = 4096;
  std::string apiKeyEnv = "OPENAI_API_KEY"; // the environment variable holding the API key
  double timeoutSeconds = 60; // per request
  unsigned retries = 3;       // further attempts after 429, 5xx, connection errors, timeouts
  unsigned concurrency = 4;   // requests in flight at once
  double backoffSeconds = 0.5; // first backoff; doubles with every retry (at most 30 s)
};

/// The longest wait a server's Retry-After header is followed for.
inline constexpr double kMaxRetryAfterSeconds = 60;

/// Seconds to wait before the retry that follows failed attempt `attempt` (0 for the first):
/// on HTTP 429 and 503, what the server's Retry-After header asks (delay-seconds or an HTTP date,
/// at most kMaxRetryAfterSeconds); otherwise, or when it asks nothing readable, exponential
/// backoff from options.backoffSeconds (at most 30 s).
double retryDelaySeconds(const ServerOptions &options, unsigned attempt, long status,
                         llvm::StringRef retryAfter, std::time_t now);

/// One task to ask for: its name and the prompt.
struct ServerRequest {
  std::string task;
  std::string prompt;
};

/// The full URL of the endpoint for a base URL.
std::string endpointURL(const ServerOptions &options);

/// The JSON body of the request for a prompt.
llvm::json::Value requestBody(const ServerOptions &options, llvm::StringRef prompt);

/// The samples of one response body, one per choice in choice order, the first n (file: `source`,
/// line: the choice's index + 1). A choice whose text is null or absent is a sample with empty
/// text. An error for malformed JSON, a response without choices, or text that is not a string.
llvm::Expected<std::vector<Sample>> parseResponse(llvm::StringRef body,
                                                  const ServerOptions &options,
                                                  llvm::StringRef task, llvm::StringRef source);

/// Asks the server for every request, at most `concurrency` at once; one result per request, in
/// order. Errors name the task.
std::vector<llvm::Expected<std::vector<Sample>>>
requestSamples(llvm::ArrayRef<ServerRequest> requests, const ServerOptions &options);

/// A sample as one line of a samples file (docs/samples-format.md), without the newline.
std::string sampleToJSONLine(const Sample &sample);

/// Whether this build can talk to servers (built with libcurl).
bool serverSupport();

} // namespace kopt::sample

#endif // KOPT_SAMPLE_SERVER_H
