//===- TaskCost.cpp - the least work and traffic a task needs -------------===//
#include "kopt/Features/TaskCost.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace kopt::features;

static int64_t saturatingAdd(int64_t a, int64_t b) {
  return b > std::numeric_limits<int64_t>::max() - a ? std::numeric_limits<int64_t>::max() : a + b;
}

static int64_t saturatingMul(int64_t a, int64_t b) {
  int64_t product;
  return llvm::MulOverflow(a, b, product) ? std::numeric_limits<int64_t>::max() : product;
}

/// Bytes of one task value: a statically shaped tensor or a scalar (the verifier ensures both).
/// i1 counts as a byte, as PyTorch stores bool.
static int64_t bytesOf(Type type) {
  int64_t elements = 1;
  Type element = type;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    for (int64_t dim : tensor.getShape())
      elements = saturatingMul(elements, dim);
    element = tensor.getElementType();
  }
  int64_t bytes = (element.getIntOrFloatBitWidth() + 7) / 8;
  return saturatingMul(elements, bytes);
}

/// Arithmetic per iteration: arith and math ops in the body, constants aside.
static int64_t opsPerIteration(linalg::LinalgOp op) {
  int64_t count = 0;
  op->getRegion(0).walk([&](Operation *inner) {
    StringRef dialect = inner->getName().getDialectNamespace();
    if ((dialect == "arith" || dialect == "math") && !inner->hasTrait<OpTrait::ConstantLike>())
      ++count;
  });
  return count;
}

TaskCost kopt::features::computeTaskCost(kb::TaskOp task) {
  TaskCost cost;
  for (kb::InputOp input : task.getInputs())
    cost.minBytes = saturatingAdd(cost.minBytes, bytesOf(input.getType()));
  for (kb::OutputOp output : task.getOutputs())
    cost.minBytes = saturatingAdd(cost.minBytes, bytesOf(output.getType()));

  kb::PayloadOp payload = task.getPayload();
  if (!payload)
    return cost;
  payload.walk([&](linalg::LinalgOp op) {
    if (op->getNumRegions() == 0)
      return;
    int64_t ops = opsPerIteration(op);
    if (ops == 0)
      return;
    int64_t iterations = 1;
    for (int64_t range : op.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(range))
        return; // task values are static; an op that is not adds nothing known
      iterations = saturatingMul(iterations, range);
    }
    cost.flops = saturatingAdd(cost.flops, saturatingMul(iterations, ops));
  });
  return cost;
}

/// How many of an input's elements a kernel must read at least once: 1 in `fraction` of them.
static int64_t nonzeroFraction(kb::InputOp input) {
  switch (input.getGuaranteedStructure()) {
  case kb::DistStructure::UpperTriangular:
  case kb::DistStructure::LowerTriangular:
    return 2; // n (n + 1) / 2 of n^2, at least half
  case kb::DistStructure::Diagonal: {
    ArrayRef<int64_t> shape = cast<RankedTensorType>(input.getType()).getShape();
    return std::max(shape[shape.size() - 2], shape.back()); // min(rows, cols) per matrix
  }
  case kb::DistStructure::Full:
  case kb::DistStructure::Symmetric:
    return 1;
  }
  return 1;
}

TaskCost kopt::features::lowerBoundCost(kb::TaskOp task) {
  TaskCost cost = computeTaskCost(task);
  bool structured = false;
  for (kb::InputOp input : task.getInputs()) {
    int64_t fraction = nonzeroFraction(input);
    if (fraction == 1)
      continue;
    structured = true;
    int64_t bytes = bytesOf(input.getType());
    cost.minBytes -= bytes - bytes / fraction;
  }
  if (structured)
    cost.flops = 0;
  return cost;
}
