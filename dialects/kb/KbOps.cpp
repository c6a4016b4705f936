//===- KbOps.cpp - kb operations -----------------------------------------===//
#include "kb/KbOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>

using namespace mlir;
using namespace kb;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Element types a task may use for its inputs and outputs.
static bool isSupportedElementType(Type type) {
  return type.isF32() || type.isF16() || type.isBF16() || type.isF64() ||
         type.isSignlessInteger(1) || type.isSignlessInteger(32) || type.isSignlessInteger(64);
}

/// Task values are statically shaped tensors or scalars of a supported type.
static LogicalResult verifyValueType(Operation *op, StringRef name, Type type) {
  Type element = type;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return op->emitOpError() << "'" << name
                               << "' must have a static shape, got " << type;
    element = tensor.getElementType();
  } else if (isa<ShapedType>(type)) {
    return op->emitOpError() << "'" << name
                             << "' must be a ranked tensor or a scalar, got " << type;
  }
  if (!isSupportedElementType(element))
    return op->emitOpError() << "'" << name << "' has unsupported element type "
                             << element << " (expected f16, bf16, f32, f64, i1, i32 or i64)";
  return success();
}

/// custom<PlainF64>: an f64 attribute written as a plain float literal.
static ParseResult parsePlainF64(OpAsmParser &parser, FloatAttr &attr) {
  FailureOr<APFloat> value = kb::parseF64(parser);
  if (failed(value))
    return failure();
  attr = parser.getBuilder().getF64FloatAttr(value->convertToDouble());
  return success();
}

static void printPlainF64(OpAsmPrinter &printer, Operation *, FloatAttr attr) {
  kb::printF64(printer, attr.getValue());
}

static Type elementTypeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

//===----------------------------------------------------------------------===//
// TaskOp
//===----------------------------------------------------------------------===//

SmallVector<InputOp> TaskOp::getInputs() {
  return llvm::to_vector(getBody().front().getOps<InputOp>());
}
SmallVector<OutputOp> TaskOp::getOutputs() {
  return llvm::to_vector(getBody().front().getOps<OutputOp>());
}
ReferenceOp TaskOp::getReference() {
  auto refs = getBody().front().getOps<ReferenceOp>();
  return refs.empty() ? ReferenceOp() : *refs.begin();
}
PayloadOp TaskOp::getPayload() {
  auto payloads = getBody().front().getOps<PayloadOp>();
  return payloads.empty() ? PayloadOp() : *payloads.begin();
}

LogicalResult TaskOp::verifyRegions() {
  // The benchmark split a task belongs to, where it has one (KernelBench's train/eval split).
  if (Attribute split = (*this)->getAttr("split")) {
    auto name = dyn_cast<StringAttr>(split);
    if (!name || (name.getValue() != "train" && name.getValue() != "eval"))
      return emitOpError() << "split must be \"train\" or \"eval\", got " << split;
  }
  if (!std::isfinite(getAtol().convertToDouble()) || getAtol().convertToDouble() < 0 ||
      !std::isfinite(getRtol().convertToDouble()) || getRtol().convertToDouble() < 0)
    return emitOpError() << "tolerances must be finite and non-negative";

  unsigned numReferences = 0, numPayloads = 0;
  llvm::StringSet<> names;
  SmallVector<Type> inputTypes, outputTypes;
  for (Operation &op : getBody().front()) {
    if (auto input = dyn_cast<InputOp>(op)) {
      if (!names.insert(input.getName()).second)
        return input.emitOpError() << "duplicate name '" << input.getName() << "' in task";
      inputTypes.push_back(input.getType());
    } else if (auto output = dyn_cast<OutputOp>(op)) {
      if (!names.insert(output.getName()).second)
        return output.emitOpError() << "duplicate name '" << output.getName() << "' in task";
      outputTypes.push_back(output.getType());
    } else if (isa<ReferenceOp>(op)) {
      ++numReferences;
    } else if (isa<PayloadOp>(op)) {
      ++numPayloads;
    } else {
      return op.emitOpError() << "is not allowed in a kb.task (expected kb.input, "
                                 "kb.output, kb.reference or kb.payload)";
    }
  }
  if (numReferences != 1)
    return emitOpError() << "needs exactly one kb.reference, found " << numReferences;
  if (numPayloads != 1)
    return emitOpError() << "needs exactly one kb.payload, found " << numPayloads;
  if (outputTypes.empty())
    return emitOpError() << "needs at least one kb.output";

  PayloadOp payload = getPayload();
  Block &entry = payload.getBody().front();
  if (entry.getNumArguments() != inputTypes.size() + outputTypes.size())
    return payload.emitOpError()
           << "takes the task's " << inputTypes.size() << " input(s) then its "
           << outputTypes.size() << " output(s), but has " << entry.getNumArguments()
           << " argument(s)";
  SmallVector<Type> expected(inputTypes);
  expected.append(outputTypes);
  for (auto [index, arg, type] : llvm::enumerate(entry.getArguments(), expected))
    if (arg.getType() != type)
      return payload.emitOpError() << "argument #" << index << " has type "
                                   << arg.getType() << " but the task declares " << type;
  auto yield = dyn_cast<YieldOp>(entry.getTerminator());
  if (!yield)
    return payload.emitOpError() << "must end with kb.yield";
  if (TypeRange(yield.getValues().getTypes()) != TypeRange(outputTypes))
    return yield.emitOpError() << "must yield the task's outputs, of types ("
                               << outputTypes << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// InputOp, OutputOp, ReferenceOp
//===----------------------------------------------------------------------===//

// kb.input "x" : tensor<4x4xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0)) {attrs}
ParseResult InputOp::parse(OpAsmParser &parser, OperationState &result) {
  std::string name;
  Type type;
  if (parser.parseString(&name) || parser.parseColonType(type) ||
      parser.parseKeyword("dist"))
    return failure();
  SmallVector<Attribute> dists;
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren, [&]() {
        Attribute dist = DistAttr::parseBody(parser);
        if (!dist)
          return failure();
        dists.push_back(dist);
        return success();
      }))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  Builder &b = parser.getBuilder();
  result.addAttribute(getNameAttrName(result.name), b.getStringAttr(name));
  result.addAttribute(getTypeAttrName(result.name), TypeAttr::get(type));
  result.addAttribute(getDistsAttrName(result.name), b.getArrayAttr(dists));
  return success();
}

void InputOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printAttribute(getNameAttr());
  p << " : " << getType() << " dist(";
  llvm::interleaveComma(getDists().getAsRange<DistAttr>(), p,
                        [&](DistAttr dist) { dist.printBody(p); });
  p << ')';
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getNameAttrName(), getTypeAttrName(), getDistsAttrName()});
}

DistStructure InputOp::getGuaranteedStructure() {
  auto dists = getDists().getAsRange<DistAttr>();
  if (dists.empty())
    return DistStructure::Full;
  DistStructure structure = (*dists.begin()).getStructure();
  bool shared = llvm::all_of(dists, [&](DistAttr d) { return d.getStructure() == structure; });
  return shared ? structure : DistStructure::Full;
}

LogicalResult InputOp::verify() {
  if (getName().empty())
    return emitOpError() << "needs a name";
  if (failed(verifyValueType(*this, getName(), getType())))
    return failure();
  if (getDists().empty())
    return emitOpError() << "'" << getName() << "' needs at least one distribution";
  bool isInteger = elementTypeOf(getType()).isInteger();
  for (DistAttr dist : getDists().getAsRange<DistAttr>()) {
    DistKind kind = dist.getKind();
    if (isInteger && (kind == DistKind::Uniform || kind == DistKind::Normal))
      return emitOpError() << "integer input '" << getName() << "' cannot be drawn from "
                           << stringifyDistKind(kind) << " (use randint or constant)";
    if (!isInteger && kind == DistKind::RandInt)
      return emitOpError() << "floating-point input '" << getName()
                           << "' cannot be drawn from randint";
    double value = dist.getParams()[0].convertToDouble();
    if (isInteger && kind == DistKind::Constant && std::trunc(value) != value)
      return emitOpError() << "integer input '" << getName() << "' cannot be the constant "
                           << value;
    DistStructure structure = dist.getStructure();
    if (structure == DistStructure::Full)
      continue;
    auto shaped = dyn_cast<ShapedType>(getType());
    if (!shaped || shaped.getRank() < 2)
      return emitOpError() << "'" << getName() << "' is drawn "
                           << stringifyDistStructure(structure)
                           << " but is not a matrix (a structure needs rank >= 2)";
    ArrayRef<int64_t> dims = shaped.getShape().take_back(2);
    if (structure == DistStructure::Symmetric && dims[0] != dims[1])
      return emitOpError() << "'" << getName() << "' is drawn symmetric but its matrices are "
                           << dims[0] << "x" << dims[1];
    if (structure == DistStructure::Symmetric && isInteger)
      return emitOpError() << "integer input '" << getName()
                           << "' cannot be drawn symmetric (the mean of a draw and its "
                              "transpose is not an integer)";
  }
  return success();
}

LogicalResult OutputOp::verify() {
  if (getName().empty())
    return emitOpError() << "needs a name";
  return verifyValueType(*this, getName(), getType());
}

LogicalResult ReferenceOp::verify() {
  if (StringRef(getSource()).trim().empty())
    return emitOpError() << "has an empty TorchScript body";
  if (!StringRef(getSource()).contains("return"))
    return emitOpError() << "TorchScript body must return the task's outputs";
  return success();
}

