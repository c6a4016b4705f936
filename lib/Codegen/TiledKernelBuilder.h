//===- TiledKernelBuilder.h - helpers for building tiled f32 kernels -*- C++ -*-===//
//
// Private to KoptCodegen: what the families of tiled f32 kernels built directly with an
// OpBuilder (matmul, attention) share: index arithmetic that skips trivial operations, aligned
// vector accesses, and regions guarded by a condition.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_TILEDKERNELBUILDER_H
#define KOPT_LIB_CODEGEN_TILEDKERNELBUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

#include <utility>

namespace kopt::codegen {

inline constexpr int64_t kF32Bytes = 4;
/// The m16n8k8 TF32 mma.sync (wgmma's K step is 8 too).
inline constexpr int64_t kMmaM = 16, kMmaN = 8, kMmaK = 8;
/// A lane's four A-fragment elements, in mma.sync's register order: (row, k) offsets from its
/// row lane / 4 and its K column lane % 4 of the 16 x 8 tile.
inline constexpr std::pair<int64_t, int64_t> kMmaAOffsets[] = {{0, 0}, {8, 0}, {0, 4}, {8, 4}};

class TiledKernelBuilder {
protected:
  TiledKernelBuilder(mlir::OpBuilder builder, mlir::Location loc)
      : b(builder), loc(loc), f32(b.getF32Type()) {}

  mlir::Value index(int64_t value) { return mlir::arith::ConstantIndexOp::create(b, loc, value); }
  mlir::Attribute workgroupSpace() {
    return mlir::gpu::AddressSpaceAttr::get(b.getContext(), mlir::gpu::AddressSpace::Workgroup);
  }
  mlir::Value add(mlir::Value x, mlir::Value y) { return mlir::arith::AddIOp::create(b, loc, x, y); }
  mlir::Value add(mlir::Value x, int64_t y) { return y == 0 ? x : add(x, index(y)); }
  mlir::Value mul(mlir::Value x, int64_t y) {
    return y == 1 ? x : mlir::arith::MulIOp::create(b, loc, x, index(y)).getResult();
  }
  mlir::Value div(mlir::Value x, int64_t y) {
    return y == 1 ? x : mlir::arith::DivUIOp::create(b, loc, x, index(y)).getResult();
  }
  mlir::Value rem(mlir::Value x, int64_t y) {
    return y == 1 ? index(0) : mlir::arith::RemUIOp::create(b, loc, x, index(y)).getResult();
  }
  mlir::Value less(mlir::Value x, int64_t bound) {
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::ult, x, index(bound));
  }
  /// The conjunction of two conditions, either of which may be null (always true).
  mlir::Value both(mlir::Value x, mlir::Value y) {
    if (!x)
      return y;
    return y ? mlir::arith::AndIOp::create(b, loc, x, y).getResult() : x;
  }
  mlir::VectorType vectorType(int64_t width) { return mlir::VectorType::get({width}, f32); }
  mlir::Value zeros(mlir::Type type) {
    return mlir::arith::ConstantOp::create(b, loc,
                                           mlir::cast<mlir::TypedAttr>(b.getZeroAttr(type)));
  }
  void barrier() { mlir::gpu::BarrierOp::create(b, loc); }

  /// Accesses are `width` elements apart from bases that cudaMalloc aligns to 256 bytes (shared
  /// tiles: to 16), with row pitches `width` divides, so each is aligned to its size; saying so
  /// lets the back end emit .v2/.v4 accesses.
  mlir::Value load(mlir::Value memref, mlir::ValueRange indices, int64_t width) {
    return mlir::vector::LoadOp::create(b, loc, vectorType(width), memref, indices,
                                        /*nontemporal=*/false,
                                        llvm::MaybeAlign(width * kF32Bytes));
  }
  void store(mlir::Value value, mlir::Value memref, mlir::ValueRange indices) {
    int64_t width = mlir::cast<mlir::VectorType>(value.getType()).getNumElements();
    mlir::vector::StoreOp::create(b, loc, value, memref, indices, /*nontemporal=*/false,
                                  llvm::MaybeAlign(width * kF32Bytes));
  }
  mlir::Value element(mlir::Value vector, int64_t position) {
    return mlir::vector::ExtractOp::create(b, loc, vector, llvm::ArrayRef<int64_t>{position});
  }

