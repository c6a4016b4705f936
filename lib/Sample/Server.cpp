//===- Server.cpp - samples from an OpenAI-compatible server --------------===//
#include "kopt/Sample/Server.h"
#include "kopt/Support/Input.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <thread>
#include <tuple>

#ifdef KOPT_WITH_CURL
#include <curl/curl.h>
#endif

using namespace llvm;
using namespace kopt::sample;

namespace {
Error error(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message.str());
}
} // namespace

Expected<Endpoint> kopt::sample::parseEndpoint(StringRef value) {
  if (value == "chat")
    return Endpoint::Chat;
  if (value == "completions")
    return Endpoint::Completions;
  return error("unknown endpoint '" + value + "' (expected chat or completions)");
}

std::string kopt::sample::endpointURL(const ServerOptions &options) {
  StringRef base = StringRef(options.url).rtrim('/');
  std::string url = base.str();
  if (!base.ends_with("/v1"))
    url += "/v1";
  url += options.endpoint == Endpoint::Chat ? "/chat/completions" : "/completions";
  return url;
}

json::Value kopt::sample::requestBody(const ServerOptions &options, StringRef prompt) {
  json::Object body{{"model", options.model},
                    {"n", static_cast<int64_t>(options.n)},
                    {"temperature", options.temperature},
                    {"max_tokens", options.maxTokens}};
  if (options.endpoint == Endpoint::Chat) {
    body["messages"] = json::Array{json::Object{{"role", "user"}, {"content", prompt}}};
    body["logprobs"] = true;
  } else {
    body["prompt"] = prompt;
    body["logprobs"] = 1;
  }
  return body;
}

Expected<std::vector<Sample>> kopt::sample::parseResponse(StringRef body,
                                                          const ServerOptions &options,
                                                          StringRef task, StringRef source) {
  Expected<json::Value> parsed = kopt::parseJson(body);
  if (!parsed)
    return error("malformed JSON in the response: " + toString(parsed.takeError()));
  const json::Object *object = parsed->getAsObject();
  if (!object)
    return error("the response is not a JSON object");
  if (const json::Value *err = object->get("error"); err && !err->getAsNull()) {
    std::string text;
    raw_string_ostream(text) << *err;
    return error("the server answered with an error: " + text);
  }
  const json::Array *choices = object->getArray("choices");
  if (!choices)
    return error("the response has no 'choices'");
  if (choices->empty())
    return error("the response has no choices (empty 'choices')");

  // Choices in index order (a server may answer them out of order).
  std::vector<std::tuple<int64_t, size_t, const json::Object *>> ordered;
  for (auto [i, value] : enumerate(*choices)) {
    const json::Object *choice = value.getAsObject();
    if (!choice)
      return error(formatv("choices[{0}] is not an object", i));
    ordered.push_back({choice->getInteger("index").value_or(static_cast<int64_t>(i)), i, choice});
  }
  std::sort(ordered.begin(), ordered.end());
  // n was asked for: a server that answers more does not get to add more candidates.
  if (ordered.size() > options.n)
    ordered.resize(options.n);

  std::string model = options.model;
  if (std::optional<StringRef> m = object->getString("model"))
    model = m->str();
  std::vector<Sample> samples;
  for (auto [i, entry] : enumerate(ordered)) {
    const json::Object &choice = *std::get<2>(entry);
    Sample sample;
    sample.file = source.str();
    sample.line = static_cast<unsigned>(i + 1);
    sample.task = task.str();
    sample.id = formatv("{0}-{1}", task, i).str();
    sample.model = model;
    sample.sampling = json::Object{{"temperature", options.temperature},
                                   {"max_tokens", options.maxTokens},
                                   {"n", static_cast<int64_t>(options.n)}};
    // Null or absent content (a refusal, a tool call, an answer filtered away) is an empty
    // answer: a parse_error candidate, counted among the samples drawn like any answer without
    // code. Content of another type is a broken response.
    const json::Value *text = nullptr;
    if (options.endpoint == Endpoint::Chat) {
      if (const json::Object *message = choice.getObject("message"))
        text = message->get("content");
    } else {
      text = choice.get("text");
    }
    if (text && !text->getAsNull()) {
      std::optional<StringRef> string = text->getAsString();
      if (!string)
        return error(formatv("choices[{0}]: {1} is not a string", i,
                             options.endpoint == Endpoint::Chat ? "message.content" : "text"));
      sample.text = string->str();
    }

    const json::Object *logprobs = choice.getObject("logprobs");
    const json::Array *values = nullptr;
    if (logprobs)
      values = options.endpoint == Endpoint::Chat ? logprobs->getArray("content")
                                                  : logprobs->getArray("token_logprobs");
    if (values) {
      std::vector<double> tokens;
      for (auto [t, value] : enumerate(*values)) {
        std::optional<double> d;
        if (options.endpoint == Endpoint::Chat) {
          if (const json::Object *token = value.getAsObject())
            d = token->getNumber("logprob");
        } else {
          if (value.getAsNull()) // the first token of an echoed prompt
            continue;
          d = value.getAsNumber();
        }
        if (!d || !std::isfinite(*d) || *d > 1e-6)
          return error(formatv("choices[{0}]: token {1}'s log-prob is not a finite number <= 0",
                               i, t));
        tokens.push_back(std::min(*d, 0.0));
      }
      sample.tokenLogprobs = std::move(tokens);
    }
    samples.push_back(std::move(sample));
  }
  return samples;
}

