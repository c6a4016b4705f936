//===- main.cpp - kopt-runner: the GPU side of kopt ----------------------===//
//
// Serves the protocol of docs/runner-protocol.md on stdin/stdout: compiles task references with
// TorchScript, draws inputs, and verifies and times candidate kernels through the CUDA Driver
// API. Without a usable GPU it still serves hello and task (kind "cpu"), for tests.
//
//===----------------------------------------------------------------------===//
#include "Evaluate.h"
#include "Gpu.h"
#include "Task.h"
#include "kopt_runner_protocol.h"

#include <ATen/Context.h>
#include <nlohmann/json.hpp>
#include <torch/script.h>
#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <iostream>
#include <unistd.h>
#include <map>
#include <memory>
#include <string>

namespace protocol = kopt::protocol;
using json = nlohmann::json;
using namespace kopt::runner;

namespace {

/// A message as one line: errors from TorchScript span several (and may start with a newline).
std::string oneLine(const std::string &text) {
  std::string line;
  bool space = false;
  for (char c : text) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = !line.empty();
      continue;
    }
    if (space)
      line += ' ';
    space = false;
    line += c;
  }
  return line.size() > 2000 ? line.substr(0, 2000) + " ..." : line;
}

struct RequestError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Runner {
public:
  explicit Runner(bool forceCpu) {
    // Tasks of gigabytes come and go; growable segments keep PyTorch's cache from fragmenting
    // into reserved memory no new task fits in. Set before CUDA starts; the user's setting wins.
    setenv("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True", /*overwrite=*/0);
    torch::jit::setGraphExecutorOptimize(false); // the reference is eager, op by op
    at::globalContext().setAllowTF32CuBLAS(false);
    at::globalContext().setAllowTF32CuDNN(false);
    if (!forceCpu && torch::cuda::is_available()) {
      if (gpu_.open(gpuError_))
        hasGpu_ = true;
    } else {
      gpuError_ = forceCpu ? "--cpu given" : "PyTorch sees no CUDA device";
    }
  }

  /// Handles one request; sets `exitAfterReply` when the context is lost or on bye.
  json handle(const json &request, bool &exitAfterReply) {
    std::string op = request.at("op").get<std::string>();
    if (op == protocol::kOpHello)
      return hello(request);
    if (op == protocol::kOpTask)
      return declareTask(request);
    if (op == protocol::kOpVerify || op == protocol::kOpTime)
      return evaluate(request, op == protocol::kOpTime, exitAfterReply);
    if (op == protocol::kOpHostCheck)
      return hostCheck(request);
    if (op == protocol::kOpEager)
      return eager(request);
    if (op == protocol::kOpBye) {
      exitAfterReply = true;
      return {{"ok", true}};
    }
    throw RequestError("unknown op '" + op + "'");
  }

private:
  json hello(const json &request) {
    int version = request.value("protocol", 0);
    if (version != protocol::kVersion)
      throw RequestError("protocol " + std::to_string(version) + " asked, this runner speaks " +
                         std::to_string(protocol::kVersion));
    json device = {{"kind", hasGpu_ ? "cuda" : "cpu"}, {"torch", TORCH_VERSION}};
    if (hasGpu_) {
      device.update({{"name", gpu_.name},
                     {"driver", gpu_.driverVersion},
                     {"sms", gpu_.sms},
                     {"l2_bytes", gpu_.l2Bytes},
                     {"bandwidth_bytes_per_s", gpu_.bandwidthBytesPerS},
                     {"peak_bandwidth_bytes_per_s", gpu_.peakBandwidthBytesPerS},
                     {"fp32_flops_per_s", gpu_.fp32FlopsPerS},
                     {"tf32_flops_per_s", gpu_.tf32FlopsPerS}});
    } else {
      device.update({{"name", "cpu"}, {"driver", 0}, {"why_no_gpu", gpuError_}});
    }
    return {{"ok", true}, {"protocol", protocol::kVersion}, {"device", device}};
  }

