//===- AttentionSimt.cpp - the attention family's f32 kernel -------------===//
#include "AttentionKernel.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include <limits>

using namespace mlir;
using namespace kopt::codegen;

namespace {
/// The f32 kernel on CUDA cores (Attention.h): row groups of `lanes` threads hold the score
/// tile's rows and the output's rows in registers.
class SimtAttentionKernelBuilder : public AttentionKernelBuilder {
public:
  using AttentionKernelBuilder::AttentionKernelBuilder;

private:
  int64_t rowGroups() const { return g.blockQ / g.threadQ; }
  /// Vectors of a lane's columns: column vectors j * lanes + lane of the block's slice.
  int64_t columnVectors() const { return g.columns / (g.lanes * g.vectorV); }

  void buildBlock(Value shared) override {
    group = div(threadId, g.lanes);
    lane = rem(threadId, g.lanes);
    probabilities = sharedView(shared, 0, g.blockQ, g.scorePitch);
    queryChunk = sharedView(shared, g.queryChunkOffset, g.blockQ, g.chunkPitch);
    keyChunk = sharedView(shared, g.keyChunkOffset, g.blockKV, g.chunkPitch);
    valueRows = sharedView(shared, g.valueOffset, g.vRows, g.valuePitch);
    walkKeys();
  }

  /// The block-local query row of the thread's i-th row: row groups side by side.
  Value localRow(int64_t i) { return add(group, i * rowGroups()); }
  /// The tile-local key of the thread's j-th score: lanes side by side.
  Value localKey(int64_t j) { return add(lane, j * g.lanes); }
  /// The slice-local first column of the thread's j-th column vector.
  Value localColumn(int64_t j) { return mul(add(lane, j * g.lanes), g.vectorV); }

  /// The loop over key tiles carries, per thread row, the running max and sum, then the output
  /// accumulators (threadQ x columnVectors vectors of vectorV).
  void walkKeys() {
    double negativeInfinity = -std::numeric_limits<double>::infinity();
    SmallVector<Value> carried(g.threadQ, constant(negativeInfinity));
    carried.append(g.threadQ, constant(0.0));
    carried.append(g.threadQ * columnVectors(), zeros(vectorType(g.vectorV)));
    auto loop = scf::ForOp::create(b, loc, index(0), keyEnd(), index(g.blockKV), carried);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      scf::YieldOp::create(b, loc, keyTile(loop.getInductionVar(), loop.getRegionIterArgs()));
    }
    ValueRange results = loop.getResults();
    ValueRange sums = results.slice(g.threadQ, g.threadQ);
    ValueRange acc = results.drop_front(2 * g.threadQ);
    Value columnBase = mul(slice, g.columns);
    for (int64_t i = 0; i < g.threadQ; ++i) {
      Value row = add(queryBase, localRow(i));
      Value sum = broadcast(sums[i], g.vectorV);
      for (int64_t j = 0; j < columnVectors(); ++j) {
        Value normalized = arith::DivFOp::create(b, loc, acc[i * columnVectors() + j], sum);
        store(normalized, out, {batchId, row, add(columnBase, localColumn(j))});
      }
    }
  }

  /// One key tile from `keyBase`: its scores, the online softmax, and its product with V.
  SmallVector<Value> keyTile(Value keyBase, ValueRange carried) {
    SmallVector<Value> scores = scoreTile(keyBase);
    SmallVector<Value> maxes, sums, acc(carried.drop_front(2 * g.threadQ));
    for (int64_t i = 0; i < g.threadQ; ++i) {
      ArrayRef<Value> row = ArrayRef(scores).slice(i * g.threadKV, g.threadKV);
      Value tileMax = row.front();
      for (Value score : row.drop_front())
        tileMax = arith::MaxNumFOp::create(b, loc, tileMax, score);
      tileMax = acrossLanes<arith::MaxNumFOp>(tileMax, g.lanes);
      Value max = arith::MaxNumFOp::create(b, loc, carried[i], tileMax);
      // exp(-inf) = 0 rescales the zeros of the first tile.
      Value subtracted = finiteMax(max);
      Value rescale = exp(arith::SubFOp::create(b, loc, carried[i], subtracted));
      Value tileSum;
      for (auto [j, score] : llvm::enumerate(row)) {
        Value p = exp(arith::SubFOp::create(b, loc, score, subtracted));
        memref::StoreOp::create(b, loc, p, probabilities,
                                ValueRange{localRow(i), localKey(j)});
        tileSum = tileSum ? arith::AddFOp::create(b, loc, tileSum, p).getResult() : p;
      }
      tileSum = acrossLanes<arith::AddFOp>(tileSum, g.lanes);
      Value scaled = arith::MulFOp::create(b, loc, carried[g.threadQ + i], rescale);
      sums.push_back(arith::AddFOp::create(b, loc, scaled, tileSum));
      maxes.push_back(max);
      Value factor = broadcast(rescale, g.vectorV);
      for (int64_t j = 0; j < columnVectors(); ++j) {
        Value &slot = acc[i * columnVectors() + j];
        slot = arith::MulFOp::create(b, loc, slot, factor);
      }
    }
    acc = productWithV(keyBase, acc);
    SmallVector<Value> next(maxes);
    next.append(sums);
    next.append(acc);
    return next;
  }

