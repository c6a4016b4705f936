//===- Evaluate.cpp - verifying and timing one candidate -----------------===//
#include "Evaluate.h"
#include "Check.h"

#include <chrono>
#include <sstream>

using namespace kopt::runner;

namespace {
/// The buffers of one run: working copies of the inputs, poisoned outputs and scratch.
struct RunBuffers {
  std::vector<torch::Tensor> inputs, outputs;
  std::map<std::string, torch::Tensor> byName;
  std::set<std::string> scalarInputs; // inputs of rank 0: launches pass their value
};

RunBuffers makeBuffers(const Task &task, const Trial &trial, const CandidateSpec &spec) {
  RunBuffers b;
  const TaskSpec &ts = task.spec();
  for (size_t i = 0; i < ts.inputs.size(); ++i) {
    b.inputs.push_back(trial.inputs[i].clone());
    b.byName[ts.inputs[i].name] = b.inputs.back();
    if (ts.inputs[i].shape.empty())
      b.scalarInputs.insert(ts.inputs[i].name);
  }
  for (size_t i = 0; i < ts.outputs.size(); ++i) {
    torch::Tensor out = torch::empty(ts.outputs[i].shape, trial.reference[i].options());
    poison(out);
    b.outputs.push_back(out);
    b.byName[ts.outputs[i].name] = out;
  }
  auto device = trial.reference.front().device();
  for (size_t i = 0; i < spec.scratchBytes.size(); ++i) {
    torch::Tensor scratch = torch::empty({spec.scratchBytes[i]},
                                         torch::TensorOptions().dtype(torch::kUInt8).device(device));
    poison(scratch);
    b.byName["scratch" + std::to_string(i)] = scratch;
  }
  return b;
}

/// Launches the candidate and waits for the device; a failure becomes a verdict.
std::optional<Verdict> runOnce(Gpu &gpu, LoadedCandidate &candidate) {
  std::string detail;
  CUresult r = candidate.launch(detail);
  if (r == CUDA_SUCCESS) {
    r = gpu.driver.cuCtxSynchronize();
    detail = gpu.driver.describe(r);
  }
  if (r == CUDA_SUCCESS)
    return std::nullopt;
  Verdict v;
  v.contextLost = isStickyError(r);
  v.kind = v.contextLost ? "crash" : "launch_error";
  v.detail = detail;
  return v;
}

/// Judges a finished run: inputs untouched, every output element written, outputs within the
/// tolerance of the reference.
Verdict judge(const Task &task, const Trial &trial, const RunBuffers &b) {
  const TaskSpec &ts = task.spec();
  Verdict v;
  for (size_t i = 0; i < ts.inputs.size(); ++i)
    if (!bitwiseEqual(b.inputs[i], trial.inputs[i])) {
      v.kind = "mutated_input";
      v.detail = "the candidate changed input '" + ts.inputs[i].name + "'";
      return v;
    }
  for (size_t i = 0; i < ts.outputs.size(); ++i) {
    UnwrittenCount unwritten = countUnwritten(b.outputs[i]);
    if (unwritten.count) {
      v.kind = "unwritten_output";
      v.detail = std::to_string(unwritten.count) + " of " + std::to_string(b.outputs[i].numel()) +
                 " elements of '" + ts.outputs[i].name + "' never written, the first at " +
                 formatIndex(unwritten.firstIndex, b.outputs[i].sizes());
      return v;
    }
  }
  for (size_t i = 0; i < ts.outputs.size(); ++i) {
    Comparison c = compareOutputs(b.outputs[i], trial.reference[i], ts.atol, ts.rtol);
    v.maxAbsError = std::max(v.maxAbsError.value_or(0), c.maxAbsError);
    v.maxRelError = std::max(v.maxRelError.value_or(0), c.maxRelError);
    if (!c.pass) {
      v.kind = "incorrect";
      v.detail = "'" + ts.outputs[i].name + "': " + c.detail;
      return v;
    }
  }
  return v;
}

/// One eager repetition from a flushed L2, added to the task's pooled samples.
void timeEagerOnce(Gpu &gpu, Task &task, const std::vector<torch::Tensor> &inputs) {
  float ms = 0;
  gpu.flushL2();
  CUresult r = gpu.timeOnce(
      [&] {
        task.runReference(inputs, /*copyInputs=*/false);
        return CUDA_SUCCESS;
      },
      ms);
  if (r == CUDA_SUCCESS)
    task.eagerSamplesUs.push_back(ms * 1e3);
}

/// Loads the candidate's module; a PTX that does not load is a compile error.
std::optional<Verdict> load(LoadedCandidate &candidate) {
  std::string error;
  if (candidate.load(error))
    return std::nullopt;
  Verdict v;
  v.kind = error.rfind("entry '", 0) == 0 ? "launch_error" : "compile_error";
  v.detail = error;
  return v;
}
} // namespace

