//===- KernelBuilding.cpp - kernels built with OpBuilder from payloads ----===//
#include "KernelBuilding.h"
#include "PayloadMatch.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace kopt::codegen;

void kopt::codegen::cloneOpsBefore(OpBuilder &b, Operation *end, IRMapping &mapping,
                                   function_ref<Value(unsigned)> loopIndexOf,
                                   function_ref<Value(Value)> materialize) {
  Block *body = end->getBlock();
  for (Operation &inner : llvm::make_range(body->begin(), end->getIterator())) {
    if (auto indexOp = dyn_cast<linalg::IndexOp>(inner)) {
      mapping.map(indexOp.getResult(), loopIndexOf(indexOp.getDim()));
      continue;
    }
    inner.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (!mapping.contains(operand) && isOutside(operand, body))
          mapping.map(operand, materialize(operand));
    });
    // An element gathered from a tensor the function takes as a buffer is loaded from it.
    if (auto extract = dyn_cast<tensor::ExtractOp>(inner);
        extract && isa<MemRefType>(mapping.lookup(extract.getTensor()).getType())) {
      mapping.map(extract.getResult(),
                  memref::LoadOp::create(b, extract.getLoc(), mapping.lookup(extract.getTensor()),
                                         llvm::map_to_vector(extract.getIndices(), [&](Value i) {
                                           return mapping.lookup(i);
                                         })));
      continue;
    }
    b.clone(inner, mapping);
  }
}

SmallVector<Value> kopt::codegen::cloneLinalgBody(OpBuilder &b, Block *body, IRMapping &mapping,
                                                  function_ref<Value(unsigned)> loopIndexOf,
                                                  function_ref<Value(Value)> materialize) {
  cloneOpsBefore(b, body->getTerminator(), mapping, loopIndexOf, materialize);
  return llvm::map_to_vector(body->getTerminator()->getOperands(),
                             [&](Value v) { return mapping.lookupOrDefault(v); });
}

OwningOpRef<ModuleOp>
PayloadKernelBuilder::buildFunction(function_ref<void(ValueRange scratch)> buildBody,
                                    ArrayRef<Type> scratch) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(payload.getLoc());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module->getBody());
  SmallVector<Type> argTypes = llvm::map_to_vector(payload.getArgumentTypes(), [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor ? MemRefType::get(tensor.getShape(), tensor.getElementType()) : type;
  });
  llvm::append_range(argTypes, scratch);
  auto func =
      func::FuncOp::create(b, payload.getLoc(), payload.getName(), b.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  for (auto [old, arg] : llvm::zip(payload.getArguments(), entry->getArguments()))
    arguments.map(old, arg);
  fromPayload = arguments;
  b.setInsertionPointToStart(entry);
  buildBody(entry->getArguments().drop_front(payload.getNumArguments()));
  func::ReturnOp::create(b, loc);
  return module;
}

gpu::LaunchOp kopt::codegen::createKernelLaunch(OpBuilder &b, Location loc, StringRef kernelName,
                                               StringRef kernel, std::array<int64_t, 3> grid,
                                               std::array<int64_t, 3> block, TypeRange workgroup,
                                               int64_t dynamicBytes) {
  auto index = [&](int64_t value) { return arith::ConstantIndexOp::create(b, loc, value); };
  MLIRContext *context = b.getContext();
  return gpu::LaunchOp::create(
      b, loc, index(grid[0]), index(grid[1]), index(grid[2]), index(block[0]), index(block[1]),
      index(block[2]),
      dynamicBytes ? arith::ConstantIntOp::create(b, loc, dynamicBytes, 32).getResult() : Value(),
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{}, workgroup,
      /*privateAttributions=*/{},
      /*clusterSizeX=*/nullptr, /*clusterSizeY=*/nullptr, /*clusterSizeZ=*/nullptr,
      FlatSymbolRefAttr::get(context, (kernelName + "_module").str()),
      FlatSymbolRefAttr::get(context, kernel));
}

gpu::LaunchOp PayloadKernelBuilder::createLaunch(int64_t grid, int64_t blockX, int64_t blockY,
                                                 ArrayRef<Type> shared, StringRef suffix) {
  SmallVector<Type> attributions;
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  for (Type type : shared) {
    auto memref = cast<MemRefType>(type);
    attributions.push_back(MemRefType::get(memref.getShape(), memref.getElementType(),
                                           MemRefLayoutAttrInterface(), workgroup));
  }
  std::string name = payload.getName().str();
  std::string kernel = suffix.empty() ? name : name + "_" + suffix.str();
  auto launch =
      createKernelLaunch(b, loc, name, kernel, {grid, 1, 1}, {blockX, blockY, 1}, attributions);
  launchBody = &launch.getBody().front();
  fromPayload = arguments;
  return launch;
}

void PayloadKernelBuilder::emitBlocks(gpu::LaunchOp launch, int64_t grid, int64_t numBlocks,
                                      bool barrierBetween, function_ref<void(Value)> emitBlock) {
  if (grid == numBlocks) {
    emitBlock(launch.getBlockIds().x);
  } else {
    auto loop = scf::ForOp::create(b, loc, launch.getBlockIds().x, index(numBlocks),
                                   launch.getGridSize().x);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    emitBlock(loop.getInductionVar());
    if (barrierBetween)
      gpu::BarrierOp::create(b, loc);
  }
  gpu::TerminatorOp::create(b, loc);
}

