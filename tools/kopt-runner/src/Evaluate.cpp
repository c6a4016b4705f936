//===- Evaluate.cpp - verifying and timing one candidate -----------------===//
#include "Evaluate.h"
#include "Check.h"
#include "Workspace.h"

#include <ATen/Context.h>

#include <chrono>
#include <sstream>

using namespace kopt::runner;

namespace {
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
  v.kind = v.contextLost ? Verdict::Kind::Crash : Verdict::Kind::LaunchError;
  v.detail = detail;
  return v;
}

/// Judges a finished run: no write outside a buffer, inputs untouched, every output element
/// written, outputs within the tolerance of the reference.
Verdict judge(const Task &task, const Trial &trial, const Workspace &workspace, GpuJudge *checks) {
  const TaskSpec &ts = task.spec();
  Verdict v;
  if (std::optional<std::string> breach = workspace.findBreach()) {
    v.kind = Verdict::Kind::OutOfBoundsWrite;
    v.detail = "the candidate wrote outside " + *breach;
    return v;
  }
  std::vector<torch::Tensor> inputs = workspace.inputs(), outputs = workspace.outputs();
  for (size_t i = 0; i < ts.inputs.size(); ++i)
    if (!sameBits(checks, inputs[i], trial.inputs[i])) {
      v.kind = Verdict::Kind::MutatedInput;
      v.detail = "the candidate changed input '" + ts.inputs[i].name + "'";
      return v;
    }
  std::vector<OutputCheck> found;
  for (size_t i = 0; i < ts.outputs.size(); ++i)
    found.push_back(checkOutput(checks, outputs[i], trial.reference[i], ts.atol, ts.rtol));
  for (size_t i = 0; i < ts.outputs.size(); ++i) {
    const UnwrittenCount &unwritten = found[i].unwritten;
    if (unwritten.count) {
      v.kind = Verdict::Kind::UnwrittenOutput;
      v.detail = std::to_string(unwritten.count) + " of " + std::to_string(outputs[i].numel()) +
                 " elements of '" + ts.outputs[i].name + "' never written, the first at " +
                 formatIndex(unwritten.firstIndex, outputs[i].sizes());
      return v;
    }
  }
  for (size_t i = 0; i < ts.outputs.size(); ++i) {
    const Comparison &c = found[i].comparison;
    v.maxAbsError = std::max(v.maxAbsError.value_or(0), c.maxAbsError);
    v.maxRelError = std::max(v.maxRelError.value_or(0), c.maxRelError);
    if (!c.pass) {
      v.kind = Verdict::Kind::Incorrect;
      v.detail = "'" + ts.outputs[i].name + "': " + c.detail;
      return v;
    }
  }
  return v;
}

/// Loads the candidate's module; a PTX that does not load is a compile error.
std::optional<Verdict> load(LoadedCandidate &candidate) {
  std::string error;
  if (candidate.load(error))
    return std::nullopt;
  Verdict v;
  v.kind =
      error.rfind("entry '", 0) == 0 ? Verdict::Kind::LaunchError : Verdict::Kind::CompileError;
  v.detail = error;
  return v;
}

/// Runs and judges `trials` trials, each on a fresh trial's inputs copied into `workspace` with
/// poisoned outputs and armed guards; `run()` runs the implementation and returns a verdict when
/// it could not run. `toHost` takes each trial to the CPU first.
/// Whether a verdict was reached past the input check, which leaves the working inputs known.
bool inputsChecked(const Verdict &v) {
  return v.kind == Verdict::Kind::Correct || v.kind == Verdict::Kind::Incorrect ||
         v.kind == Verdict::Kind::UnwrittenOutput;
}

template <typename Run>
Verdict judgeTrials(Task &task, Workspace &workspace, uint64_t seed, int trials, bool toHost,
                    GpuJudge *checks, Run run) {
  Verdict overall;
  // In order, whatever the working inputs hold: a verdict's detail must not depend on which
  // candidate ran before.
  for (int t = 0; t < trials; ++t) {
    Trial trial = task.trial(seed, t); // handles: stays valid if the task redraws
    if (toHost)
      for (std::vector<torch::Tensor> *tensors : {&trial.inputs, &trial.reference})
        for (torch::Tensor &tensor : *tensors)
          tensor = tensor.cpu();
    workspace.prepare(trial.inputs, {seed, t});
    if (std::optional<Verdict> failed = run()) {
      workspace.forgetInputs();
      return *failed;
    }
    Verdict v = judge(task, trial, workspace, checks);
    if (!inputsChecked(v))
      workspace.forgetInputs();
    if (v.kind != Verdict::Kind::Correct) {
      v.detail = "trial " + std::to_string(t) + ": " + v.detail;
      return v;
    }
    overall.maxAbsError = std::max(overall.maxAbsError.value_or(0), v.maxAbsError.value_or(0));
    overall.maxRelError = std::max(overall.maxRelError.value_or(0), v.maxRelError.value_or(0));
  }
  overall.detail = std::to_string(trials) + " trials passed";
  return overall;
}

