//===- MatmulTile.cpp - what the matmul kernels share ---------------------===//
#include "MatmulTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace kopt::codegen;
using namespace kopt::codegen::matmul;

SharedTile kopt::codegen::matmul::sharedTile(int64_t tileMN, int64_t tileK, bool kInner,
                                             bool mma) {
  SharedTile tile;
  tile.kInner = kInner;
  tile.outer = kInner ? tileMN : tileK;
  tile.inner = kInner ? tileK : tileMN;
  tile.rowPitch = llvm::alignTo(tile.inner, kMaxFragment) +
                  (kInner ? kMaxFragment : mma ? 2 * kMaxFragment : 0);
  return tile;
}

MatmulKernelBuilder::MatmulKernelBuilder(const MatmulInfo &info, const MatmulGeometry &g)
    : TiledKernelBuilder(OpBuilder(info.contraction), info.contraction->getLoc()), info(info),
      g(g) {}

void MatmulKernelBuilder::build(StringRef kernelName) {
  if (!info.aPermutation.empty())
    buildFilterCopy(kernelName);
  if (info.gather)
    buildGatherTable(kernelName);
  if (g.transposeB)
    buildTransposedB(kernelName);
  if (!info.matvec) {
    tileA = sharedTile(g.blockM, g.blockK, aKInner(info), g.tf32);
    tileB = sharedTile(g.blockN, g.blockK, bKInner(info), g.tf32);
  }
  // The tiles: workgroup attributions (static shared memory, at most 48 KiB), or views of
  // dynamic shared memory where they need more, and for the TF32 kernels.
  SmallVector<Type> tileTypes;
  if (!info.matvec)
    for (const SharedTile &tile : {tileA, tileB})
      tileTypes.push_back(MemRefType::get({g.stages, tile.outer, tile.rowPitch}, f32,
                                          AffineMap(), workgroupSpace()));
  // wgmma: A's tile in the swizzled K-major layout: row, chunk, 4 K elements; B's too with
  // wgmma_shared_b (a row per output column).
  auto swizzledTile = [&](int64_t rows) {
    return MemRefType::get({g.stages, rows, g.blockK / kChunk, kChunk}, f32, AffineMap(),
                           workgroupSpace());
  };
  if (g.wgmma)
    tileTypes[0] = swizzledTile(g.blockM);
  if (g.sharedB)
    tileTypes[1] = swizzledTile(g.blockN);
  SmallVector<Type> workgroup = g.dynamicShared ? SmallVector<Type>() : tileTypes;
  if (g.splitKOrdered) {
    auto func = info.contraction->getParentOfType<func::FuncOp>();
    auto type = MemRefType::get({g.splitK * info.batch * info.m * info.n}, f32);
    (void)func.insertArgument(func.getNumArguments(), type, DictionaryAttr(), loc);
    partials = func.getArguments().back();
  } else if (g.splitK > 1) {
    buildOutputInit(kernelName);
  }
  int64_t phases = info.gather ? info.gather->phases() : 1;
  int64_t blocks = info.matvec ? llvm::divideCeil(info.m, g.rowsPerBlock)
                               : blocksM() * blocksN() * phases;
  auto launch = createKernelLaunch(b, loc, kernelName, kernelName, {blocks, info.batch, g.splitK},
                                   {g.threads, 1, 1}, workgroup,
                                   g.dynamicShared ? g.sharedBytes : 0);
  if (g.minBlocksPerSM > 1) // moved to the kernel when it is outlined (compileLaunches)
    launch->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                    b.getI32IntegerAttr(g.minBlocksPerSM));
  b.setInsertionPointToStart(&launch.getBody().front());
  threadId = launch.getThreadIds().x;
  blockId = launch.getBlockIds().x;
  batchId = launch.getBlockIds().y;
  splitId = launch.getBlockIds().z;
  if (phases > 1) {
    // The phases of a tile run side by side: their strided stores fill the same lines of the
    // output while those are in L2.
    phaseId = rem(blockId, phases);
    blockId = div(blockId, phases);
    phase = phaseCoordinates(phaseId);
  }
  planKTiles(splitId);
  a = operandView(info.a);
  if (info.producer) { // B is computed from these; its temporary is never written
    producerImage = rowMajorView(info.producer->image);
    producerFilter = rowMajorView(info.producer->filter);
  } else {
    bBuffer = operandView(info.b);
  }
  c = operandView(info.c);
  viewEpilogueOperands();
  if (g.dynamicShared) {
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
    // A multiple of 16 bytes; for swizzled tiles, of the swizzle's 8-row repeat (their rows a
    // multiple of 8), so that B's swizzled tiles follow aligned to it.
    int64_t bytesA = g.stages * (g.wgmma ? swizzledTileBytes(g, g.blockM)
                                         : tileA.elements() * kF32Bytes);
    sharedA = memref::ViewOp::create(b, loc, tileTypes[0], dynamic, offsetA, ValueRange{});
    sharedB = memref::ViewOp::create(b, loc, tileTypes[1], dynamic, add(offsetA, bytesA),
                                     ValueRange{});
    if (g.wgmma && g.splitTf32) { // after B's tiles, at an atom's alignment as A's
      int64_t bytesB = g.stages * tileB.elements() * kF32Bytes;
      auto type = MemRefType::get({g.blockM, g.blockK / kChunk, kChunk}, f32, AffineMap(),
                                  workgroupSpace());
      sharedSmallA = memref::ViewOp::create(
          b, loc, type, dynamic, add(offsetA, llvm::alignTo(bytesA + bytesB, kAtomAlignment)),
          ValueRange{});
    }
  } else if (!info.matvec) {
    sharedA = launch.getWorkgroupAttributions()[0];
    sharedB = launch.getWorkgroupAttributions()[1];
  }
  buildBody();
  gpu::TerminatorOp::create(b, loc);
  if (g.splitKOrdered) {
    b.setInsertionPointAfter(launch);
    buildSplitSum(kernelName);
  }
  eraseReplacedOps();
}

