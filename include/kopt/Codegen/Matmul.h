//===- Matmul.h - the matmul family -----------------------------*- C++ -*-===//
//
// A contraction (a linalg op whose body multiplies and adds, with one M, one N, one K and at most
// one batch dimension, after named ops are generalized) whose accumulator is a fill, optionally
// followed by an elementwise epilogue on its result and on task buffers it broadcasts (a triu/tril
// mask; a bias per row or column, a residual, an activation): matmul, batch_matmul,
// operands transposed by their indexing maps, 3-D/4-D tensors times a matrix (collapsed views),
// matvec (no N dimension), and 1x1 convolutions (their unit window dropped: a GEMM per image,
// the filter broadcast along the images; operands swapped where the output is contiguous along
// M, so that stores run along the pixels), and other convolutions as implicit GEMMs (B gathered
// from the image: ImageGather; strided transposed ones a GEMM per phase: PhasedDim). A depthwise
// convolution whose result is B is computed in the kernel (ProducedOperand). Its kernel
// is built directly as a gpu.launch (the transform dialect cannot express the multi-stage
// cp.async pipeline or the register tile below):
//
//   a block computes block_m x block_n of the output, a thread thread_m x thread_n of it, as
//   vectors of accumulators in registers. Over K, tiles of block_k of A and B go to shared memory
//   (workgroup attributions, `stages` buffers each, kept in the layout the operand has in global
//   memory so that every copy is one contiguous vector: cp.async when chosen, else a
//   global -> register -> shared prefetch that overlaps the next tile's loads with this tile's
//   arithmetic); the thread reads its fragments with vector loads from shared memory. A matvec is
//   bandwidth-bound instead: a warp per output row, vector loads along K, a shuffle reduction.
//
//   With `tf32` (whatever the task's tolerance: the verifier judges the rounding), warps of up to
//   64 x 64 outputs run m16n8k8 TF32 mma.sync on tiles that a cp.async pipeline of 2 to 4 stages brings
//   to dynamic shared memory, padded so that a warp's fragment reads hit 32 different banks.
//   With `wgmma` as well, on Hopper (sm_90, compiled for sm_90a), warpgroups of 128 threads run
//   the asynchronous m64nNk8 TF32 wgmma instead: the block computes C^T = B^T A^T, with A's tile
//   (K-contiguous) read by the tensor cores straight from shared memory in the canonical K-major
//   layout and B's tile passed as register fragments (TF32 wgmma takes only K-major operands
//   from shared memory; B is N-contiguous). With `split_tf32`, either TF32 kernel splits each
//   operand element into a TF32 part and the TF32 remainder and runs three products per one
//   (dropping remainder x remainder), for about f32's accuracy on the tensor cores.
//
//   Where the task draws A or B with a structure (kb dialect: upper or lower triangular, diagonal),
//   a block runs only the K tiles that can hold a nonzero product for some output of its tile: an
//   upper-triangular A, for example, is zero where k < m, so rows from m0 on need K from m0 on.
//   Blocks whose range is empty store the epilogue of the fill value. The kernel is then correct
//   for inputs with that structure only, which is the task's contract.
//
//   With `split_k`, split_k blocks (the grid's z) share an output tile, each over a run of K tiles
//   from zero. Atomic (`split_k_atomic`, for an epilogue additive in the accumulator:
//   epilogueIsAdditive()): each adds its result through the epilogue into the output with float
//   atomics, after a first kernel writes the epilogue of the fill value there; the order of the
//   additions, so the result, varies. Ordered: each stores its partial tile to scratch, and a last
//   kernel adds the partials of each output in split order to the fill value, then applies the
//   epilogue (any epilogue; the same result on every run).
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_MATMUL_H
#define KOPT_CODEGEN_MATMUL_H

#include "kopt/Codegen/ScheduleSpace.h"
#include "kb/KbOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace kopt::codegen {

/// Whether `op` is a contraction: what routes a payload to this family.
bool isContraction(mlir::Operation *op);

/// The entries of an operand's matrices known to be zero, in its view's row and column positions:
/// below the diagonal (column < row: an upper-triangular matrix), above it (a lower-triangular
/// one), or both (a diagonal one).
struct ZeroEntries {
  bool belowDiagonal = false, aboveDiagonal = false;
  bool any() const { return belowDiagonal || aboveDiagonal; }
};