//===----------------------------------------------------------------------===//
// PayloadOp
//===----------------------------------------------------------------------===//

// kb.payload(%x: tensor<...>, %out: tensor<...>) {attrs} { ... }
ParseResult PayloadOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  return parser.parseRegion(*body, args);
}

void PayloadOp::print(OpAsmPrinter &p) {
  p << '(';
  llvm::interleaveComma(getBody().getArguments(), p, [&](BlockArgument arg) {
    p.printRegionArgument(arg);
  });
  p << ')';
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

void PayloadOp::getAsmBlockArgumentNames(Region &region, OpAsmSetValueNameFn setNameFn) {
  auto task = dyn_cast_or_null<TaskOp>((*this)->getParentOp());
  if (!task)
    return;
  SmallVector<StringRef> names;
  for (InputOp input : task.getInputs())
    names.push_back(input.getName());
  for (OutputOp output : task.getOutputs())
    names.push_back(output.getName());
  if (names.size() != region.getNumArguments())
    return;
  for (auto [arg, name] : llvm::zip(region.getArguments(), names))
    setNameFn(arg, name);
}

//===----------------------------------------------------------------------===//
// CandidateOp
//===----------------------------------------------------------------------===//

/// A speedup (`name`) is finite and positive and lies within its interval, which needs it.
static LogicalResult verifySpeedup(CandidateOp op, StringRef name,
                                   std::optional<APFloat> speedup, IntervalAttr interval) {
  if (!speedup) {
    if (interval)
      return op.emitOpError() << "has a " << name << " interval but no " << name;
    return success();
  }
  double value = speedup->convertToDouble();
  if (!std::isfinite(value) || value <= 0)
    return op.emitOpError() << name << " must be finite and positive, got " << value;
  if (interval) {
    double low = interval.getLow().convertToDouble(), high = interval.getHigh().convertToDouble();
    // The printed values are rounded: a speedup equal to an end may print just outside it.
    constexpr double kSlack = 1e-9;
    if (value < low * (1 - kSlack) || value > high * (1 + kSlack))
      return op.emitOpError() << name << " " << value << " lies outside its interval [" << low
                              << ", " << high << "]";
  }
  return success();
}

LogicalResult CandidateOp::verify() {
  bool fromPolicy = getOrigin() == CandidateOrigin::Policy;
  if (fromPolicy && !getDecisions())
    return emitOpError() << "from the policy needs its decisions";
  if (fromPolicy && getSource())
    return emitOpError() << "from the policy carries decisions, not source text";
  if (!fromPolicy && (!getSource() || getSource()->empty()))
    return emitOpError() << "from " << stringifyCandidateOrigin(getOrigin())
                         << " needs its source text";
  if (failed(verifySpeedup(*this, "speedup", getSpeedup(), getSpeedupIntervalAttr())) ||
      failed(verifySpeedup(*this, "speedup_tf32", getSpeedupTf32(), getSpeedupTf32IntervalAttr())))
    return failure();
  if (getSelected() && !(getVerdict() && getVerdict()->isCorrect()))
    return emitOpError() << "is marked selected but is not verified correct";
  return success();
}

LogicalResult CandidateOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto task = symbolTable.lookupNearestSymbolFrom<TaskOp>(*this, getTaskAttr());
  if (!task)
    return emitOpError() << "refers to " << getTaskAttr() << ", which is not a kb.task";
  if (getSelected()) {
    // One selection per task: an earlier candidate of the same task must not be marked too.
    for (Operation *op = (*this)->getPrevNode(); op; op = op->getPrevNode()) {
      auto other = dyn_cast<CandidateOp>(op);
      if (other && other.getTaskAttr() == getTaskAttr() && other.getSelected())
        return emitOpError() << "is marked selected, but so is @" << other.getSymName()
                             << "; a task has one selected candidate";
    }
  }
  LaunchPlanAttr plan = getLaunchAttr();
  if (!plan)
    return success();
  llvm::StringSet<> names;
  for (InputOp input : task.getInputs())
    names.insert(input.getName());
  for (OutputOp output : task.getOutputs())
    names.insert(output.getName());
  for (LaunchAttr launch : plan.getLaunches())
    for (StringAttr arg : launch.getArgs())
      if (!arg.getValue().starts_with("scratch") && !isImmediateArgument(arg.getValue()) &&
          !names.contains(arg.getValue()))
        return emitOpError() << "launch '" << launch.getEntry() << "' binds '"
                             << arg.getValue() << "', which is no input or output of "
                             << getTaskAttr();
  return success();
}

#define GET_OP_CLASSES
#include "kb/KbOps.cpp.inc"