/// A launch `<kernelName>_<suffix>` of a thread per element of `elements` (grid x) in each of
/// `batches` (grid y), whose body `build` makes from the element's index in its batch.
void MatmulKernelBuilder::buildPerElementLaunch(StringRef kernelName, StringRef suffix,
                                                int64_t elements, int64_t batches,
                                                function_ref<void(Value linear)> build) {
  constexpr int64_t kThreads = 256;
  int64_t blocks = llvm::divideCeil(elements, kThreads);
  auto launch = createKernelLaunch(b, loc, kernelName, (kernelName + "_" + suffix).str(),
                                   {blocks, batches, 1}, {kThreads, 1, 1});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  batchId = launch.getBlockIds().y;
  Value linear = add(mul(launch.getBlockIds().x, kThreads), launch.getThreadIds().x);
  guarded(elements % kThreads != 0 ? less(linear, elements) : Value(), {}, [&] {
    build(linear);
    return SmallVector<Value>{};
  });
  gpu::TerminatorOp::create(b, loc);
}

/// A launch `<kernelName>_<suffix>` of a thread per output element, which stores what `value`
/// returns for its row and column (and its index among the batch's outputs) there.
void MatmulKernelBuilder::buildPerOutputLaunch(
    StringRef kernelName, StringRef suffix,
    function_ref<Value(Value row, Value col, Value linear)> value) {
  buildPerElementLaunch(kernelName, suffix, info.m * info.n, info.batch, [&](Value linear) {
    c = operandView(info.c);
    viewEpilogueOperands();
    Value row = div(linear, info.n), col = rem(linear, info.n);
    memref::StoreOp::create(b, loc, value(row, col, linear), c, at(info.c, row, col));
  });
}

/// The first launch, `<kernelName>_filter`, where A is a convolution's filter permuted
/// (MatmulInfo::aPermutation): a copy in scratch in A's order, a thread per element (the filter
/// is small beside the product), which becomes A's buffer. With phases, the copy holds each
/// phase's filter per group as [(phase * groups + group) * m + row][k]: k's window loops count the
/// phase's taps (tapsOfPhase), zero where a slot has none.
void MatmulKernelBuilder::buildFilterCopy(StringRef kernelName) {
  auto filter = cast<MemRefType>(info.a.buffer.getType());
  auto permuted = llvm::map_to_vector(info.aPermutation,
                                      [&](int64_t d) { return filter.getDimSize(d); });
  int64_t phases = info.gather ? info.gather->phases() : 1;
  SmallVector<int64_t> shape = permuted;
  if (phases > 1)
    shape = {phases * info.groups * info.m, info.k};
  auto func = info.contraction->getParentOfType<func::FuncOp>();
  (void)func.insertArgument(func.getNumArguments(), MemRefType::get(shape, f32),
                            DictionaryAttr(), loc);
  Value copy = func.getArguments().back();
  // The filter's element at `at`, in the permuted order.
  auto filterElement = [&](ArrayRef<Value> at) {
    SmallVector<Value> source(at.size());
    for (auto [position, d] : llvm::enumerate(info.aPermutation))
      source[d] = at[position];
    return element(load(rowMajorView(info.a.buffer), source, 1), 0);
  };
  int64_t elements = phases > 1 ? shape[0] * shape[1] : filter.getNumElements();
  buildPerElementLaunch(kernelName, "filter", elements, 1, [&](Value linear) {
    if (phases == 1) {
      SmallVector<Value> at = delinearize(b, loc, linear, shape);
      memref::StoreOp::create(b, loc, filterElement(at), copy, at);
      return;
    }
    const ImageGather &gather = *info.gather;
    Value row = div(linear, info.k), k = rem(linear, info.k);
    Value filterIndex = div(row, info.m); // phase * groups + group
    SmallVector<Value> loops(gather.loopExtents.size(), index(0));
    decodeLoops(k, gather.kLoops, loops);
    Value taps = tapsOfPhase(phaseCoordinates(div(filterIndex, info.groups)), loops);
    // The permuted filter's index: its output channels (A's rows) first, then K's loops at the
    // taps and the group.
    AffineMap map = info.contraction.getIndexingMapsArray()[1].getSubMap(
        llvm::to_vector_of<unsigned>(info.aPermutation));
    SmallVector<Value> at(map.getNumResults());
    SmallVector<int64_t> rowPositions, rowExtents;
    for (auto [position, expr] : llvm::enumerate(map.getResults())) {
      unsigned loop = cast<AffineDimExpr>(expr).getPosition();
      if (llvm::is_contained(gather.kLoops, loop)) {
        at[position] = loops[loop];
      } else if (llvm::is_contained(gather.batchLoops, loop)) {
        at[position] = rem(filterIndex, info.groups);
      } else {
        rowPositions.push_back(position);
        rowExtents.push_back(permuted[position]);
      }
    }
    for (auto [position, value] :
         llvm::zip_equal(rowPositions, delinearize(b, loc, rem(row, info.m), rowExtents)))
      at[position] = value;
    Value value = guarded(taps, f32, [&] {
      return SmallVector<Value>{filterElement(at)};
    }).front();
    memref::StoreOp::create(b, loc, value, copy, ValueRange{row, k});
  });
  info.a.buffer = copy;
  if (phases > 1) {
    info.a.groups = {{0}, {1}};
    info.a.batchResult = -1;
    info.a.rowResult = 0;
    info.a.colResult = 1;
  }
}