  /// split_tf32's parts of f32 operand elements: for each x, big = x with its 13 low mantissa
  /// bits cleared (exactly TF32) and small = x - big (exact in f32), as {bigs, smalls}.
  struct Tf32Parts {
    llvm::SmallVector<mlir::Value> big, small;
  };
  Tf32Parts splitTf32(mlir::ValueRange values) {
    mlir::Type i32 = b.getI32Type();
    mlir::Value mask =
        mlir::arith::ConstantIntOp::create(b, loc, i32, static_cast<int32_t>(0xFFFFE000u));
    Tf32Parts parts;
    for (mlir::Value x : values) {
      mlir::Value bits = mlir::arith::BitcastOp::create(b, loc, i32, x);
      mlir::Value big = mlir::arith::BitcastOp::create(
          b, loc, f32, mlir::arith::AndIOp::create(b, loc, bits, mask));
      parts.big.push_back(big);
      parts.small.push_back(mlir::arith::SubFOp::create(b, loc, x, big));
    }
    return parts;
  }

  /// An m16n8k8 mma.sync operand fragment of `values` (A: 4, B: 2 elements, as vector<Nx1>):
  /// {as read} or, split (split_tf32), {big, small}.
  llvm::SmallVector<mlir::Value> mmaFragment(llvm::ArrayRef<mlir::Value> values, bool split) {
    auto type = mlir::VectorType::get({static_cast<int64_t>(values.size()), 1}, f32);
    if (!split)
      return {mlir::vector::FromElementsOp::create(b, loc, type, values)};
    Tf32Parts parts = splitTf32(values);
    return {mlir::vector::FromElementsOp::create(b, loc, type, parts.big),
            mlir::vector::FromElementsOp::create(b, loc, type, parts.small)};
  }

  /// c + x y on the tensor cores (m16n8k8 TF32 mma.sync; c a vector<2x2xf32>) for fragments
  /// mmaFragment made: split, three products, the small ones first (small x big, big x small,
  /// big x big).
  mlir::Value mmaProduct(llvm::ArrayRef<mlir::Value> x, llvm::ArrayRef<mlir::Value> y,
                         mlir::Value c) {
    auto mma = [&](mlir::Value a, mlir::Value bFragment, mlir::Value acc) -> mlir::Value {
      return mlir::nvgpu::MmaSyncOp::create(b, loc, a, bFragment, acc,
                                            llvm::ArrayRef<int64_t>{kMmaM, kMmaN, kMmaK},
                                            /*tf32Enabled=*/true);
    };
    if (x.size() == 2) {
      c = mma(x[1], y[0], c);
      c = mma(x[0], y[1], c);
    }
    return mma(x[0], y[0], c);
  }

  /// Runs `body` under `condition` (if any); the values it returns, or zeros where it does not
  /// run.
  llvm::SmallVector<mlir::Value>
  guarded(mlir::Value condition, llvm::ArrayRef<mlir::Type> types,
          llvm::function_ref<llvm::SmallVector<mlir::Value>()> body) {
    if (!condition)
      return body();
    mlir::OpBuilder::InsertionGuard guard(b);
    if (types.empty()) { // the builder adds the terminator
      auto ifOp = mlir::scf::IfOp::create(b, loc, condition, /*withElseRegion=*/false);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      body();
      return {};
    }
    auto ifOp = mlir::scf::IfOp::create(b, loc, types, condition, /*withElseRegion=*/true);
    b.setInsertionPointToStart(ifOp.thenBlock());
    mlir::scf::YieldOp::create(b, loc, body());
    b.setInsertionPointToStart(ifOp.elseBlock());
    mlir::scf::YieldOp::create(b, loc,
                               llvm::map_to_vector(types, [&](mlir::Type t) { return zeros(t); }));
    return llvm::SmallVector<mlir::Value>(ifOp.getResults());
  }

  mlir::OpBuilder b;
  mlir::Location loc;
  mlir::Type f32;
};

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_TILEDKERNELBUILDER_H