  /// The thread's scores (threadQ x threadKV, as the payload's modifier leaves them) of the key tile
  /// from `keyBase`, over the head dim in chunks staged in shared memory.
  SmallVector<Value> scoreTile(Value keyBase) {
    SmallVector<Value> partial(g.threadQ * g.threadKV, zeros(vectorType(g.vectorQK)));
    auto chunks = scf::ForOp::create(b, loc, index(0), index(info.headDim), index(g.chunkE),
                                     partial);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(chunks.getBody());
      Value depthBase = chunks.getInductionVar();
      copyTile(q, queryBase, depthBase, g.blockQ, g.chunkE, g.vectorQK, queryChunk);
      copyTile(k, keyBase, depthBase, g.blockKV, g.chunkE, g.vectorQK, keyChunk);
      barrier();
      auto steps = scf::ForOp::create(b, loc, index(0), index(g.chunkE), index(g.vectorQK),
                                      chunks.getRegionIterArgs());
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(steps.getBody());
        Value depth = steps.getInductionVar();
        SmallVector<Value> queries, keys;
        for (int64_t i = 0; i < g.threadQ; ++i)
          queries.push_back(load(queryChunk, {localRow(i), depth}, g.vectorQK));
        for (int64_t j = 0; j < g.threadKV; ++j)
          keys.push_back(load(keyChunk, {localKey(j), depth}, g.vectorQK));
        SmallVector<Value> next(steps.getRegionIterArgs());
        for (int64_t i = 0; i < g.threadQ; ++i)
          for (int64_t j = 0; j < g.threadKV; ++j) {
            Value &slot = next[i * g.threadKV + j];
            slot = vector::FMAOp::create(b, loc, queries[i], keys[j], slot);
          }
        scf::YieldOp::create(b, loc, next);
      }
      // Every thread is done with the chunks before the next ones (or V's rows) replace them.
      barrier();
      scf::YieldOp::create(b, loc, steps.getResults());
    }
    SmallVector<Value> scores;
    for (auto [position, sums] : llvm::enumerate(chunks.getResults())) {
      Value score = vector::ReductionOp::create(b, loc, vector::CombiningKind::ADD, sums);
      int64_t i = position / g.threadKV, j = position % g.threadKV;
      scores.push_back(
          modified(score, add(queryBase, localRow(i)), add(keyBase, localKey(j))));
    }
    return scores;
  }

  /// acc += exponentials x V rows of the key tile from `keyBase`, vRows rows of V at a time.
  SmallVector<Value> productWithV(Value keyBase, ValueRange acc) {
    Value columnBase = mul(slice, g.columns);
    auto parts = scf::ForOp::create(b, loc, index(0), index(g.blockKV), index(g.vRows), acc);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(parts.getBody());
    Value partBase = parts.getInductionVar();
    copyTile(v, add(keyBase, partBase), columnBase, g.vRows, g.columns, g.vectorV, valueRows);
    // Also publishes the exponentials, the first time.
    barrier();
    auto keys = scf::ForOp::create(b, loc, index(0), index(g.vRows), index(1),
                                   parts.getRegionIterArgs());
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(keys.getBody());
      Value key = keys.getInductionVar();
      SmallVector<Value> values;
      for (int64_t j = 0; j < columnVectors(); ++j)
        values.push_back(load(valueRows, {key, localColumn(j)}, g.vectorV));
      SmallVector<Value> next(keys.getRegionIterArgs());
      for (int64_t i = 0; i < g.threadQ; ++i) {
        Value p = memref::LoadOp::create(b, loc, probabilities,
                                         ValueRange{localRow(i), add(partBase, key)});
        Value weight = broadcast(p, g.vectorV);
        for (int64_t j = 0; j < columnVectors(); ++j) {
          Value &slot = next[i * columnVectors() + j];
          slot = vector::FMAOp::create(b, loc, weight, values[j], slot);
        }
      }
      scf::YieldOp::create(b, loc, next);
    }
    // Every thread is done with V's rows (and, after the last part, the exponentials) before
    // they are overwritten.
    barrier();
    scf::YieldOp::create(b, loc, keys.getResults());
    return SmallVector<Value>(parts.getResults());
  }

  Value group, lane;
  Value probabilities, queryChunk, keyChunk, valueRows;
};
} // namespace

OwningOpRef<ModuleOp> kopt::codegen::buildSimtAttentionKernel(func::FuncOp func,
                                                             const AttentionInfo &info,
                                                             const AttentionGeometry &geometry) {
  return SimtAttentionKernelBuilder(func, info, geometry).build();
}
