//===- MatmulMatvec.cpp - the matrix-vector product kernel ----------------===//
#include "MatmulTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kopt::codegen;
using namespace kopt::codegen::matmul;

namespace {
/// The matvec kernel: bandwidth-bound, it uses no shared tiles.
class MatvecKernelBuilder : public MatmulKernelBuilder {
public:
  using MatmulKernelBuilder::MatmulKernelBuilder;

private:
  /// A warp per output row; each lane reads vectors along K, `accumulators` of them per
  /// iteration into separate partial sums, then the warp adds its lanes with shuffles.
  void buildBody() override {
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
};
} // namespace

void kopt::codegen::matmul::buildMatvecKernel(const MatmulInfo &info, const MatmulGeometry &g,
                                              StringRef kernelName) {
  MatvecKernelBuilder(info, g).build(kernelName);
}