void PayloadKernelBuilder::zeroOutputs(int64_t count) {
  int64_t block = std::min<int64_t>(count, 256);
  int64_t numBlocks = llvm::divideCeil(count, block);
  int64_t grid = std::min(numBlocks, kMaxGrid);
  gpu::LaunchOp launch = createLaunch(grid, block, 1, {}, "zero");
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(launchBody);
  unsigned firstOutput = payload.getNumArguments() - payload.getNumResults();
  SmallVector<Value> outputs;
  for (unsigned q = 0; q < payload.getNumResults(); ++q)
    outputs.push_back(view(materialize(payload.getArgument(firstOutput + q)), {count}, {1}));
  emitBlocks(launch, grid, numBlocks, /*barrierBetween=*/false, [&](Value blockIndex) {
    Value element = add(mul(blockIndex, block), launch.getThreadIds().x);
    OpBuilder::InsertionGuard inBounds(b);
    if (count % block != 0) {
      auto ifOp = scf::IfOp::create(b, loc, less(element, index(count)), /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifOp.thenBlock());
    }
    for (Value output : outputs) {
      Type type = cast<MemRefType>(output.getType()).getElementType();
      Value zero = arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(type)));
      memref::StoreOp::create(b, loc, zero, output, element);
    }
  });
}

Value PayloadKernelBuilder::materialize(Value value) {
  if (Value known = fromPayload.lookupOrNull(value))
    return known;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(launchBody);
  Operation *clone = b.clone(*value.getDefiningOp());
  fromPayload.map(value.getDefiningOp()->getResults(), clone->getResults());
  return fromPayload.lookup(value);
}

Value PayloadKernelBuilder::view(Value memref, ArrayRef<int64_t> shape, ArrayRef<int64_t> strides) {
  auto type = MemRefType::get(shape, cast<MemRefType>(memref.getType()).getElementType());
  return memref::ReinterpretCastOp::create(b, loc, type, memref, /*offset=*/0, shape, strides);
}

SmallVector<Value> kopt::codegen::delinearize(OpBuilder &b, Location loc, Value linear,
                                              ArrayRef<int64_t> extents) {
  SmallVector<Value> indices(extents.size());
  for (int64_t d = static_cast<int64_t>(extents.size()) - 1; d > 0; --d) {
    Value extent = arith::ConstantIndexOp::create(b, loc, extents[d]);
    indices[d] = arith::RemUIOp::create(b, loc, linear, extent);
    linear = arith::DivUIOp::create(b, loc, linear, extent);
  }
  indices[0] = linear;
  return indices;
}

Value kopt::codegen::evaluateAffine(OpBuilder &b, Location loc, AffineExpr expr,
                                    ArrayRef<Value> dims) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dims[dim.getPosition()];
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return arith::ConstantIndexOp::create(b, loc, constant.getValue());
  auto binary = cast<AffineBinaryOpExpr>(expr);
  Value lhs = evaluateAffine(b, loc, binary.getLHS(), dims);
  Value rhs = evaluateAffine(b, loc, binary.getRHS(), dims);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return arith::AddIOp::create(b, loc, lhs, rhs);
  case AffineExprKind::Mul:
    return arith::MulIOp::create(b, loc, lhs, rhs);
  case AffineExprKind::FloorDiv:
    return arith::FloorDivSIOp::create(b, loc, lhs, rhs);
  case AffineExprKind::CeilDiv:
    return arith::CeilDivSIOp::create(b, loc, lhs, rhs);
  default: { // Mod: the remainder of floor division, never negative
    Value quotient = arith::FloorDivSIOp::create(b, loc, lhs, rhs);
    return arith::SubIOp::create(b, loc, lhs, arith::MulIOp::create(b, loc, quotient, rhs));
  }
  }
}

SmallVector<Value> PayloadKernelBuilder::delinearize(Value linear, ArrayRef<int64_t> extents) {
  return kopt::codegen::delinearize(b, loc, linear, extents);
}

SmallVector<Value>
PayloadKernelBuilder::cloneBody(Block *body, IRMapping &mapping,
                                function_ref<Value(unsigned)> loopIndexOf) {
  return cloneLinalgBody(b, body, mapping, loopIndexOf, [&](Value v) { return materialize(v); });
}

void PayloadKernelBuilder::cloneOpsBefore(Operation *end, IRMapping &mapping,
                                          function_ref<Value(unsigned)> loopIndexOf) {
  kopt::codegen::cloneOpsBefore(b, end, mapping, loopIndexOf,
                                [&](Value v) { return materialize(v); });
}

SmallVector<Value> PayloadKernelBuilder::combineMonoids(ArrayRef<Operation *> monoidOps,
                                                        ArrayRef<Value> x, ArrayRef<Value> y) {
  SmallVector<Value> combined;
  for (auto [j, combineOp] : llvm::enumerate(monoidOps)) {
    IRMapping mapping;
    mapping.map(combineOp->getOperands(), ValueRange{x[j], y[j]});
    combined.push_back(b.clone(*combineOp, mapping)->getResult(0));
  }
  return combined;
}

Value PayloadKernelBuilder::shuffle(Value value, int64_t offset, int64_t width,
                                    gpu::ShuffleMode mode) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  auto move = [&](Value v) {
    return gpu::ShuffleOp::create(b, loc, v, offset, static_cast<int32_t>(width), mode)
        .getShuffleResult();
  };
  if (bits == 32 || bits == 64)
    return move(value);
  Type narrow = b.getIntegerType(bits), wide = b.getI32Type();
  Value asInt = type == narrow ? value : arith::BitcastOp::create(b, loc, narrow, value);
  Value moved = move(arith::ExtUIOp::create(b, loc, wide, asInt));
  Value back = arith::TruncIOp::create(b, loc, narrow, moved);
  return type == narrow ? back : arith::BitcastOp::create(b, loc, type, back).getResult();
}