namespace {
/// Runs and judges `trials` trials, each on fresh inputs and poisoned outputs; `run(buffers)`
/// runs the implementation and returns a verdict when it could not run. `toHost` copies each
/// trial to the CPU first.
template <typename Run>
Verdict judgeTrials(Task &task, const CandidateSpec &spec, int trials, bool toHost, Run run) {
  Verdict overall;
  for (int t = 0; t < trials; ++t) {
    Trial trial = task.trial(spec.seed, t); // handles: stays valid if the task redraws
    if (toHost)
      for (std::vector<torch::Tensor> *tensors : {&trial.inputs, &trial.reference})
        for (torch::Tensor &tensor : *tensors)
          tensor = tensor.cpu();
    RunBuffers buffers = makeBuffers(task, trial, spec);
    if (std::optional<Verdict> failed = run(buffers))
      return *failed;
    Verdict v = judge(task, trial, buffers);
    if (v.kind != "correct") {
      v.detail = "trial " + std::to_string(t) + ": " + v.detail;
      return v;
    }
    overall.maxAbsError = std::max(overall.maxAbsError.value_or(0), v.maxAbsError.value_or(0));
    overall.maxRelError = std::max(overall.maxRelError.value_or(0), v.maxRelError.value_or(0));
  }
  overall.detail = std::to_string(trials) + " trials passed";
  return overall;
}
} // namespace

Verdict kopt::runner::verifyCandidate(Gpu &gpu, Task &task, const CandidateSpec &spec,
                                      int trials) {
  LoadedCandidate candidate(gpu, spec);
  if (std::optional<Verdict> failed = load(candidate))
    return *failed;
  return judgeTrials(task, spec, trials, /*toHost=*/false, [&](RunBuffers &buffers) {
    candidate.bind(buffers.byName, buffers.scalarInputs);
    return runOnce(gpu, candidate);
  });
}

Verdict kopt::runner::checkHostFunction(Task &task, HostFunction function, uint64_t seed,
                                        int trials) {
  CandidateSpec spec;
  spec.seed = seed;
  return judgeTrials(task, spec, trials, /*toHost=*/true,
                     [&](RunBuffers &buffers) -> std::optional<Verdict> {
                       std::vector<void *> addresses;
                       for (std::vector<torch::Tensor> *tensors : {&buffers.inputs, &buffers.outputs})
                         for (torch::Tensor &tensor : *tensors)
                           addresses.push_back(tensor.data_ptr());
                       function(addresses.data());
                       return std::nullopt;
                     });
}