/// The first launch `<kernelName>_transpose_b` where B runs along N and wgmma_shared_b wants its
/// tiles K-major: a copy of B in scratch, [batch][n][k], which becomes B's buffer. Each block
/// moves a square of B through shared memory, so that both its loads (along N) and its stores
/// (along K) are a warp's consecutive elements; the square's rows are padded by one element, so
/// that a warp reading one of its columns hits every bank once.
void MatmulKernelBuilder::buildTransposedB(StringRef kernelName) {
  constexpr int64_t kSide = kWarp, kRowsPerPass = 8;
  bool batched = info.b.batchResult >= 0;
  int64_t batches = batched ? info.batch : 1;
  SmallVector<int64_t> shape{info.n, info.k};
  if (batched)
    shape.insert(shape.begin(), batches);
  auto func = info.contraction->getParentOfType<func::FuncOp>();
  (void)func.insertArgument(func.getNumArguments(), MemRefType::get(shape, f32),
                            DictionaryAttr(), loc);
  Value copy = func.getArguments().back();

  int64_t squaresK = llvm::divideCeil(info.k, kSide), squaresN = llvm::divideCeil(info.n, kSide);
  Type square = MemRefType::get({kSide, kSide + 1}, f32, AffineMap(), workgroupSpace());
  auto launch = createKernelLaunch(b, loc, kernelName, (kernelName + "_transpose_b").str(),
                                   {squaresK * squaresN, batches, 1},
                                   {kSide * kRowsPerPass, 1, 1}, square);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  Value shared = launch.getWorkgroupAttributions().front();
  batchId = launch.getBlockIds().y;
  Value source = operandView(info.b);
  Value lane = rem(launch.getThreadIds().x, kSide), row = div(launch.getThreadIds().x, kSide);
  Value k0 = mul(div(launch.getBlockIds().x, squaresN), kSide);
  Value n0 = mul(rem(launch.getBlockIds().x, squaresN), kSide);
  // Whether (k, n) lies inside B (null: statically always).
  auto inside = [&](Value k, Value n) {
    return both(info.k % kSide != 0 ? less(k, info.k) : Value(),
                info.n % kSide != 0 ? less(n, info.n) : Value());
  };
  SmallVector<Value> squareRows;
  for (int64_t pass = 0; pass < kSide / kRowsPerPass; ++pass)
    squareRows.push_back(add(row, pass * kRowsPerPass));
  // A warp loads along N, from B's row k (every load out before the stores).
  SmallVector<Value> loaded;
  for (Value kRow : squareRows) {
    Value k = add(k0, kRow), n = add(n0, lane);
    loaded.push_back(guarded(inside(k, n), vectorType(1), [&] {
      return SmallVector<Value>{load(source, at(info.b, k, n), 1)};
    }).front());
  }
  for (auto [kRow, value] : llvm::zip_equal(squareRows, loaded))
    store(value, shared, {kRow, lane});
  barrier();
  for (Value nRow : squareRows) { // and stores along K, into the copy's row n
    Value k = add(k0, lane), n = add(n0, nRow);
    Value value = load(shared, {lane, nRow}, 1);
    guarded(inside(k, n), {}, [&] {
      SmallVector<Value> at{n, k};
      if (batched)
        at.insert(at.begin(), batchId);
      store(value, copy, at);
      return SmallVector<Value>{};
    });
  }
  gpu::TerminatorOp::create(b, loc);

  info.b.buffer = copy;
  info.b.groups = batched ? SmallVector<ReassociationIndices>{{0}, {1}, {2}}
                          : SmallVector<ReassociationIndices>{{0}, {1}};
  info.b.batchResult = batched ? 0 : -1;
  info.b.colResult = batched ? 1 : 0;  // N
  info.b.rowResult = batched ? 2 : 1;  // K
  info.b.colContiguous = false;
}

/// Atomic split-K's first launch, `<kernelName>_init`: the epilogue of the fill value in every
/// output element, which the splits then add their partial results to.
void MatmulKernelBuilder::buildOutputInit(StringRef kernelName) {
  buildPerOutputLaunch(kernelName, "init", [&](Value row, Value col, Value) {
    return applyEpilogue(info.fillValue, row, col);
  });
}

/// Ordered split-K's last launch, `<kernelName>_sum`: the fill value plus each split's partial
/// in split order, through the epilogue.
void MatmulKernelBuilder::buildSplitSum(StringRef kernelName) {
  int64_t outputs = info.m * info.n;
  buildPerOutputLaunch(kernelName, "sum", [&](Value row, Value col, Value linear) {
    Value sum = info.fillValue;
    Value first = add(mul(batchId, outputs), linear);
    for (int64_t split = 0; split < g.splitK; ++split) {
      Value partial = memref::LoadOp::create(
          b, loc, partials, ValueRange{add(first, split * info.batch * outputs)});
      sum = arith::AddFOp::create(b, loc, sum, partial);
    }
    return applyEpilogue(sum, row, col);
  });
}

/// The block's K tiles: those of its split (grid z), less those the zeros of A and B leave
/// without a nonzero product for any output of its tile. A zero below A's diagonal (k < m) makes
/// K start at the tile's first row; one above it (k > m), end past its last row; B's zeros bound
/// K by the tile's columns the same way.
void MatmulKernelBuilder::planKTiles(Value split) {
  if (info.matvec || (!info.a.zeros.any() && !info.b.zeros.any() && !phaseId)) {
    if (g.splitK > 1)
      kTileBase = mul(split, g.kTilesPerSplit);
    return;
  }
  int64_t kTiles = llvm::divideCeil(info.k, g.blockK);
  Value rows = blockRowBase(), cols = blockColBase();
  SmallVector<Value> begins{mul(split, g.kTilesPerSplit)}; // in K tiles
  SmallVector<Value> ends{index(kTiles)};
  auto tilesUntil = [&](Value k) { return div(add(k, g.blockK - 1), g.blockK); };
  if (info.a.zeros.belowDiagonal)
    begins.push_back(div(rows, g.blockK));
  if (info.a.zeros.aboveDiagonal)
    ends.push_back(tilesUntil(add(rows, g.blockM)));
  if (info.b.zeros.aboveDiagonal)
    begins.push_back(div(cols, g.blockK));
  if (info.b.zeros.belowDiagonal)
    ends.push_back(tilesUntil(add(cols, g.blockN)));
  if (g.splitK > 1)
    ends.push_back(add(begins.front(), g.kTilesPerSplit));
  if (phaseId) // past the phase's last tap, the tiles hold zeros
    ends.push_back(tilesUntil(phaseKEnd()));
  kTileBase = begins.front();
  for (Value begin : ArrayRef(begins).drop_front())
    kTileBase = arith::MaxUIOp::create(b, loc, kTileBase, begin);
  Value end = ends.front();
  for (Value other : ArrayRef(ends).drop_front())
    end = arith::MinUIOp::create(b, loc, end, other);
  // An empty range (end <= base) runs no tile.
  kTileCount = arith::SubIOp::create(b, loc, arith::MaxUIOp::create(b, loc, end, kTileBase),
                                     kTileBase);
}

/// Whether the block's K tile `kTile` (counted from its first) exists.
Value MatmulKernelBuilder::kTileBefore(Value kTile) {
  if (!kTileCount)
    return less(kTile, g.kTilesPerSplit);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, kTile, kTileCount);
}

int64_t MatmulKernelBuilder::blocksM() const { return llvm::divideCeil(info.m, g.blockM); }
int64_t MatmulKernelBuilder::blocksN() const { return llvm::divideCeil(info.n, g.blockN); }

