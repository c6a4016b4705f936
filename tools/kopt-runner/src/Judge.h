//===- Judge.h - the output checks on the GPU, in one pass ------*- C++ -*-===//
//
// Check.cpp's checks of an output (elements never written, the comparison with the reference)
// and of an input (bitwise unchanged) as PyTorch operations take some thirty passes over a
// tensor; on a task of gigabytes they cost more than the candidate. Judge.cu does them in one.
// Tensors it does not cover (dtypes other than f32 and f64, host tensors, a runner built without
// nvcc) go through Check.cpp, with the same results.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_JUDGE_H
#define KOPT_RUNNER_JUDGE_H

#include "Check.h"
#include "CudaDriver.h"

#include <torch/torch.h>

#include <optional>
#include <ostream>
#include <string>

namespace kopt::runner {

/// What the checks find in one output.
struct OutputCheck {
  UnwrittenCount unwritten;
  Comparison comparison;
};

class GpuJudge {
public:
  GpuJudge() = default;
  GpuJudge(const GpuJudge &) = delete;
  GpuJudge &operator=(const GpuJudge &) = delete;
  ~GpuJudge();

  /// Loads the checks into the current context; false (`error` set) when they fail to load. A
  /// runner built without them loads nothing and succeeds.
  bool load(CudaDriver &driver, std::string &error);
  bool loaded() const { return module_ != nullptr; }

  /// Checks `out` against `ref` (same shape and dtype, on the device) in one pass, or nothing
  /// where the dtype has no one-pass check.
  std::optional<OutputCheck> checkOutput(const torch::Tensor &out, const torch::Tensor &ref,
                                         double atol, double rtol);
  /// Whether `a` and `b` hold the same bits, or nothing where they cannot be compared as words.
  std::optional<bool> sameBits(const torch::Tensor &a, const torch::Tensor &b);

private:
  CudaDriver *driver_ = nullptr;
  CUmodule module_ = nullptr;
  CUfunction judgeF32_ = nullptr, judgeF64_ = nullptr, countDiffering_ = nullptr;
  CUdeviceptr result_ = 0; // one JudgeResult, or the differing-word count
};

/// Checks an output: in one pass where `judge` (may be null) covers it, else with PyTorch.
OutputCheck checkOutput(GpuJudge *judge, const torch::Tensor &out, const torch::Tensor &ref,
                        double atol, double rtol);
/// Whether an input is bitwise what it was: in one pass where `judge` covers it.
bool sameBits(GpuJudge *judge, const torch::Tensor &a, const torch::Tensor &b);

/// Runs both paths of the checks on device tensors with known faults and writes, per case,
/// whether they agree; true when all do. For kopt-runner --check-judge (test/gpu/judge.test).
bool judgesAgree(GpuJudge &judge, std::ostream &log);

} // namespace kopt::runner

#endif // KOPT_RUNNER_JUDGE_H
