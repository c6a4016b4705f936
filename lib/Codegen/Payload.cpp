//===- Payload.cpp - a task's payload as a function -----------------------===//
#include "Pipeline.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace kopt::codegen;

static bool isRank0(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0;
}

/// Linalg ops take the rank-0 inputs (tensors made of a function argument) as scalar operands.
static void scalarizeRank0Inputs(func::FuncOp func) {
  func.walk([](linalg::LinalgOp op) {
    for (OpOperand *operand : op.getDpsInputOperands())
      if (auto rank0 = operand->get().getDefiningOp<tensor::FromElementsOp>();
          rank0 && rank0.getType().getRank() == 0)
        operand->set(rank0.getElements().front());
  });
}

/// Makes the results of the function be computed into its output arguments, so that
/// bufferization writes the task's output buffers in place: a linalg op that computes one into a
/// destination of its own (a tensor.empty, after fusion) and does not read that destination gets
/// the output argument instead (reshaped, where the result is returned through a reshape), as
/// does the op that initialises the destination of one that reads it (the fill of a matmul); an
/// input returned as it is gets copied there by a linalg.generic. Ops left dead (the
/// tensor.empty) go.
static void computeIntoOutputs(func::FuncOp func, unsigned numInputs) {
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  OpBuilder b(ret);
  for (OpOperand &returned : ret->getOpOperands()) {
    Value value = returned.get();
    BlockArgument output = func.getArgument(numInputs + returned.getOperandNumber());
    if (value == output || value.getType() != output.getType())
      continue;
    if (isa<BlockArgument>(value)) {
      auto type = cast<RankedTensorType>(value.getType());
      AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
      auto copy = linalg::GenericOp::create(
          b, value.getLoc(), type, value, output, ArrayRef<AffineMap>{identity, identity},
          SmallVector<utils::IteratorType>(type.getRank(), utils::IteratorType::parallel),
          [](OpBuilder &nested, Location loc, ValueRange args) {
            linalg::YieldOp::create(nested, loc, args.front());
          });
      returned.set(copy.getResult(0));
      continue;
    }
    // A result reshaped (a grouped convolution's, its channels split into groups) is computed
    // into the output reshaped alike.
    Value destination = output;
    if (auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>()) {
      OpBuilder atStart = OpBuilder::atBlockBegin(&func.getBody().front());
      destination = tensor::ExpandShapeOp::create(atStart, collapse.getLoc(), collapse.getSrcType(),
                                                  output, collapse.getReassociationIndices());
      value = collapse.getSrc();
    }
    // Through ops that accumulate into their destination (a matmul into a fill), to the one
    // that writes it first.
    for (auto result = dyn_cast<OpResult>(value); result;) {
      auto op = dyn_cast<linalg::LinalgOp>(result.getOwner());
      if (!op)
        break;
      OpOperand *init = op.getDpsInitOperand(result.getResultNumber());
      if (!op.payloadUsesValueFromOperand(init)) {
        init->set(destination);
        break;
      }
      result = dyn_cast<OpResult>(init->get());
    }
  }
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(func.getBody().front())))
    if (isOpTriviallyDead(&op))
      op.erase();
}

/// Ops that are compositions of other linalg ops (linalg.softmax) become those ops, which the
/// rest of the pipeline knows.
static LogicalResult decomposeAggregates(func::FuncOp func) {
  SmallVector<linalg::AggregatedOpInterface> aggregates;
  func.walk([&](linalg::AggregatedOpInterface op) { aggregates.push_back(op); });
  for (linalg::AggregatedOpInterface op : aggregates) {
    OpBuilder b(op);
    FailureOr<SmallVector<Value>> results = op.decomposeOperation(b);
    if (failed(results))
      return op->emitError() << "cannot decompose '" << op->getName() << "' into linalg ops";
    op->replaceAllUsesWith(*results);
    op->erase();
  }
  return success();
}