  static TensorSpec parseTensor(const json &j, bool isInput) {
    TensorSpec t;
    t.name = j.at("name").get<std::string>();
    t.shape = j.at("shape").get<std::vector<int64_t>>();
    std::string dtype = j.at("dtype").get<std::string>();
    if (!parseDtype(dtype, t.dtype))
      throw RequestError("'" + t.name + "': unknown dtype '" + dtype + "'");
    if (isInput) {
      for (const json &d : j.at("dists"))
        t.dists.push_back({d.at("kind").get<std::string>(), d.at("params").get<std::vector<double>>()});
      if (t.dists.empty())
        throw RequestError("input '" + t.name + "' has no distribution");
    }
    return t;
  }

  json declareTask(const json &request) {
    TaskSpec spec;
    spec.name = request.at("task").get<std::string>();
    spec.reference = request.at("reference").get<std::string>();
    for (const json &input : request.at("inputs"))
      spec.inputs.push_back(parseTensor(input, true));
    for (const json &output : request.at("outputs"))
      spec.outputs.push_back(parseTensor(output, false));
    spec.atol = request.at("atol").get<double>();
    spec.rtol = request.at("rtol").get<double>();
    spec.minBytes = request.value("min_bytes", 0.0);
    spec.flops = request.value("flops", 0.0);
    std::string error;
    keepTrialsOf(""); // the new task's first trial needs the room
    // Trials stay on the device across candidates while they fit in this share of its memory;
    // the rest holds the workspace, eager's own tensors and the checks' temporaries.
    constexpr double kTrialShareOfMemory = 0.55;
    std::unique_ptr<Task> task =
        Task::create(spec, hasGpu_ ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU), error,
                     hasGpu_ ? size_t(kTrialShareOfMemory * double(gpu_.memoryBytes)) : 0);
    if (!task)
      throw RequestError("task '" + spec.name + "': " + error);
    tasks_[spec.name] = std::move(task);
    return {{"ok", true}};
  }

  /// A launch's `field` (grid, block: three values of at least 1; smem: one of at least 0) read
  /// as 64-bit integers, refused unless each fits the 32 bits cuLaunchKernel takes: narrowed, it
  /// would be another launch than the one asked for.
  static std::vector<unsigned> launchValues(const json &launch, const std::string &entry,
                                            const char *field, size_t count, int64_t least) {
    const json &given = launch.at(field);
    std::vector<json> values = given.is_array() ? given.get<std::vector<json>>()
                                                : std::vector<json>{given};
    if (values.size() != count)
      throw RequestError("launch '" + entry + "': " + field + " takes " + std::to_string(count) +
                         " integer(s), got " + given.dump());
    std::vector<unsigned> result;
    for (const json &value : values) {
      bool fits = value.is_number_unsigned()
                      ? value.get<uint64_t>() >= uint64_t(least) &&
                            value.get<uint64_t>() <= UINT32_MAX
                      : value.is_number_integer() && value.get<int64_t>() >= least &&
                            value.get<int64_t>() <= int64_t(UINT32_MAX);
      if (!fits)
        throw RequestError("launch '" + entry + "': " + field + " value " + value.dump() +
                           " is no integer from " + std::to_string(least) + " to " +
                           std::to_string(UINT32_MAX));
      result.push_back(unsigned(value.get<uint64_t>()));
    }
    return result;
  }

  static CandidateSpec parseCandidate(const json &request) {
    CandidateSpec c;
    c.task = request.at("task").get<std::string>();
    c.id = request.at("candidate").get<std::string>();
    c.ptx = request.at("ptx").get<std::string>();
    c.seed = request.value("seed", uint64_t(0));
    c.scratchBytes = request.value("scratch", std::vector<int64_t>{});
    for (const json &l : request.at("launches")) {
      LaunchSpec launch;
      launch.entry = l.at("entry").get<std::string>();
      std::vector<unsigned> grid = launchValues(l, launch.entry, "grid", 3, 1);
      std::vector<unsigned> block = launchValues(l, launch.entry, "block", 3, 1);
      std::copy(grid.begin(), grid.end(), launch.grid.begin());
      std::copy(block.begin(), block.end(), launch.block.begin());
      launch.smem = l.contains("smem") ? launchValues(l, launch.entry, "smem", 1, 0)[0] : 0;
      launch.args = l.at("args").get<std::vector<std::string>>();
      c.launches.push_back(launch);
    }
    if (c.launches.empty())
      throw RequestError("candidate '" + c.id + "' has no launches");
    return c;
  }

  static json verdictJson(const Verdict &v) {
    json j = {{"verdict", v.kind}, {"detail", v.detail}};
    if (v.maxAbsError)
      j["max_abs_error"] = *v.maxAbsError;
    if (v.maxRelError)
      j["max_rel_error"] = *v.maxRelError;
    return j;
  }

  json evaluate(const json &request, bool timing, bool &exitAfterReply) {
    CandidateSpec spec = parseCandidate(request);
    Task &task = use(spec.task);
    for (const LaunchSpec &launch : spec.launches)
      for (const std::string &arg : launch.args)
        if (!isBuffer(task.spec(), spec, arg))
          throw RequestError("launch '" + launch.entry + "' binds unknown buffer '" + arg + "'");
    if (!hasGpu_)
      throw RequestError("no GPU here (" + gpuError_ + "): candidates cannot run");
    try {
      if (!timing) {
        Verdict v = verifyCandidate(gpu_, task, spec, request.value("trials", protocol::kDefaultTrials));
        exitAfterReply = v.contextLost;
        json reply = verdictJson(v);
        reply["ok"] = true;
        return reply;
      }
      Timing t = timeCandidate(gpu_, task, spec, timeSettings(request));
      if (t.failure) {
        exitAfterReply = t.failure->contextLost;
        json reply = verdictJson(*t.failure);
        reply["ok"] = true;
        reply["recheck"] = t.failure->kind;
        return reply;
      }
      json reply = {{"ok", true},
                    {"median_us", t.candidate.median}, {"q1_us", t.candidate.q1},
                    {"q3_us", t.candidate.q3}, {"n", t.candidate.n},
                    {"rel_error", t.candidate.relError},
                    {"eager_median_us", t.eager.median}, {"eager_q1_us", t.eager.q1},
                    {"eager_q3_us", t.eager.q3}, {"eager_n", t.eager.n},
                    {"eager_rel_error", t.eager.relError},
                    {"limit_us", t.limitUs}, {"recheck", t.recheck.kind},
                    {"recheck_detail", t.recheck.detail}};
      if (!t.fault.empty())
        reply["fault"] = t.fault;
      return reply;
    } catch (const c10::Error &e) {
      // A torch call after the candidate failed: the context is gone if CUDA says so.
      std::string what = e.what_without_backtrace();
      Verdict v;
      v.kind = "crash";
      v.detail = "CUDA context lost: " + oneLine(what);
      exitAfterReply = true;
      json reply = verdictJson(v);
      reply["ok"] = true;
      return reply;
    }
  }

  static TimeSettings timeSettings(const json &request) {
    return {request.value("target_rel_error", protocol::kDefaultTargetRelError),
            request.value("max_seconds", protocol::kDefaultMaxSeconds),
            request.value("min_reps", protocol::kDefaultMinReps),
            request.value("max_reps", protocol::kDefaultMaxReps)};
  }

  json eager(const json &request) {
    std::string name = request.at("task").get<std::string>();
    Task &task = use(name);
    if (!hasGpu_)
      throw RequestError("no GPU here (" + gpuError_ + "): nothing to time");
    Summary s = timeEager(gpu_, task, timeSettings(request));
    return {{"ok", true}, {"eager_median_us", s.median}, {"eager_q1_us", s.q1},
            {"eager_q3_us", s.q3}, {"eager_n", s.n}, {"rel_error", s.relError}};
  }

  /// Checks a host implementation of a task, loaded from a shared library, against its reference.
  /// The library is the task author's own code (a payload compiled for the CPU), so it runs in
  /// this process: a crash ends the runner, as a crash in the reference would.
  json hostCheck(const json &request) {
    std::string name = request.at("task").get<std::string>();
    auto it = tasks_.find(name);
    if (it == tasks_.end())
      throw RequestError("unknown task '" + name + "' (declare it with a task request)");
    std::string path = request.at("library").get<std::string>();
    void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library)
      throw RequestError("cannot load '" + path + "': " + dlerror());
    auto function = reinterpret_cast<HostFunction>(dlsym(library, protocol::kHostEntry));
    if (!function) {
      dlclose(library);
      throw RequestError("'" + path + "' exports no " + protocol::kHostEntry);
    }
    Verdict v = checkHostFunction(*it->second, function, request.value("seed", uint64_t(0)),
                                  request.value("trials", protocol::kDefaultTrials));
    dlclose(library);
    json reply = verdictJson(v);
    reply["ok"] = true;
    return reply;
  }

  static bool isBuffer(const TaskSpec &task, const CandidateSpec &spec, const std::string &arg) {
    if (immediateBits(arg))
      return true;
    for (const TensorSpec &t : task.inputs)
      if (t.name == arg)
        return true;
    for (const TensorSpec &t : task.outputs)
      if (t.name == arg)
        return true;
    for (size_t i = 0; i < spec.scratchBytes.size(); ++i)
      if (arg == "scratch" + std::to_string(i))
        return true;
    return false;
  }

  /// The declared task `name`, whose kept trials then are the only ones.
  Task &use(const std::string &name) {
    auto it = tasks_.find(name);
    if (it == tasks_.end())
      throw RequestError("unknown task '" + name + "' (declare it with a task request)");
    keepTrialsOf(name);
    return *it->second;
  }

  /// Drops the trials of every task but `name`: inputs and references of large tasks take
  /// gigabytes each, and a client going from task to task (kb-train) would otherwise hold every
  /// task's at once and run the device out of memory.
  void keepTrialsOf(const std::string &name) {
    if (name == trialsOf_ && !name.empty())
      return;
    for (auto &[other, task] : tasks_)
      if (other != name)
        task->dropTrials();
    trialsOf_ = name;
  }

  Gpu gpu_;
  bool hasGpu_ = false;
  std::string trialsOf_; // the task whose trials are kept
  std::string gpuError_;
  std::map<std::string, std::unique_ptr<Task>> tasks_;
};

} // namespace