Value MatmulKernelBuilder::blockRowBase() { return mul(div(blockId, blocksN()), g.blockM); }
Value MatmulKernelBuilder::blockColBase() { return mul(rem(blockId, blocksN()), g.blockN); }

Value kopt::codegen::matmul::taskBufferOf(Value buffer) {
  while (Operation *view = buffer.getDefiningOp<memref::CollapseShapeOp>()
                               ? buffer.getDefiningOp()
                               : buffer.getDefiningOp<memref::ExpandShapeOp>())
    buffer = view->getOperand(0);
  return buffer;
}

int64_t kopt::codegen::matmul::constantTerm(AffineMap map, AffineExpr expr) {
  SmallVector<AffineExpr> zeros(map.getNumDims(), getAffineConstantExpr(0, map.getContext()));
  return cast<AffineConstantExpr>(expr.replaceDims(zeros)).getValue();
}

/// A row-major view of `shape` of the task buffer `buffer` is a (reshaped) view of, since the
/// kernel's parameters must be the task's buffers.
Value MatmulKernelBuilder::rowMajorView(Value buffer, ArrayRef<int64_t> shape) {
  Value root = taskBufferOf(buffer);
  auto type = MemRefType::get(shape, f32);
  if (root.getType() == type)
    return root;
  return memref::ReinterpretCastOp::create(b, loc, type, root, /*offset=*/0, shape,
                                           computeSuffixProduct(shape));
}

Value MatmulKernelBuilder::rowMajorView(Value buffer) {
  return rowMajorView(buffer, cast<MemRefType>(buffer.getType()).getShape());
}

/// The operand with one dimension per role.
Value MatmulKernelBuilder::operandView(const MatmulOperand &operand) {
  ArrayRef<int64_t> shape = cast<MemRefType>(operand.buffer.getType()).getShape();
  SmallVector<int64_t> collapsed;
  for (const ReassociationIndices &group : operand.groups) {
    collapsed.push_back(1);
    for (int64_t position : group)
      collapsed.back() *= shape[position];
  }
  return rowMajorView(operand.buffer, collapsed);
}

/// Views, in the kernel being built, of the buffers beside the accumulator that the epilogue
/// reads.
void MatmulKernelBuilder::viewEpilogueOperands() {
  epilogueViews.clear();
  if (!info.epilogue)
    return;
  for (OpOperand *input : info.epilogue.getDpsInputOperands()) {
    Value buffer = input->get();
    auto type = dyn_cast<MemRefType>(buffer.getType());
    if (type && buffer != info.contraction.getDpsInits().front())
      epilogueViews[buffer] = rowMajorView(buffer);
  }
}

SmallVector<Value> MatmulKernelBuilder::at(const MatmulOperand &operand, Value row, Value col) {
  SmallVector<Value> indices(operand.groups.size());
  // A grouped convolution's filter has the group only, the batch's innermost part.
  Value batch = &operand == &info.a && info.groups > 1 && operand.batchResult >= 0
                    ? rem(batchId, info.groups)
                    : batchId;
  for (auto [position, value] : {std::pair(operand.batchResult, batch),
                                 std::pair(operand.rowResult, row),
                                 std::pair(operand.colResult, col)})
    if (position >= 0)
      indices[position] = value ? value : index(0);
  return indices;
}

/// The payload's ops the kernel replaces, and the temporary an epilogue read.
void MatmulKernelBuilder::eraseReplacedOps() {
  // The temporaries: an accumulator an epilogue read, the empty tensor's buffer that stood in
  // for a padded image (the gather reads the task input), perhaps through a view that splits
  // its channels into groups, a produced B and the padded image its producer read.
  SmallVector<Value> temporaries{info.contraction.getDpsInits().front()};
  llvm::append_range(temporaries, info.contraction.getDpsInputs());
  if (info.producer) // after B's temporary, whose users (the producer, its fill) go first
    temporaries.push_back(info.producer->convolution.getDpsInputs().front());
  if (info.epilogue)
    info.epilogue->erase();
  info.contraction->erase();
  info.fill->erase();
  for (Value temporary : temporaries) {
    if (auto alloc = taskBufferOf(temporary).getDefiningOp<memref::AllocOp>()) {
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        user->erase();
      alloc->erase();
    }
  }
}

//===----------------------------------------------------------------------===//
// Global -> shared copies of one K tile of A or B
//===----------------------------------------------------------------------===//

/// One operand's tile copy: which vectors each thread moves.
struct MatmulKernelBuilder::TileCopy {
  const MatmulOperand *operand;
  Value global, shared;
  SharedTile tile;
  int64_t width;           // elements per vector
  int64_t tileMN, extentMN; // the operand's M or N tile and extent
  Value originMN;           // where the block's tile starts along M or N
  bool swizzled = false;    // shared in wgmma's swizzled K-major layout
};

MatmulKernelBuilder::TileCopy MatmulKernelBuilder::copyOfA() {
  TileCopy copy{&info.a, a, sharedA, tileA, g.vectorA, g.blockM, info.m, blockRowBase()};
  copy.swizzled = g.wgmma;
  return copy;
}
MatmulKernelBuilder::TileCopy MatmulKernelBuilder::copyOfB() {
  TileCopy copy{&info.b, bBuffer, sharedB, tileB, g.vectorB, g.blockN, info.n, blockColBase()};
  copy.swizzled = g.sharedB;
  return copy;
}

/// Where the thread's `i`-th vector of a tile goes in shared memory, and whether it exists
/// (there may be more threads than vectors).
struct MatmulKernelBuilder::VectorSlot {
  Value row, col;
  Value exists; // null: always
};

int64_t MatmulKernelBuilder::vectorsPerTile(const TileCopy &copy) {
  return copy.tile.outer * copy.tile.inner / copy.width;
}

int64_t MatmulKernelBuilder::vectorsPerThread(const TileCopy &copy) {
  return llvm::divideCeil(vectorsPerTile(copy), g.threads);
}