FailureOr<OwningOpRef<ModuleOp>> kopt::codegen::preparePayload(kb::TaskOp task, StringRef name) {
  kb::PayloadOp payload = task.getPayload();
  if (!payload)
    return task.emitError() << "task @" << task.getSymName() << " has no payload to compile";
  Block &body = payload.getBody().front();
  auto yield = cast<kb::YieldOp>(body.getTerminator());
  // Outputs are written into buffers: a scalar has none to be computed into.
  for (auto [q, value] : llvm::enumerate(yield.getValues()))
    if (!isa<RankedTensorType>(value.getType()))
      return yield.emitError() << "task @" << task.getSymName() << ": output #" << q
                               << " is a scalar (" << value.getType()
                               << "); a payload computes its outputs as tensors (declare it as "
                               << RankedTensorType::get({}, value.getType()) << ")";

  // Rank-0 inputs arrive by value: the function takes their element, and the payload sees a
  // rank-0 tensor made of it until linalg ops take the element itself (scalarizeRank0Inputs).
  SmallVector<Type> argTypes(body.getArgumentTypes());
  for (Type &type : MutableArrayRef<Type>(argTypes).take_front(task.getInputs().size()))
    if (isRank0(type))
      type = cast<RankedTensorType>(type).getElementType();
  OwningOpRef<ModuleOp> module = ModuleOp::create(payload.getLoc());
  OpBuilder b = OpBuilder::atBlockEnd(module->getBody());
  auto func = func::FuncOp::create(b, payload.getLoc(), name,
                                   b.getFunctionType(argTypes, yield.getValues().getTypes()));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  IRMapping mapping;
  for (auto [arg, funcArg] : llvm::zip(body.getArguments(), entry->getArguments()))
    mapping.map(arg, arg.getType() == funcArg.getType()
                         ? Value(funcArg)
                         : tensor::FromElementsOp::create(b, arg.getLoc(), arg.getType(),
                                                          ValueRange{funcArg})
                               .getResult());
  for (Operation &op : body.without_terminator())
    b.clone(op, mapping);
  func::ReturnOp::create(b, yield.getLoc(),
                         llvm::map_to_vector(yield.getValues(), [&](Value v) {
                           return mapping.lookupOrDefault(v);
                         }));

  if (failed(decomposeAggregates(func)))
    return failure();
  PassManager pm(task.getContext());
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(createConvertElementwiseToLinalgPass());
  funcPm.addPass(createLinalgGeneralizeNamedOpsPass());
  funcPm.addPass(createLinalgElementwiseOpFusionPass());
  if (failed(pm.run(*module)))
    return failure();
  scalarizeRank0Inputs(func);
  computeIntoOutputs(func, task.getInputs().size());
  return module;
}

LogicalResult kopt::codegen::bufferizePayload(ModuleOp module) {
  bufferization::OneShotBufferizePassOptions options;
  options.bufferizeFunctionBoundaries = true;
  options.functionBoundaryTypeConversion = bufferization::LayoutMapOption::IdentityLayoutMap;
  options.unknownTypeConversion = bufferization::LayoutMapOption::IdentityLayoutMap;
  PassManager pm(module.getContext());
  pm.addPass(bufferization::createOneShotBufferizePass(options));
  return pm.run(module);
}

LogicalResult kopt::codegen::bufferizeForKernel(ModuleOp module, func::FuncOp func,
                                              llvm::function_ref<bool(Operation &)> keep) {
  if (failed(bufferizePayload(module)))
    return failure();
  for (Operation &other : func.getBody().front()) {
    if (!keep(other) && !other.hasTrait<OpTrait::ConstantLike>() &&
        !other.hasTrait<OpTrait::ReturnLike>())
      return other.emitError() << "bufferization left '" << other.getName()
                               << "' outside the kernel; the payload must compute its outputs "
                                  "in place";
  }
  return success();
}

FailureOr<OwningOpRef<ModuleOp>> kopt::codegen::payloadOnBuffers(kb::TaskOp task,
                                                                 StringRef name) {
  task.getContext()->loadDialect<memref::MemRefDialect>();
  FailureOr<OwningOpRef<ModuleOp>> module = preparePayload(task, name);
  if (failed(module) || failed(bufferizePayload(**module)))
    return failure();
  auto func = (**module).lookupSymbol<func::FuncOp>(name);
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  OpBuilder b(ret);
  unsigned numInputs = task.getInputs().size();
  // Where bufferization could not compute a result in place, it returns a buffer of its own.
  for (OpOperand &result : ret->getOpOperands()) {
    BlockArgument output = func.getArgument(numInputs + result.getOperandNumber());
    if (result.get() != output)
      memref::CopyOp::create(b, ret.getLoc(), result.get(), output);
  }
  func::ReturnOp::create(b, ret.getLoc());
  ret.erase();
  func.setFunctionType(b.getFunctionType(func.getArgumentTypes(), {}));
  return module;
}
