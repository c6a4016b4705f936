//===- AttentionMma.cpp - the attention family's tensor-core kernel -------===//
#include "AttentionKernel.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace kopt::codegen;

namespace {
/// The tensor-core kernel (Attention.h). Warp w is row group w / warps_c (16 query rows) and
/// column warp w % warps_c. A lane holds what mma.sync's C fragment lays out: rows lane / 4 and
/// + 8 of its row group, column pairs 2 * (lane % 4) of each of its n8 tiles (the score tile's
/// keys scoreKeys x (w % warps_c) on, the output's columns warpColumns x (w % warps_c) on).
class MmaAttentionKernelBuilder : public AttentionKernelBuilder {
public:
  using AttentionKernelBuilder::AttentionKernelBuilder;

private:
  int64_t scoreTiles() const { return g.scoreKeys / kMmaN; }
  int64_t outputTiles() const { return g.warpColumns / kMmaN; }
  VectorType fragmentType() { return VectorType::get({2, 2}, f32); }

  void buildBlock(Value shared) override {
    scores = sharedView(shared, 0, g.blockQ, g.scorePitch);
    rowScale = sharedView(shared, g.rowScaleOffset, 1, g.blockQ);
    queryChunk = sharedView(shared, g.queryChunkOffset, g.blockQ, g.chunkPitch);
    keyChunk = sharedView(shared, g.keyChunkOffset, g.blockKV, g.chunkPitch);
    valueRows = sharedView(shared, g.valueOffset, g.vRows, g.valuePitch);
    Value warp = div(threadId, kAttentionWarp), lane = rem(threadId, kAttentionWarp);
    warpRow = mul(div(warp, g.warpsC), kMmaM);
    warpCol = rem(warp, g.warpsC);
    group = div(lane, 4);
    quad = rem(lane, 4);
    softmaxRow = div(threadId, g.softmaxLanes);
    softmaxLane = rem(threadId, g.softmaxLanes);
    if (g.blockQ * g.softmaxLanes < g.threads)
      softmaxThread = less(threadId, g.blockQ * g.softmaxLanes);
    if (g.scoreWarps < g.warpsC)
      scoreWarp = less(warpCol, g.scoreWarps);
    walkKeys();
  }

  /// Row `half` (0: lane / 4, 1: + 8) of the lane's C fragments, in the block's tile.
  Value fragmentRow(int64_t half) { return add(warpRow, add(group, half * 8)); }

  Value readShared(Value tile, Value row, Value col) {
    return memref::LoadOp::create(b, loc, tile, ValueRange{row, col});
  }

  /// The A fragment (16 rows from `row`, 8 columns from `col`) of a row-major shared tile.
  SmallVector<Value> aFragment(Value tile, Value row, Value col) {
    SmallVector<Value> values;
    for (auto [dm, dk] : kMmaAOffsets)
      values.push_back(readShared(tile, add(add(row, group), dm), add(add(col, quad), dk)));
    return mmaFragment(values, g.splitTf32);
  }

  /// The loop over key tiles carries the softmax's running max and sum of the thread's row
  /// (softmax threads), then the warp's output fragments; the output is their quotient by the
  /// row's sum, published through shared memory.
  void walkKeys() {
    SmallVector<Value> carried{constant(-std::numeric_limits<double>::infinity()), constant(0.0)};
    carried.append(outputTiles(), zeros(fragmentType()));
    auto loop = scf::ForOp::create(b, loc, index(0), keyEnd(), index(g.blockKV), carried);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      scf::YieldOp::create(b, loc, keyTile(loop.getInductionVar(), loop.getRegionIterArgs()));
    }
    // The last tile's barrier has freed the rescaling factors' space.
    Value sum = loop.getResult(1);
    guarded(both(softmaxThread, isZero(softmaxLane)), {}, [&] {
      memref::StoreOp::create(b, loc, sum, rowScale, ValueRange{index(0), softmaxRow});
      return SmallVector<Value>{};
    });
    barrier();
    Value columnBase = add(mul(slice, g.columns), add(mul(warpCol, g.warpColumns), mul(quad, 2)));
    for (int64_t half = 0; half < 2; ++half) {
      Value row = fragmentRow(half);
      Value rowSum = broadcast(readShared(rowScale, index(0), row), 2);
      for (int64_t j = 0; j < outputTiles(); ++j) {
        Value pair = vector::ExtractOp::create(b, loc, loop.getResult(2 + j),
                                               ArrayRef<int64_t>{half});
        store(arith::DivFOp::create(b, loc, pair, rowSum), out,
              {batchId, add(queryBase, row), add(columnBase, j * kMmaN)});
      }
    }
  }