int main(int argc, char **argv) {
  bool forceCpu = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--cpu") {
      forceCpu = true;
    } else if (arg == "--check-judge") {
      // The one-pass output checks against PyTorch's, on this device (test/gpu/judge.test).
      Gpu gpu;
      std::string error;
      if (!torch::cuda::is_available() || !gpu.open(error)) {
        std::cerr << "kopt-runner: no GPU to check the output checks on: " << error << "\n";
        return 1;
      }
      return judgesAgree(gpu.checks, std::cout) ? 0 : 1;
    } else if (arg == "--version") {
      std::cout << "kopt-runner, protocol " << protocol::kVersion << ", torch " << TORCH_VERSION
                << "\n";
      return 0;
    } else {
      std::cerr << "usage: kopt-runner [--cpu] [--version] [--check-judge]\n"
                   "Serves kopt's runner protocol (JSON Lines) on stdin/stdout; see "
                   "docs/runner-protocol.md.\n";
      return arg == "--help" ? 0 : 2;
    }
  }
  // The protocol gets its own descriptor; anything else that writes to stdout (a print in a
  // reference, a library's chatter) goes to stderr instead of corrupting the replies.
  FILE *replies = fdopen(dup(STDOUT_FILENO), "w");
  if (!replies || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::perror("kopt-runner: cannot set up its reply stream");
    return 1;
  }
  Runner runner(forceCpu);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty())
      continue;
    json reply;
    bool exitAfterReply = false;
    json id = nullptr;
    try {
      json request = json::parse(line);
      id = request.value("id", json(nullptr));
      reply = runner.handle(request, exitAfterReply);
    } catch (const std::exception &e) {
      std::string what = e.what();
      reply = {{"ok", false}, {"error", oneLine(what)}};
    }
    reply["id"] = id;
    std::string text = reply.dump() + "\n";
    std::fwrite(text.data(), 1, text.size(), replies);
    std::fflush(replies);
    if (exitAfterReply)
      return 0;
  }
  return 0;
}
