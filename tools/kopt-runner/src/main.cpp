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
#include "kopt_runner_json_nlohmann.h"

#include <ATen/Context.h>
#include <nlohmann/json.hpp>
#include <torch/script.h>
#include <torch/torch.h>

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
    std::string op = request.at(protocol::kOpField).get<std::string>();
    if (op == protocol::kOpHello)
      return hello(protocol::fromJson<protocol::HelloRequest>(request));
    if (op == protocol::kOpTask)
      return declareTask(protocol::fromJson<protocol::Task>(request));
    if (op == protocol::kOpVerify) {
      auto verify = protocol::fromJson<protocol::VerifyRequest>(request);
      return evaluate(candidateOf(verify.kernel, verify.settings.seed), &verify.settings, nullptr,
                      exitAfterReply);
    }
    if (op == protocol::kOpTime) {
      auto time = protocol::fromJson<protocol::TimeRequest>(request);
      return evaluate(candidateOf(time.kernel, time.settings.seed), nullptr, &time.settings,
                      exitAfterReply);
    }
    if (op == protocol::kOpHostCheck)
      return hostCheck(protocol::fromJson<protocol::HostCheckRequest>(request));
    if (op == protocol::kOpEager)
      return eager(protocol::fromJson<protocol::EagerRequest>(request));
    if (op == protocol::kOpBye) {
      exitAfterReply = true;
      return json::object();
    }
    throw RequestError("unknown op '" + op + "'");
  }