/// How one operand (A, B or the output C) is laid out, from its indexing map. Each role (batch,
/// row, column) may span several adjacent dimensions (a 3-D tensor times a matrix, unit
/// dimensions a reshape added): the kernel reads the operand through a view that collapses each
/// role's dimensions into one, and positions below are that view's.
struct MatmulOperand {
  mlir::Value buffer;   // a memref with identity layout (a view of a task buffer)
  llvm::SmallVector<mlir::ReassociationIndices> groups; // the collapse, one group per role
  int64_t batchResult;  // which of the view's dimensions is the batch one, -1 if none
  int64_t rowResult;    // M for A and C, K for B (-1 for a matvec's vector)
  int64_t colResult;    // K for A, N for B and C (-1 for a matvec's output)
  /// Whether the innermost dimension is the tile's second one (K of A, N of B, N of C): true
  /// for row-major A and B.
  bool colContiguous;
  ZeroEntries zeros; // from the task's input structure (readInputStructure())
};

/// An image dimension that a strided transposed convolution reads spread out: the input's
/// elements `stride` apart (stride - 1 zeros between them) in the payload's zero-filled buffer,
/// read at output pixel + window offset. Along it, the output's pixels fall into `stride`
/// phases (y = phase + stride * j), and the taps that land on an input element are the same for
/// every pixel of a phase: every `tapStep`-th from `firstTap[phase]`, `tapCount[phase]` of them.
/// The implicit GEMM then runs one GEMM per phase over the input as it lies (N: the j, K: the
/// phase's taps) instead of multiplying the zeros.
struct PhasedDim {
  unsigned imageDim, pixelLoop, windowLoop;
  int64_t stride;
  int64_t windowFactor; // the window loop's factor in the image index (the dilation, signed)
  int64_t offset;       // the index's constant less the spread's start
  int64_t outputExtent, taps; // the pixel and window loops' extents in the payload
  llvm::SmallVector<int64_t> firstTap, tapCount; // per phase
  int64_t tapStep;
};

/// A convolution's image as the B operand of an implicit GEMM: B's element (k, n) is the image's
/// element at `map`'s results for the loop values that k and n decode to, less the low padding;
/// zero where that lies outside the image.
struct ImageGather {
  mlir::AffineMap map; // the image's indexing map: sums of loops times constants, and a constant
  // The loops that K and N linearize, outermost first (K: in the filter's order), and extents
  // (those of a phase where `phased`: a pixel loop's j, a window loop's tap slots).
  llvm::SmallVector<unsigned> kLoops, nLoops;
  llvm::SmallVector<int64_t> loopExtents; // of every loop
  // The image index, then a grouped convolution's group: the loops the grid's y linearizes.
  llvm::SmallVector<unsigned> batchLoops;
  llvm::SmallVector<int64_t> lowPadding, highPadding; // per image dimension (zeros: none)
  llvm::SmallVector<PhasedDim> phased; // in image order; the grid's x counts their phases fastest
  int64_t phases() const {
    int64_t product = 1;
    for (const PhasedDim &dim : phased)
      product *= dim.stride;
    return product;
  }
};

/// A small convolution (at most kMaxProducedTerms products per element: a depthwise one) whose
/// result, a temporary, the contraction reads as B (a pointwise convolution after it): the
/// kernel computes each element of B's tiles from the convolution's image and filter as it
/// brings them to shared memory, instead of a launch writing the temporary and the GEMM reading
/// it back. An element of B at the temporary's indices is the fill value plus the products over
/// the convolution's reduction loops (its window, unrolled) at its indexing maps.
struct ProducedOperand {
  mlir::linalg::GenericOp convolution; // on the temporary, which the kernel never writes
  mlir::Value fillValue;
  mlir::Value image; // the task input the image indices read (lowPadding below its map's)
  mlir::Value filter;
  llvm::SmallVector<int64_t> lowPadding, highPadding; // per image dimension
};
inline constexpr int64_t kMaxProducedTerms = 27;

/// What a matmul payload is, on buffers.
struct MatmulInfo {
  mlir::linalg::GenericOp contraction;     // or a convolution (an implicit GEMM)
  mlir::Operation *fill = nullptr;         // writes the accumulator's initial value
  mlir::Value fillValue;                   // that value (a scalar)
  mlir::linalg::GenericOp epilogue;        // elementwise op on the result, or null
  int64_t batch = 1, m = 1, n = 1, k = 1;  // extents
  bool matvec = false;                     // no N dimension
  MatmulOperand a, b, c;  // a convolution's B: the unpadded image, one group (a flat view)
  std::optional<ImageGather> gather; // a convolution's B
  /// A grouped convolution's groups: the innermost part of the batch (all of it without an
  /// image index), and the only part A (the filter) has. 1: not a grouped convolution.
  int64_t groups = 1;
  /// A convolution's filter whose output channels lie between its other dimensions (a
  /// transposed convolution's weight[c][f][k...]) is read as A from a copy in scratch with its
  /// output channels first, made by a first launch: the filter's dimensions in the copy's order.
  /// Empty: A is read as it lies. A's groups are the copy's. With phases (ImageGather::phased),
  /// the copy holds each phase's filter per group, [(phase * groups + group) * m + row][k], zero
  /// where a tap slot is empty.
  llvm::SmallVector<int64_t> aPermutation;
  std::optional<ProducedOperand> producer; // of B, made on chip
};

