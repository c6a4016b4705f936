//===- KernelBuilding.h - kernels built with OpBuilder from payloads -*- C++ -*-===//
//
// Private to KoptCodegen: what the families that build their gpu.launch directly (reduction,
// scan) share. The analysis side: which values of a payload on tensors a kernel can rebuild, and
// the value a fill writes. The building side: a function on the task's buffers, constants and
// arguments carried into the launch, the payload's body cloned on scalars, warp shuffles of any
// scalar width.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_KERNELBUILDING_H
#define KOPT_LIB_CODEGEN_KERNELBUILDING_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Alignment.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace kopt::codegen {

inline constexpr int64_t kWarp = 32;
inline constexpr int64_t kMaxGrid = std::numeric_limits<int32_t>::max();

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

/// Reshapes keep the row-major order of elements: a value read through them is read at the same
/// linear index.
mlir::Value throughReshapes(mlir::Value value);

/// A value the kernel can rebuild: a constant, or an argument of the payload's function (a task
/// buffer or a scalar input, which becomes a kernel parameter).
bool isMaterializable(mlir::Value value);

/// The value a fill writes into `init`: `init` is (through reshapes) the result of a linalg.fill,
/// or of a linalg op with one output and parallel iterators whose body yields a value from
/// outside it or a scalar input (a generalized linalg.fill).
std::optional<mlir::Value> fillValue(mlir::Value init);

/// Whether `value` is defined outside the region that holds `block`.
bool isOutside(mlir::Value value, mlir::Block *block);

/// Every value the ops of `block` use from outside it can be rebuilt in the kernel; else an
/// error "not in the <family> family: the <what> uses a value computed outside it ...".
mlir::LogicalResult checkCapturedValues(mlir::Block *block, llvm::StringRef family,
                                        llvm::StringRef what);

//===----------------------------------------------------------------------===//
// Building
//===----------------------------------------------------------------------===//

/// Alignment of a run of `count` elements from a 256-byte aligned base, as many element sizes
/// apart: saying so keeps 64-bit accesses whole and lets the back end emit vector accesses.
inline llvm::MaybeAlign accessAlignment(mlir::Type element, int64_t count) {
  return llvm::MaybeAlign(count * element.getIntOrFloatBitWidth() / 8);
}

/// The base of a family's kernel builder: it builds `func.func @<payload's name>` on the task's
/// buffers (memrefs; scalars stay) in a new module, whose body is one gpu.launch to be outlined
/// under that name.
class PayloadKernelBuilder {
protected:
  PayloadKernelBuilder(mlir::func::FuncOp payload, mlir::Location loc)
      : payload(payload), b(payload.getContext()), loc(loc) {}

  /// The module, its function's body built by `buildBody` at the start of the entry block.
  mlir::OwningOpRef<mlir::ModuleOp> buildFunction(llvm::function_ref<void()> buildBody);

  /// A gpu.launch of `grid` x 1 x 1 blocks of `blockX` x `blockY` x 1 threads with one workgroup
  /// buffer per type of `shared`, outlined as the payload's name; its body becomes the place
  /// where materialize() puts what it rebuilds.
  mlir::gpu::LaunchOp createLaunch(int64_t grid, int64_t blockX, int64_t blockY,
                                   llvm::ArrayRef<mlir::Type> shared);

  /// A constant of the payload (cloned once, at the start of the launch: it has no operands) or
  /// an argument of the function on buffers.
  mlir::Value materialize(mlir::Value value);

  /// `memref` (identity layout, no offset) seen with another static shape and strides.
  mlir::Value view(mlir::Value memref, llvm::ArrayRef<int64_t> shape,
                   llvm::ArrayRef<int64_t> strides);

  /// Clones the ops of `body` with `mapping` holding its arguments (linalg.index d becomes
  /// `loopIndexOf(d)`, captured constants and arguments are rebuilt) and returns what it yields.
  llvm::SmallVector<mlir::Value> cloneBody(mlir::Block *body, mlir::IRMapping &mapping,
                                           llvm::function_ref<mlir::Value(unsigned)> loopIndexOf);
  /// The same for the ops of its block before `end`, into `mapping`.
  void cloneOpsBefore(mlir::Operation *end, mlir::IRMapping &mapping,
                      llvm::function_ref<mlir::Value(unsigned)> loopIndexOf);

  /// gpu.shuffle of `value` among groups of `width` lanes; values narrower than 32 bits travel as
  /// i32.
  mlir::Value shuffle(mlir::Value value, int64_t offset, int64_t width,
                      mlir::gpu::ShuffleMode mode);

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

  mlir::func::FuncOp payload;
  mlir::OpBuilder b;
  mlir::Location loc;
  mlir::IRMapping fromPayload; // payload arguments and constants -> the kernel's
  mlir::Block *launchBody = nullptr;
};

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_KERNELBUILDING_H
