//===- Evaluate.h - verifying and timing one candidate ----------*- C++ -*-===//
#ifndef KOPT_RUNNER_EVALUATE_H
#define KOPT_RUNNER_EVALUATE_H

#include "Gpu.h"
#include "Stats.h"
#include "Task.h"
#include "kopt_runner_protocol.h"

#include <optional>
#include <string>

namespace kopt::runner {

/// A candidate's verdict, as the protocol's VerifyReply will carry it.
struct Verdict {
  using Kind = protocol::Verdict;
  Kind kind = Kind::Correct;
  std::string detail;
  std::optional<double> maxAbsError, maxRelError;
  bool contextLost = false; // the CUDA context is unusable: reply, then exit
};

/// Runs `trials` trials of the candidate on fresh inputs with poisoned outputs and judges each.
Verdict verifyCandidate(Gpu &gpu, Task &task, const CandidateSpec &spec, int trials);

/// A host function computing a task: its buffers' addresses, inputs then outputs, in one array.
using HostFunction = void (*)(void **buffers);

/// Checks a host (CPU) implementation of the task the way verifyCandidate checks a kernel: on
/// `trials` trials of fresh inputs (copied to the host) with poisoned outputs. Used to check a
/// task's own MLIR payload, compiled for the CPU, against its reference.
Verdict checkHostFunction(Task &task, HostFunction function, uint64_t seed, int trials);

/// When repetitions stop (the request's seed is the candidate's).
using TimeSettings = protocol::TimeSettings;

struct Timing {
  std::optional<Verdict> failure; // the candidate failed to run while being timed
  Summary candidate, eager;       // microseconds
  Summary eagerTF32;              // eager with TF32 allowed; n = 0 when not timed
  Verdict recheck;                // the timed outputs, judged again
  double limitUs = 0;             // the physical limit, 0 when unknown
  std::string fault;              // set when the median is below the peak-rate limit
};

/// The peak rates a limit is computed from.
struct DeviceRates {
  double bandwidthBytesPerS = 0, fp32FlopsPerS = 0, tf32FlopsPerS = 0; // 0: unknown
};

/// The least time, in microseconds, a kernel for the task can take on a device: its least
/// traffic at the copy bandwidth or its least work at the peak arithmetic rate, whichever is
/// longer (0 when neither is known). The rate is that of TF32 tensor cores for a kernel that
/// uses them (`tensorCores`), of fp32 otherwise.
double physicalLimitUs(const TaskSpec &task, const DeviceRates &rates, bool tensorCores);

/// Whether PTX runs matrix multiply-accumulates on tensor cores (mma.sync, wmma, wgmma).
bool usesTensorCores(const std::string &ptx);

/// Times the candidate, each repetition from a flushed L2 on freshly poisoned outputs, after
/// PyTorch eager where the task's eager timings need another block; the timing's `eager` and
/// `eagerTF32` are the task's pooled eager timings.
Timing timeCandidate(Gpu &gpu, Task &task, const CandidateSpec &spec, const TimeSettings &settings);

/// The task's pooled eager timings: at fp32 and with TF32 allowed.
struct EagerBaselines {
  Summary fp32, tf32;
};

/// Times one block of PyTorch eager at fp32 and one with TF32 allowed, the same way, adding to
/// the task's eager timings.
EagerBaselines timeEager(Gpu &gpu, Task &task, const TimeSettings &settings);

/// While it lives, cuBLAS and cuDNN may compute fp32 matmuls and convolutions in TF32 (what
/// PyTorch's `allow_tf32` switches allow); it puts back the settings it found, the runner's fp32,
/// so that references and checks never run at TF32.
class AllowTF32 {
public:
  AllowTF32();
  ~AllowTF32();
  AllowTF32(const AllowTF32 &) = delete;
  AllowTF32 &operator=(const AllowTF32 &) = delete;

private:
  bool cublas_, cudnn_;
};

/// The pooled eager timings, whose relative error is at least the standard error of the blocks'
/// medians: the baseline's drift within the run is part of its uncertainty.
Summary eagerSummary(const EagerTimings &eager);

} // namespace kopt::runner

#endif // KOPT_RUNNER_EVALUATE_H
