//===- TaskCost.h - the least work and traffic a task needs -----*- C++ -*-===//
//
// With a device's bandwidth and arithmetic rate, these give the physical time limit below which a
// measured time is an evaluator fault, not a speedup.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_FEATURES_TASKCOST_H
#define KOPT_FEATURES_TASKCOST_H

#include "kb/KbOps.h"

#include <cstdint>

namespace kopt::features {

struct TaskCost {
  /// Bytes of every input and output: each must be read or written at least once.
  int64_t minBytes = 0;
  /// For each linalg op of the payload: its iteration-domain size times the arith and math ops of
  /// its body (a matmul of M x K by K x N gives 2 * M * N * K).
  int64_t flops = 0;
};

/// Saturates at INT64_MAX instead of overflowing.
TaskCost computeTaskCost(kb::TaskOp task);

/// The least work any correct kernel must do, for the runner's physical-limit check. As
/// computeTaskCost, but an input drawn with zeros in known places (triangular, diagonal: every
/// distribution of it) counts for its nonzero part only (half of a triangular matrix, the
/// diagonal of a diagonal one), and the flops are unknown (0): products of those zeros need not
/// be computed (014 and 015 skip most of their matmul's).
TaskCost lowerBoundCost(kb::TaskOp task);

} // namespace kopt::features

#endif // KOPT_FEATURES_TASKCOST_H
