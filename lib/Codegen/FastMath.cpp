//===- FastMath.cpp - approximate transcendentals and divisions -----------===//
#include "FastMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace kopt::codegen;

/// tanh.approx.f32 exists from sm_75 on; the NVPTX back end cannot select it for earlier chips.
static bool hasTanhApprox(StringRef chip) {
  unsigned version = 0;
  return chip.consume_front("sm_") &&
         !chip.take_while(llvm::isDigit).getAsInteger(10, version) && version >= 75;
}

namespace {
/// Builds the approximate forms of scalar f32 ops at a builder's insertion point.
class Approximator {
public:
  Approximator(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  /// Whether `op` has an approximate form here.
  static bool handles(Operation *op, bool tanhApprox) {
    return isa<math::ExpOp, math::Exp2Op, math::LogOp, math::Log2Op, math::Log1pOp,
               math::RsqrtOp, math::SqrtOp, arith::DivFOp>(op) ||
           (tanhApprox && isa<math::TanhOp>(op));
  }

  /// The approximate form of `op` applied to `operands` (scalars standing for its operands).
  Value approximate(Operation *op, ValueRange operands) {
    Value x = operands.front();
    return llvm::TypeSwitch<Operation *, Value>(op)
        .Case([&](math::ExpOp) { return exp2(mul(x, llvm::numbers::log2ef)); })
        .Case([&](math::Exp2Op) { return exp2(x); })
        .Case([&](math::LogOp) { return mul(log2(x), llvm::numbers::ln2f); })
        .Case([&](math::Log2Op) { return log2(x); })
        .Case([&](math::Log1pOp) {
          return mul(log2(arith::AddFOp::create(b, loc, x, constant(1.0f))),
                     llvm::numbers::ln2f);
        })
        .Case([&](math::RsqrtOp) { return intrinsic("llvm.nvvm.rsqrt.approx.ftz.f", x); })
        .Case([&](math::SqrtOp) { return intrinsic("llvm.nvvm.sqrt.approx.ftz.f", x); })
        .Case([&](arith::DivFOp) {
          return intrinsic("llvm.nvvm.div.approx.ftz.f", {x, operands[1]});
        })
        .Case([&](math::TanhOp) -> Value {
          // LLVM has no NVVM tanh intrinsic: llvm.tanh with `afn` selects tanh.approx.f32.
          return LLVM::TanhOp::create(
              b, loc, x,
              LLVM::FastmathFlagsAttr::get(b.getContext(), LLVM::FastmathFlags::afn));
        });
  }

private:
  Value intrinsic(StringRef name, ValueRange args) {
    return LLVM::CallIntrinsicOp::create(b, loc, b.getF32Type(), b.getStringAttr(name), args)
        .getResult(0);
  }
  Value exp2(Value x) { return intrinsic("llvm.nvvm.ex2.approx.ftz.f32", x); }
  Value log2(Value x) { return intrinsic("llvm.nvvm.lg2.approx.ftz.f", x); }
  Value constant(float value) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
  }
  Value mul(Value x, float factor) { return arith::MulFOp::create(b, loc, x, constant(factor)); }

  OpBuilder &b;
  Location loc;
};
} // namespace

/// f32, or a 1-D vector of f32 (elementwise kernels compute `vector` lanes per op).
static bool isF32OrVector(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (vector && (vector.getRank() != 1 || vector.isScalable()))
    return false;
  return getElementTypeOrSelf(type).isF32();
}

/// The divisions that become multiplications before the rest is approximated: a / c by a constant
/// -> a * (1 / c) (a mean's count: the reciprocal is folded, no division is left), and
/// a / sqrt(b) -> a * rsqrt(b) (the form normalizations divide by: one approximate instruction
/// instead of two).
static void divisionsToProducts(gpu::LaunchOp launch) {
  SmallVector<arith::DivFOp> divisions;
  launch.getBody().walk([&](arith::DivFOp div) {
    if (isF32OrVector(div.getType()))
      divisions.push_back(div);
  });
  for (arith::DivFOp div : divisions) {
    OpBuilder b(div);
    Location loc = div.getLoc();
    Value factor;
    FloatAttr divisor;
    SplatElementsAttr splatDivisor;
    if (matchPattern(div.getRhs(), m_Constant(&divisor))) {
      factor = arith::ConstantOp::create(
          b, loc, b.getF32FloatAttr(1.0f / divisor.getValue().convertToFloat()));
    } else if (matchPattern(div.getRhs(), m_Constant(&splatDivisor))) {
      float reciprocal = 1.0f / splatDivisor.getSplatValue<APFloat>().convertToFloat();
      factor = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(splatDivisor.getType(), b.getF32FloatAttr(reciprocal)));
    } else if (auto sqrt = div.getRhs().getDefiningOp<math::SqrtOp>()) {
      factor = math::RsqrtOp::create(b, loc, sqrt.getOperand());
    } else {
      continue;
    }
    Operation *divisorOp = div.getRhs().getDefiningOp();
    div.replaceAllUsesWith(arith::MulFOp::create(b, loc, div.getLhs(), factor).getResult());
    div.erase();
    if (divisorOp->use_empty())
      divisorOp->erase();
  }
}

void kopt::codegen::approximateTranscendentals(ModuleOp module, const Target &target) {
  bool tanhApprox = hasTanhApprox(target.chip);
  module.walk([&](gpu::LaunchOp launch) {
    divisionsToProducts(launch);
    SmallVector<Operation *> approximated;
    launch.getBody().walk([&](Operation *op) {
      if (Approximator::handles(op, tanhApprox) && isF32OrVector(op->getResult(0).getType()))
        approximated.push_back(op);
    });
    for (Operation *op : approximated) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      Approximator approximator(b, loc);
      Value result;
      if (auto vector = dyn_cast<VectorType>(op->getResult(0).getType())) {
        // The intrinsics take scalars: the op is applied lane by lane.
        SmallVector<Value> lanes;
        for (int64_t lane = 0; lane < vector.getNumElements(); ++lane) {
          SmallVector<Value> scalars;
          for (Value operand : op->getOperands())
            scalars.push_back(vector::ExtractOp::create(b, loc, operand, lane));
          lanes.push_back(approximator.approximate(op, scalars));
        }
        result = vector::FromElementsOp::create(b, loc, vector, lanes);
      } else {
        result = approximator.approximate(op, op->getOperands());
      }
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    }
  });
}

BuiltKernels kopt::codegen::withFastMath(BuiltKernels built, bool fastMath,
                                         const Target &target) {
  if (succeeded(built) && fastMath)
    approximateTranscendentals(**built, target);
  return built;
}
