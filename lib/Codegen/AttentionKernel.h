//===- AttentionKernel.h - what the attention kernels share -----*- C++ -*-===//
//
// Private to KoptCodegen: the base of the attention family's two kernel builders, the f32 one
// (AttentionSimt.cpp) and the tensor-core one (AttentionMma.cpp). It builds the function on the
// task's buffers and its gpu.launch, finds the block's batch entry, query tile and column slice,
// views the buffers as [batch, rows, columns], and leaves the block's body to the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_ATTENTIONKERNEL_H
#define KOPT_LIB_CODEGEN_ATTENTIONKERNEL_H

#include "TiledKernelBuilder.h"
#include "kopt/Codegen/Attention.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace kopt::codegen {

inline constexpr int64_t kAttentionWarp = 32;
inline constexpr int64_t kAttentionMaxThreads = 1024;
/// Static shared memory of one block, which needs no opt-in.
inline constexpr int64_t kAttentionMaxShared = 48 * 1024;

class AttentionKernelBuilder : protected TiledKernelBuilder {
public:
  AttentionKernelBuilder(mlir::func::FuncOp payload, const AttentionInfo &info,
                         const AttentionGeometry &g);
  virtual ~AttentionKernelBuilder() = default;

  /// A new module holding the function on the task's buffers whose body is the launch.
  mlir::OwningOpRef<mlir::ModuleOp> build();

protected:
  /// The block's work, given the launch's shared bytes (g.sharedBytes) and with the members
  /// below set.
  virtual void buildBlock(mlir::Value shared) = 0;

  int64_t queryTiles() const { return info.rows / g.blockQ; }

  /// rows x pitch floats of the shared bytes, from `offset` (a multiple of 16).
  mlir::Value sharedView(mlir::Value shared, int64_t offset, int64_t rows, int64_t pitch);

  /// The thread's vectors of `width` of the rows x columns of `global` at (batchId, rowBase..,
  /// columnBase..), spread over the block's threads (zeros for threads beyond the tile).
  llvm::SmallVector<mlir::Value> loadTile(mlir::Value global, mlir::Value rowBase,
                                          mlir::Value columnBase, int64_t rows, int64_t columns,
                                          int64_t width);
  /// Those vectors into the rows x columns at the origin of `shared`.
  void storeTile(llvm::ArrayRef<mlir::Value> values, int64_t rows, int64_t columns,
                 mlir::Value shared);
  /// A tile of `global` into `shared`: all loads first, then the stores.
  void copyTile(mlir::Value global, mlir::Value rowBase, mlir::Value columnBase, int64_t rows,
                int64_t columns, int64_t width, mlir::Value shared) {
    storeTile(loadTile(global, rowBase, columnBase, rows, columns, width), rows, columns, shared);
  }

  /// Where the block's walk over the keys ends: the keys, or under a causal mask the end of the
  /// key tile holding the block's last row (the later tiles are masked for all its rows).
  mlir::Value keyEnd();

  mlir::Value constant(double value);
  mlir::Value broadcast(mlir::Value scalar, int64_t width);
  mlir::Value exp(mlir::Value x);
  /// The payload's modifier (AttentionInfo::scoreModifier) of the raw score of query `row`
  /// and key `key` of the block's batch entry: its body, cloned.
  mlir::Value modified(mlir::Value score, mlir::Value row, mlir::Value key);
  /// The running max to subtract from a row's scores: 0 while every score so far is -inf (a
  /// masked row), so that exp(-inf - max) is 0, not NaN.
  mlir::Value finiteMax(mlir::Value max);

  /// Combines `value` across `lanes` consecutive threads of a warp (a power of two) with xor
  /// shuffles; every lane ends with the result.
  template <typename Combine>
  mlir::Value acrossLanes(mlir::Value value, int64_t lanes) {
    int32_t width = std::min(kAttentionWarp, g.threads);
    for (int64_t offset = lanes / 2; offset >= 1; offset /= 2) {
      mlir::Value other = mlir::gpu::ShuffleOp::create(b, loc, value, offset, width,
                                                       mlir::gpu::ShuffleMode::XOR)
                              .getShuffleResult();
      value = Combine::create(b, loc, value, other);
    }
    return value;
  }

  mlir::func::FuncOp payload;
  const AttentionInfo &info;
  const AttentionGeometry &g;
  mlir::Value threadId, slice, queryBase, batchId;
  mlir::Value q, k, v, out; // [batch, rows or keys, head dim]

private:
  void buildLaunch(mlir::ValueRange buffers, llvm::StringRef kernelName);
  /// A task buffer as [batch, rows, columns], row-major as it is stored.
  mlir::Value view(mlir::Value buffer, int64_t rows, int64_t columns);
};

mlir::OwningOpRef<mlir::ModuleOp> buildSimtAttentionKernel(mlir::func::FuncOp func,
                                                          const AttentionInfo &info,
                                                          const AttentionGeometry &geometry);
mlir::OwningOpRef<mlir::ModuleOp> buildMmaAttentionKernel(mlir::func::FuncOp func,
                                                         const AttentionInfo &info,
                                                         const AttentionGeometry &geometry);

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_ATTENTIONKERNEL_H
