//===- PayloadMatch.cpp - what the families' payload analyses share -------===//
#include "PayloadMatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

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

void kopt::codegen::collectSources(Value value, Block *body, llvm::SetVector<Value> &sources) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == body)
      sources.insert(value);
    return;
  }
  Operation *def = value.getDefiningOp();
  if (def->getBlock() != body)
    return;
  if (isa<linalg::IndexOp>(def)) {
    sources.insert(value);
    return;
  }
  for (Value operand : def->getOperands())
    collectSources(operand, body, sources);
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

std::optional<unsigned> kopt::codegen::resultOf(Operation *producer, Value value) {
  auto result = dyn_cast<OpResult>(throughReshapes(value));
  if (!producer || !result || result.getOwner() != producer)
    return std::nullopt;
  return result.getResultNumber();
}

FailureOr<ReductionWithEpilogue>
kopt::codegen::matchReductionWithEpilogue(func::FuncOp func, StringRef family,
                                          function_ref<bool(Operation *)> alsoAllowed,
                                          StringRef allowedText) {
  SmallVector<linalg::GenericOp> reductions, epilogues;
  for (Operation &op : func.getBody().front()) {
    if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      if (generic.getNumReductionLoops() != 0)
        reductions.push_back(generic);
      else if (generic.getNumResults() != 1 || !fillValue(generic.getResult(0)))
        epilogues.push_back(generic);
      continue;
    }
    if (!op.hasTrait<OpTrait::ConstantLike>() && !alsoAllowed(&op) &&
        !isa<linalg::FillOp, tensor::EmptyOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
             func::ReturnOp>(op))
      return op.emitError() << "not in the " << family << " family: '" << op.getName()
                            << "' is neither " << allowedText;
  }
  if (reductions.size() != 1)
    return func.emitError() << "not in the " << family << " family: " << reductions.size()
                            << " ops reduce, and the family schedules one";
  if (epilogues.size() > 1)
    return epilogues[1].emitError() << "not in the " << family
                                    << " family: more than one elementwise op follows the "
                                       "reduction";
  return ReductionWithEpilogue{reductions.front(),
                               epilogues.empty() ? linalg::GenericOp() : epilogues.front()};
}

LogicalResult kopt::codegen::checkAccumulators(linalg::GenericOp op, AffineMap map,
                                              StringRef mapText, StringRef family,
                                              SmallVectorImpl<Value> &fills) {
  auto fail = [&](const Twine &why) {
    return op.emitError() << "not in the " << family << " family: " << why;
  };
  for (OpOperand &init : op.getDpsInitsMutable()) {
    unsigned j = init.getOperandNumber() - op.getNumDpsInputs();
    if (op.getMatchingIndexingMap(&init) != map)
      return fail("output #" + Twine(j) + " is not indexed " + mapText);
    if (!getElementTypeOrSelf(init.get()).isIntOrFloat())
      return fail("output #" + Twine(j) + " has elements that are neither integers nor floats");
    std::optional<Value> fill = fillValue(init.get());
    if (!fill)
      return fail("accumulator #" + Twine(j) +
                  " does not start from a linalg.fill of a constant or scalar input");
    fills.push_back(*fill);
  }
  return success();
}

LogicalResult kopt::codegen::checkEpilogue(linalg::GenericOp epilogue, Operation *producer,
                                           int64_t numOutputs, StringRef family,
                                           bool readsInputs) {
  auto fail = [&](const Twine &why) {
    return epilogue.emitError() << "not in the " << family << " family: the epilogue " << why;
  };
  for (OpOperand &operand : epilogue->getOpOperands()) {
    bool shaped = isa<ShapedType>(operand.get().getType());
    AffineMap map = epilogue.getMatchingIndexingMap(&operand);
    if (readsInputs && shaped && !epilogue.isDpsInit(&operand) &&
        isa<BlockArgument>(operand.get()) && map.isProjectedPermutation())
      continue;
    if (shaped && !map.isIdentity())
      return fail("is not indexed by the identity");
    if (epilogue.isDpsInit(&operand)) {
      if (epilogue.payloadUsesValueFromOperand(&operand))
        return fail("reads its output");
    } else if (shaped ? !resultOf(producer, operand.get()) : !isMaterializable(operand.get())) {
      return fail("reads something other than the " + family + "'s results and scalars");
    }
  }
  if (epilogue.getStaticLoopRanges().empty() ||
      ShapedType::getNumElements(epilogue.getStaticLoopRanges()) != numOutputs)
    return fail("does not cover the " + family + "'s outputs");
  return checkCapturedValues(epilogue.getBody(), family, "epilogue");
}

