//===- AttentionKernel.cpp - what the attention kernels share -------------===//
#include "AttentionKernel.h"
#include "KernelBuilding.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

#include <limits>

using namespace mlir;
using namespace kopt::codegen;

AttentionKernelBuilder::AttentionKernelBuilder(func::FuncOp payload, const AttentionInfo &info,
                                               const AttentionGeometry &g)
    : TiledKernelBuilder(OpBuilder(payload.getContext()), payload.getLoc()), payload(payload),
      info(info), g(g) {}

OwningOpRef<ModuleOp> AttentionKernelBuilder::build() {
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  SmallVector<Type> argTypes = llvm::map_to_vector(payload.getArgumentTypes(), [](Type type) {
    auto tensor = cast<RankedTensorType>(type);
    return Type(MemRefType::get(tensor.getShape(), tensor.getElementType()));
  });
  auto func = func::FuncOp::create(b, loc, payload.getName(), b.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  buildLaunch(entry->getArguments(), payload.getName());
  func::ReturnOp::create(b, loc);
  return module;
}

void AttentionKernelBuilder::buildLaunch(ValueRange buffers, StringRef kernelName) {
  auto sharedType =
      MemRefType::get({g.sharedBytes}, b.getI8Type(), AffineMap(), workgroupSpace());
  auto launch = createKernelLaunch(b, loc, kernelName, kernelName, {g.grid, 1, 1},
                                   {g.threads, 1, 1}, TypeRange{sharedType});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  threadId = launch.getThreadIds().x;
  Value blockId = launch.getBlockIds().x;
  slice = rem(blockId, g.headSplit);
  Value tile = div(blockId, g.headSplit);
  queryBase = mul(rem(tile, queryTiles()), g.blockQ);
  batchId = div(tile, queryTiles());
  q = view(buffers[info.q], info.rows, info.headDim);
  k = view(buffers[info.k], info.keys, info.headDim);
  v = view(buffers[info.v], info.keys, info.valueDim);
  out = view(buffers[info.out], info.rows, info.valueDim);
  buildBlock(launch.getWorkgroupAttributions().front());
  gpu::TerminatorOp::create(b, loc);
}

Value AttentionKernelBuilder::view(Value buffer, int64_t rows, int64_t columns) {
  SmallVector<int64_t> shape = {info.batch, rows, columns};
  auto type = MemRefType::get(shape, f32);
  return memref::ReinterpretCastOp::create(b, loc, type, buffer, /*offset=*/0, shape,
                                           {rows * columns, columns, 1});
}

Value AttentionKernelBuilder::sharedView(Value shared, int64_t offset, int64_t rows,
                                         int64_t pitch) {
  auto type = MemRefType::get({rows, pitch}, f32, AffineMap(), workgroupSpace());
  return memref::ViewOp::create(b, loc, type, shared, index(offset), ValueRange{});
}

SmallVector<Value> AttentionKernelBuilder::loadTile(Value global, Value rowBase,
                                                    Value columnBase, int64_t rows,
                                                    int64_t columns, int64_t width) {
  int64_t perRow = columns / width, count = rows * perRow;
  SmallVector<Value> values;
  for (int64_t first = 0; first < count; first += g.threads) {
    Value id = add(threadId, first);
    Value row = div(id, perRow), column = mul(rem(id, perRow), width);
    Value exists = first + g.threads > count ? less(id, count) : Value();
    values.push_back(guarded(exists, vectorType(width), [&] {
      return SmallVector<Value>{
          load(global, {batchId, add(rowBase, row), add(columnBase, column)}, width)};
    }).front());
  }
  return values;
}

void AttentionKernelBuilder::storeTile(ArrayRef<Value> values, int64_t rows, int64_t columns,
                                       Value shared) {
  int64_t width = cast<VectorType>(values.front().getType()).getNumElements();
  int64_t perRow = columns / width, count = rows * perRow;
  for (auto [i, value] : llvm::enumerate(values)) {
    int64_t first = i * g.threads;
    Value id = add(threadId, first);
    Value exists = first + g.threads > count ? less(id, count) : Value();
    guarded(exists, {}, [&] {
      store(value, shared, {div(id, perRow), mul(rem(id, perRow), width)});
      return SmallVector<Value>{};
    });
  }
}

Value AttentionKernelBuilder::keyEnd() {
  if (!info.causal)
    return index(info.keys);
  Value tiles = div(add(queryBase, g.blockQ + g.blockKV - 1), g.blockKV);
  return arith::MinUIOp::create(b, loc, mul(tiles, g.blockKV), index(info.keys));
}

Value AttentionKernelBuilder::constant(double value) {
  return arith::ConstantFloatOp::create(b, loc, cast<FloatType>(f32),
                                        APFloat(static_cast<float>(value)));
}

Value AttentionKernelBuilder::broadcast(Value scalar, int64_t width) {
  return vector::BroadcastOp::create(b, loc, vectorType(width), scalar);
}

Value AttentionKernelBuilder::exp(Value x) { return math::ExpOp::create(b, loc, x); }

Value AttentionKernelBuilder::modified(Value score, Value row, Value key) {
  linalg::GenericOp op = info.scoreModifier;
  if (!op)
    return score;
  Block *body = op.getBody();
  IRMapping mapping;
  mapping.map(body->getArgument(0), score);
  SmallVector<Value> batchIndices; // of the leading loops, from the block's batch entry
  uint64_t rank = op.getNumLoops();
  auto loopIndexOf = [&](unsigned dim) {
    if (dim + 2 < rank && batchIndices.empty())
      batchIndices =
          delinearize(b, loc, batchId, ArrayRef(op.getStaticLoopRanges()).drop_back(2));
    return dim + 2 == rank ? row : dim + 1 == rank ? key : batchIndices[dim];
  };
  // What the body takes from outside is a scalar constant (the analysis checked).
  auto materialize = [&](Value value) { return b.clone(*value.getDefiningOp())->getResult(0); };
  cloneOpsBefore(b, body->getTerminator(), mapping, loopIndexOf, materialize);
  Value yielded = body->getTerminator()->getOperand(0);
  return mapping.contains(yielded) ? mapping.lookup(yielded) : materialize(yielded);
}

Value AttentionKernelBuilder::finiteMax(Value max) {
  Value isEmpty = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, max,
                                        constant(-std::numeric_limits<double>::infinity()));
  return arith::SelectOp::create(b, loc, isEmpty, constant(0.0), max);
}
