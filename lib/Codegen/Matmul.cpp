//===- Matmul.cpp - the matmul family -------------------------------------===//
#include "kopt/Codegen/Matmul.h"
#include "Pipeline.h"
#include "TiledKernelBuilder.h"
#include "kopt/Codegen/Family.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace kopt::codegen;

static constexpr int64_t kWarp = 32;
static constexpr int64_t kMaxThreads = 1024;
static constexpr int64_t kMaxStaticShared = 48 * 1024;
// Half of what an sm_90 block may have, so that two blocks of a TF32 kernel fit on an SM.
static constexpr int64_t kMaxMmaShared = 113 * 1024;
// The m16n8k8 TF32 mma.sync, and the largest warp tile (4 x 8 of them: 128 accumulators).
static constexpr int64_t kMmaM = 16, kMmaN = 8, kMmaK = 8;
static constexpr int64_t kMaxWarpTile = 64;
static constexpr int64_t kMaxFragment = 4; // 16 bytes of f32

//===----------------------------------------------------------------------===//
// The family (Family.h)
//===----------------------------------------------------------------------===//

/// Bufferization keeps the linalg ops, and adds views of the buffers and the temporary an
/// epilogue reads; analyzeMatmul says which of them the kernel replaces.
static FailureOr<MatmulInfo> bufferizeAndAnalyze(ModuleOp module, func::FuncOp func) {
  if (failed(bufferizeForKernel(module, func, [](Operation &op) {
        return isa<linalg::LinalgOp, memref::AllocOp, memref::DeallocOp, memref::CollapseShapeOp,
                   memref::ExpandShapeOp>(op);
      })))
    return failure();
  return analyzeMatmul(func);
}

static LogicalResult takesPayload(ModuleOp module, func::FuncOp func) {
  return failure(failed(bufferizeAndAnalyze(module, func)));
}

static BuiltKernels buildCandidate(kb::TaskOp task, OwningOpRef<ModuleOp> module,
                                   func::FuncOp func, ArrayRef<int64_t> values,
                                   const Target &target) {
  FailureOr<MatmulInfo> info = bufferizeAndAnalyze(*module, func);
  if (failed(info))
    return failure();
  bool allowTF32 = tf32Admitted(task.getAtolAttr().getValueAsDouble(),
                                task.getRtolAttr().getValueAsDouble(), info->k);
  bool hopper = target.chip == "sm_90" || target.chip == "sm_90a";
  buildMatmulKernel(*info,
                    planMatmul(MatmulSchedule::fromValues(values), *info, allowTF32, hopper),
                    func.getName());
  return module;
}

/// A payload holding a contraction.
static bool looksLikeFamily(func::FuncOp func) {
  return llvm::any_of(func.getBody().front(), [](Operation &op) { return isContraction(&op); });
}

void kopt::codegen::registerMatmulFamily() {
  registerFamily({&matmulSpace(), /*offerRank=*/60, takesPayload, buildCandidate, looksLikeFamily,
                  /*explainRank=*/40});
}

bool kopt::codegen::tf32Admitted(double atol, double rtol, int64_t k) {
  const double productError = std::ldexp(1.0, -9); // two operands truncated to 10 mantissa bits
  const double spread = std::sqrt(static_cast<double>(k));
  return rtol >= productError && 4 * productError * spread <= atol + rtol * spread;
}

bool kopt::codegen::isContraction(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalg::isaContractionOpInterface(linalgOp);
}

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

/// Ops that only reinterpret a buffer (the kernel recreates them) or only exist around it.
static bool isBufferPlumbing(Operation &op) {
  return op.hasTrait<OpTrait::ConstantLike>() || op.hasTrait<OpTrait::ReturnLike>() ||
         isa<memref::AllocOp, memref::DeallocOp, memref::CollapseShapeOp, memref::ExpandShapeOp>(
             op);
}

/// The scalar a fill writes, if `op` is one: linalg.fill, or its generalized form (a generic
/// with parallel iterators yielding a scalar input).
static Value filledValue(Operation *op) {
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.getInputs().front();
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInits() != 1 ||
      generic.getNumLoops() != generic.getNumParallelLoops())
    return nullptr;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  Value yielded = yield.getValues().front();
  if (yielded.getParentRegion() != &generic.getRegion()) // fusion folded the scalar in
    return yielded;
  auto arg = dyn_cast<BlockArgument>(yielded);
  if (!arg || arg.getArgNumber() >= generic.getNumDpsInputs())
    return nullptr;
  Value input = generic.getDpsInputs()[arg.getArgNumber()];
  return isa<ShapedType>(input.getType()) ? nullptr : input;
}

/// Whether `op` is an elementwise op reading `result` (and nothing else shaped) as it is laid out,
/// writing a buffer of the same shape: an epilogue the kernel applies before its stores.
static bool isEpilogueOf(linalg::GenericOp op, Value result) {
  if (op.getNumLoops() != op.getNumParallelLoops() || op.getNumDpsInits() != 1 ||
      !op.getMatchingBlockArgument(op.getDpsInitOperand(0)).use_empty())
    return false;
  for (OpOperand *input : op.getDpsInputOperands())
    if (isa<ShapedType>(input->get().getType()) &&
        (input->get() != result || !op.getMatchingIndexingMap(input).isIdentity()))
      return false;
  return op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() &&
         op.getDpsInits().front().getType() == result.getType();
}

