//===- MatmulMmaSync.cpp - the matmul's TF32 mma.sync kernel --------------===//
#include "MatmulTile.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kopt::codegen;
using namespace kopt::codegen::matmul;

namespace {
/// The TF32 kernel of warps running m16n8k8 mma.sync on fragments read from the shared tiles.
class MmaSyncKernelBuilder : public MatmulKernelBuilder {
public:
  using MatmulKernelBuilder::MatmulKernelBuilder;

private:
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

  /// The K tile in `stage` into the warp's accumulators (mmaTilesM x mmaTilesN vector<2x2xf32>,
  /// as mma.sync lays out C: rows lane / 4 and + 8, columns 2 * (lane % 4) and + 1). Per K step
  /// of 8, each lane reads A(row, k), A(row + 8, k), A(row, k + 4), A(row + 8, k + 4) of each M
  /// tile and B(k, col), B(k + 4, col) of each N tile, with k = lane % 4. With split_tf32 each
  /// fragment is split into its big and small parts, and each product is three mma.sync, the
  /// small ones first, into accumulators of the tile's own that start from zero and are added
  /// to `acc` at the end: the tensor cores truncate each accumulation, a bias that would
  /// otherwise grow with K (docs/schedule-spaces.md).
  SmallVector<Value> mmaTile(Value stage, ValueRange acc, const MmaLane &lane) {
    SmallVector<Value> result(acc);
    if (g.splitTf32)
      result.assign(acc.size(), zeros(acc.front().getType()));
    for (int64_t k0 = 0; k0 < g.blockK; k0 += kMmaK) {
      Value k = add(lane.quad, k0);
      SmallVector<SmallVector<Value>> aFragments, bFragments;
      for (int64_t i = 0; i < mmaTilesM(); ++i) {
        Value row = add(lane.row, i * kMmaM);
        SmallVector<Value> values;
        for (auto [dm, dk] : kMmaAOffsets)
          values.push_back(readShared(sharedA, tileA, stage, add(row, dm), add(k, dk)));
        aFragments.push_back(mmaFragment(values, g.splitTf32));
      }
      for (int64_t j = 0; j < mmaTilesN(); ++j) {
        Value col = add(lane.col, j * kMmaN);
        bFragments.push_back(mmaFragment({readShared(sharedB, tileB, stage, col, k),
                                          readShared(sharedB, tileB, stage, col, add(k, 4))},
                                         g.splitTf32));
      }
      for (int64_t i = 0; i < mmaTilesM(); ++i)
        for (int64_t j = 0; j < mmaTilesN(); ++j) {
          Value &slot = result[i * mmaTilesN() + j];
          slot = mmaProduct(aFragments[i], bFragments[j], slot);
        }
    }
    return g.splitTf32 ? addTileSums(acc, result) : result;
  }

  void buildBody() override {
    MmaLane lane = mmaLane();
    Value initial = vector::BroadcastOp::create(b, loc, VectorType::get({2, 2}, f32),
                                                accumulatorStart());
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
};
} // namespace

void kopt::codegen::matmul::buildMmaSyncKernel(const MatmulInfo &info, const MatmulGeometry &g,
                                               StringRef kernelName) {
  MmaSyncKernelBuilder(info, g).build(kernelName);
}
