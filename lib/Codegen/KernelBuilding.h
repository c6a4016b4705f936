//===- KernelBuilding.h - kernels built with OpBuilder from payloads -*- C++ -*-===//
//
// Private to KoptCodegen: what the families that build their gpu.launch ops directly share (the
// payload side is PayloadMatch.h): a function on the task's buffers and scratch, launches with
// workgroup buffers, constants and arguments carried into each launch, the payload's body cloned
// on scalars, warp shuffles of any scalar width.
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

#include <array>
#include <cstdint>
#include <limits>

namespace kopt::codegen {

inline constexpr int64_t kWarp = 32;
inline constexpr int64_t kMaxGrid = std::numeric_limits<int32_t>::max();

/// Alignment of a run of `count` elements from a 256-byte aligned base, as many element sizes
/// apart: saying so keeps 64-bit accesses whole and lets the back end emit vector accesses.
inline llvm::MaybeAlign accessAlignment(mlir::Type element, int64_t count) {
  return llvm::MaybeAlign(count * element.getIntOrFloatBitWidth() / 8);
}

/// The indices of row-major `extents` that the index value `linear` is the position of.
llvm::SmallVector<mlir::Value> delinearize(mlir::OpBuilder &b, mlir::Location loc,
                                           mlir::Value linear, llvm::ArrayRef<int64_t> extents);

/// `expr` of the index values `dims`, as arith ops (floordiv and ceildiv signed, mod never
/// negative, as affine maps define them).
mlir::Value evaluateAffine(mlir::OpBuilder &b, mlir::Location loc, mlir::AffineExpr expr,
                           llvm::ArrayRef<mlir::Value> dims);

/// Clones the ops of `end`'s block before `end` at `b`'s insertion point, with `mapping` holding
/// the block's arguments: linalg.index d becomes `loopIndexOf(d)`, values captured from outside
/// the block become `materialize(value)`.
void cloneOpsBefore(mlir::OpBuilder &b, mlir::Operation *end, mlir::IRMapping &mapping,
                    llvm::function_ref<mlir::Value(unsigned)> loopIndexOf,
                    llvm::function_ref<mlir::Value(mlir::Value)> materialize);

/// The same for a whole linalg body; returns what it yields.
llvm::SmallVector<mlir::Value>
cloneLinalgBody(mlir::OpBuilder &b, mlir::Block *body, mlir::IRMapping &mapping,
                llvm::function_ref<mlir::Value(unsigned)> loopIndexOf,
                llvm::function_ref<mlir::Value(mlir::Value)> materialize);

/// A gpu.launch of kernel `kernel` in `<kernelName>_module`: `grid` blocks of `block` threads,
/// the workgroup buffers `workgroup` (memrefs in workgroup memory) and `dynamicBytes` of dynamic
/// shared memory (0: none).
mlir::gpu::LaunchOp createKernelLaunch(mlir::OpBuilder &b, mlir::Location loc,
                                       llvm::StringRef kernelName, llvm::StringRef kernel,
                                       std::array<int64_t, 3> grid, std::array<int64_t, 3> block,
                                       mlir::TypeRange workgroup = {}, int64_t dynamicBytes = 0);

/// The base of a family's kernel builder: it builds `func.func @<payload's name>` on the task's
/// buffers (memrefs; scalars stay) and scratch buffers in a new module, whose body is gpu.launch
/// ops to be outlined.
class PayloadKernelBuilder {
protected:
  PayloadKernelBuilder(mlir::func::FuncOp payload, mlir::Location loc)
      : payload(payload), b(payload.getContext()), loc(loc) {}

  /// The module; its function's arguments are the payload's and then one per type of `scratch`,
  /// its body built by `buildBody` (given the scratch arguments) at the start of the entry block.
  mlir::OwningOpRef<mlir::ModuleOp>
  buildFunction(llvm::function_ref<void(mlir::ValueRange scratch)> buildBody,
                llvm::ArrayRef<mlir::Type> scratch = {});

  /// A gpu.launch of `grid` x 1 x 1 blocks of `blockX` x `blockY` x 1 threads with one workgroup
  /// buffer per memref type of `shared`, outlined as the payload's name (`<name>_<suffix>` with
  /// a suffix, for functions of several launches); its body becomes the place where
  /// materialize() puts what it rebuilds, anew for each launch.
  mlir::gpu::LaunchOp createLaunch(int64_t grid, int64_t blockX, int64_t blockY,
                                   llvm::ArrayRef<mlir::Type> shared, llvm::StringRef suffix = {});

  /// Emits the launch's blocks with `emitBlock(blockIndex)` and ends the launch: one block index
  /// per block when the grid has `numBlocks` blocks, else a loop over them in steps of the grid
  /// size, with a barrier between iterations when `barrierBetween` (the next block must not
  /// overwrite shared memory this one still reads).
  void emitBlocks(mlir::gpu::LaunchOp launch, int64_t grid, int64_t numBlocks,
                  bool barrierBetween, llvm::function_ref<void(mlir::Value)> emitBlock);

  /// A launch `<name>_zero` of one thread per element that stores zeros into every output of
  /// the payload, each seen as `count` elements: what float atomic adds then add into.
  void zeroOutputs(int64_t count);

  /// A constant of the payload (cloned once per launch, at its start: it has no operands) or an
  /// argument of the function on buffers.
  mlir::Value materialize(mlir::Value value);

  /// `memref` (identity layout, no offset) seen with another static shape and strides.
  mlir::Value view(mlir::Value memref, llvm::ArrayRef<int64_t> shape,
                   llvm::ArrayRef<int64_t> strides);

  /// The row-major indices of `linear` in a space of `extents`.
  llvm::SmallVector<mlir::Value> delinearize(mlir::Value linear, llvm::ArrayRef<int64_t> extents);

  /// cloneLinalgBody() and cloneOpsBefore() rebuilding captured values with materialize().
  llvm::SmallVector<mlir::Value> cloneBody(mlir::Block *body, mlir::IRMapping &mapping,
                                           llvm::function_ref<mlir::Value(unsigned)> loopIndexOf);
  void cloneOpsBefore(mlir::Operation *end, mlir::IRMapping &mapping,
                      llvm::function_ref<mlir::Value(unsigned)> loopIndexOf);

  /// Partials combined pairwise, x[j] with y[j], by a copy of the payload's combining op
  /// monoidOps[j] (see deriveMonoidCombiners).
  llvm::SmallVector<mlir::Value> combineMonoids(llvm::ArrayRef<mlir::Operation *> monoidOps,
                                                llvm::ArrayRef<mlir::Value> x,
                                                llvm::ArrayRef<mlir::Value> y);

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
  mlir::IRMapping arguments;   // payload arguments -> the function's
  mlir::IRMapping fromPayload; // payload arguments and constants -> the current launch's
  mlir::Block *launchBody = nullptr;
};

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_KERNELBUILDING_H
