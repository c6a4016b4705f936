//===- MatmulTile.h - what the matmul kernels share -------------*- C++ -*-===//
//
// Private to the matmul family. Its kernels differ in the instructions that multiply: f32 FMAs
// on a register tile per thread (MatmulSimt.cpp), TF32 mma.sync (MatmulMmaSync.cpp), Hopper's
// TF32 wgmma (MatmulWgmma.cpp); a matvec reduces across a warp instead (MatmulMatvec.cpp). What
// they share is here: the operands' tiles in shared memory, which the planning (Matmul.cpp)
// sizes, and MatmulKernelBuilder, which builds the launch, the operands' views, the pipeline that
// brings K tiles of A and B to shared memory, the epilogue and the stores, and leaves the
// kernel's body to a subclass per kernel.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_MATMULTILE_H
#define KOPT_LIB_CODEGEN_MATMULTILE_H

#include "KernelBuilding.h"
#include "TiledKernelBuilder.h"
#include "kopt/Codegen/Matmul.h"

namespace kopt::codegen::matmul {

inline constexpr int64_t kMaxFragment = 4; // 16 bytes of f32

/// The TF32 wgmma: warpgroups of 128 threads, each 64 columns of the block (the M of one
/// m64nNk8), and A's tile in wgmma's swizzled K-major layout: a row of block_k elements (32, 64
/// or 128 bytes: the swizzle mode) per output row, whose 16-byte chunks are permuted by an XOR
/// with the row's place in its 8-row atom, so that both cp.async writes and the tensor cores'
/// reads spread over all banks. Atoms must be aligned to their size (8 rows).
inline constexpr int64_t kWgmmaM = 64, kWgmmaThreads = 128, kChunk = 4, kAtomRows = 8;
inline constexpr int64_t kAtomAlignment = kAtomRows * 128; // the largest atom
inline int64_t swizzleBytes(const MatmulGeometry &g) { return g.blockK * kF32Bytes; }
/// A swizzled tile of `rows` rows (A's: block_m; B's with wgmma_shared_b: block_n).
inline int64_t swizzledTileBytes(const MatmulGeometry &g, int64_t rows) {
  return rows * swizzleBytes(g);
}

/// The tile of one operand in shared memory: `outer` rows of `inner` elements in the operand's
/// own layout (inner = its innermost dimension), rows padded to keep 16-byte alignment and to
/// spread a warp's fragment reads over the banks: by 4 when the rows run along K (rows 4 banks
/// apart); for mma fragments, which read 4 K rows of 8 M/N positions, by 8 when they run along
/// M or N (K rows 8 banks apart).
struct SharedTile {
  int64_t outer, inner, rowPitch;
  bool kInner; // the rows run along K
  int64_t elements() const { return outer * rowPitch; }
};

SharedTile sharedTile(int64_t tileMN, int64_t tileK, bool kInner, bool mma);

/// The task buffer (a function argument) `buffer` is a reshaped view of, or `buffer` itself.
mlir::Value taskBufferOf(mlir::Value buffer);

/// The value of `expr`, an index of `map`, with every loop at zero: its constant term.
int64_t constantTerm(mlir::AffineMap map, mlir::AffineExpr expr);

/// A is K-inner when row-major; B when column-major (transposed).
inline bool aKInner(const MatmulInfo &info) { return info.a.colContiguous; }
inline bool bKInner(const MatmulInfo &info) { return !info.b.colContiguous; }

/// Builds the gpu.launch of a matmul kernel: the grid, the operands' views, the shared tiles, the
/// pipeline over K and the stores are the same for every kernel; a subclass builds the body.
class MatmulKernelBuilder : protected TiledKernelBuilder {
public:
  MatmulKernelBuilder(const MatmulInfo &info, const MatmulGeometry &g);
  virtual ~MatmulKernelBuilder() = default;

  /// Replaces the payload's ops (fill, contraction, epilogue) with the launch, whose kernel will
  /// be outlined as `kernelName`.
  void build(llvm::StringRef kernelName);

protected:
  /// The kernel's body, in the launch once the operands' views and the shared tiles exist.
  virtual void buildBody() = 0;

  /// Where the block's tile of the output starts.
  mlir::Value blockRowBase();
  mlir::Value blockColBase();

  /// Indices of an operand's view at the given batch, row and column positions (a missing one:
  /// a unit dimension).
  llvm::SmallVector<mlir::Value> at(const MatmulOperand &operand, mlir::Value row,
                                    mlir::Value col);

  /// Element (mn, k) of a shared tile of `stage`, in whichever layout the tile has.
  mlir::Value readShared(mlir::Value shared, const SharedTile &tile, mlir::Value stage,
                         mlir::Value mn, mlir::Value k);

  /// split_tf32's accumulators of one K tile, which start from zero (the tensor cores truncate
  /// each accumulation: a bias that would grow with K), added to the running ones in f32.
  llvm::SmallVector<mlir::Value> addTileSums(mlir::ValueRange running, mlir::ValueRange tile);

  /// The loop over K tiles: copies of A and B tiles to shared memory (as the geometry says),
  /// `multiply` of each into the accumulators `acc`; returns the final accumulators.
  llvm::SmallVector<mlir::Value> pipelineOverK(
      llvm::ArrayRef<mlir::Value> acc,
      llvm::function_ref<llvm::SmallVector<mlir::Value>(mlir::Value stage, mlir::ValueRange acc)>
          multiply);

  /// The epilogue's body (if any) on one accumulator element at output position (row, col).
  mlir::Value applyEpilogue(mlir::Value value, mlir::Value row, mlir::Value col);