MatmulKernelBuilder::VectorSlot MatmulKernelBuilder::slot(const TileCopy &copy, int64_t i) {
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
SmallVector<Value> MatmulKernelBuilder::globalIndices(const TileCopy &copy, const VectorSlot &s,
                                                      Value kTile, Value &inside) {
  Value mn = add(copy.originMN, copy.tile.kInner ? s.row : s.col);
  Value k = add(mul(kTileBase ? add(kTileBase, kTile) : kTile, g.blockK),
                copy.tile.kInner ? s.col : s.row);
  inside = nullptr;
  if (copy.extentMN % copy.tileMN != 0)
    inside = less(mn, copy.extentMN);
  // The splits' tiles cover K exactly, or the last one reaches past it.
  if (g.splitK * g.kTilesPerSplit * g.blockK != info.k)
    inside = both(inside, less(k, info.k));
  if (copy.operand == &info.b && info.gather) {
    if (s.exists) // a slot past the tile still reads its table entry: keep it in the table
      k = arith::MinUIOp::create(b, loc, k,
                                 index(g.splitK * g.kTilesPerSplit * g.blockK - 1));
    return gatheredIndices(k, mn, inside);
  }
  if (copy.operand == &info.a && phaseId) // the phase's (and group's) filter in the copy
    return at(info.a, add(mn, mul(add(mul(phaseId, info.groups), rem(batchId, info.groups)),
                                  info.m)),
              k);
  if (copy.operand == &info.a)
    return at(info.a, mn, k);
  return at(*copy.operand, k, mn);
}

/// Sets `loops[l]` for each loop `l` of `order` (outermost first) to its part of `linear`.
void MatmulKernelBuilder::decodeLoops(Value linear, ArrayRef<unsigned> order,
                                      MutableArrayRef<Value> loops) {
  auto extents = llvm::map_to_vector(
      order, [&](unsigned loop) { return info.gather->loopExtents[loop]; });
  for (auto [loop, value] : llvm::zip_equal(order, delinearize(b, loc, linear, extents)))
    loops[loop] = value;
}

/// The image dimensions a gather checks (those padded or phased), and its table's entry width:
/// the offset and one part per checked dimension, in a vector of a power of two.
static SmallVector<int64_t> checkedDims(const ImageGather &gather) {
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < static_cast<int64_t>(gather.lowPadding.size()); ++d)
    if (gather.lowPadding[d] != 0 || gather.highPadding[d] != 0 ||
        llvm::any_of(gather.phased, [&](const PhasedDim &dim) { return dim.imageDim == d; }))
      dims.push_back(d);
  return dims;
}
static constexpr int64_t kI32Bytes = 4;
static int64_t tableWidth(const ImageGather &gather) {
  return llvm::PowerOf2Ceil(1 + checkedDims(gather).size());
}
// A checked part that puts any position below zero: an empty tap slot's.
static constexpr int32_t kOutside = INT32_MIN / 2;

/// The image's row-major strides, in elements.
static SmallVector<int64_t> imageStrides(Value image) {
  return computeSuffixProduct(cast<MemRefType>(image.getType()).getShape());
}

/// Every K index a split's tiles reach.
int64_t MatmulKernelBuilder::tableEntriesPerPhase() const {
  return g.splitK * g.kTilesPerSplit * g.blockK;
}

/// The first launch `<kernelName>_gather` where B is a convolution's image: a table of what each
/// K index adds to the position of B's elements, a thread per index, in i32: the offset in the
/// image, then its part of each checked dimension's index (with the map's constant, less the low
/// padding). The GEMM adds an entry to its N index's part (one per thread) with a few adds and
/// compares per element, where decoding K into channels and window offsets took divisions.
/// Entries cover every K index a split's tiles reach; those past K repeat the last. With phases,
/// a table per phase: along a phased dimension, the part is where the tap lands in the input as
/// it lies (j + part), or kOutside for an empty tap slot.
void MatmulKernelBuilder::buildGatherTable(StringRef kernelName) {
  const ImageGather &gather = *info.gather;
  int64_t perPhase = tableEntriesPerPhase(), width = tableWidth(gather);
  int64_t entries = gather.phases() * perPhase;
  auto func = info.contraction->getParentOfType<func::FuncOp>();
  (void)func.insertArgument(func.getNumArguments(),
                            MemRefType::get({entries, width}, b.getI32Type()), DictionaryAttr(),
                            loc);
  gatherTable = func.getArguments().back();
  SmallVector<int64_t> strides = imageStrides(info.b.buffer), checked = checkedDims(gather);
  buildPerElementLaunch(kernelName, "gather", entries, 1, [&](Value entryIndex) {
    Value k = gather.phased.empty() ? entryIndex : rem(entryIndex, perPhase);
    SmallVector<Value> loops(gather.loopExtents.size(), index(0));
    decodeLoops(arith::MinUIOp::create(b, loc, k, index(info.k - 1)), gather.kLoops, loops);
    SmallVector<Value> phaseAt;
    Value taps;
    if (!gather.phased.empty()) {
      phaseAt = phaseCoordinates(div(entryIndex, perPhase));
      taps = tapsOfPhase(phaseAt, loops);
    }
    SmallVector<Value> entry{index(0)};
    for (auto [d, expr] : llvm::enumerate(gather.map.getResults())) {
      Value part = add(evaluateAffine(b, loc, expr, loops), -gather.lowPadding[d]);
      int64_t imageDim = d;
      const auto *phased = llvm::find_if(
          gather.phased, [&](const PhasedDim &dim) { return dim.imageDim == imageDim; });
      Value offsetPart = part;
      if (phased != gather.phased.end()) {
        // Where the tap lands in the input as it lies, (phase + factor * tap + offset) / stride:
        // exact for a tap that lands on an element.
        Value landing = arith::DivSIOp::create(
            b, loc, add(phaseAt[phased - gather.phased.begin()], part), index(phased->stride));
        offsetPart = arith::SelectOp::create(b, loc, taps, landing, index(0));
        part = arith::SelectOp::create(b, loc, taps, landing, index(kOutside));
      }
      entry[0] = add(entry[0], mul(offsetPart, strides[d]));
      if (llvm::is_contained(checked, static_cast<int64_t>(d)))
        entry.push_back(part);
    }
    entry.resize(width, index(0));
    for (Value &value : entry)
      value = arith::IndexCastOp::create(b, loc, b.getI32Type(), value);
    auto type = VectorType::get({width}, b.getI32Type());
    vector::StoreOp::create(b, loc, vector::FromElementsOp::create(b, loc, type, entry),
                            gatherTable, ValueRange{entryIndex, index(0)}, /*nontemporal=*/false,
                            llvm::MaybeAlign(width * kI32Bytes));
  });
}