  Value isZero(Value x) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, index(0));
  }

  /// One key tile from `keyBase`: its scores into shared memory, the online softmax there, the
  /// output fragments rescaled and the product of the exponentials with V added.
  SmallVector<Value> keyTile(Value keyBase, ValueRange carried) {
    SmallVector<Value> tile = scoreFragments(keyBase);
    guarded(scoreWarp, {}, [&] {
      Value keyOffset = add(mul(warpCol, g.scoreKeys), mul(quad, 2));
      for (int64_t half = 0; half < 2; ++half)
        for (int64_t j = 0; j < scoreTiles(); ++j) {
          Value pair = vector::ExtractOp::create(b, loc, tile[j], ArrayRef<int64_t>{half});
          Value row = fragmentRow(half), key = add(keyOffset, j * kMmaN);
          SmallVector<Value> elements;
          for (int64_t c = 0; c < 2; ++c)
            elements.push_back(modified(element(pair, c), add(queryBase, row),
                                        add(keyBase, add(key, c))));
          store(vector::FromElementsOp::create(b, loc, vectorType(2), elements), scores,
                {row, key});
        }
      return SmallVector<Value>{};
    });
    barrier();
    SmallVector<Value> next = guarded(softmaxThread, {f32, f32}, [&] {
      return softmax(carried[0], carried[1]);
    });
    barrier();
    SmallVector<Value> factors;
    for (int64_t half = 0; half < 2; ++half)
      factors.push_back(readShared(rowScale, index(0), fragmentRow(half)));
    Value rescale = vector::FromElementsOp::create(
        b, loc, fragmentType(), ValueRange{factors[0], factors[0], factors[1], factors[1]});
    SmallVector<Value> acc;
    for (Value fragment : carried.drop_front(2))
      acc.push_back(arith::MulFOp::create(b, loc, fragment, rescale));
    llvm::append_range(next, productWithV(keyBase, acc));
    return next;
  }

  /// The warp's score fragments (raw products) of the key tile from `keyBase`, over the head
  /// dim in chunks of Q and K staged in shared memory; zeros in warps without scores. Each step
  /// loads the next chunks into registers before its products, which hide the loads' latency
  /// (the last step loads its own chunks again).
  SmallVector<Value> scoreFragments(Value keyBase) {
    auto loadChunks = [&](Value depthBase) {
      SmallVector<Value> values =
          loadTile(q, queryBase, depthBase, g.blockQ, g.chunkE, g.vectorQK);
      llvm::append_range(values,
                         loadTile(k, keyBase, depthBase, g.blockKV, g.chunkE, g.vectorQK));
      return values;
    };
    SmallVector<Value> initial(scoreTiles(), zeros(fragmentType()));
    SmallVector<Value> carried(initial);
    SmallVector<Value> firstChunks = loadChunks(index(0));
    int64_t queryVectors = llvm::divideCeil(g.blockQ * g.chunkE / g.vectorQK, g.threads);
    llvm::append_range(carried, firstChunks);
    auto chunks = scf::ForOp::create(b, loc, index(0), index(info.headDim), index(g.chunkE),
                                     carried);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(chunks.getBody());
    Value depthBase = chunks.getInductionVar();
    SmallVector<Value> staged(chunks.getRegionIterArgs().drop_front(scoreTiles()));
    storeTile(ArrayRef(staged).take_front(queryVectors), g.blockQ, g.chunkE, queryChunk);
    storeTile(ArrayRef(staged).drop_front(queryVectors), g.blockKV, g.chunkE, keyChunk);
    barrier();
    Value nextDepth = arith::MinUIOp::create(b, loc, add(depthBase, g.chunkE),
                                             index(info.headDim - g.chunkE));
    SmallVector<Value> nextChunks = loadChunks(nextDepth);
    SmallVector<Type> types(scoreTiles(), fragmentType());
    SmallVector<Value> next = guarded(scoreWarp, types, [&] {
      ValueRange running = chunks.getRegionIterArgs().take_front(scoreTiles());
      // split_tf32 sums each chunk apart: the tensor cores truncate each accumulation, a bias
      // that grows with the head dim. The product with V adds keys / 8 x 3 products into the
      // running fragments instead (192 on 097, whose worst error was 1.1e-5), which a per-tile
      // sum would double in registers.
      SmallVector<Value> sums = g.splitTf32 ? initial : SmallVector<Value>(running);
      Value keyOrigin = mul(warpCol, g.scoreKeys);
      for (int64_t k0 = 0; k0 < g.chunkE; k0 += kMmaK) {
        SmallVector<Value> a = aFragment(queryChunk, warpRow, index(k0));
        Value depth = add(quad, k0);
        for (int64_t j = 0; j < scoreTiles(); ++j) {
          Value key = add(keyOrigin, add(group, j * kMmaN));
          SmallVector<Value> bFragment = mmaFragment(
              {readShared(keyChunk, key, depth), readShared(keyChunk, key, add(depth, 4))},
              g.splitTf32);
          sums[j] = mmaProduct(a, bFragment, sums[j]);
        }
      }
      if (g.splitTf32)
        for (auto [sum, total] : llvm::zip_equal(sums, running))
          sum = arith::AddFOp::create(b, loc, total, sum);
      return sums;
    });
    // Every warp is done with the chunks before the next ones (or V's rows) replace them.
    barrier();
    llvm::append_range(next, nextChunks);
    scf::YieldOp::create(b, loc, next);
    return SmallVector<Value>(chunks.getResults().take_front(scoreTiles()));
  }

  /// The online softmax of the thread's row of the score tile in shared memory (the row's
  /// threads take every softmaxLanes-th key): its exponentials replace the scores, the
  /// rescaling factor of the row's earlier sums goes to rowScale; the new running max and sum.
  SmallVector<Value> softmax(Value runningMax, Value runningSum) {
    SmallVector<Value> keys, values;
    for (int64_t j = 0; j < g.blockKV / g.softmaxLanes; ++j) {
      keys.push_back(add(softmaxLane, j * g.softmaxLanes));
      values.push_back(readShared(scores, softmaxRow, keys.back()));
    }
    Value tileMax = values.front();
    for (Value x : ArrayRef(values).drop_front())
      tileMax = arith::MaxNumFOp::create(b, loc, tileMax, x);
    tileMax = acrossLanes<arith::MaxNumFOp>(tileMax, g.softmaxLanes);
    Value max = arith::MaxNumFOp::create(b, loc, runningMax, tileMax);
    // exp(-inf) = 0 rescales the zeros of the first tile.
    Value subtracted = finiteMax(max);
    Value rescale = exp(arith::SubFOp::create(b, loc, runningMax, subtracted));
    Value tileSum;
    for (auto [key, x] : llvm::zip_equal(keys, values)) {
      Value p = exp(arith::SubFOp::create(b, loc, x, subtracted));
      memref::StoreOp::create(b, loc, p, scores, ValueRange{softmaxRow, key});
      tileSum = tileSum ? arith::AddFOp::create(b, loc, tileSum, p).getResult() : p;
    }
    tileSum = acrossLanes<arith::AddFOp>(tileSum, g.softmaxLanes);
    guarded(isZero(softmaxLane), {}, [&] {
      memref::StoreOp::create(b, loc, rescale, rowScale, ValueRange{index(0), softmaxRow});
      return SmallVector<Value>{};
    });
    Value sum = arith::AddFOp::create(
        b, loc, arith::MulFOp::create(b, loc, runningSum, rescale), tileSum);
    return {max, sum};
  }

  /// acc += exponentials x V rows of the key tile from `keyBase`, vRows rows of V at a time,
  /// each part's next loaded into registers before its products.
  SmallVector<Value> productWithV(Value keyBase, ValueRange acc) {
    Value columnBase = mul(slice, g.columns);
    auto loadPart = [&](Value partBase) {
      return loadTile(v, add(keyBase, partBase), columnBase, g.vRows, g.columns, g.vectorV);
    };
    SmallVector<Value> carried(acc);
    SmallVector<Value> firstPart = loadPart(index(0));
    llvm::append_range(carried, firstPart);
    auto parts = scf::ForOp::create(b, loc, index(0), index(g.blockKV), index(g.vRows), carried);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(parts.getBody());
    Value partBase = parts.getInductionVar();
    SmallVector<Value> staged(parts.getRegionIterArgs().drop_front(acc.size()));
    storeTile(staged, g.vRows, g.columns, valueRows);
    barrier();
    SmallVector<Value> nextPart = loadPart(arith::MinUIOp::create(
        b, loc, add(partBase, g.vRows), index(g.blockKV - g.vRows)));
    SmallVector<Value> next(parts.getRegionIterArgs().take_front(acc.size()));
    Value columnOrigin = add(mul(warpCol, g.warpColumns), group);
    for (int64_t k0 = 0; k0 < g.vRows; k0 += kMmaK) {
      SmallVector<Value> a = aFragment(scores, warpRow, add(partBase, k0));
      Value key = add(quad, k0);
      for (int64_t j = 0; j < outputTiles(); ++j) {
        Value column = add(columnOrigin, j * kMmaN);
        SmallVector<Value> bFragment = mmaFragment(
            {readShared(valueRows, key, column), readShared(valueRows, add(key, 4), column)},
            g.splitTf32);
        next[j] = mmaProduct(a, bFragment, next[j]);
      }
    }
    // Every warp is done with V's rows (and, after the last part, the exponentials) before they
    // are overwritten.
    barrier();
    llvm::append_range(next, nextPart);
    scf::YieldOp::create(b, loc, next);
    return SmallVector<Value>(parts.getResults().take_front(acc.size()));
  }

  Value scores, rowScale, queryChunk, keyChunk, valueRows;
  Value warpRow, warpCol, group, quad, softmaxRow, softmaxLane;
  Value softmaxThread, scoreWarp; // null: every thread, every warp
};
} // namespace

OwningOpRef<ModuleOp> kopt::codegen::buildMmaAttentionKernel(func::FuncOp func,
                                                            const AttentionInfo &info,
                                                            const AttentionGeometry &geometry) {
  return MmaAttentionKernelBuilder(func, info, geometry).build();
}