std::string kopt::sample::sampleToJSONLine(const Sample &sample) {
  json::Object object{{"task", sample.task}, {"text", sample.text}};
  if (!sample.id.empty())
    object["id"] = sample.id;
  if (!sample.model.empty())
    object["model"] = sample.model;
  if (!sample.sampling.empty())
    object["sampling"] = json::Object(sample.sampling);
  if (sample.tokenLogprobs)
    object["token_logprobs"] = json::Array(*sample.tokenLogprobs);
  if (sample.logprobSum) {
    object["logprob_sum"] = *sample.logprobSum;
    object["logprob_count"] = *sample.logprobCount;
  }
  if (sample.codeTokenRange)
    object["code_token_range"] =
        json::Array{sample.codeTokenRange->first, sample.codeTokenRange->second};
  std::string line;
  raw_string_ostream(line) << json::Value(std::move(object));
  return line;
}

double kopt::sample::retryDelaySeconds(const ServerOptions &options, unsigned attempt,
                                       long status, StringRef retryAfter, std::time_t now) {
  retryAfter = retryAfter.trim();
  if ((status == 429 || status == 503) && !retryAfter.empty()) {
    std::optional<double> asked;
    uint64_t seconds;
    if (!retryAfter.getAsInteger(10, seconds)) {
      asked = seconds;
    } else {
      // An HTTP date (IMF-fixdate): "Wed, 21 Oct 2015 07:28:00 GMT".
      std::tm date = {};
      std::string text = retryAfter.str();
      const char *end = strptime(text.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &date);
      if (end && *end == '\0')
        asked = std::max(0.0, std::difftime(timegm(&date), now));
    }
    if (asked)
      return std::min(*asked, kMaxRetryAfterSeconds);
  }
  return std::min(30.0, options.backoffSeconds * std::pow(2.0, attempt));
}

#ifdef KOPT_WITH_CURL
bool kopt::sample::serverSupport() { return true; }