/// The image's index (in its flat view) of B's element (k, n) in an implicit GEMM: the N loops'
/// part of its position (through the image's map with the K loops at 0 and without its
/// constant, with the batch) plus the K index's table entry (the block's phase's); `inside` is
/// narrowed to the image in each checked dimension (a position below zero fails the unsigned
/// comparison as well).
SmallVector<Value> MatmulKernelBuilder::gatheredIndices(Value k, Value n, Value &inside) {
  const ImageGather &gather = *info.gather;
  Type i32 = b.getI32Type();
  auto constant = [&](int64_t value) {
    return arith::ConstantIntOp::create(b, loc, i32, value).getResult();
  };
  SmallVector<Value> loops(gather.loopExtents.size(), index(0));
  decodeLoops(n, gather.nLoops, loops);
  decodeLoops(batchId, gather.batchLoops, loops);
  int64_t width = tableWidth(gather);
  Value entryIndex = phaseId ? add(mul(phaseId, tableEntriesPerPhase()), k) : k;
  Value entry =
      vector::LoadOp::create(b, loc, VectorType::get({width}, i32), gatherTable,
                             ValueRange{entryIndex, index(0)}, /*nontemporal=*/false,
                             llvm::MaybeAlign(width * kI32Bytes)); // one vector load
  auto entryPart = [&](int64_t position) {
    return vector::ExtractOp::create(b, loc, entry, ArrayRef<int64_t>{position}).getResult();
  };
  ArrayRef<int64_t> shape = cast<MemRefType>(info.b.buffer.getType()).getShape();
  SmallVector<int64_t> strides = imageStrides(info.b.buffer), checked = checkedDims(gather);
  Value offset = index(0);
  SmallVector<Value> parts;
  for (auto [d, expr] : llvm::enumerate(gather.map.getResults())) {
    Value part = add(evaluateAffine(b, loc, expr, loops), -constantTerm(gather.map, expr));
    offset = add(offset, mul(part, strides[d]));
    parts.push_back(arith::IndexCastOp::create(b, loc, i32, part));
  }
  for (auto [j, d] : llvm::enumerate(checked)) {
    Value position = arith::AddIOp::create(b, loc, parts[d], entryPart(1 + j));
    inside = both(inside, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, position,
                                                constant(shape[d])));
  }
  Value linear = arith::AddIOp::create(
      b, loc, arith::IndexCastOp::create(b, loc, i32, offset), entryPart(0));
  return {arith::IndexCastUIOp::create(b, loc, b.getIndexType(), linear)};
}

/// The coordinates of phase `phase` along the phased dimensions, in their order.
SmallVector<Value> MatmulKernelBuilder::phaseCoordinates(Value phase) {
  auto strides = llvm::map_to_vector(info.gather->phased,
                                     [](const PhasedDim &dim) { return dim.stride; });
  return delinearize(b, loc, phase, strides);
}

/// `values[at]`, for `at` below their count.
Value MatmulKernelBuilder::lookup(Value at, ArrayRef<int64_t> values) {
  Value result = index(values.front());
  for (auto [i, value] : llvm::enumerate(values.drop_front())) {
    Value here = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, at, index(i + 1));
    result = arith::SelectOp::create(b, loc, here, index(value), result);
  }
  return result;
}

/// In `loops` (K's, decoded in a phase), replaces each phased window loop's tap slot by the tap
/// it stands for in phase `phaseAt`; returns whether every slot holds a tap.
Value MatmulKernelBuilder::tapsOfPhase(ArrayRef<Value> phaseAt, MutableArrayRef<Value> loops) {
  Value taps;
  for (auto [dim, at] : llvm::zip_equal(info.gather->phased, phaseAt)) {
    Value slot = loops[dim.windowLoop];
    taps = both(taps, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, slot,
                                            lookup(at, dim.tapCount)));
    loops[dim.windowLoop] = add(lookup(at, dim.firstTap), mul(slot, dim.tapStep));
  }
  return taps;
}

/// One past the block's phase's last K index whose slots all hold taps (0 if a phased
/// dimension has none): K linearizes its loops, so that index has each at its last.
Value MatmulKernelBuilder::phaseKEnd() {
  const ImageGather &gather = *info.gather;
  Value last = index(0), empty;
  int64_t pitch = 1;
  for (unsigned loop : llvm::reverse(gather.kLoops)) {
    Value lastSlot = index(gather.loopExtents[loop] - 1);
    for (auto [dim, at] : llvm::zip_equal(gather.phased, phase)) {
      if (dim.windowLoop != loop)
        continue;
      Value count = lookup(at, dim.tapCount);
      lastSlot = arith::SubIOp::create(b, loc, count, index(1));
      Value none = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count, index(0));
      empty = empty ? arith::OrIOp::create(b, loc, empty, none).getResult() : none;
    }
    last = add(last, mul(lastSlot, pitch));
    pitch *= gather.loopExtents[loop];
  }
  return arith::SelectOp::create(b, loc, empty, index(0), add(last, 1));
}

bool MatmulKernelBuilder::isProduced(const TileCopy &copy) const {
  return copy.operand == &info.b && info.producer;
}