FailureOr<MatmulInfo> kopt::codegen::analyzeMatmul(func::FuncOp func) {
  MatmulInfo info;
  SmallVector<Operation *> work;
  for (Operation &op : func.getBody().front())
    if (!isBufferPlumbing(op))
      work.push_back(&op);
  auto contractions = llvm::to_vector(llvm::make_filter_range(work, isContraction));
  if (contractions.size() != 1)
    return func.emitError() << "not in the matmul family: " << contractions.size()
                            << " contractions in the payload (expected one)";
  info.contraction = dyn_cast<linalg::GenericOp>(contractions.front());
  linalg::GenericOp op = info.contraction;
  auto fail = [&](const Twine &why) -> InFlightDiagnostic {
    return op->emitError() << "not in the matmul family: " << why;
  };
  if (!op)
    return fail("the contraction is not a linalg.generic after generalization");

  for (OpOperand &operand : op->getOpOperands()) {
    auto memref = dyn_cast<MemRefType>(operand.get().getType());
    if (!memref || !memref.getElementType().isF32())
      return fail("operand #" + Twine(operand.getOperandNumber()) + " is not a buffer of f32");
    if (!memref.getLayout().isIdentity())
      return fail("operand #" + Twine(operand.getOperandNumber()) + " has a strided layout");
    if (!memref.hasStaticShape())
      return fail("operand #" + Twine(operand.getOperandNumber()) + " has a dynamic shape");
  }
  FailureOr<linalg::ContractionDimensions> dims = linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.empty() || dims->k.empty())
    return fail("it has no M or no K dimension (a vector-matrix product is not supported)");
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  auto extent = [&](ArrayRef<unsigned> group) {
    int64_t product = 1;
    for (unsigned d : group)
      product *= ranges[d];
    return product;
  };
  info.batch = extent(dims->batch);
  info.m = extent(dims->m);
  info.n = extent(dims->n);
  info.k = extent(dims->k);
  info.matvec = info.n == 1;
  if (info.batch * info.m * info.n * info.k == 0)
    return fail("its iteration space is empty");

  // Each operand's dimensions by role: one run of adjacent map results per role, in the same
  // order in every operand (unit dimensions aside), so that collapsing a run linearizes it alike.
  enum Role { Batch, Row, Col };
  DenseMap<unsigned, SmallVector<unsigned>> orderOf; // a role's dims, keyed by its first dim
  auto layout = [&](OpOperand *operand, ArrayRef<unsigned> rowDims,
                    ArrayRef<unsigned> colDims) -> FailureOr<MatmulOperand> {
    MatmulOperand result{operand->get(), {}, -1, -1, -1, false};
    AffineMap map = op.getMatchingIndexingMap(operand);
    SmallVector<std::pair<Role, SmallVector<unsigned>>> runs;
    for (auto [position, expr] : llvm::enumerate(map.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim)
        return failure();
      unsigned d = dim.getPosition();
      if (!llvm::is_contained(dims->batch, d) && !llvm::is_contained(rowDims, d) &&
          !llvm::is_contained(colDims, d))
        return failure();
      Role role = llvm::is_contained(dims->batch, d) ? Batch
                  : llvm::is_contained(rowDims, d)   ? Row
                                                     : Col;
      if (runs.empty() || runs.back().first != role)
        runs.emplace_back(role, SmallVector<unsigned>{});
      runs.back().second.push_back(d);
      if (result.groups.size() < runs.size())
        result.groups.emplace_back();
      result.groups.back().push_back(position);
    }
    for (auto [position, run] : llvm::enumerate(runs)) {
      int64_t &slot = run.first == Batch ? result.batchResult
                      : run.first == Row ? result.rowResult
                                         : result.colResult;
      if (slot != -1)
        return failure();
      slot = position;
      SmallVector<unsigned> nonUnit = llvm::to_vector(
          llvm::make_filter_range(run.second, [&](unsigned d) { return ranges[d] != 1; }));
      auto sorted = llvm::to_vector(run.second);
      llvm::sort(sorted);
      auto [it, inserted] = orderOf.try_emplace(sorted.front(), nonUnit);
      if (!inserted && it->second != nonUnit)
        return failure();
    }
    result.colContiguous =
        result.colResult == static_cast<int64_t>(result.groups.size()) - 1;
    return result;
  };
  FailureOr<MatmulOperand> a = layout(op.getDpsInputOperand(0), dims->m, dims->k);
  FailureOr<MatmulOperand> b = layout(op.getDpsInputOperand(1), dims->k, dims->n);
  FailureOr<MatmulOperand> c = layout(op.getDpsInitOperand(0), dims->m, dims->n);
  if (failed(a) || failed(b) || failed(c))
    return fail("an operand is not indexed by adjacent runs of its dimensions in one order");
  if (info.matvec && !a->colContiguous)
    return fail("the matrix of a matrix-vector product must be contiguous along K");
  info.a = *a;
  info.b = *b;
  info.c = *c;

  // The accumulator's initial value comes from a fill of the output (or of a temporary that an
  // epilogue then reads).
  Value accumulator = op.getDpsInits().front();
  for (Operation *other : work) {
    if (other == op)
      continue;
    if (Value value = filledValue(other);
        value && !info.fill && other->getOperand(other->getNumOperands() - 1) == accumulator &&
        other->isBeforeInBlock(op)) {
      info.fill = other;
      info.fillValue = value;
      continue;
    }
    auto generic = dyn_cast<linalg::GenericOp>(other);
    if (generic && !info.epilogue && op->isBeforeInBlock(generic) &&
        accumulator.getDefiningOp<memref::AllocOp>() && isEpilogueOf(generic, accumulator)) {
      info.epilogue = generic;
      info.c.buffer = generic.getDpsInits().front();
      continue;
    }
    return other->emitError() << "not in the matmul family: '" << other->getName()
                              << "' is neither the fill of the accumulator nor an elementwise "
                                 "epilogue on the result";
  }
  if (!info.fill)
    return fail("its accumulator is not initialised by a fill (accumulating into an output is "
                "not supported)");
  if (accumulator.getDefiningOp<memref::AllocOp>() && !info.epilogue)
    return fail("its result goes to a temporary buffer that no epilogue reads");
  return info;
}

//===----------------------------------------------------------------------===//
// Planning
//===----------------------------------------------------------------------===//