FailureOr<SmallVector<Operation *>> kopt::codegen::deriveMonoidCombiners(linalg::GenericOp op) {
  Block *body = op.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  unsigned numInputs = op.getNumDpsInputs();
  SmallVector<Operation *> combiners;
  for (unsigned j = 0; j < yield.getNumOperands(); ++j) {
    BlockArgument acc = body->getArgument(numInputs + j);
    Operation *combine = yield.getOperand(j).getDefiningOp();
    auto fail = [&](const Twine &why) {
      return (combine ? combine : yield.getOperation())->emitError()
             << "cannot derive a parallel combiner for accumulator #" << j << ": " << why;
    };
    if (!combine || combine->getBlock() != body || combine->getNumOperands() != 2 ||
        combine->getNumResults() != 1 || !llvm::is_contained(combine->getOperands(), acc))
      return fail("it is not updated by a binary op of itself and the input");
    if (!combine->hasTrait<OpTrait::IsCommutative>() || !arith::getNeutralElement(combine))
      return fail("'" + combine->getName().getStringRef() +
                  "' is not commutative with a neutral element");
    if (!acc.hasOneUse() || combine->getOperand(0) == combine->getOperand(1))
      return fail("the accumulator is used besides its combining op");
    llvm::SetVector<Value> sources;
    collectSources(combine->getOperand(combine->getOperand(0) == acc ? 1 : 0), body, sources);
    for (Value source : sources)
      if (auto arg = dyn_cast<BlockArgument>(source); arg && arg.getArgNumber() >= numInputs)
        return fail("what it combines with reads another accumulator");
    combiners.push_back(combine);
  }
  return combiners;
}

/// Whether `value`, computed in `body`, is linear in the arguments `sums`: f(a + b) = f(a) + f(b)
/// and f(c a) = c f(a) for values a, b of them (f(0) = 0 follows).
static bool isLinearIn(Value value, Block *body, ArrayRef<BlockArgument> sums) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return llvm::is_contained(sums, arg);
  auto independent = [&](Value other) {
    llvm::SetVector<Value> sources;
    collectSources(other, body, sources);
    return llvm::none_of(sources, [&](Value source) {
      auto arg = dyn_cast<BlockArgument>(source);
      return arg && llvm::is_contained(sums, arg);
    });
  };
  auto linear = [&](Value operand) { return isLinearIn(operand, body, sums); };
  Operation *def = value.getDefiningOp();
  if (def->getBlock() != body)
    return false; // a value from outside: a constant term
  if (auto neg = dyn_cast<arith::NegFOp>(def))
    return linear(neg.getOperand());
  if (isa<arith::AddFOp, arith::SubFOp>(def))
    return linear(def->getOperand(0)) && linear(def->getOperand(1));
  if (auto mul = dyn_cast<arith::MulFOp>(def))
    return (linear(mul.getLhs()) && independent(mul.getRhs())) ||
           (independent(mul.getLhs()) && linear(mul.getRhs()));
  if (auto div = dyn_cast<arith::DivFOp>(def))
    return linear(div.getLhs()) && independent(div.getRhs());
  return false;
}

bool kopt::codegen::sumsLinearly(linalg::GenericOp reduction, ArrayRef<Operation *> monoidOps,
                                 ArrayRef<Value> fills, linalg::GenericOp epilogue,
                                 ArrayRef<Value> stored) {
  auto isF32 = [](Value value) { return getElementTypeOrSelf(value).isF32(); };
  if (!llvm::all_of(monoidOps, [&](Operation *combine) {
        return isa<arith::AddFOp>(combine) && isF32(combine->getResult(0));
      }))
    return false;
  if (!llvm::all_of(fills, [](Value fill) { return matchPattern(fill, m_AnyZeroFloat()); }))
    return false;
  SmallVector<BlockArgument> sums;
  if (epilogue)
    for (OpOperand *input : epilogue.getDpsInputOperands())
      if (resultOf(reduction, input->get()))
        sums.push_back(epilogue.getMatchingBlockArgument(input));
  return llvm::all_of(stored, [&](Value value) {
    if (!isF32(value))
      return false;
    if (resultOf(reduction, value))
      return true;
    std::optional<unsigned> j = resultOf(epilogue, value);
    if (!j)
      return false;
    Block *body = epilogue.getBody();
    return isLinearIn(body->getTerminator()->getOperand(*j), body, sums);
  });
}

Reductions kopt::codegen::reductionsOf(func::FuncOp func) {
  Reductions reductions;
  func.walk([&](linalg::LinalgOp op) {
    reductions.count += op.getNumReductionLoops() != 0;
    reductions.reducesAll |= op.getNumLoops() != 0 && op.getNumReductionLoops() == op.getNumLoops();
  });
  return reductions;
}