/// Eager blocks a task's first timing measures, and candidates timed between later blocks.
constexpr int kFirstEagerBlocks = 3;
constexpr int kCandidatesPerEagerBlock = 16;

/// One block of eager repetitions, each from a flushed L2, on inputs allocated for the block
/// (where PyTorch's allocator puts a tensor is part of what drifts between runs), added to
/// `eager`; with TF32 allowed where `tf32` says so. Stops once the block's median is as precise as
/// the settings ask, after at least their minimum repetitions.
void timeEagerBlock(Gpu &gpu, Task &task, const TimeSettings &settings, EagerTimings &eager,
                    bool tf32) {
  std::vector<torch::Tensor> inputs;
  for (const torch::Tensor &t : task.trial(0, 0).inputs)
    inputs.push_back(t.clone());
  // Only now: drawing a trial computes its reference outputs, which must stay fp32.
  std::optional<AllowTF32> allowTF32;
  if (tf32)
    allowTF32.emplace();
  auto runEager = [&] {
    task.runReference(inputs, /*copyInputs=*/false);
    return CUDA_SUCCESS;
  };
  float ms = 0;
  gpu.flushL2();
  gpu.timeOnce(runEager, ms); // warm-up, not kept
  std::vector<double> block;
  auto start = std::chrono::steady_clock::now();
  while (true) {
    gpu.flushL2();
    if (gpu.timeOnce(runEager, ms) == CUDA_SUCCESS)
      block.push_back(ms * 1e3);
    double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int n = int(block.size());
    if (n >= settings.maxReps || elapsed >= settings.maxSeconds ||
        (n >= settings.minReps && summarize(block).relError <= settings.targetRelError))
      break;
  }
  if (block.empty())
    return;
  eager.samplesUs.insert(eager.samplesUs.end(), block.begin(), block.end());
  eager.blockMediansUs.push_back(summarize(block).median);
}

/// A block of eager at fp32, then one with TF32 allowed: interleaved, the two baselines drift
/// alike. Every task gets both, whether or not its reference calls cuBLAS or cuDNN (knowing that
/// would take more than the ops of its graph: attention, RNNs and linear layers call them
/// inside); where it does not, the two agree within their intervals.
void timeEagerPair(Gpu &gpu, Task &task, const TimeSettings &settings) {
  timeEagerBlock(gpu, task, settings, task.eager, /*tf32=*/false);
  timeEagerBlock(gpu, task, settings, task.eagerTF32, /*tf32=*/true);
}

/// Times eager blocks where the task needs them: several before its first candidate, one more
/// after every kCandidatesPerEagerBlock candidates.
void refreshEager(Gpu &gpu, Task &task, const TimeSettings &settings) {
  EagerTimings &eager = task.eager;
  if (!eager.blockMediansUs.empty() && eager.candidatesSinceBlock < kCandidatesPerEagerBlock)
    return;
  int blocks = eager.blockMediansUs.empty() ? kFirstEagerBlocks : 1;
  for (int b = 0; b < blocks; ++b)
    timeEagerPair(gpu, task, settings);
  eager.candidatesSinceBlock = 0;
}
} // namespace

AllowTF32::AllowTF32()
    : cublas_(at::globalContext().allowTF32CuBLAS()),
      cudnn_(at::globalContext().allowTF32CuDNN()) {
  at::globalContext().setAllowTF32CuBLAS(true);
  at::globalContext().setAllowTF32CuDNN(true);
}

AllowTF32::~AllowTF32() {
  at::globalContext().setAllowTF32CuBLAS(cublas_);
  at::globalContext().setAllowTF32CuDNN(cudnn_);
}

Summary kopt::runner::eagerSummary(const EagerTimings &eager) {
  Summary pooled = summarize(eager.samplesUs);
  const std::vector<double> &blocks = eager.blockMediansUs;
  if (blocks.size() >= 2 && pooled.median > 0) {
    // The standard error of a mean of the blocks' medians: drift within the run widens it.
    double mean = 0, squares = 0;
    for (double b : blocks)
      mean += b / double(blocks.size());
    for (double b : blocks)
      squares += (b - mean) * (b - mean);
    double se = std::sqrt(squares / double(blocks.size() - 1) / double(blocks.size()));
    pooled.relError = std::max(pooled.relError, se / pooled.median);
  }
  return pooled;
}

Verdict kopt::runner::verifyCandidate(Gpu &gpu, Task &task, const CandidateSpec &spec,
                                      int trials) {
  LoadedCandidate candidate(gpu, spec);
  if (std::optional<Verdict> failed = load(candidate))
    return *failed;
  Workspace &workspace = task.workspace();
  workspace.useScratch(spec.scratch);
  return judgeTrials(task, workspace, spec.seed, trials, /*toHost=*/false, &gpu.checks, [&] {
    candidate.bind(workspace.byName(), workspace.scalarInputs()); // scalar inputs change per trial
    return runOnce(gpu, candidate);
  });
}