private:
  json hello(const protocol::HelloRequest &request) {
    if (request.protocol != protocol::kVersion)
      throw RequestError("protocol " + std::to_string(request.protocol) +
                         " asked, this runner speaks " + std::to_string(protocol::kVersion));
    protocol::HelloReply reply;
    protocol::Device &device = reply.device;
    device.kind = hasGpu_ ? "cuda" : "cpu";
    device.torch = TORCH_VERSION;
    if (hasGpu_) {
      device.name = gpu_.name;
      device.driver = gpu_.driverVersion;
      device.sms = gpu_.sms;
      device.l2Bytes = gpu_.l2Bytes;
      device.bandwidthBytesPerS = gpu_.bandwidthBytesPerS;
      device.peakBandwidthBytesPerS = gpu_.peakBandwidthBytesPerS;
      device.fp32FlopsPerS = gpu_.fp32FlopsPerS;
      device.tf32FlopsPerS = gpu_.tf32FlopsPerS;
    } else {
      device.name = "cpu";
      device.whyNoGpu = gpuError_;
    }
    return protocol::toJson(reply);
  }

  static TensorSpec resolveTensor(const protocol::Tensor &tensor, bool isInput) {
    TensorSpec t;
    t.name = tensor.name;
    t.shape = tensor.shape;
    if (!parseDtype(tensor.dtype, t.dtype))
      throw RequestError("'" + t.name + "': unknown dtype '" + tensor.dtype + "'");
    if (isInput) {
      t.dists = tensor.dists;
      if (t.dists.empty())
        throw RequestError("input '" + t.name + "' has no distribution");
      for (const Distribution &dist : t.dists)
        if (std::string why = whyNotDrawable(t, dist); !why.empty())
          throw RequestError(why);
    }
    return t;
  }

  json declareTask(const protocol::Task &request) {
    TaskSpec spec;
    spec.name = request.name;
    spec.reference = request.reference;
    for (const protocol::Tensor &input : request.inputs)
      spec.inputs.push_back(resolveTensor(input, true));
    for (const protocol::Tensor &output : request.outputs)
      spec.outputs.push_back(resolveTensor(output, false));
    spec.atol = request.atol;
    spec.rtol = request.rtol;
    spec.minBytes = double(request.minBytes);
    spec.flops = double(request.flops);
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
    return json::object();
  }

  static CandidateSpec candidateOf(protocol::Kernel kernel, uint64_t seed) {
    if (kernel.launches.empty())
      throw RequestError("candidate '" + kernel.candidate + "' has no launches");
    CandidateSpec candidate;
    static_cast<protocol::Kernel &>(candidate) = std::move(kernel);
    candidate.seed = seed;
    return candidate;
  }

  static protocol::VerifyReply verifyReply(const Verdict &v) {
    protocol::VerifyReply reply;
    reply.verdict = protocol::spelling(v.kind);
    reply.detail = v.detail;
    reply.maxAbsError = v.maxAbsError;
    reply.maxRelError = v.maxRelError;
    return reply;
  }

  /// Eager's TF32 timing as the replies carry it: left out when there is none.
  static protocol::EagerTF32Timing tf32Timing(const Summary &s) {
    if (s.n == 0)
      return {};
    return {s.median, s.q1, s.q3, s.n, s.relError}; // an infinite error is written as null
  }

  /// Verifies (with `verify`) or times (with `time`) a candidate.
  json evaluate(const CandidateSpec &spec, const protocol::VerifySettings *verify,
                const TimeSettings *time, bool &exitAfterReply) {
    Task &task = use(spec.task);
    for (const LaunchSpec &launch : spec.launches)
      for (const std::string &arg : launch.args)
        if (!isBuffer(task.spec(), spec, arg))
          throw RequestError("launch '" + launch.entry + "' binds unknown buffer '" + arg + "'");
    if (!hasGpu_)
      throw RequestError("no GPU here (" + gpuError_ + "): candidates cannot run");
    try {
      if (verify) {
        Verdict v = verifyCandidate(gpu_, task, spec, int(verify->trials));
        exitAfterReply = v.contextLost;
        return protocol::toJson(verifyReply(v));
      }
      Timing t = timeCandidate(gpu_, task, spec, *time);
      if (t.failure) {
        exitAfterReply = t.failure->contextLost;
        protocol::TimeFailureReply failure{verifyReply(*t.failure),
                                           protocol::spelling(t.failure->kind)};
        return protocol::toJson(failure);
      }
      protocol::TimeReply reply;
      reply.medianUs = t.candidate.median;
      reply.q1Us = t.candidate.q1;
      reply.q3Us = t.candidate.q3;
      reply.n = t.candidate.n;
      reply.relError = t.candidate.relError; // infinite while unknown: written as null
      reply.eagerMedianUs = t.eager.median;
      reply.eagerQ1Us = t.eager.q1;
      reply.eagerQ3Us = t.eager.q3;
      reply.eagerN = t.eager.n;
      reply.eagerRelError = t.eager.relError;
      reply.limitUs = t.limitUs;
      reply.eagerTF32 = tf32Timing(t.eagerTF32);
      reply.recheck = protocol::spelling(t.recheck.kind);
      reply.recheckDetail = t.recheck.detail;
      if (!t.fault.empty())
        reply.fault = t.fault;
      return protocol::toJson(reply);
    } catch (const c10::Error &e) {
      // A torch call after the candidate failed: the context is gone if CUDA says so.
      std::string what = e.what_without_backtrace();
      Verdict v;
      v.kind = Verdict::Kind::Crash;
      v.detail = "CUDA context lost: " + oneLine(what);
      exitAfterReply = true;
      return protocol::toJson(verifyReply(v));
    }
  }

  json eager(const protocol::EagerRequest &request) {
    Task &task = use(request.task);
    if (!hasGpu_)
      throw RequestError("no GPU here (" + gpuError_ + "): nothing to time");
    EagerBaselines eager = timeEager(gpu_, task, request.settings);
    const Summary &s = eager.fp32;
    return protocol::toJson(
        protocol::EagerReply{s.median, s.q1, s.q3, s.n, s.relError, tf32Timing(eager.tf32)});
  }

  /// Checks a host implementation of a task, loaded from a shared library, against its reference.
  /// The library is the task author's own code (a payload compiled for the CPU), so it runs in
  /// this process: a crash ends the runner, as a crash in the reference would.
  json hostCheck(const protocol::HostCheckRequest &request) {
    auto it = tasks_.find(request.task);
    if (it == tasks_.end())
      throw RequestError("unknown task '" + request.task + "' (declare it with a task request)");
    const std::string &path = request.library;
    void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library)
      throw RequestError("cannot load '" + path + "': " + dlerror());
    auto function = reinterpret_cast<HostFunction>(dlsym(library, protocol::kHostEntry));
    if (!function) {
      dlclose(library);
      throw RequestError("'" + path + "' exports no " + protocol::kHostEntry);
    }
    Verdict v = checkHostFunction(*it->second, function, request.settings.seed,
                                  int(request.settings.trials));
    dlclose(library);
    return protocol::toJson(verifyReply(v));
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
    for (size_t i = 0; i < spec.scratch.size(); ++i)
      if (arg == protocol::kScratchArgPrefix + std::to_string(i))
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
      id = request.value(protocol::kIdField, json(nullptr));
      reply = runner.handle(request, exitAfterReply);
      reply[protocol::kOkField] = true;
    } catch (const std::exception &e) {
      std::string what = e.what();
      reply = {{protocol::kOkField, false}, {protocol::kErrorField, oneLine(what)}};
    }
    reply[protocol::kIdField] = id;
    std::string text = reply.dump() + "\n";
    std::fwrite(text.data(), 1, text.size(), replies);
    std::fflush(replies);
    if (exitAfterReply)
      return 0;
  }
  return 0;
}