namespace {
size_t appendBody(char *data, size_t size, size_t count, void *out) {
  static_cast<std::string *>(out)->append(data, size * count);
  return size * count;
}

/// One POST; its status, Retry-After header and body, or a curl error (connection refused,
/// timeout, ...).
struct Reply {
  CURLcode code = CURLE_OK;
  std::string curlError;
  long status = 0;
  std::string retryAfter;
  std::string body;
};

size_t readHeader(char *data, size_t size, size_t count, void *out) {
  StringRef line(data, size * count);
  auto [name, value] = line.split(':');
  if (name.trim().equals_insensitive("retry-after"))
    static_cast<Reply *>(out)->retryAfter = value.trim().str();
  return size * count;
}

Reply post(const std::string &url, const std::string &body, const std::string &apiKey,
           double timeoutSeconds) {
  Reply reply;
  CURL *curl = curl_easy_init();
  if (!curl) {
    reply.code = CURLE_FAILED_INIT;
    reply.curlError = "curl_easy_init failed";
    return reply;
  }
  char errorBuffer[CURL_ERROR_SIZE] = {0};
  struct curl_slist *headers = nullptr;
  headers = curl_slist_append(headers, "Content-Type: application/json");
  std::string authorization;
  if (!apiKey.empty()) {
    authorization = "Authorization: Bearer " + apiKey;
    headers = curl_slist_append(headers, authorization.c_str());
  }
  long timeoutMs = std::max(1L, static_cast<long>(timeoutSeconds * 1000));
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, appendBody);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &reply.body);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, readHeader);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &reply);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeoutMs);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeoutMs);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L); // threads
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, errorBuffer);
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "kopt");
  reply.code = curl_easy_perform(curl);
  if (reply.code != CURLE_OK)
    reply.curlError = errorBuffer[0] ? errorBuffer : curl_easy_strerror(reply.code);
  else
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply.status);
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  return reply;
}

std::string excerpt(StringRef body) {
  body = body.trim();
  if (body.size() > 200)
    return (body.take_front(200) + "...").str();
  return body.str();
}

Expected<std::vector<Sample>> requestOne(const ServerRequest &request,
                                         const ServerOptions &options) {
  std::string url = endpointURL(options);
  std::string body;
  raw_string_ostream(body) << requestBody(options, request.prompt);
  std::string apiKey;
  if (!options.apiKeyEnv.empty())
    if (const char *key = std::getenv(options.apiKeyEnv.c_str()))
      apiKey = key;
  auto fail = [&](const Twine &message) {
    return error("task @" + request.task + ": " + message);
  };
  std::string last;
  for (unsigned attempt = 0;; ++attempt) {
    Reply reply = post(url, body, apiKey, options.timeoutSeconds);
    bool retryable;
    if (reply.code != CURLE_OK) {
      last = formatv("POST {0}: {1}", url, reply.curlError).str();
      retryable = reply.code != CURLE_UNSUPPORTED_PROTOCOL && reply.code != CURLE_URL_MALFORMAT;
    } else if (reply.status >= 200 && reply.status < 300) {
      Expected<std::vector<Sample>> samples =
          parseResponse(reply.body, options, request.task, url);
      if (!samples)
        return fail(toString(samples.takeError()));
      return samples;
    } else {
      last = formatv("POST {0}: HTTP {1}: {2}", url, reply.status, excerpt(reply.body)).str();
      retryable = reply.status == 429 || reply.status >= 500;
    }
    if (!retryable)
      return fail(last);
    if (attempt >= options.retries)
      return fail(formatv("{0} (after {1} attempt(s))", last, attempt + 1));
    double wait = retryDelaySeconds(options, attempt, reply.status, reply.retryAfter,
                                    std::time(nullptr));
    std::this_thread::sleep_for(std::chrono::duration<double>(wait));
  }
}
} // namespace

std::vector<Expected<std::vector<Sample>>>
kopt::sample::requestSamples(ArrayRef<ServerRequest> requests, const ServerOptions &options) {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  std::vector<std::optional<Expected<std::vector<Sample>>>> slots(requests.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next++) < requests.size();)
      slots[i].emplace(requestOne(requests[i], options));
  };
  unsigned threads = std::max(1u, std::min<unsigned>(options.concurrency, requests.size()));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread &thread : pool)
    thread.join();
  std::vector<Expected<std::vector<Sample>>> results;
  for (auto &slot : slots)
    results.push_back(std::move(*slot));
  return results;
}
#else
bool kopt::sample::serverSupport() { return false; }

std::vector<Expected<std::vector<Sample>>>
kopt::sample::requestSamples(ArrayRef<ServerRequest> requests, const ServerOptions &) {
  std::vector<Expected<std::vector<Sample>>> results;
  for (const ServerRequest &request : requests)
    results.push_back(error("task @" + request.task +
                            ": kopt was built without libcurl (KOPT_WITH_CURL=OFF)"));
  return results;
}
#endif