Verdict kopt::runner::checkHostFunction(Task &task, HostFunction function, uint64_t seed,
                                        int trials) {
  Workspace workspace(task.spec(), torch::Device(torch::kCPU));
  return judgeTrials(task, workspace, seed, trials, /*toHost=*/true, /*checks=*/nullptr,
                     [&]() -> std::optional<Verdict> {
                       std::vector<void *> addresses;
                       for (std::vector<torch::Tensor> tensors :
                            {workspace.inputs(), workspace.outputs()})
                         for (torch::Tensor &tensor : tensors)
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
  refreshEager(gpu, task, settings);
  Trial trial = task.trial(spec.seed, 0);
  Workspace &workspace = task.workspace();
  workspace.useScratch(spec.scratch);
  workspace.prepare(trial.inputs, {spec.seed, 0});
  workspace.forgetInputs(); // until the recheck has seen them after the timed runs
  candidate.bind(workspace.byName(), workspace.scalarInputs());

  auto runCandidate = [&]() -> CUresult {
    std::string detail;
    return candidate.launch(detail);
  };
  auto fail = [&](CUresult r) {
    Verdict v;
    v.contextLost = isStickyError(r);
    v.kind = v.contextLost ? Verdict::Kind::Crash : Verdict::Kind::LaunchError;
    v.detail = "while timing: " + gpu.driver.describe(r);
    timing.failure = v;
    return timing;
  };

  // Warm-up: the first launch of a module, caches. Not kept.
  float warmUpMs;
  if (CUresult r = gpu.timeOnce(runCandidate, warmUpMs); r != CUDA_SUCCESS)
    return fail(r);
  std::vector<double> samples;
  auto startWall = std::chrono::steady_clock::now();
  while (true) {
    // Poisoned before every repetition, so that the last one's outputs are its own work (the
    // guards stay armed from the start: a stray write in any repetition shows at the recheck).
    workspace.repoisonOutputs();
    float ms = 0;
    gpu.flushL2();
    CUresult r = gpu.timeOnce(runCandidate, ms);
    if (r != CUDA_SUCCESS)
      return fail(r);
    samples.push_back(ms * 1e3);

    int n = int(samples.size());
    double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - startWall).count();
    if (n >= settings.maxReps || elapsed >= settings.maxSeconds)
      break;
    if (n >= settings.minReps && summarize(samples).relError <= settings.targetRelError)
      break;
  }
  ++task.eager.candidatesSinceBlock;
  timing.candidate = summarize(samples);
  timing.eager = eagerSummary(task.eager);
  timing.eagerTF32 = eagerSummary(task.eagerTF32);
  timing.recheck = judge(task, trial, workspace, &gpu.checks);
  if (inputsChecked(timing.recheck))
    workspace.noteHeldTrial({spec.seed, 0});

  const TaskSpec &ts = task.spec();
  bool tensorCores = usesTensorCores(spec.ptx);
  timing.limitUs = physicalLimitUs(
      ts, {gpu.bandwidthBytesPerS, gpu.fp32FlopsPerS, gpu.tf32FlopsPerS}, tensorCores);
  // The fault is judged at the memory's theoretical peak: a read-mostly kernel outruns the copy
  // bandwidth (a row reduction of 3 GiB reached 1.07 of the copy limit on an H200), no kernel
  // outruns the peak. 5% below it for the timer's resolution.
  double peakBandwidth = gpu.peakBandwidthBytesPerS > gpu.bandwidthBytesPerS
                             ? gpu.peakBandwidthBytesPerS
                             : gpu.bandwidthBytesPerS;
  double peakLimitUs =
      physicalLimitUs(ts, {peakBandwidth, gpu.fp32FlopsPerS, gpu.tf32FlopsPerS}, tensorCores);
  if (peakLimitUs > 0 && timing.candidate.median < 0.95 * peakLimitUs) {
    std::ostringstream os;
    os << "median " << timing.candidate.median << " us is below the physical limit of "
       << peakLimitUs << " us at the peak rates (" << ts.minBytes << " bytes, " << ts.flops
       << " flops): the evaluator was fooled";
    timing.fault = os.str();
  }
  return timing;
}

double kopt::runner::physicalLimitUs(const TaskSpec &task, const DeviceRates &rates,
                                     bool tensorCores) {
  double flopsPerS =
      tensorCores && rates.tf32FlopsPerS > 0 ? rates.tf32FlopsPerS : rates.fp32FlopsPerS;
  double memoryUs = rates.bandwidthBytesPerS > 0 ? task.minBytes / rates.bandwidthBytesPerS * 1e6 : 0;
  double computeUs = flopsPerS > 0 ? task.flops / flopsPerS * 1e6 : 0;
  return std::max(memoryUs, computeUs);
}

bool kopt::runner::usesTensorCores(const std::string &ptx) {
  // mma.sync and wmma.mma.sync (sm_70 on), wgmma.mma_async (sm_90a).
  return ptx.find("mma.sync") != std::string::npos ||
         ptx.find("wgmma.mma_async") != std::string::npos;
}

EagerBaselines kopt::runner::timeEager(Gpu &gpu, Task &task, const TimeSettings &settings) {
  timeEagerPair(gpu, task, settings);
  return {eagerSummary(task.eager), eagerSummary(task.eagerTF32)};
}