/// B's vector at `indices` (of its view), `width` elements along the temporary's innermost
/// dimension, computed as the producing convolution would have written them: the fill value
/// plus the products over its window (unrolled), image elements in its padding zero.
Value MatmulKernelBuilder::producedVector(ArrayRef<Value> indices, int64_t width) {
  const ProducedOperand &producer = *info.producer;
  linalg::GenericOp convolution = producer.convolution;
  auto temporary = cast<MemRefType>(info.b.buffer.getType());
  SmallVector<AffineMap> maps = convolution.getIndexingMapsArray();
  AffineMap imageMap = maps[0], filterMap = maps[1], outputMap = maps[2];
  // The loops at the vector's first element: the output's indices, each of the view's
  // delinearized over the dimensions it collapses.
  SmallVector<Value> loops(convolution.getNumLoops());
  for (auto [group, value] : llvm::zip_equal(info.b.groups, indices)) {
    auto extents =
        llvm::map_to_vector(group, [&](int64_t d) { return temporary.getDimSize(d); });
    for (auto [d, part] : llvm::zip_equal(group, delinearize(b, loc, value, extents)))
      loops[outputMap.getDimPosition(d)] = part;
  }
  unsigned inner = outputMap.getDimPosition(temporary.getRank() - 1);
  Value first = loops[inner];
  SmallVector<unsigned> window;
  SmallVector<int64_t> windowExtents;
  for (auto [d, iterator, extent] : llvm::enumerate(convolution.getIteratorTypesArray(),
                                                    convolution.getStaticLoopRanges()))
    if (iterator == utils::IteratorType::reduction) {
      window.push_back(d);
      windowExtents.push_back(extent);
    }
  ArrayRef<int64_t> imageShape = cast<MemRefType>(producer.image.getType()).getShape();
  auto at = [&](AffineMap map) {
    return llvm::map_to_vector(map.getResults(), [&](AffineExpr expr) {
      return evaluateAffine(b, loc, expr, loops);
    });
  };
  SmallVector<Value> sums(width, producer.fillValue);
  SmallVector<int64_t> windowStrides = computeSuffixProduct(windowExtents);
  for (int64_t tap = 0; tap < computeProduct(windowExtents); ++tap) {
    for (auto [d, value] : llvm::zip_equal(window, mlir::delinearize(tap, windowStrides)))
      loops[d] = index(value);
    for (int64_t j = 0; j < width; ++j) {
      loops[inner] = add(first, j);
      Value weight = memref::LoadOp::create(b, loc, producerFilter, at(filterMap));
      // The image's indices, less its padding: outside it (below zero, so past any extent as
      // unsigned), a clamped load whose value is dropped.
      SmallVector<Value> imageAt = at(imageMap);
      Value inside;
      for (size_t d = 0; d < imageAt.size(); ++d) {
        imageAt[d] = add(imageAt[d], -producer.lowPadding[d]);
        if (producer.lowPadding[d] != 0 || producer.highPadding[d] != 0)
          inside = both(inside, less(imageAt[d], imageShape[d]));
      }
      Value element;
      if (inside) {
        for (Value &position : imageAt)
          position = arith::SelectOp::create(b, loc, inside, position, index(0));
        element = arith::SelectOp::create(
            b, loc, inside, memref::LoadOp::create(b, loc, producerImage, imageAt),
            zeros(f32));
      } else {
        element = memref::LoadOp::create(b, loc, producerImage, imageAt);
      }
      sums[j] = arith::AddFOp::create(b, loc, sums[j],
                                      arith::MulFOp::create(b, loc, element, weight));
    }
  }
  return vector::FromElementsOp::create(b, loc, vectorType(width), sums);
}

/// The thread's vectors of K tile `kTile` (zeros outside the operand), into registers.
SmallVector<Value> MatmulKernelBuilder::loadTile(const TileCopy &copy, Value kTile) {
  SmallVector<Value> values;
  for (int64_t i = 0; i < vectorsPerThread(copy); ++i) {
    VectorSlot s = slot(copy, i);
    Value inside;
    SmallVector<Value> indices = globalIndices(copy, s, kTile, inside);
    values.push_back(guarded(both(s.exists, inside), vectorType(copy.width), [&] {
      return SmallVector<Value>{isProduced(copy) ? producedVector(indices, copy.width)
                                                 : load(copy.global, indices, copy.width)};
    }).front());
  }
  return values;
}

