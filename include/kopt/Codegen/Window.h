//===- Window.h - the sliding-window family (convolutions, pooling) -*- C++ -*-===//
//
// One linalg op with reduction iterators whose inputs are task buffers read through affine index
// maps (y + ky, 2 * x + kx, y - 2 * ky + 4): convolutions of every kind and pooling. Its inputs
// may come through tensor.pad, tensor.insert_slice into a constant fill (strided: the zeros
// between the inputs of a transposed convolution) and reshapes: those are fused into the loads
// as predicates, nothing is materialised. Its accumulators start from fills of constants, and an
// elementwise epilogue (average pooling's division) may follow, as in the reduction family.
//
// The kernel: one thread per tile of outputs (outputs_x along the innermost output dimension,
// outputs_channel along an output channel the data input does not read), the fastest thread
// index along the innermost dimension; each thread runs the reduction loops in order (the body
// as the payload has it, so any body is exact), the innermost unrolled.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_WINDOW_H
#define KOPT_CODEGEN_WINDOW_H

#include "kopt/Codegen/ScheduleSpace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace kopt::codegen {

/// How the reduction op reads one of its inputs.
struct WindowInput {
  /// Unused by the body (a pooling op's window shape): never loaded.
  bool unused = false;
  /// The function argument read: a task buffer, or a scalar (or a constant) taken as it is.
  mlir::Value source;
  /// From the op's operand to `source`: reshapes, tensor.pad and tensor.insert_slice ops.
  llvm::SmallVector<mlir::Operation *> steps;
};

/// A payload of the window family (see the file comment).
struct WindowInfo {
  mlir::linalg::GenericOp op;
  llvm::SmallVector<int64_t> domain;          // static loop ranges
  llvm::SmallVector<unsigned> parallelDims;   // in loop order
  llvm::SmallVector<unsigned> outputDims;     // the parallel loops in the outputs' order
  llvm::SmallVector<unsigned> reductionDims;  // in loop order: the loops each thread runs
  llvm::SmallVector<WindowInput> inputs;      // per input operand of `op`
  /// Per accumulator: the value its fill writes (a constant or a scalar argument).
  llvm::SmallVector<mlir::Value> fills;
  /// The innermost output dimension, contiguous in memory.
  unsigned innermostDim = 0;
  /// An output channel: a parallel loop besides the innermost that the first windowed input
  /// does not read (a convolution's filters), so that one load feeds several outputs.
  std::optional<unsigned> channelDim;
  /// The elementwise op applied to the results, if any.
  mlir::linalg::GenericOp epilogue;
  /// Per function result: the value stored there, a result of `op` or of the epilogue, at the
  /// row-major index of the output over outputDims.
  llvm::SmallVector<mlir::Value> stored;
  int64_t numOutputs = 1;
};

/// Checks that the prepared payload `func` (on tensors) is in the family, emitting a located
/// error "not in the window family: ..." otherwise.
mlir::FailureOr<WindowInfo> analyzeWindow(mlir::func::FuncOp func);

/// Whether a linalg op of `func` reads an input through a window (an index expression of several
/// loops, a tensor.pad or a tensor.insert_slice): the family whose error explains the payload.
bool readsWindow(mlir::func::FuncOp func);

/// The kernel's shape, from the schedule and the payload (the fallbacks of windowSpace()).
struct WindowGeometry {
  int64_t outputsX, outputsChannel; // the thread's tile
  int64_t block;
  int64_t unroll;
  /// Per parallel loop (in the order of WindowInfo::outputDims): tiles along it.
  llvm::SmallVector<int64_t> tiles;
  int64_t numTiles;  // threads with work
  int64_t numBlocks; // numTiles / block, rounded up
  int64_t grid;      // blocks launched; they loop over numBlocks when fewer
};
WindowGeometry planWindow(const WindowSchedule &schedule, const WindowInfo &info);

/// A new module holding `func.func @<func's name>` on the task's buffers (memrefs; scalars stay)
/// whose body is the kernel's gpu.launch, to be outlined as `func`'s name.
mlir::OwningOpRef<mlir::ModuleOp> buildWindowKernel(mlir::func::FuncOp func,
                                                   const WindowInfo &info,
                                                   const WindowGeometry &geometry);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_WINDOW_H