/// Checks that the buffer-form function `func` is in the family, emitting a located error
/// saying why not otherwise.
mlir::FailureOr<MatmulInfo> analyzeMatmul(mlir::func::FuncOp func);

/// Sets the zeros of A and B from the structure each input is guaranteed to have
/// (kb::InputOp::getGuaranteedStructure; `func` is the payload on buffers, whose arguments are the
/// task's inputs then its outputs), where the operand's view keeps the input's last two
/// dimensions as its rows and columns (the matrices the structure applies to).
void readInputStructure(kb::TaskOp task, mlir::func::FuncOp func, MatmulInfo &info);

/// The kernel's shape, from the schedule and the payload (the fallbacks of matmulSpace()).
struct MatmulGeometry {
  int64_t blockM, blockN, blockK, threadM, threadN;
  int64_t threads;          // per block
  int64_t vectorA, vectorB; // global (and cp.async) access widths along each operand's innermost
  int64_t fragmentM, fragmentN; // a thread's contiguous rows and columns: fragment read widths
  int64_t fragmentK;        // read width along K, for an operand that is K-contiguous
  int64_t warpCols;         // thread columns a warp spans (row by row over the block: threadsN)
  int64_t storeN;           // output store width along N
  int64_t unrollK;
  int64_t stages;           // shared-memory buffers per operand
  bool cpAsync;
  int64_t sharedBytes;
  bool dynamicShared;       // the tiles are views of dynamic shared memory, not static arrays
  // TF32 mma.sync: warps of warpM x warpN outputs; the tiles live in dynamic shared memory.
  bool tf32;
  int64_t warpM, warpN;
  // Each TF32 product as three, of the operands' TF32 parts and remainders (split_tf32).
  bool splitTf32;
  // TF32 wgmma: `warpgroups` side by side along N, each 64 columns x blockM rows of the block.
  bool wgmma;
  int64_t warpgroups;
  // wgmma_shared_b: B's tile swizzled K-major in shared memory as A's, both wgmma operands read
  // from it; with 3 or more buffers, each K tile's wgmma group stays in flight while the next
  // tile's copies go out. A B that runs along N is read from a K-major copy in scratch that a
  // first launch makes (`transposeB`).
  bool sharedB;
  bool transposeB;
  bool groupsInFlight;
  // Matvec: a warp per row, rowsPerBlock warps per block, `accumulators` partial sums per lane.
  int64_t rowsPerBlock, accumulators;
  // Split-K: `splitK` blocks (the grid's z) per output tile, each over kTilesPerSplit K tiles
  // (the last one over what is left), adding into the output with float atomics after a kernel
  // that initializes it; or, `splitKOrdered`, storing partial tiles to scratch that a last
  // kernel adds in split order. splitK = 1: one block per tile storing its result.
  int64_t splitK, kTilesPerSplit;
  bool splitKOrdered;
  // Blocks a multiprocessor must hold at once (the kernel's .minnctapersm; 1: no bound).
  int64_t minBlocksPerSM;
};
/// `allowWgmma`: whether the target has wgmma (Hopper); if not, or the operands do not suit it,
/// schedule.wgmma falls back to mma.sync.
MatmulGeometry planMatmul(const MatmulSchedule &schedule, const MatmulInfo &info,
                          bool allowWgmma);

/// Whether the epilogue (if any) is additive in the accumulator, f(x + y) = f(x) + f(y) up to
/// rounding: built from the accumulator by selects against zero or another such value, negations,
/// sums and differences, and products and quotients by values that do not depend on it. Split-K
/// blocks may then each add f of their partial sum into the output (else their partials are
/// added in order before the epilogue).
bool epilogueIsAdditive(const MatmulInfo &info);

/// Replaces the payload's ops (fill, contraction, epilogue) with a gpu.launch computing them,
/// whose kernel will be outlined as `kernelName`. With atomic split-K, it is preceded by the
/// launch of `<kernelName>_init`, which writes the epilogue of the fill value to the output; with
/// ordered split-K, followed by `<kernelName>_sum`, which adds the partials from scratch (the
/// function's last argument, added here) and applies the epilogue.
void buildMatmulKernel(const MatmulInfo &info, const MatmulGeometry &geometry,
                       llvm::StringRef kernelName);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_MATMUL_H
