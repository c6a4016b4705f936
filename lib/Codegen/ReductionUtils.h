//===- ReductionUtils.h - what the reduction families share -----*- C++ -*-===//
//
// Private to KoptCodegen. The axis-reduction and global-reduction families both analyse a
// prepared payload on tensors (fills, reshapes, a reduction whose body folds an element into
// commutative accumulators) and build their kernels directly with an OpBuilder, cloning the
// payload's bodies into them. What both need lives here.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_REDUCTIONUTILS_H
#define KOPT_LIB_CODEGEN_REDUCTIONUTILS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Alignment.h"

#include <cstdint>
#include <optional>

namespace kopt::codegen {

inline constexpr int64_t kWarp = 32;

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

/// Reshapes keep the row-major order of elements: a value read through them is read at the same
/// linear index. Returns the value they reshape.
mlir::Value throughReshapes(mlir::Value value);

/// A value the kernel can rebuild: a constant, or an argument of the payload's function (a task
/// buffer or a scalar input, which becomes a kernel parameter).
bool isMaterializable(mlir::Value value);

/// The value a fill writes into `init`: `init` is (through reshapes) the result of a linalg.fill,
/// or of a linalg op with one output and parallel iterators whose body yields a value from
/// outside it or a scalar input (a generalized linalg.fill).
std::optional<mlir::Value> fillValue(mlir::Value init);

/// The arguments of `body` and the linalg.index ops `value` depends on inside it.
void collectSources(mlir::Value value, mlir::Block *body, llvm::SetVector<mlir::Value> &sources);

/// Whether `value` is defined outside the region that holds `block`.
bool isOutside(mlir::Value value, mlir::Block *block);

/// Every value the ops of `block` use from outside it can be rebuilt in the kernel; else an
/// error "not in the <family> family: the <what> uses ...".
mlir::LogicalResult checkCapturedValues(mlir::Block *block, llvm::StringRef family,
                                        llvm::StringRef what);

/// Which result of `producer`, if any, `value` is (through reshapes).
std::optional<unsigned> resultOf(mlir::Operation *producer, mlir::Value value);

/// Per accumulator of `op`, the body op that combines it, `acc = op(f(inputs), acc)` with a
/// commutative op that has a neutral element (add, mul, max, min, and, or, xor): partial results
/// then start from the neutral element and combine with that op. Else an error saying why.
mlir::FailureOr<llvm::SmallVector<mlir::Operation *>>
deriveMonoidCombiners(mlir::linalg::GenericOp op);

//===----------------------------------------------------------------------===//
// Kernel building
//===----------------------------------------------------------------------===//

/// What kernel builders share: a builder, the values of the payload rebuilt in the kernel, and
/// the ops that clone payload bodies into it.
class KernelBuilderBase {
protected:
  KernelBuilderBase(mlir::MLIRContext *context, mlir::Location loc) : b(context), loc(loc) {}

  mlir::Value index(int64_t value) { return mlir::arith::ConstantIndexOp::create(b, loc, value); }
  mlir::Value add(mlir::Value x, mlir::Value y) {
    return mlir::arith::AddIOp::create(b, loc, x, y);
  }
  mlir::Value mul(mlir::Value x, int64_t y) {
    return mlir::arith::MulIOp::create(b, loc, x, index(y));
  }
  mlir::Value less(mlir::Value x, mlir::Value y) {
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ult, x, y);
  }

  /// A constant of the payload (cloned once, at the start of the current launch body: it has no
  /// operands) or an argument of the function on buffers (mapped in `fromPayload`).
  mlir::Value materialize(mlir::Value value);

  /// Row-major indices of `linear` in `extents`.
  llvm::SmallVector<mlir::Value> delinearize(mlir::Value linear, llvm::ArrayRef<int64_t> extents);

  /// Clones the ops of `body` with `mapping` holding its arguments (linalg.index d becomes
  /// `loopIndexOf(d)`, captured constants and arguments are rebuilt) and returns what it yields.
  llvm::SmallVector<mlir::Value> cloneBody(mlir::Block *body, mlir::IRMapping &mapping,
                                           llvm::function_ref<mlir::Value(unsigned)> loopIndexOf);

  /// `memref` (a static buffer) seen with another static shape and strides, from offset 0.
  mlir::Value view(mlir::Value memref, llvm::ArrayRef<int64_t> shape,
                   llvm::ArrayRef<int64_t> strides);

  /// An xor shuffle of `value` across lanes `offset` apart, among groups of `width` lanes (a
  /// warp, or a block smaller than one). gpu.shuffle takes 32- and 64-bit values; narrower ones
  /// travel as i32.
  mlir::Value shuffleXor(mlir::Value value, int64_t offset, int64_t width);

  /// Runs of `count` elements are as many element sizes apart from a 256-byte aligned base;
  /// saying so keeps 64-bit accesses whole and lets the back end emit vector accesses.
  static llvm::MaybeAlign alignment(mlir::Type element, int64_t count) {
    return llvm::MaybeAlign(count * element.getIntOrFloatBitWidth() / 8);
  }

  mlir::OpBuilder b;
  mlir::Location loc;
  mlir::IRMapping fromPayload; // payload arguments and constants -> the kernel's
  mlir::Block *launchBody = nullptr;
};

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_REDUCTIONUTILS_H