/// The largest power of two <= `width` that divides `extent`.
static int64_t dividingWidth(int64_t width, int64_t extent) {
  while (width > 1 && extent % width != 0)
    width /= 2;
  return width;
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

static SharedTile sharedTile(int64_t tileMN, int64_t tileK, bool kInner, bool mma) {
  SharedTile tile;
  tile.kInner = kInner;
  tile.outer = kInner ? tileMN : tileK;
  tile.inner = kInner ? tileK : tileMN;
  tile.rowPitch = llvm::alignTo(tile.inner, kMaxFragment) +
                  (kInner ? kMaxFragment : mma ? 2 * kMaxFragment : 0);
  return tile;
}

/// A is K-inner when row-major; B when column-major (transposed).
static bool aKInner(const MatmulInfo &info) { return info.a.colContiguous; }
static bool bKInner(const MatmulInfo &info) { return !info.b.colContiguous; }

/// The TF32 wgmma: warpgroups of 128 threads, each 64 columns of the block (the M of one
/// m64nNk8), and A's tile in wgmma's swizzled K-major layout: a row of block_k elements (32, 64
/// or 128 bytes: the swizzle mode) per output row, whose 16-byte chunks are permuted by an XOR
/// with the row's place in its 8-row atom, so that both cp.async writes and the tensor cores'
/// reads spread over all banks. Atoms must be aligned to their size (8 rows).
static constexpr int64_t kWgmmaM = 64, kWgmmaThreads = 128, kChunk = 4, kAtomRows = 8;
static constexpr int64_t kAtomAlignment = kAtomRows * 128; // the largest atom
static int64_t swizzleBytes(const MatmulGeometry &g) { return g.blockK * kF32Bytes; }
static int64_t swizzledTileBytes(const MatmulGeometry &g) { return g.blockM * swizzleBytes(g); }

/// The TF32 kernels: blocks of whole mma tiles, 16-byte cp.async copies where the extents allow,
/// stages + 1 buffers. mma.sync: warps of up to kMaxWarpTile square. wgmma: a warpgroup per 64
/// columns.
static MatmulGeometry planMma(const MatmulSchedule &schedule, const MatmulInfo &info,
                              bool wgmma) {
  MatmulGeometry g{};
  g.tf32 = true;
  g.wgmma = wgmma;
  auto clampTile = [](int64_t tile, int64_t extent, int64_t least) {
    return std::max(std::min(tile, static_cast<int64_t>(llvm::PowerOf2Ceil(extent))), least);
  };
  g.blockM = clampTile(schedule.blockM, info.m, kMmaM);
  g.blockN = clampTile(schedule.blockN, info.n, wgmma ? kWgmmaM : kMmaN);
  g.blockK = clampTile(schedule.blockK, info.k, kMmaK);
  if (wgmma) {
    g.warpgroups = g.blockN / kWgmmaM;
    g.threads = g.warpgroups * kWgmmaThreads;
  } else {
    g.warpM = std::min(g.blockM, kMaxWarpTile);
    g.warpN = std::min(g.blockN, kMaxWarpTile);
    g.threads = (g.blockM / g.warpM) * (g.blockN / g.warpN) * kWarp;
  }
  auto operandWidth = [&](bool kInner, int64_t tileMN, int64_t extentMN) {
    return kInner ? dividingWidth(kMaxFragment, info.k)
                  : dividingWidth(std::min(kMaxFragment, tileMN), extentMN);
  };
  g.vectorA = operandWidth(aKInner(info), g.blockM, info.m);
  g.vectorB = operandWidth(bKInner(info), g.blockN, info.n);
  // An mma.sync accumulator fragment holds two adjacent columns; a wgmma one two adjacent rows.
  g.fragmentN = wgmma ? 1 : 2;
  g.storeN = info.c.colContiguous && info.n % g.fragmentN == 0 ? g.fragmentN : 1;
  g.cpAsync = true;
  int64_t bytesA = wgmma ? swizzledTileBytes(g)
                         : sharedTile(g.blockM, g.blockK, aKInner(info), true).elements() *
                               kF32Bytes;
  int64_t perStage =
      bytesA + sharedTile(g.blockN, g.blockK, bKInner(info), true).elements() * kF32Bytes;
  g.stages = schedule.stages + 1;
  while (g.stages > 2 && g.stages * perStage > kMaxMmaShared)
    --g.stages;
  // wgmma: room to align the tiles' start to an atom, which dynamic shared memory may not be.
  g.sharedBytes = g.stages * perStage + (wgmma ? kAtomAlignment : 0);
  return g;
}

MatmulGeometry kopt::codegen::planMatmul(const MatmulSchedule &schedule, const MatmulInfo &info,
                                         bool allowTF32, bool allowWgmma) {
  if (schedule.tf32 && allowTF32 && !info.matvec)
    return planMma(schedule, info,
                   schedule.wgmma && allowWgmma && aKInner(info) && info.k % kChunk == 0);
  MatmulGeometry g{};
  if (info.matvec) {
    g.rowsPerBlock = std::min(schedule.blockM / 16, static_cast<int64_t>(llvm::PowerOf2Ceil(info.m)));
    g.threads = g.rowsPerBlock * kWarp;
    g.vectorA = dividingWidth(schedule.vector, info.k);
    g.accumulators = schedule.blockK / 8;
    return g;
  }
  auto clampTile = [](int64_t tile, int64_t extent) {
    return std::min(tile, static_cast<int64_t>(llvm::PowerOf2Ceil(extent)));
  };
  g.blockM = clampTile(schedule.blockM, info.m);
  g.blockN = clampTile(schedule.blockN, info.n);
  g.blockK = clampTile(schedule.blockK, info.k);
  g.threadM = std::min(schedule.threadM, g.blockM);
  g.threadN = std::min(schedule.threadN, g.blockN);
  while ((g.blockM / g.threadM) * (g.blockN / g.threadN) > kMaxThreads) {
    bool growM = g.threadM < g.blockM && (g.threadM <= g.threadN || g.threadN == g.blockN);
    (growM ? g.threadM : g.threadN) *= 2;
  }
  g.threads = (g.blockM / g.threadM) * (g.blockN / g.threadN);

  // Global accesses run along each operand's innermost dimension, within its tile.
  auto operandWidth = [&](bool kInner, int64_t tileMN, int64_t extentMN) {
    return kInner ? dividingWidth(std::min(schedule.vector, g.blockK), info.k)
                  : dividingWidth(std::min(schedule.vector, tileMN), extentMN);
  };
  g.vectorA = operandWidth(aKInner(info), g.blockM, info.m);
  g.vectorB = operandWidth(bKInner(info), g.blockN, info.n);
  g.fragmentM = std::min({schedule.vector, g.threadM, kMaxFragment});
  g.fragmentN = std::min({schedule.vector, g.threadN, kMaxFragment});
  g.unrollK = std::min(schedule.unrollK, g.blockK);
  g.fragmentK = std::min({schedule.vector, g.unrollK, kMaxFragment});
  g.storeN = info.c.colContiguous && info.n % g.fragmentN == 0 ? g.fragmentN : 1;

  g.cpAsync = schedule.cpAsync;
  g.stages = g.cpAsync ? schedule.stages : std::min<int64_t>(schedule.stages, 2);
  int64_t perStage = (sharedTile(g.blockM, g.blockK, aKInner(info), false).elements() +
                      sharedTile(g.blockN, g.blockK, bKInner(info), false).elements()) *
                     kF32Bytes;
  while (g.stages > 1 && g.stages * perStage > kMaxStaticShared)
    --g.stages;
  g.sharedBytes = g.stages * perStage;
  return g;
}

//===----------------------------------------------------------------------===//
// Kernel construction
//===----------------------------------------------------------------------===//

namespace {
/// Builds the gpu.launch of a tiled matmul or of a matvec.
class MatmulKernelBuilder : TiledKernelBuilder {
public:
  MatmulKernelBuilder(const MatmulInfo &info, const MatmulGeometry &g)
      : TiledKernelBuilder(OpBuilder(info.contraction), info.contraction->getLoc()),
        info(info), g(g) {}

  void build(StringRef kernelName) {
    if (!info.matvec) {
      tileA = sharedTile(g.blockM, g.blockK, aKInner(info), g.tf32);
      tileB = sharedTile(g.blockN, g.blockK, bKInner(info), g.tf32);
    }
    // The tiles: workgroup attributions (static shared memory, at most 48 KiB), or views of
    // dynamic shared memory for the TF32 kernel, which may need more.
    SmallVector<Type> tileTypes;
    if (!info.matvec)
      for (const SharedTile &tile : {tileA, tileB})
        tileTypes.push_back(MemRefType::get({g.stages, tile.outer, tile.rowPitch}, f32,
                                            AffineMap(), workgroupSpace()));
    if (g.wgmma) // A's tile in the swizzled K-major layout: row, chunk, 4 K elements
      tileTypes[0] = MemRefType::get({g.stages, g.blockM, g.blockK / kChunk, kChunk}, f32,
                                     AffineMap(), workgroupSpace());
    SmallVector<Type> workgroup = g.tf32 ? SmallVector<Type>() : tileTypes;
    int64_t blocks = info.matvec ? llvm::divideCeil(info.m, g.rowsPerBlock)
                                 : blocksM() * blocksN();
    Value one = index(1);
    MLIRContext *context = b.getContext();
    auto launch = gpu::LaunchOp::create(
        b, loc, index(blocks), index(info.batch), one, index(g.threads), one, one,
        /*dynamicSharedMemorySize=*/
        g.tf32 ? arith::ConstantIntOp::create(b, loc, g.sharedBytes, 32).getResult() : Value(),
        /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{}, workgroup,
        /*privateAttributions=*/{},
        /*clusterSizeX=*/nullptr, /*clusterSizeY=*/nullptr, /*clusterSizeZ=*/nullptr,
        FlatSymbolRefAttr::get(context, (kernelName + "_module").str()),
        FlatSymbolRefAttr::get(context, kernelName));
    b.setInsertionPointToStart(&launch.getBody().front());
    threadId = launch.getThreadIds().x;
    blockId = launch.getBlockIds().x;
    batchId = launch.getBlockIds().y;
    a = operandView(info.a);
    bBuffer = operandView(info.b);
    c = operandView(info.c);
    if (info.matvec) {
      buildMatvec();
    } else if (g.tf32) {
      auto bytes = MemRefType::get({ShapedType::kDynamic}, b.getI8Type(), AffineMap(),
                                   workgroupSpace());
      Value dynamic = gpu::DynamicSharedMemoryOp::create(b, loc, bytes);
      Value offsetA = index(0);
      if (g.wgmma) { // the next multiple of an atom's alignment
        Value address = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, dynamic);
        offsetA = rem(arith::SubIOp::create(b, loc, index(kAtomAlignment),
                                            rem(address, kAtomAlignment)),
                      kAtomAlignment);
      }
      int64_t bytesA = g.stages * (g.wgmma ? swizzledTileBytes(g)
                                           : tileA.elements() * kF32Bytes); // a multiple of 16
      sharedA = memref::ViewOp::create(b, loc, tileTypes[0], dynamic, offsetA, ValueRange{});
      sharedB = memref::ViewOp::create(b, loc, tileTypes[1], dynamic, add(offsetA, bytesA),
                                       ValueRange{});
      if (g.wgmma)
        buildWgmma();
      else
        buildMma();
    } else {
      sharedA = launch.getWorkgroupAttributions()[0];
      sharedB = launch.getWorkgroupAttributions()[1];
      buildSimt();
    }
    gpu::TerminatorOp::create(b, loc);
    eraseReplacedOps();
  }

private:
  int64_t blocksM() const { return llvm::divideCeil(info.m, g.blockM); }
  int64_t blocksN() const { return llvm::divideCeil(info.n, g.blockN); }
  int64_t threadsN() const { return g.blockN / g.threadN; }

  /// The operand with one dimension per role: a row-major view of the task buffer it is a
  /// (reshaped) view of, since the kernel's parameters must be the task's buffers.
  Value operandView(const MatmulOperand &operand) {
    Value root = operand.buffer;
    while (Operation *view = root.getDefiningOp<memref::CollapseShapeOp>() ? root.getDefiningOp()
                             : root.getDefiningOp<memref::ExpandShapeOp>())
      root = view->getOperand(0);
    ArrayRef<int64_t> shape = cast<MemRefType>(operand.buffer.getType()).getShape();
    SmallVector<int64_t> collapsed;
    for (const ReassociationIndices &group : operand.groups) {
      collapsed.push_back(1);
      for (int64_t position : group)
        collapsed.back() *= shape[position];
    }
    auto type = MemRefType::get(collapsed, f32);
    if (root.getType() == type)
      return root;
    SmallVector<int64_t> strides(collapsed.size(), 1);
    for (int64_t d = static_cast<int64_t>(collapsed.size()) - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * collapsed[d + 1];
    return memref::ReinterpretCastOp::create(b, loc, type, root, /*offset=*/0, collapsed, strides);
  }

  /// Indices of an operand's view at the given batch, row and column positions (a missing one:
  /// a unit dimension).
  SmallVector<Value> at(const MatmulOperand &operand, Value row, Value col) {
    SmallVector<Value> indices(operand.groups.size());
    for (auto [position, value] : {std::pair(operand.batchResult, batchId),
                                   std::pair(operand.rowResult, row),
                                   std::pair(operand.colResult, col)})
      if (position >= 0)
        indices[position] = value ? value : index(0);
    return indices;
  }

  //===--------------------------------------------------------------------===//
  // Global -> shared copies of one K tile of A or B
  //===--------------------------------------------------------------------===//

  /// One operand's tile copy: which vectors each thread moves.
  struct TileCopy {
    const MatmulOperand *operand;
    Value global, shared;
    SharedTile tile;
    int64_t width;           // elements per vector
    int64_t tileMN, extentMN; // the operand's M or N tile and extent
    Value originMN;           // where the block's tile starts along M or N
    bool swizzled = false;    // shared in wgmma's swizzled K-major layout
  };

  TileCopy copyOfA() {
    TileCopy copy{&info.a, a, sharedA, tileA, g.vectorA, g.blockM, info.m, mul(div(blockId, blocksN()), g.blockM)};
    copy.swizzled = g.wgmma;
    return copy;
  }
  TileCopy copyOfB() {
    return {&info.b, bBuffer, sharedB, tileB, g.vectorB, g.blockN, info.n, mul(rem(blockId, blocksN()), g.blockN)};
  }

  /// Where the thread's `i`-th vector of a tile goes in shared memory, and whether it exists
  /// (there may be more threads than vectors).
  struct VectorSlot {
    Value row, col;
    Value exists; // null: always
  };

  int64_t vectorsPerTile(const TileCopy &copy) {
    return copy.tile.outer * copy.tile.inner / copy.width;
  }
  int64_t vectorsPerThread(const TileCopy &copy) {
    return llvm::divideCeil(vectorsPerTile(copy), g.threads);
  }

  VectorSlot slot(const TileCopy &copy, int64_t i) {
    int64_t perRow = copy.tile.inner / copy.width;
    Value id = add(threadId, i * g.threads);
    VectorSlot s;
    s.row = div(id, perRow);
    s.col = mul(rem(id, perRow), copy.width);
    if ((i + 1) * g.threads > vectorsPerTile(copy))
      s.exists = less(id, vectorsPerTile(copy));
    return s;
  }

  /// The global indices of a slot's vector in K tile `kTile`, and whether it lies inside the
  /// operand (null: statically always).
  SmallVector<Value> globalIndices(const TileCopy &copy, const VectorSlot &s, Value kTile,
                                   Value &inside) {
    Value mn = add(copy.originMN, copy.tile.kInner ? s.row : s.col);
    Value k = add(mul(kTile, g.blockK), copy.tile.kInner ? s.col : s.row);
    inside = nullptr;
    if (copy.extentMN % copy.tileMN != 0)
      inside = less(mn, copy.extentMN);
    if (info.k % g.blockK != 0)
      inside = both(inside, less(k, info.k));
    return copy.operand == &info.a ? at(*copy.operand, mn, k) : at(*copy.operand, k, mn);
  }

  /// The thread's vectors of K tile `kTile` (zeros outside the operand), into registers.
  SmallVector<Value> loadTile(const TileCopy &copy, Value kTile) {
    SmallVector<Value> values;
    for (int64_t i = 0; i < vectorsPerThread(copy); ++i) {
      VectorSlot s = slot(copy, i);
      Value inside;
      SmallVector<Value> indices = globalIndices(copy, s, kTile, inside);
      values.push_back(guarded(both(s.exists, inside), vectorType(copy.width), [&] {
        return SmallVector<Value>{load(copy.global, indices, copy.width)};
      }).front());
    }
    return values;
  }

  void storeTile(const TileCopy &copy, ArrayRef<Value> values, Value stage) {
    for (auto [i, vector] : llvm::enumerate(values)) {
      VectorSlot s = slot(copy, i);
      Value value = vector;
      guarded(s.exists, {}, [&] {
        store(value, copy.shared, {stage, s.row, s.col});
        return SmallVector<Value>{};
      });
    }
  }

  /// cp.async of K tile `kTile` into `stage`; a vector outside the operand is zero-filled (a
  /// copy of no source elements, from a clamped address).
  void copyTileAsync(const TileCopy &copy, Value kTile, Value stage) {
    for (int64_t i = 0; i < vectorsPerThread(copy); ++i) {
      VectorSlot s = slot(copy, i);
      guarded(s.exists, {}, [&] {
        Value inside;
        SmallVector<Value> indices = globalIndices(copy, s, kTile, inside);
        Value sourceElements;
        if (inside) {
          sourceElements = arith::SelectOp::create(b, loc, inside, index(copy.width), index(0));
          for (Value &idx : indices)
            idx = arith::SelectOp::create(b, loc, inside, idx, index(0));
        }
        SmallVector<Value> sharedIndices{stage, s.row, s.col};
        if (copy.swizzled)
          sharedIndices = {stage, s.row, swizzledChunk(s.row, div(s.col, kChunk)), index(0)};
        nvgpu::DeviceAsyncCopyOp::create(
            b, loc, copy.shared, sharedIndices, copy.global, indices,
            b.getIndexAttr(copy.width), sourceElements,
            copy.width * kF32Bytes == 16 ? b.getUnitAttr() : UnitAttr());
        return SmallVector<Value>{};
      });
    }
  }

  //===--------------------------------------------------------------------===//
  // The thread's register tile
  //===--------------------------------------------------------------------===//

  int64_t groupsM() const { return g.threadM / g.fragmentM; }
  int64_t groupsN() const { return g.threadN / g.fragmentN; }

  /// The block-local row of the thread's `i`-th output row: fragments of fragmentM rows, the
  /// block's threads side by side within a fragment (so a warp's shared reads are contiguous).
  Value localRow(Value threadRow, int64_t i) {
    int64_t group = i / g.fragmentM, lane = i % g.fragmentM;
    return add(mul(threadRow, g.fragmentM), group * (g.blockM / groupsM()) + lane);
  }
  Value localCol(Value threadCol, int64_t group) {
    return add(mul(threadCol, g.fragmentN), group * (g.blockN / groupsN()));
  }

  /// Scalars of one operand's fragment for K steps [k0, k0 + unrollK): values[kk][j], j along the
  /// thread's M (or N) positions.
  SmallVector<SmallVector<Value>> fragmentScalars(Value shared, const SharedTile &tile,
                                                 Value stage, Value k0, int64_t count,
                                                 int64_t width,
                                                 llvm::function_ref<Value(int64_t)> position) {
    SmallVector<SmallVector<Value>> values(g.unrollK, SmallVector<Value>(count));
    if (tile.kInner) {
      for (int64_t j = 0; j < count; ++j)
        for (int64_t kk = 0; kk < g.unrollK; kk += g.fragmentK) {
          Value v = load(shared, {stage, position(j), add(k0, kk)}, g.fragmentK);
          for (int64_t e = 0; e < g.fragmentK; ++e)
            values[kk + e][j] = element(v, e);
        }
      return values;
    }
    for (int64_t kk = 0; kk < g.unrollK; ++kk)
      for (int64_t j = 0; j < count; j += width) {
        Value v = load(shared, {stage, add(k0, kk), position(j)}, width);
        for (int64_t e = 0; e < width; ++e)
          values[kk][j + e] = element(v, e);
      }
    return values;
  }

  /// unrollK K steps of the thread's outer product, from shared `stage`, into `acc`
  /// (threadM x groupsN vectors of fragmentN).
  SmallVector<Value> multiplyStep(Value stage, Value k0, ValueRange acc, Value threadRow,
                                  Value threadCol) {
    auto aValues = fragmentScalars(sharedA, tileA, stage, k0, g.threadM, g.fragmentM,
                                   [&](int64_t i) { return localRow(threadRow, i); });
    auto bValues = fragmentScalars(sharedB, tileB, stage, k0, g.threadN, g.fragmentN,
                                   [&](int64_t j) {
                                     return add(localCol(threadCol, j / g.fragmentN),
                                                j % g.fragmentN);
                                   });
    SmallVector<Value> result(acc);
    for (int64_t kk = 0; kk < g.unrollK; ++kk) {
      SmallVector<Value> bVectors;
      for (int64_t group = 0; group < groupsN(); ++group)
        bVectors.push_back(vector::FromElementsOp::create(
            b, loc, vectorType(g.fragmentN),
            ArrayRef(bValues[kk]).slice(group * g.fragmentN, g.fragmentN)));
      for (int64_t i = 0; i < g.threadM; ++i) {
        Value aBroadcast = vector::BroadcastOp::create(b, loc, vectorType(g.fragmentN), aValues[kk][i]);
        for (int64_t group = 0; group < groupsN(); ++group) {
          Value &slot = result[i * groupsN() + group];
          slot = vector::FMAOp::create(b, loc, aBroadcast, bVectors[group], slot);
        }
      }
    }
    return result;
  }

  /// The whole block tile from shared `stage`: an scf.for over its K steps, unrollK at a time.
  SmallVector<Value> multiplyTile(Value stage, ValueRange acc, Value threadRow, Value threadCol) {
    auto loop = scf::ForOp::create(b, loc, index(0), index(g.blockK), index(g.unrollK), acc);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    scf::YieldOp::create(b, loc, multiplyStep(stage, loop.getInductionVar(),
                                              loop.getRegionIterArgs(), threadRow, threadCol));
    return SmallVector<Value>(loop.getResults());
  }

  Value stageOf(Value kTile) { return g.stages == 1 ? index(0) : rem(kTile, g.stages); }

  void buildSimt() {
    Value threadRow = div(threadId, threadsN());
    Value threadCol = rem(threadId, threadsN());
    Value initial = vector::BroadcastOp::create(b, loc, vectorType(g.fragmentN), info.fillValue);
    SmallVector<Value> acc(g.threadM * groupsN(), initial);
    storeOutput(pipelineOverK(acc, [&](Value stage, ValueRange tileAcc) {
                  return multiplyTile(stage, tileAcc, threadRow, threadCol);
                }),
                threadRow, threadCol);
  }

  /// The loop over K tiles: copies of A and B tiles to shared memory (as the geometry says),
  /// `multiply` of each into the accumulators `acc`; returns the final accumulators.
  SmallVector<Value>
  pipelineOverK(ArrayRef<Value> acc,
                llvm::function_ref<SmallVector<Value>(Value stage, ValueRange acc)> multiply) {
    TileCopy copyA = copyOfA(), copyB = copyOfB();
    int64_t kTiles = llvm::divideCeil(info.k, g.blockK);

    auto issueAsync = [&](Value kTile, Value stage) {
      copyTileAsync(copyA, kTile, stage);
      copyTileAsync(copyB, kTile, stage);
    };
    auto commit = [&] { NVVM::CpAsyncCommitGroupOp::create(b, loc); };
    auto copyThroughRegisters = [&](Value kTile, Value stage) {
      SmallVector<Value> va = loadTile(copyA, kTile), vb = loadTile(copyB, kTile);
      storeTile(copyA, va, stage);
      storeTile(copyB, vb, stage);
    };

    // Prologue: the first stages - 1 tiles (at least one) on their way with cp.async; the first
    // tile in shared memory for the register prefetch.
    if (g.cpAsync) {
      for (int64_t t = 0; t < std::max<int64_t>(g.stages - 1, 1); ++t) {
        if (t < kTiles)
          issueAsync(index(t), index(t));
        commit();
      }
    } else if (g.stages == 2) {
      copyThroughRegisters(index(0), index(0));
      barrier();
    }

    auto loop = scf::ForOp::create(b, loc, index(0), index(kTiles), index(1), acc);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value kTile = loop.getInductionVar();
      ValueRange iterAcc = loop.getRegionIterArgs();
      Value stage = stageOf(kTile);
      SmallVector<Value> next;
      // The copy of tile kTile + distance, issued in the stage it goes to.
      auto issueAhead = [&](int64_t distance) {
        Value ahead = add(kTile, distance);
        guarded(less(ahead, kTiles), {}, [&] {
          issueAsync(ahead, stageOf(ahead));
          return SmallVector<Value>{};
        });
        commit(); // an empty group past the end keeps the count the wait relies on
      };
      if (g.cpAsync) {
        // Tile kTile has landed (for this thread; the barrier makes it everyone's), and every
        // thread is done with the buffer the next copy overwrites.
        NVVM::CpAsyncWaitGroupOp::create(b, loc, std::max<int64_t>(g.stages - 2, 0));
        if (g.wgmma) // wgmma reads shared memory through the async proxy
          NVVM::FenceProxyOp::create(
              b, loc, NVVM::ProxyKind::async_shared,
              NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
        barrier();
        if (g.stages > 1)
          issueAhead(g.stages - 1);
        next = multiply(stage, iterAcc);
        if (g.stages == 1) {
          barrier();
          issueAhead(1);
        }
      } else if (g.stages == 1) {
        copyThroughRegisters(kTile, index(0));
        barrier();
        next = multiply(stage, iterAcc);
        barrier();
      } else {
        // Loads of the next tile go out before this tile's arithmetic and land in the other
        // buffer after it; one barrier per tile.
        Value ahead = add(kTile, 1);
        Value inRange = less(ahead, kTiles);
        SmallVector<Type> types;
        for (const TileCopy *copy : {&copyA, &copyB})
          types.append(vectorsPerThread(*copy), vectorType(copy->width));
        SmallVector<Value> prefetched = guarded(inRange, types, [&] {
          SmallVector<Value> values = loadTile(copyA, ahead);
          values.append(loadTile(copyB, ahead));
          return values;
        });
        next = multiply(stage, iterAcc);
        guarded(inRange, {}, [&] {
          Value nextStage = stageOf(ahead);
          int64_t countA = vectorsPerThread(copyA);
          storeTile(copyA, ArrayRef(prefetched).take_front(countA), nextStage);
          storeTile(copyB, ArrayRef(prefetched).drop_front(countA), nextStage);
          return SmallVector<Value>{};
        });
        barrier();
      }
      scf::YieldOp::create(b, loc, next);
    }
    return SmallVector<Value>(loop.getResults());
  }

  /// Index `dim` of the output (its own dimensions, as the epilogue sees them) at a position of
  /// its collapsed view.
  Value outputIndex(int64_t dim, Value row, Value col) {
    ArrayRef<int64_t> shape = cast<MemRefType>(info.c.buffer.getType()).getShape();
    for (auto [position, group] : llvm::enumerate(info.c.groups)) {
      if (!llvm::is_contained(group, dim))
        continue;
      Value collapsed = static_cast<int64_t>(position) == info.c.rowResult   ? row
                        : static_cast<int64_t>(position) == info.c.colResult ? col
                                                                             : batchId;
      if (!collapsed || shape[dim] == 1)
        return index(0);
      int64_t inner = 1;
      for (int64_t later : group)
        if (later > dim)
          inner *= shape[later];
      return group.size() == 1 ? collapsed : rem(div(collapsed, inner), shape[dim]);
    }
    llvm_unreachable("every output dimension is in a group");
  }

  /// The epilogue's body (if any) on one accumulator element at output position (row, col).
  Value applyEpilogue(Value value, Value row, Value col) {
    if (!info.epilogue)
      return value;
    IRMapping mapping;
    Block *body = info.epilogue.getBody();
    for (OpOperand *input : info.epilogue.getDpsInputOperands()) {
      BlockArgument arg = info.epilogue.getMatchingBlockArgument(input);
      mapping.map(arg, isa<ShapedType>(input->get().getType()) ? value : input->get());
    }
    for (Operation &inner : body->without_terminator()) {
      if (auto indexOp = dyn_cast<linalg::IndexOp>(inner)) {
        mapping.map(indexOp.getResult(), outputIndex(indexOp.getDim(), row, col));
        continue;
      }
      b.clone(inner, mapping);
    }
    auto yield = cast<linalg::YieldOp>(body->getTerminator());
    return mapping.lookupOrDefault(yield.getValues().front());
  }

  Value blockRowBase() { return mul(div(blockId, blocksN()), g.blockM); }
  Value blockColBase() { return mul(rem(blockId, blocksN()), g.blockN); }

  void storeOutput(ValueRange acc, Value threadRow, Value threadCol) {
    Value rowBase = blockRowBase(), colBase = blockColBase();
    for (int64_t i = 0; i < g.threadM; ++i) {
      Value row = add(rowBase, localRow(threadRow, i));
      for (int64_t group = 0; group < groupsN(); ++group)
        storeFragment(acc[i * groupsN() + group], row, add(colBase, localCol(threadCol, group)));
    }
  }

  /// A vector of fragmentN accumulators, output columns col.., through the epilogue, where it
  /// lies inside the output.
  void storeFragment(Value value, Value row, Value col) {
    Value inside;
    if (info.m % g.blockM != 0)
      inside = less(row, info.m);
    if (info.n % g.blockN != 0)
      inside = both(inside, less(col, info.n));
    guarded(inside, {}, [&] {
      SmallVector<Value> elements;
      for (int64_t e = 0; e < g.fragmentN; ++e)
        elements.push_back(applyEpilogue(element(value, e), row, add(col, e)));
      if (g.storeN == g.fragmentN) {
        Value result = info.epilogue ? vector::FromElementsOp::create(
                                           b, loc, vectorType(g.fragmentN), elements)
                                           .getResult()
                                     : value;
        store(result, c, at(info.c, row, col));
        return SmallVector<Value>{};
      }
      for (int64_t e = 0; e < g.fragmentN; ++e) {
        Value colE = add(col, e);
        guarded(info.n % g.fragmentN != 0 ? less(colE, info.n) : Value(), {}, [&] {
          memref::StoreOp::create(b, loc, elements[e], c, at(info.c, row, colE));
          return SmallVector<Value>{};
        });
      }
      return SmallVector<Value>{};
    });
  }

  //===--------------------------------------------------------------------===//
  // TF32 mma.sync
  //===--------------------------------------------------------------------===//

  int64_t warpsN() const { return g.blockN / g.warpN; }
  int64_t mmaTilesM() const { return g.warpM / kMmaM; }
  int64_t mmaTilesN() const { return g.warpN / kMmaN; }

  /// Where a lane's fragments of the warp's tile start in the block: the warp's first row and
  /// column, plus the lane's group (lane / 4: a row of A and C, a column of B) and its place in
  /// it (lane % 4: a K column of A, a K row of B, a column pair of C).
  struct MmaLane {
    Value row, col; // the warp's origin + lane / 4 (A and C rows, B columns)
    Value quad;     // lane % 4
    Value outputCol; // the warp's first column + 2 * (lane % 4)
  };

  MmaLane mmaLane() {
    Value warp = div(threadId, kWarp), lane = rem(threadId, kWarp);
    Value group = div(lane, 4), quad = rem(lane, 4);
    Value warpCol = mul(rem(warp, warpsN()), g.warpN);
    return {add(mul(div(warp, warpsN()), g.warpM), group), add(warpCol, group), quad,
            add(warpCol, mul(quad, 2))};
  }

  /// Element (mn, k) of a shared tile of `stage`, in whichever layout the tile has.
  Value readShared(Value shared, const SharedTile &tile, Value stage, Value mn, Value k) {
    SmallVector<Value> indices = tile.kInner ? SmallVector<Value>{stage, mn, k}
                                             : SmallVector<Value>{stage, k, mn};
    return memref::LoadOp::create(b, loc, shared, indices);
  }

  /// The K tile in `stage` into the warp's accumulators (mmaTilesM x mmaTilesN vector<2x2xf32>,
  /// as mma.sync lays out C: rows lane / 4 and + 8, columns 2 * (lane % 4) and + 1). Per K step
  /// of 8, each lane reads A(row, k), A(row + 8, k), A(row, k + 4), A(row + 8, k + 4) of each M
  /// tile and B(k, col), B(k + 4, col) of each N tile, with k = lane % 4.
  SmallVector<Value> mmaTile(Value stage, ValueRange acc, const MmaLane &lane) {
    SmallVector<Value> result(acc);
    for (int64_t k0 = 0; k0 < g.blockK; k0 += kMmaK) {
      Value k = add(lane.quad, k0);
      SmallVector<Value> aFragments, bFragments;
      for (int64_t i = 0; i < mmaTilesM(); ++i) {
        Value row = add(lane.row, i * kMmaM);
        SmallVector<Value> values;
        for (auto [dm, dk] : {std::pair(0, 0), std::pair(8, 0), std::pair(0, 4), std::pair(8, 4)})
          values.push_back(readShared(sharedA, tileA, stage, add(row, dm), add(k, dk)));
        aFragments.push_back(
            vector::FromElementsOp::create(b, loc, VectorType::get({4, 1}, f32), values));
      }
      for (int64_t j = 0; j < mmaTilesN(); ++j) {
        Value col = add(lane.col, j * kMmaN);
        SmallVector<Value> values{readShared(sharedB, tileB, stage, col, k),
                                  readShared(sharedB, tileB, stage, col, add(k, 4))};
        bFragments.push_back(
            vector::FromElementsOp::create(b, loc, VectorType::get({2, 1}, f32), values));
      }
      for (int64_t i = 0; i < mmaTilesM(); ++i)
        for (int64_t j = 0; j < mmaTilesN(); ++j) {
          Value &slot = result[i * mmaTilesN() + j];
          slot = nvgpu::MmaSyncOp::create(b, loc, aFragments[i], bFragments[j], slot,
                                          ArrayRef<int64_t>{kMmaM, kMmaN, kMmaK},
                                          /*tf32Enabled=*/true);
        }
    }
    return result;
  }

  void buildMma() {
    MmaLane lane = mmaLane();
    Value initial = vector::BroadcastOp::create(b, loc, VectorType::get({2, 2}, f32),
                                                info.fillValue);
    SmallVector<Value> acc(mmaTilesM() * mmaTilesN(), initial);
    SmallVector<Value> result = pipelineOverK(
        acc, [&](Value stage, ValueRange tileAcc) { return mmaTile(stage, tileAcc, lane); });
    Value rowBase = add(blockRowBase(), lane.row);
    Value colBase = add(blockColBase(), lane.outputCol);
    for (int64_t i = 0; i < mmaTilesM(); ++i)
      for (int64_t j = 0; j < mmaTilesN(); ++j)
        for (int64_t half = 0; half < 2; ++half) {
          Value value = vector::ExtractOp::create(b, loc, result[i * mmaTilesN() + j],
                                                  ArrayRef<int64_t>{half});
          storeFragment(value, add(rowBase, i * kMmaM + half * 8), add(colBase, j * kMmaN));
        }
  }

  //===--------------------------------------------------------------------===//
  // TF32 wgmma
  //===--------------------------------------------------------------------===//

  /// Where chunk `chunk` of row `row` of A's tile lies in the row: the swizzle XORs the chunk
  /// with address bits 7 and up (the row's place in its atom, in 128-byte lines).
  Value swizzledChunk(Value row, Value chunk) {
    int64_t chunks = swizzleBytes(g) / (kChunk * kF32Bytes);
    Value line = div(mul(row, swizzleBytes(g)), 128);
    return arith::XOrIOp::create(b, loc, chunk, rem(line, chunks));
  }

  /// The descriptor of A's tile in stage 0 from K = 0: the start address >> 4 in bits 0-13, the
  /// stride byte offset (between 8-row atoms) >> 4 in bits 32-45, the swizzle mode in bits 62-63
  /// (1: 128 bytes, 2: 64, 3: 32); the leading byte offset (bits 16-29) is unused by swizzled
  /// K-major layouts whose K step fits a row.
  Value tileDescriptor() {
    Type i64 = b.getI64Type();
    auto constant = [&](int64_t value) { return arith::ConstantIntOp::create(b, loc, i64, value); };
    Value address = arith::IndexCastUIOp::create(
        b, loc, i64, memref::ExtractAlignedPointerAsIndexOp::create(b, loc, sharedA));
    Value start = arith::ShRUIOp::create(
        b, loc, arith::AndIOp::create(b, loc, address, constant(0x3FFFF)), constant(4));
    uint64_t mode = swizzleBytes(g) == 128 ? 1 : swizzleBytes(g) == 64 ? 2 : 3;
    uint64_t fields = uint64_t{1} << 16 | uint64_t(kAtomRows * swizzleBytes(g) >> 4) << 32 |
                      mode << 62;
    return arith::OrIOp::create(b, loc, start, constant(static_cast<int64_t>(fields)));
  }

  /// One m64nNk8 wgmma (N = blockM) of the warpgroup: acc += fragment (this thread's 4 of B^T's
  /// 64 x 8, as i32) x the 8 x N at `descriptor` (A^T). Inline PTX: MLIR's wgmma op takes
  /// both operands from shared memory, and TF32 admits no transposed (N-contiguous) one there.
  SmallVector<Value> wgmma(ValueRange acc, ArrayRef<Value> fragment, Value descriptor) {
    int64_t n = acc.size();
    std::string ptx, constraints;
    llvm::raw_string_ostream text(ptx), kinds(constraints);
    text << "{\n.reg .pred p;\nsetp.ne.b32 p, $" << 2 * n + 5 << ", 0;\n"
         << "wgmma.mma_async.sync.aligned.m64n" << g.blockM << "k8.f32.tf32.tf32 {";
    for (int64_t i = 0; i < n; ++i) {
      text << (i ? ", $" : "$") << i;
      kinds << "=f,";
    }
    text << "}, {$" << 2 * n << ", $" << 2 * n + 1 << ", $" << 2 * n + 2 << ", $" << 2 * n + 3
         << "}, $" << 2 * n + 4 << ", p, 1, 1;\n}";
    for (int64_t i = 0; i < n; ++i)
      kinds << i << ",";
    kinds << "r,r,r,r,l,r";
    SmallVector<Value> operands(acc);
    operands.append(fragment.begin(), fragment.end());
    operands.push_back(descriptor);
    operands.push_back(arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1)); // scale-d
    auto type = LLVM::LLVMStructType::getLiteral(b.getContext(), SmallVector<Type>(n, f32));
    auto op = LLVM::InlineAsmOp::create(
        b, loc, type, operands, ptx, constraints, /*has_side_effects=*/true,
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
        /*operand_attrs=*/ArrayAttr());
    SmallVector<Value> result;
    for (int64_t i = 0; i < n; ++i)
      result.push_back(LLVM::ExtractValueOp::create(b, loc, op.getRes(), i));
    return result;
  }

  /// The K tile in `stage` into the thread's accumulators: per K step of 8, the B fragment
  /// B(k, column), B(k, column + 8), B(k + 4, column), B(k + 4, column + 8) with k = lane % 4
  /// (as mma.sync's A fragment: the rows of B^T), then the tile's wgmma ops in one group, waited
  /// for at once: a group left running past the next tile's fragment reads is serialized by
  /// ptxas (C7513) and measured no faster (and wrong where more buffers were in use: a race
  /// not understood; results/tf32-h200/wgmma.md).
  SmallVector<Value> wgmmaTile(Value stage, ValueRange acc, Value column, Value quad,
                               Value descriptor) {
    SmallVector<SmallVector<Value>> fragments;
    for (int64_t k0 = 0; k0 < g.blockK; k0 += kMmaK) {
      Value k = add(quad, k0);
      SmallVector<Value> &fragment = fragments.emplace_back();
      for (auto [dn, dk] : {std::pair(0, 0), std::pair(8, 0), std::pair(0, 4), std::pair(8, 4)})
        fragment.push_back(arith::BitcastOp::create(
            b, loc, b.getI32Type(),
            readShared(sharedB, tileB, stage, add(column, dn), add(k, dk))));
    }
    Type i64 = b.getI64Type();
    Value stageOffset = arith::IndexCastUIOp::create(
        b, loc, i64, mul(stage, swizzledTileBytes(g) >> 4));
    NVVM::WgmmaFenceAlignedOp::create(b, loc);
    SmallVector<Value> result(acc);
    for (auto [step, fragment] : llvm::enumerate(fragments)) {
      // The K step's first column within the rows (the swizzle applies to the whole address).
      Value chunkOffset = arith::ConstantIntOp::create(b, loc, i64,
                                                       step * kMmaK * kF32Bytes >> 4);
      Value at = arith::AddIOp::create(
          b, loc, descriptor, arith::AddIOp::create(b, loc, stageOffset, chunkOffset));
      result = wgmma(result, fragment, at);
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
    return result;
  }

  /// Each warpgroup computes 64 columns x blockM rows of C as C^T = B^T A^T. A thread holds,
  /// for each 8 rows j of the block, C(8j + 2 (lane % 4) + {0, 1}, column + {0, 8}), column =
  /// its warpgroup's 64 + its warp's 16 (of the four warps) + lane / 4.
  void buildWgmma() {
    Value warp = div(threadId, kWarp), lane = rem(threadId, kWarp);
    Value quad = rem(lane, 4);
    Value column = add(add(mul(div(threadId, kWgmmaThreads), kWgmmaM), mul(rem(warp, 4), 16)),
                       div(lane, 4));
    Value descriptor = tileDescriptor();
    SmallVector<Value> acc(g.blockM / 2, info.fillValue);
    SmallVector<Value> result = pipelineOverK(acc, [&](Value stage, ValueRange tileAcc) {
      return wgmmaTile(stage, tileAcc, column, quad, descriptor);
    });
    Value rowBase = add(blockRowBase(), mul(quad, 2));
    Value colBase = add(blockColBase(), column);
    for (int64_t j = 0; j < g.blockM / 8; ++j)
      for (int64_t r = 0; r < 4; ++r) {
        Value value = vector::FromElementsOp::create(b, loc, vectorType(1), result[4 * j + r]);
        storeFragment(value, add(rowBase, 8 * j + r % 2), add(colBase, 8 * (r / 2)));
      }
  }

  //===--------------------------------------------------------------------===//
  // Matvec
  //===--------------------------------------------------------------------===//

  /// A warp per output row; each lane reads vectors along K, `accumulators` of them per
  /// iteration into separate partial sums, then the warp adds its lanes with shuffles.
  void buildMatvec() {
    Value warp = div(threadId, kWarp), lane = rem(threadId, kWarp);
    Value row = add(mul(blockId, g.rowsPerBlock), warp);
    int64_t width = g.vectorA;
    int64_t step = kWarp * width * g.accumulators;
    guarded(info.m % g.rowsPerBlock != 0 ? less(row, info.m) : Value(), {}, [&] {
      SmallVector<Value> partial(g.accumulators, zeros(vectorType(width)));
      auto loop = scf::ForOp::create(b, loc, mul(lane, width), index(info.k), index(step), partial);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(loop.getBody());
        SmallVector<Value> sums;
        for (int64_t j = 0; j < g.accumulators; ++j) {
          Value k = add(loop.getInductionVar(), j * kWarp * width);
          Value acc = loop.getRegionIterArgs()[j];
          // The loop bound covers the first vector; past K, zeros leave the sum as it was.
          bool exact = info.k % step == 0 || j == 0;
          SmallVector<Value> xy = guarded(exact ? Value() : less(k, info.k),
                                          {vectorType(width), vectorType(width)}, [&] {
            return SmallVector<Value>{load(a, at(info.a, row, k), width),
                                      load(bBuffer, at(info.b, k, Value()), width)};
          });
          sums.push_back(vector::FMAOp::create(b, loc, xy[0], xy[1], acc));
        }
        scf::YieldOp::create(b, loc, sums);
      }
      Value total = loop.getResult(0);
      for (int64_t j = 1; j < g.accumulators; ++j)
        total = arith::AddFOp::create(b, loc, total, loop.getResult(j));
      Value sum = vector::ReductionOp::create(b, loc, vector::CombiningKind::ADD, total);
      for (int64_t offset = kWarp / 2; offset > 0; offset /= 2) {
        auto shuffle = gpu::ShuffleOp::create(b, loc, sum, offset, kWarp, gpu::ShuffleMode::XOR);
        sum = arith::AddFOp::create(b, loc, sum, shuffle.getShuffleResult());
      }
      Value result = arith::AddFOp::create(b, loc, info.fillValue, sum);
      guarded(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, index(0)), {}, [&] {
        memref::StoreOp::create(b, loc, applyEpilogue(result, row, Value()), c,
                                at(info.c, row, Value()));
        return SmallVector<Value>{};
      });
      return SmallVector<Value>{};
    });
  }

  /// The payload's ops the kernel replaces, and the temporary an epilogue read.
  void eraseReplacedOps() {
    Value accumulator = info.contraction.getDpsInits().front();
    if (info.epilogue)
      info.epilogue->erase();
    info.contraction->erase();
    info.fill->erase();
    if (auto alloc = accumulator.getDefiningOp<memref::AllocOp>()) {
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        user->erase();
      alloc->erase();
    }
  }

  MatmulInfo info; // a copy: op handles are used non-const
  const MatmulGeometry &g;
  SharedTile tileA{}, tileB{};
  Value threadId, blockId, batchId;
  Value a, bBuffer, c, sharedA, sharedB;
};
} // namespace

void kopt::codegen::buildMatmulKernel(const MatmulInfo &info, const MatmulGeometry &geometry,
                                      StringRef kernelName) {
  MatmulKernelBuilder(info, geometry).build(kernelName);
}
