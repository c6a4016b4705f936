//===- MatmulWgmma.cpp - the matmul's TF32 wgmma kernel (Hopper) ----------===//
#include "MatmulTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kopt::codegen;
using namespace kopt::codegen::matmul;

namespace {
/// The TF32 kernel of warpgroups running m64nNk8 wgmma on A's tile in shared memory and
/// register fragments of B's.
class WgmmaKernelBuilder : public MatmulKernelBuilder {
public:
  using MatmulKernelBuilder::MatmulKernelBuilder;

private:
  /// The descriptor of the swizzled tile `tile` (stage 0 of sharedA or, with wgmma_shared_b,
  /// sharedB; or sharedSmallA) from K = 0: the
  /// start address >> 4 in bits 0-13, the stride byte offset (between 8-row atoms) >> 4 in bits
  /// 32-45, the swizzle mode in bits 62-63 (1: 128 bytes, 2: 64, 3: 32); the leading byte offset
  /// (bits 16-29) is unused by swizzled K-major layouts whose K step fits a row.
  Value tileDescriptor(Value tile) {
    Type i64 = b.getI64Type();
    auto constant = [&](int64_t value) { return arith::ConstantIntOp::create(b, loc, i64, value); };
    Value address = arith::IndexCastUIOp::create(
        b, loc, i64, memref::ExtractAlignedPointerAsIndexOp::create(b, loc, tile));
    Value start = arith::ShRUIOp::create(
        b, loc, arith::AndIOp::create(b, loc, address, constant(0x3FFFF)), constant(4));
    uint64_t mode = swizzleBytes(g) == 128 ? 1 : swizzleBytes(g) == 64 ? 2 : 3;
    uint64_t fields = uint64_t{1} << 16 | uint64_t(kAtomRows * swizzleBytes(g) >> 4) << 32 |
                      mode << 62;
    return arith::OrIOp::create(b, loc, start, constant(static_cast<int64_t>(fields)));
  }

