//===- KernelBuilding.cpp - kernels built with OpBuilder from payloads ----===//
#include "KernelBuilding.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace kopt::codegen;

Value kopt::codegen::throughReshapes(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

bool kopt::codegen::isMaterializable(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return isa<func::FuncOp>(arg.getOwner()->getParentOp());
  Operation *def = value.getDefiningOp();
  return def->hasTrait<OpTrait::ConstantLike>();
}

std::optional<Value> kopt::codegen::fillValue(Value init) {
  init = throughReshapes(init);
  if (auto named = init.getDefiningOp<linalg::FillOp>())
    return isMaterializable(named.value()) ? std::optional(named.value()) : std::nullopt;
  auto fill = init.getDefiningOp<linalg::GenericOp>();
  if (!fill || fill.getNumDpsInits() != 1 || fill.getNumReductionLoops() != 0 ||
      !llvm::hasSingleElement(*fill.getBody()))
    return std::nullopt;
  Value yielded = fill.getBody()->getTerminator()->getOperand(0);
  auto arg = dyn_cast<BlockArgument>(yielded);
  if (arg && arg.getOwner() == fill.getBody()) {
    if (arg.getArgNumber() >= fill.getNumDpsInputs())
      return std::nullopt;
    yielded = fill.getDpsInputOperand(arg.getArgNumber())->get();
  }
  if (isa<ShapedType>(yielded.getType()) || !isMaterializable(yielded))
    return std::nullopt;
  return yielded;
}

bool kopt::codegen::isOutside(Value value, Block *block) {
  return !block->getParentOp()->isAncestor(value.getParentRegion()->getParentOp());
}

LogicalResult kopt::codegen::checkCapturedValues(Block *block, StringRef family, StringRef what) {
  WalkResult result = block->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (isOutside(operand, block) && !isMaterializable(operand)) {
        op->emitError() << "not in the " << family << " family: the " << what
                        << " uses a value computed outside it that is not a constant";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

OwningOpRef<ModuleOp> PayloadKernelBuilder::buildFunction(llvm::function_ref<void()> buildBody) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(payload.getLoc());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module->getBody());
  SmallVector<Type> argTypes = llvm::map_to_vector(payload.getArgumentTypes(), [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor ? MemRefType::get(tensor.getShape(), tensor.getElementType()) : type;
  });
  auto func =
      func::FuncOp::create(b, payload.getLoc(), payload.getName(), b.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  for (auto [old, arg] : llvm::zip(payload.getArguments(), entry->getArguments()))
    fromPayload.map(old, arg);
  b.setInsertionPointToStart(entry);
  buildBody();
  func::ReturnOp::create(b, loc);
  return module;
}

gpu::LaunchOp PayloadKernelBuilder::createLaunch(int64_t grid, int64_t blockX, int64_t blockY,
                                                 ArrayRef<Type> shared) {
  MLIRContext *context = b.getContext();
  SmallVector<Type> attributions;
  auto workgroup = gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
  for (Type type : shared) {
    auto memref = cast<MemRefType>(type);
    attributions.push_back(MemRefType::get(memref.getShape(), memref.getElementType(),
                                           MemRefLayoutAttrInterface(), workgroup));
  }
  Value one = index(1);
  StringRef name = payload.getName();
  auto launch = gpu::LaunchOp::create(
      b, loc, index(grid), one, one, index(blockX), index(blockY), one,
      /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/{}, attributions, /*privateAttributions=*/{},
      /*clusterSizeX=*/nullptr, /*clusterSizeY=*/nullptr, /*clusterSizeZ=*/nullptr,
      FlatSymbolRefAttr::get(context, (name + "_module").str()),
      FlatSymbolRefAttr::get(context, name));
  launchBody = &launch.getBody().front();
  return launch;
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

SmallVector<Value>
PayloadKernelBuilder::cloneBody(Block *body, IRMapping &mapping,
                                llvm::function_ref<Value(unsigned)> loopIndexOf) {
  cloneOpsBefore(body->getTerminator(), mapping, loopIndexOf);
  return llvm::map_to_vector(body->getTerminator()->getOperands(),
                             [&](Value v) { return mapping.lookupOrDefault(v); });
}

void PayloadKernelBuilder::cloneOpsBefore(Operation *end, IRMapping &mapping,
                                          llvm::function_ref<Value(unsigned)> loopIndexOf) {
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
    b.clone(inner, mapping);
  }
}

Value PayloadKernelBuilder::shuffle(Value value, int64_t offset, int64_t width,
                                    gpu::ShuffleMode mode) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  auto move = [&](Value v) {
    return gpu::ShuffleOp::create(b, loc, v, offset, width, mode).getShuffleResult();
  };
  if (bits == 32 || bits == 64)
    return move(value);
  Type narrow = b.getIntegerType(bits), wide = b.getI32Type();
  Value asInt = type == narrow ? value : arith::BitcastOp::create(b, loc, narrow, value);
  Value moved = move(arith::ExtUIOp::create(b, loc, wide, asInt));
  Value back = arith::TruncIOp::create(b, loc, narrow, moved);
  return type == narrow ? back : arith::BitcastOp::create(b, loc, type, back).getResult();
}
