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

/// One task to ask for: its name and the prompt.
struct ServerRequest {
  std::string task;
  std::string prompt;
};

/// The full URL of the endpoint for a base URL.
std::string endpointURL(const ServerOptions &options);

/// The JSON body of the request for a prompt.
llvm::json::Value requestBody(const ServerOptions &options, llvm::StringRef prompt);

/// The samples of one response body, one per choice in choice order (file: `source`, line: the
/// choice's index + 1). An error for malformed JSON, a response without choices or a choice
/// without text.
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