void MatmulKernelBuilder::storeTile(const TileCopy &copy, ArrayRef<Value> values, Value stage) {
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
void MatmulKernelBuilder::copyTileAsync(const TileCopy &copy, Value kTile, Value stage) {
  for (int64_t i = 0; i < vectorsPerThread(copy); ++i) {
    VectorSlot s = slot(copy, i);
    guarded(s.exists, {}, [&] {
      Value inside;
      SmallVector<Value> indices = globalIndices(copy, s, kTile, inside);
      if (isProduced(copy)) { // stored as it is made: no reader waits for this stage yet
        Value value = guarded(inside, vectorType(copy.width), [&] {
          return SmallVector<Value>{producedVector(indices, copy.width)};
        }).front();
        store(value, copy.shared, {stage, s.row, s.col});
        return SmallVector<Value>{};
      }
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

/// Where chunk `chunk` of row `row` of A's tile lies in the row: the swizzle XORs the chunk
/// with address bits 7 and up (the row's place in its atom, in 128-byte lines).
Value MatmulKernelBuilder::swizzledChunk(Value row, Value chunk) {
  int64_t chunks = swizzleBytes(g) / (kChunk * kF32Bytes);
  Value line = div(mul(row, swizzleBytes(g)), 128);
  return arith::XOrIOp::create(b, loc, chunk, rem(line, chunks));
}

//===----------------------------------------------------------------------===//
// The pipeline over K
//===----------------------------------------------------------------------===//

Value MatmulKernelBuilder::stageOf(Value kTile) {
  return g.stages == 1 ? index(0) : rem(kTile, g.stages);
}

SmallVector<Value> MatmulKernelBuilder::pipelineOverK(
    ArrayRef<Value> acc,
    llvm::function_ref<SmallVector<Value>(Value stage, ValueRange acc)> multiply) {
  TileCopy copyA = copyOfA(), copyB = copyOfB();
  int64_t kTiles = g.kTilesPerSplit; // of this block's split

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

  // How many tiles ahead of the one multiplied the copies run: into every other buffer, or,
  // where the tile before may still be read by wgmma groups in flight, one fewer.
  int64_t distance = std::max<int64_t>(g.stages - (g.groupsInFlight ? 2 : 1), 1);

  // Prologue: the first `distance` tiles on their way with cp.async; the first tile in shared
  // memory for the register prefetch.
  if (g.cpAsync) {
    for (int64_t t = 0; t < distance; ++t) {
      if (t < kTiles)
        guarded(kTileCount ? kTileBefore(index(t)) : Value(), {}, [&] {
          issueAsync(index(t), index(t));
          return SmallVector<Value>{};
        });
      commit();
    }
  } else if (g.stages == 2) {
    guarded(kTileCount ? kTileBefore(index(0)) : Value(), {}, [&] {
      copyThroughRegisters(index(0), index(0));
      return SmallVector<Value>{};
    });
    barrier();
  }

  auto loop = scf::ForOp::create(b, loc, index(0), kTileCount ? kTileCount : index(kTiles),
                                 index(1), acc);
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
      guarded(kTileBefore(ahead), {}, [&] {
        issueAsync(ahead, stageOf(ahead));
        return SmallVector<Value>{};
      });
      commit(); // an empty group past the end keeps the count the wait relies on
    };
    if (g.cpAsync) {
      // Tile kTile has landed (for this thread; the barrier makes it everyone's), and every
      // thread is done with the buffer the next copy overwrites: with groups in flight, every
      // thread has waited for the groups of the tile before the last (multiply), and the
      // copies go out after this tile's group, into neither its buffer nor the last one's.
      NVVM::CpAsyncWaitGroupOp::create(b, loc, distance - 1);
      if (g.wgmma) // wgmma reads shared memory through the async proxy
        NVVM::FenceProxyOp::create(
            b, loc, NVVM::ProxyKind::async_shared,
            NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
      barrier();
      if (g.stages > 1 && !g.groupsInFlight)
        issueAhead(distance);
      next = multiply(stage, iterAcc);
      if (g.groupsInFlight)
        issueAhead(distance);
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
      Value inRange = kTileBefore(ahead);
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

//===----------------------------------------------------------------------===//
// Reads of the shared tiles, the epilogue, the stores
//===----------------------------------------------------------------------===//

SmallVector<Value> MatmulKernelBuilder::addTileSums(ValueRange running, ValueRange tile) {
  SmallVector<Value> sums;
  for (auto [total, partial] : llvm::zip_equal(running, tile))
    sums.push_back(arith::AddFOp::create(b, loc, total, partial));
  return sums;
}

Value MatmulKernelBuilder::readShared(Value shared, const SharedTile &tile, Value stage,
                                     Value mn, Value k) {
  SmallVector<Value> indices = tile.kInner ? SmallVector<Value>{stage, mn, k}
                                           : SmallVector<Value>{stage, k, mn};
  return memref::LoadOp::create(b, loc, shared, indices);
}

/// Index `dim` of the output (its own dimensions, as the epilogue sees them) at a position of
/// its collapsed view.
Value MatmulKernelBuilder::outputIndex(int64_t dim, Value row, Value col) {
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

Value MatmulKernelBuilder::applyEpilogue(Value value, Value row, Value col) {
  if (!info.epilogue)
    return value;
  IRMapping mapping;
  Block *body = info.epilogue.getBody();
  for (OpOperand *input : info.epilogue.getDpsInputOperands()) {
    BlockArgument arg = info.epilogue.getMatchingBlockArgument(input);
    auto view = epilogueViews.find(input->get());
    if (view == epilogueViews.end()) { // the accumulator, or a scalar
      mapping.map(arg, isa<ShapedType>(input->get().getType()) ? value : input->get());
      continue;
    }
    // A buffer the epilogue broadcasts: its element at the output position's projection.
    SmallVector<Value> indices;
    for (AffineExpr expr : info.epilogue.getMatchingIndexingMap(input).getResults())
      indices.push_back(outputIndex(cast<AffineDimExpr>(expr).getPosition(), row, col));
    mapping.map(arg, memref::LoadOp::create(b, loc, view->second, indices));
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

Value MatmulKernelBuilder::accumulatorStart() {
  return g.splitK > 1 ? zeros(f32) : info.fillValue;
}

void MatmulKernelBuilder::storeFragment(Value value, Value row, Value col) {
  Value inside;
  if (info.m % g.blockM != 0)
    inside = less(row, info.m);
  if (info.n % g.blockN != 0)
    inside = both(inside, less(col, info.n));
  guarded(inside, {}, [&] {
    if (g.splitKOrdered) {
      storePartial(value, row, col);
      return SmallVector<Value>{};
    }
    if (g.storeN == g.fragmentN && g.splitK == 1 && !phaseId) {
      SmallVector<Value> elements;
      for (int64_t e = 0; e < g.fragmentN; ++e)
        elements.push_back(applyEpilogue(element(value, e), row, add(col, e)));
      Value result = info.epilogue ? vector::FromElementsOp::create(
                                         b, loc, vectorType(g.fragmentN), elements)
                                         .getResult()
                                   : value;
      store(result, c, at(info.c, row, col));
      return SmallVector<Value>{};
    }
    for (int64_t e = 0; e < g.fragmentN; ++e) {
      Value colE = add(col, e);
      Value stored = info.n % g.fragmentN != 0 ? less(colE, info.n) : Value();
      Value outputCol = outputColumn(colE, stored);
      guarded(stored, {}, [&] {
        Value result = applyEpilogue(element(value, e), row, outputCol);
        SmallVector<Value> indices = at(info.c, row, outputCol);
        if (g.splitK > 1) // atom.global.add.f32, result unused: a reduction
          memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addf, result, c, indices);
        else
          memref::StoreOp::create(b, loc, result, c, indices);
        return SmallVector<Value>{};
      });
    }
    return SmallVector<Value>{};
  });
}

/// The output view's column of the GEMM's column `col`: the same, or in a phase the pixel that
/// its j stand for (y = phase + stride * j along each phased dimension), with `inside` narrowed
/// to the output (the last j of a phase may be past it).
Value MatmulKernelBuilder::outputColumn(Value col, Value &inside) {
  if (!phaseId)
    return col;
  const ImageGather &gather = *info.gather;
  SmallVector<Value> loops(gather.loopExtents.size(), index(0));
  decodeLoops(col, gather.nLoops, loops);
  SmallVector<int64_t> extents = info.contraction.getStaticLoopRanges();
  for (auto [dim, at] : llvm::zip_equal(gather.phased, phase)) {
    Value &pixel = loops[dim.pixelLoop];
    pixel = add(at, mul(pixel, dim.stride));
    inside = both(inside, less(pixel, dim.outputExtent));
  }
  Value linear = index(0);
  for (unsigned loop : gather.nLoops)
    linear = add(mul(linear, extents[loop]), loops[loop]);
  return linear;
}

/// Ordered split-K: the accumulators as they are, at [split][batch][row][col] of the partials.
void MatmulKernelBuilder::storePartial(Value value, Value row, Value col) {
  Value rowStart = mul(add(mul(add(mul(splitId, info.batch), batchId), info.m), row), info.n);
  if (info.n % g.fragmentN == 0) { // col is a multiple of fragmentN: an aligned vector
    store(value, partials, {add(rowStart, col)});
    return;
  }
  for (int64_t e = 0; e < g.fragmentN; ++e) {
    Value colE = add(col, e);
    guarded(less(colE, info.n), {}, [&] {
      memref::StoreOp::create(b, loc, element(value, e), partials, ValueRange{add(rowStart, colE)});
      return SmallVector<Value>{};
    });
  }
}
