//===- MatmulSimt.cpp - the matmul's f32 kernel ---------------------------===//
#include "MatmulTile.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kopt::codegen;
using namespace kopt::codegen::matmul;

namespace {
/// The f32 kernel: each thread computes threadM x threadN outputs in registers, as outer
/// products of fragments of A and B read from the shared tiles.
class SimtKernelBuilder : public MatmulKernelBuilder {
public:
  using MatmulKernelBuilder::MatmulKernelBuilder;

private:
  int64_t threadsN() const { return g.blockN / g.threadN; }
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

  void buildBody() override {
    // The thread's place among the block's threadsM x threadsN: warps of warpCols thread
    // columns, laid out row by row over the block.
    int64_t warpRows = kWarp / g.warpCols, warpsN = threadsN() / g.warpCols;
    Value warp = div(threadId, kWarp), lane = rem(threadId, kWarp);
    Value threadRow = g.warpCols == threadsN()
                          ? div(threadId, threadsN())
                          : add(mul(div(warp, warpsN), warpRows), div(lane, g.warpCols));
    Value threadCol = g.warpCols == threadsN()
                          ? rem(threadId, threadsN())
                          : add(mul(rem(warp, warpsN), g.warpCols), rem(lane, g.warpCols));
    Value initial =
        vector::BroadcastOp::create(b, loc, vectorType(g.fragmentN), accumulatorStart());
    SmallVector<Value> acc(g.threadM * groupsN(), initial);
    storeOutput(pipelineOverK(acc, [&](Value stage, ValueRange tileAcc) {
                  return multiplyTile(stage, tileAcc, threadRow, threadCol);
                }),
                threadRow, threadCol);
  }

  void storeOutput(ValueRange acc, Value threadRow, Value threadCol) {
    Value rowBase = blockRowBase(), colBase = blockColBase();
    for (int64_t i = 0; i < g.threadM; ++i) {
      Value row = add(rowBase, localRow(threadRow, i));
      for (int64_t group = 0; group < groupsN(); ++group)
        storeFragment(acc[i * groupsN() + group], row, add(colBase, localCol(threadCol, group)));
    }
  }
};
} // namespace

void kopt::codegen::matmul::buildSimtKernel(const MatmulInfo &info, const MatmulGeometry &g,
                                            StringRef kernelName) {
  SimtKernelBuilder(info, g).build(kernelName);
}