  /// One m64nNk8 wgmma (N = blockM) of the warpgroup: acc += B^T's 64 x 8 x the 8 x N at
  /// `descriptor` (A^T), B^T as `bOperand`: this thread's 4 of its fragment (as i32), or with
  /// wgmma_shared_b its descriptor; without `accumulate`, the product alone (scale-d 0: `acc` is
  /// not an input, so its registers stay free). Inline PTX: MLIR's wgmma op takes both operands
  /// from shared memory, and TF32 admits no transposed (N-contiguous) one there.
  SmallVector<Value> wgmma(ValueRange acc, ArrayRef<Value> bOperand, Value descriptor,
                           bool accumulate = true) {
    int64_t n = acc.size();
    int64_t first = accumulate ? 2 * n : n; // B^T's first operand number
    int64_t after = first + bOperand.size(); // the descriptor's, then scale-d's
    std::string ptx, constraints;
    llvm::raw_string_ostream text(ptx), kinds(constraints);
    text << "{\n.reg .pred p;\nsetp.ne.b32 p, $" << after + 1 << ", 0;\n"
         << "wgmma.mma_async.sync.aligned.m64n" << g.blockM << "k8.f32.tf32.tf32 {";
    // Without inputs to tie them to, the outputs are early-clobber: the wgmma is still reading
    // its fragment when it writes them.
    for (int64_t i = 0; i < n; ++i) {
      text << (i ? ", $" : "$") << i;
      kinds << (accumulate ? "=f," : "=&f,");
    }
    if (bOperand.size() == 1)
      text << "}, $" << first;
    else
      text << "}, {$" << first << ", $" << first + 1 << ", $" << first + 2 << ", $" << first + 3
           << "}";
    text << ", $" << after << ", p, 1, 1;\n}";
    SmallVector<Value> operands;
    if (accumulate) { // the accumulators are inputs too, in the outputs' registers
      for (int64_t i = 0; i < n; ++i)
        kinds << i << ",";
      operands.append(acc.begin(), acc.end());
    }
    kinds << (bOperand.size() == 1 ? "l" : "r,r,r,r") << ",l,r";
    operands.append(bOperand.begin(), bOperand.end());
    operands.push_back(descriptor);
    operands.push_back(
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), accumulate ? 1 : 0)); // scale-d
    return f32Asm(ptx, constraints, operands, n);
  }

  /// Inline PTX with side effects (ordered with the wgmma fences and waits) whose `results` f32
  /// outputs come first in `constraints`.
  SmallVector<Value> f32Asm(StringRef ptx, StringRef constraints, ValueRange operands,
                            int64_t results) {
    auto type =
        LLVM::LLVMStructType::getLiteral(b.getContext(), SmallVector<Type>(results, f32));
    auto op = LLVM::InlineAsmOp::create(
        b, loc, type, operands, ptx, constraints, /*has_side_effects=*/true,
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
        /*operand_attrs=*/ArrayAttr());
    SmallVector<Value> result;
    for (int64_t i = 0; i < results; ++i)
      result.push_back(LLVM::ExtractValueOp::create(b, loc, op.getRes(), i));
    return result;
  }

  /// split_tf32: A's tile in `stage` replaced by its big parts, its small parts written to
  /// sharedSmallA at the same places, both made visible to the tensor cores (the async proxy).
  void splitTileOfA(Value stage) {
    int64_t chunks = g.blockM * (g.blockK / kChunk);
    for (int64_t first = 0; first < chunks; first += g.threads) {
      Value chunk = add(threadId, first);
      guarded(first + g.threads > chunks ? less(chunk, chunks) : Value(), {}, [&] {
        Value row = div(chunk, g.blockK / kChunk), column = rem(chunk, g.blockK / kChunk);
        Value x = load(sharedA, {stage, row, column, index(0)}, kChunk);
        SmallVector<Value> elements;
        for (int64_t i = 0; i < kChunk; ++i)
          elements.push_back(element(x, i));
        Tf32Parts parts = splitTf32(elements);
        store(vector::FromElementsOp::create(b, loc, vectorType(kChunk), parts.big), sharedA,
              {stage, row, column, index(0)});
        store(vector::FromElementsOp::create(b, loc, vectorType(kChunk), parts.small),
              sharedSmallA, {row, column, index(0)});
        return SmallVector<Value>{};
      });
    }
    NVVM::FenceProxyOp::create(
        b, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
    barrier();
  }

  /// The K tile in `stage` into the thread's accumulators: per K step of 8, the B fragment
  /// B(k, column), B(k, column + 8), B(k + 4, column), B(k + 4, column + 8) with k = lane % 4
  /// (as mma.sync's A fragment: the rows of B^T), then the tile's wgmma ops in one group, waited
  /// for at once: a group left running past the next tile's fragment reads is serialized by
  /// ptxas (C7513) and measured no faster (and wrong where more buffers were in use: a race
  /// not understood; results/tf32-h200/wgmma.md). With split_tf32 each K step is three wgmma,
  /// A's small parts x B's big ones, A's big x B's small, A's big x B's big, into accumulators
  /// of the tile's own (the first wgmma does not accumulate) added to `acc` at the end.
  SmallVector<Value> wgmmaTile(Value stage, ValueRange acc, Value column, Value quad,
                               Value descriptor, Value smallDescriptor) {
    if (g.splitTf32)
      splitTileOfA(stage);
    // Per K step: the fragment as read (`big` without split_tf32), as i32.
    SmallVector<Tf32Parts> fragments;
    auto asI32 = [&](ArrayRef<Value> values) {
      return llvm::map_to_vector(values, [&](Value value) -> Value {
        return arith::BitcastOp::create(b, loc, b.getI32Type(), value);
      });
    };
    for (int64_t k0 = 0; k0 < g.blockK; k0 += kMmaK) {
      Value k = add(quad, k0);
      SmallVector<Value> values;
      for (auto [dn, dk] : {std::pair(0, 0), std::pair(8, 0), std::pair(0, 4), std::pair(8, 4)})
        values.push_back(readShared(sharedB, tileB, stage, add(column, dn), add(k, dk)));
      Tf32Parts parts = g.splitTf32 ? splitTf32(values) : Tf32Parts{values, {}};
      fragments.push_back({asI32(parts.big), asI32(parts.small)});
    }
    Value stageOffset = descriptorOffset(mul(stage, swizzledTileBytes(g, g.blockM)));
    NVVM::WgmmaFenceAlignedOp::create(b, loc);
    SmallVector<Value> result(acc);
    for (auto [step, fragment] : llvm::enumerate(fragments)) {
      Value chunkOffset = kStepOffset(step);
      Value at = arith::AddIOp::create(
          b, loc, descriptor, arith::AddIOp::create(b, loc, stageOffset, chunkOffset));
      if (g.splitTf32) {
        result = wgmma(result, fragment.big,
                       arith::AddIOp::create(b, loc, smallDescriptor, chunkOffset),
                       /*accumulate=*/step > 0);
        result = wgmma(result, fragment.small, at);
      }
      result = wgmma(result, fragment.big, at);
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
    return g.splitTf32 ? addTileSums(acc, result) : result;
  }

  /// A byte offset within shared memory as a descriptor's start address field (16-byte units).
  Value descriptorOffset(Value bytes) {
    return arith::IndexCastUIOp::create(b, loc, b.getI64Type(), div(bytes, 16));
  }
  /// K step `step`'s first column within a swizzled tile's rows (the swizzle applies to the
  /// whole address), as a descriptor offset.
  Value kStepOffset(int64_t step) {
    return arith::ConstantIntOp::create(b, loc, b.getI64Type(), step * kMmaK * kF32Bytes >> 4);
  }

  /// wgmma_shared_b: the K tile in `stage` into the accumulators, both operands read from
  /// shared memory (`descriptorB`: the warpgroup's 64 rows of B^T's tile), the tile's wgmma ops
  /// in one group; with groups in flight, the wait leaves this one running (it reads nothing
  /// the threads write before the next tile's wait) and waits for the one before.
  SmallVector<Value> wgmmaTileShared(Value stage, ValueRange acc, Value descriptor,
                                     Value descriptorB) {
    Value offsetA = descriptorOffset(mul(stage, swizzledTileBytes(g, g.blockM)));
    Value offsetB = descriptorOffset(mul(stage, swizzledTileBytes(g, g.blockN)));
    NVVM::WgmmaFenceAlignedOp::create(b, loc);
    SmallVector<Value> result(acc);
    for (int64_t step = 0; step < g.blockK / kMmaK; ++step) {
      auto at = [&](Value base, Value offset) -> Value {
        return arith::AddIOp::create(b, loc, base,
                                     arith::AddIOp::create(b, loc, offset, kStepOffset(step)));
      };
      result = wgmma(result, at(descriptorB, offsetB), at(descriptor, offsetA));
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, g.groupsInFlight ? 1 : 0);
    return result;
  }

  /// `values` as the results of an empty asm that ties each to itself, ordered with the other
  /// side effects: what reads them after a wgmma wait stays after it.
  SmallVector<Value> fenceOperands(ValueRange values) {
    std::string constraints;
    llvm::raw_string_ostream kinds(constraints);
    for (size_t i = 0; i < values.size(); ++i)
      kinds << "=f,";
    for (size_t i = 0; i < values.size(); ++i)
      kinds << (i ? "," : "") << i;
    return f32Asm("", constraints, values, values.size());
  }

  /// Each warpgroup computes 64 columns x blockM rows of C as C^T = B^T A^T. A thread holds,
  /// for each 8 rows j of the block, C(8j + 2 (lane % 4) + {0, 1}, column + {0, 8}), column =
  /// its warpgroup's 64 + its warp's 16 (of the four warps) + lane / 4.
  void buildBody() override {
    Value warp = div(threadId, kWarp), lane = rem(threadId, kWarp);
    Value quad = rem(lane, 4);
    Value column = add(add(mul(div(threadId, kWgmmaThreads), kWgmmaM), mul(rem(warp, 4), 16)),
                       div(lane, 4));
    Value descriptor = tileDescriptor(sharedA);
    Value smallDescriptor = g.splitTf32 ? tileDescriptor(sharedSmallA) : Value();
    Value descriptorB;
    if (g.sharedB) // the warpgroup's rows of B^T's tile
      descriptorB = arith::AddIOp::create(
          b, loc, tileDescriptor(sharedB),
          descriptorOffset(mul(div(threadId, kWgmmaThreads), kWgmmaM * swizzleBytes(g))));
    SmallVector<Value> acc(g.blockM / 2, accumulatorStart());
    SmallVector<Value> result = pipelineOverK(acc, [&](Value stage, ValueRange tileAcc) {
      if (g.sharedB)
        return wgmmaTileShared(stage, tileAcc, descriptor, descriptorB);
      return wgmmaTile(stage, tileAcc, column, quad, descriptor, smallDescriptor);
    });
    if (g.groupsInFlight) { // the last tile's group
      NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
      result = fenceOperands(result);
    }
    Value rowBase = add(blockRowBase(), mul(quad, 2));
    Value colBase = add(blockColBase(), column);
    for (int64_t j = 0; j < g.blockM / 8; ++j)
      for (int64_t r = 0; r < 4; ++r) {
        Value value = vector::FromElementsOp::create(b, loc, vectorType(1), result[4 * j + r]);
        storeFragment(value, add(rowBase, 8 * j + r % 2), add(colBase, 8 * (r / 2)));
      }
  }
};
} // namespace

void kopt::codegen::matmul::buildWgmmaKernel(const MatmulInfo &info, const MatmulGeometry &g,
                                             StringRef kernelName) {
  WgmmaKernelBuilder(info, g).build(kernelName);
}
