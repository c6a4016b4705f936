//===- Check.h - judging a candidate's outputs ------------------*- C++ -*-===//
//
// Device-agnostic checks on tensors: output poisoning, unwritten elements, input mutation, the
// tolerance test and the near-constant test. They run on whatever device the tensors live on, so
// the same code is unit-tested on CPU libtorch and used on the GPU.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_CHECK_H
#define KOPT_RUNNER_CHECK_H

#include <torch/torch.h>

#include <optional>
#include <string>
#include <vector>

namespace kopt::runner {

/// Fills `t` with a poison bit pattern: a NaN with a recognisable payload for floats, a sentinel
/// for integers and bools. An element that still holds it after a run was never written.
void poison(torch::Tensor &t);

/// Number of elements of `t` that still hold the poison pattern, and the flat index of the first.
struct UnwrittenCount {
  int64_t count = 0;
  int64_t firstIndex = -1;
};
UnwrittenCount countUnwritten(const torch::Tensor &t);

/// True when `a` and `b` hold the same bits.
bool bitwiseEqual(const torch::Tensor &a, const torch::Tensor &b);

struct Comparison {
  bool pass = true;
  double maxAbsError = 0;  // over elements whose reference is not NaN; Inf where out is NaN
  double maxRelError = 0;  // |out - ref| / |ref| where ref is finite and not 0
  int64_t failures = 0;    // elements outside the tolerance, or not finite
  int64_t worstIndex = -1; // flat index of the element that exceeds its bound the most
  int64_t nanCount = 0;    // NaN outputs where the reference is not NaN
  int64_t firstNaNIndex = -1;
  std::string detail;      // why it failed, with the worst element's position and values
};

/// What one pass over an output and its reference finds; either path (PyTorch operations here,
/// the GPU's one-pass checks in Judge.cpp) gathers the same.
struct ComparisonStats {
  int64_t failures = 0;       // elements outside the tolerance, or not finite
  int64_t nanCount = 0;       // NaN outputs whose reference is not NaN
  int64_t firstNaNIndex = -1;
  double maxAbsError = 0, maxRelError = 0; // as Comparison's
  int64_t worstIndex = -1;    // the element furthest beyond its bound
  double outStd = 0, refStd = 0; // of the outputs and the reference, where every output is finite
};

/// The statistics of two flat tensors of one shape, with PyTorch operations.
ComparisonStats compareElements(const torch::Tensor &outFlat, const torch::Tensor &refFlat,
                                double atol, double rtol);
/// The verdict on an output from its statistics (reads the worst element's values).
Comparison concludeComparison(const ComparisonStats &stats, const torch::Tensor &out,
                              const torch::Tensor &ref, double atol, double rtol);
/// The sample standard deviation from n, and sums of values and squares after a shift.
double shiftedStd(double n, double sum, double sumSq);

/// The poison bit pattern of a dtype: quiet NaNs with a payload for floats.
int64_t poisonBits(torch::ScalarType type);

/// |out - ref| <= atol + rtol * |ref| elementwise; a NaN or Inf in `out` never passes. Also fails an
/// output that is (near) constant where the reference varies.
Comparison compareOutputs(const torch::Tensor &out, const torch::Tensor &ref, double atol,
                          double rtol);

/// "[i, j, k]" for a flat index into `shape`.
std::string formatIndex(int64_t flat, c10::IntArrayRef shape);

} // namespace kopt::runner

#endif // KOPT_RUNNER_CHECK_H