  /// What the accumulators start from: the fill value, or zero for a split of K (the kernel
  /// that initializes the output adds the fill).
  mlir::Value accumulatorStart();

  /// A vector of fragmentN accumulators, output columns col.., through the epilogue, where it
  /// lies inside the output; with atomic split-K, added into it with float atomics; with ordered
  /// split-K, stored as they are to the split's partials.
  void storeFragment(mlir::Value value, mlir::Value row, mlir::Value col);

  MatmulInfo info; // a copy: op handles are used non-const
  const MatmulGeometry &g;
  SharedTile tileA{}, tileB{};
  mlir::Value threadId, blockId, batchId, splitId;
  mlir::Value phaseId;                  // a phased convolution's (ImageGather::phased), else null
  llvm::SmallVector<mlir::Value> phase; // its coordinate along each phased dimension
  mlir::Value kTileBase;  // the block's first K tile (null: 0)
  mlir::Value kTileCount; // how many it runs (null: g.kTilesPerSplit)
  mlir::Value a, bBuffer, c;     // the operands' views
  mlir::Value partials;          // ordered split-K's scratch: [split][batch][row][col], flat
  mlir::Value gatherTable;       // an implicit GEMM's K index table (buildGatherTable)
  mlir::Value producerImage, producerFilter; // what a produced B is made of (its views)
  mlir::Value sharedA, sharedB; // their tiles in shared memory
  mlir::Value sharedSmallA;     // wgmma with split_tf32: A's small parts, one tile
  llvm::DenseMap<mlir::Value, mlir::Value> epilogueViews; // the other buffers an epilogue reads

private:
  struct TileCopy;
  struct VectorSlot;

  void planKTiles(mlir::Value split);
  mlir::Value kTileBefore(mlir::Value kTile);
  int64_t blocksM() const;
  int64_t blocksN() const;
  mlir::Value operandView(const MatmulOperand &operand);
  mlir::Value rowMajorView(mlir::Value buffer, llvm::ArrayRef<int64_t> shape);
  mlir::Value rowMajorView(mlir::Value buffer); // of its own shape
  void viewEpilogueOperands();
  TileCopy copyOfA();
  TileCopy copyOfB();
  int64_t vectorsPerTile(const TileCopy &copy);
  int64_t vectorsPerThread(const TileCopy &copy);
  VectorSlot slot(const TileCopy &copy, int64_t i);
  llvm::SmallVector<mlir::Value> globalIndices(const TileCopy &copy, const VectorSlot &s,
                                               mlir::Value kTile, mlir::Value &inside);
  llvm::SmallVector<mlir::Value> gatheredIndices(mlir::Value k, mlir::Value n,
                                                 mlir::Value &inside);
  bool isProduced(const TileCopy &copy) const;
  mlir::Value producedVector(llvm::ArrayRef<mlir::Value> indices, int64_t width);
  llvm::SmallVector<mlir::Value> loadTile(const TileCopy &copy, mlir::Value kTile);
  void storeTile(const TileCopy &copy, llvm::ArrayRef<mlir::Value> values, mlir::Value stage);
  void copyTileAsync(const TileCopy &copy, mlir::Value kTile, mlir::Value stage);
  mlir::Value swizzledChunk(mlir::Value row, mlir::Value chunk);
  mlir::Value stageOf(mlir::Value kTile);
  mlir::Value outputIndex(int64_t dim, mlir::Value row, mlir::Value col);
  mlir::Value outputColumn(mlir::Value col, mlir::Value &inside);
  llvm::SmallVector<mlir::Value> phaseCoordinates(mlir::Value phase);
  mlir::Value lookup(mlir::Value at, llvm::ArrayRef<int64_t> values);
  mlir::Value tapsOfPhase(llvm::ArrayRef<mlir::Value> phase,
                          llvm::MutableArrayRef<mlir::Value> loops);
  mlir::Value phaseKEnd();
  int64_t tableEntriesPerPhase() const;
  void buildPerElementLaunch(llvm::StringRef kernelName, llvm::StringRef suffix,
                             int64_t elements, int64_t batches,
                             llvm::function_ref<void(mlir::Value linear)> build);
  void buildFilterCopy(llvm::StringRef kernelName);
  void buildTransposedB(llvm::StringRef kernelName);
  void buildGatherTable(llvm::StringRef kernelName);
  void decodeLoops(mlir::Value linear, llvm::ArrayRef<unsigned> order,
                   llvm::MutableArrayRef<mlir::Value> loops);
  void buildPerOutputLaunch(
      llvm::StringRef kernelName, llvm::StringRef suffix,
      llvm::function_ref<mlir::Value(mlir::Value row, mlir::Value col, mlir::Value linear)>
          value);
  void buildOutputInit(llvm::StringRef kernelName);
  void buildSplitSum(llvm::StringRef kernelName);
  void storePartial(mlir::Value value, mlir::Value row, mlir::Value col);
  void eraseReplacedOps();
};

/// The kernels, each built in place of the payload's ops (see buildMatmulKernel()).
void buildSimtKernel(const MatmulInfo &info, const MatmulGeometry &g, llvm::StringRef kernelName);
void buildMmaSyncKernel(const MatmulInfo &info, const MatmulGeometry &g,
                        llvm::StringRef kernelName);
void buildWgmmaKernel(const MatmulInfo &info, const MatmulGeometry &g, llvm::StringRef kernelName);
void buildMatvecKernel(const MatmulInfo &info, const MatmulGeometry &g,
                       llvm::StringRef kernelName);

} // namespace kopt::codegen::matmul

#endif // KOPT_LIB_CODEGEN_MATMULTILE_H