Timing kopt::runner::timeCandidate(Gpu &gpu, Task &task, const CandidateSpec &spec,
                                   const TimeSettings &settings) {
  Timing timing;
  LoadedCandidate candidate(gpu, spec);
  if (std::optional<Verdict> failed = load(candidate)) {
    timing.failure = failed;
    return timing;
  }
  Trial trial = task.trial(spec.seed, 0);
  RunBuffers buffers = makeBuffers(task, trial, spec);
  candidate.bind(buffers.byName, buffers.scalarInputs);
  std::vector<torch::Tensor> eagerInputs;
  for (const torch::Tensor &t : trial.inputs)
    eagerInputs.push_back(t.clone());

  auto runCandidate = [&]() -> CUresult {
    std::string detail;
    return candidate.launch(detail);
  };
  auto fail = [&](CUresult r) {
    Verdict v;
    v.contextLost = isStickyError(r);
    v.kind = v.contextLost ? "crash" : "launch_error";
    v.detail = "while timing: " + gpu.driver.describe(r);
    timing.failure = v;
    return timing;
  };

  // Warm-up: module load, caches, the allocator's pools. Its eager runs are not kept.
  const size_t pooled = task.eagerSamplesUs.size();
  for (int i = 0; i < 2; ++i) {
    float ms;
    CUresult r = gpu.timeOnce(runCandidate, ms);
    if (r != CUDA_SUCCESS)
      return fail(r);
    timeEagerOnce(gpu, task, eagerInputs);
  }
  task.eagerSamplesUs.resize(pooled);
  std::vector<double> samples;
  auto startWall = std::chrono::steady_clock::now();
  while (true) {
    // Poisoned before every repetition, so that the last one's outputs are its own work.
    for (torch::Tensor &out : buffers.outputs)
      poison(out);
    float ms = 0;
    gpu.flushL2();
    CUresult r = gpu.timeOnce(runCandidate, ms);
    if (r != CUDA_SUCCESS)
      return fail(r);
    samples.push_back(ms * 1e3);
    timeEagerOnce(gpu, task, eagerInputs);

    int n = int(samples.size());
    double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - startWall).count();
    if (n >= settings.maxReps || elapsed >= settings.maxSeconds)
      break;
    if (n >= settings.minReps &&
        summarize(samples).relError <= settings.targetRelError &&
        summarize(task.eagerSamplesUs).relError <= settings.targetRelError)
      break;
  }
  timing.candidate = summarize(samples);
  timing.eager = summarize(task.eagerSamplesUs);
  timing.recheck = judge(task, trial, buffers);

  const TaskSpec &ts = task.spec();
  timing.limitUs =
      physicalLimitUs(ts, {gpu.bandwidthBytesPerS, gpu.fp32FlopsPerS, gpu.tf32FlopsPerS});
  // The fault is judged at the memory's theoretical peak: a read-mostly kernel outruns the copy
  // bandwidth (a row reduction of 3 GiB reached 1.07 of the copy limit on an H200), no kernel
  // outruns the peak. 5% below it for the timer's resolution.
  double peakBandwidth = gpu.peakBandwidthBytesPerS > gpu.bandwidthBytesPerS
                             ? gpu.peakBandwidthBytesPerS
                             : gpu.bandwidthBytesPerS;
  double peakLimitUs =
      physicalLimitUs(ts, {peakBandwidth, gpu.fp32FlopsPerS, gpu.tf32FlopsPerS});
  if (peakLimitUs > 0 && timing.candidate.median < 0.95 * peakLimitUs) {
    std::ostringstream os;
    os << "median " << timing.candidate.median << " us is below the physical limit of "
       << peakLimitUs << " us at the peak rates (" << ts.minBytes << " bytes, " << ts.flops
       << " flops): the evaluator was fooled";
    timing.fault = os.str();
  }
  return timing;
}

double kopt::runner::physicalLimitUs(const TaskSpec &task, const DeviceRates &rates) {
  // The first condition of kopt::codegen::tf32Admitted (kopt-runner links no kopt code to share it).
  constexpr double kTF32Rounding = 1.0 / 512; // 2^-9
  double flopsPerS = task.rtol >= kTF32Rounding && rates.tf32FlopsPerS > 0 ? rates.tf32FlopsPerS
                                                                           : rates.fp32FlopsPerS;
  double memoryUs = rates.bandwidthBytesPerS > 0 ? task.minBytes / rates.bandwidthBytesPerS * 1e6 : 0;
  double computeUs = flopsPerS > 0 ? task.flops / flopsPerS * 1e6 : 0;
  return std::max(memoryUs, computeUs);
}

Summary kopt::runner::timeEager(Gpu &gpu, Task &task, const TimeSettings &settings) {
  Trial trial = task.trial(0, 0);
  std::vector<torch::Tensor> inputs;
  for (const torch::Tensor &t : trial.inputs)
    inputs.push_back(t.clone());
  const size_t pooled = task.eagerSamplesUs.size();
  timeEagerOnce(gpu, task, inputs); // warm-up, not kept
  task.eagerSamplesUs.resize(pooled);
  auto start = std::chrono::steady_clock::now();
  for (int n = 1;; ++n) {
    timeEagerOnce(gpu, task, inputs);
    double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (n >= settings.maxReps || elapsed >= settings.maxSeconds ||
        (n >= settings.minReps && summarize(task.eagerSamplesUs).relError <= settings.targetRelError))
      break;
  }
  return summarize(task.eagerSamplesUs);
}
