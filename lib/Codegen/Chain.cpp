//===- Chain.cpp - payloads cut into stages of kernel families ------------===//
#include "Chain.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace kopt::codegen;

/// Payloads with more anchors are not cut: the ways to cut double with each.
static constexpr unsigned kMaxAnchors = 6;

/// The linalg ops with reduction loops, in order; linalg.softmax, which reduces along its
/// dimension but is no structured op, is one.
static SmallVector<Operation *> anchorsOf(Block &body) {
  SmallVector<Operation *> anchors;
  for (Operation &op : body.without_terminator())
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        (linalgOp && linalgOp.getNumReductionLoops() > 0) || isa<linalg::SoftmaxOp>(op))
      anchors.push_back(&op);
  return anchors;
}

std::string kopt::codegen::stageName(StringRef name, size_t stage) {
  return (name + "_stage" + Twine(stage)).str();
}

std::vector<std::vector<unsigned>> kopt::codegen::chainCuts(kb::TaskOp task) {
  kb::PayloadOp payload = task.getPayload();
  if (!payload)
    return {};
  unsigned n = anchorsOf(payload.getBody().front()).size();
  if (n < 2 || n > kMaxAnchors)
    return {};
  std::vector<std::vector<unsigned>> cuts;
  for (unsigned mask = 1; mask < (1u << (n - 1)); ++mask) {
    std::vector<unsigned> cut;
    for (unsigned anchor = 0; anchor + 1 < n; ++anchor)
      if (mask & (1u << anchor))
        cut.push_back(anchor);
    cuts.push_back(std::move(cut));
  }
  llvm::stable_sort(cuts, [](const auto &x, const auto &y) { return x.size() < y.size(); });
  return cuts;
}

/// The operands of `op` and the values its regions use from outside them.
static llvm::SetVector<Value> usedValues(Operation *op) {
  llvm::SetVector<Value> used(op->operand_begin(), op->operand_end());
  getUsedValuesDefinedAbove(op->getRegions(), used);
  return used;
}

FailureOr<ChainCut> kopt::codegen::cutPayload(kb::TaskOp task, ArrayRef<unsigned> cutAfter) {
  Block &body = task.getPayload().getBody().front();
  auto yield = cast<kb::YieldOp>(body.getTerminator());
  unsigned numInputs = task.getInputs().size();
  unsigned numBuffers = numInputs + task.getOutputs().size();
  SmallVector<Operation *> anchors = anchorsOf(body);

  // Each op's stage: its anchor's, else the latest of what it uses; -1 when it uses no stage.
  llvm::DenseMap<Operation *, int> stageOf;
  auto stageOfValue = [&](Value value) {
    Operation *def = value.getDefiningOp();
    return def ? stageOf.at(def) : -1;
  };
  unsigned anchorIndex = 0;
  for (Operation &op : body.without_terminator()) {
    int stage = -1;
    for (Value used : usedValues(&op))
      stage = std::max(stage, stageOfValue(used));
    if (anchorIndex < anchors.size() && &op == anchors[anchorIndex]) {
      stage = llvm::count_if(cutAfter, [&](unsigned cut) { return cut < anchorIndex; });
      ++anchorIndex;
    }
    stageOf[&op] = stage;
  }

  // Chain buffers: the task's inputs and outputs (the payload's arguments and what it yields),
  // then each value a later stage reads.
  ChainCut cut;
  llvm::DenseMap<Value, unsigned> bufferOf;
  for (BlockArgument input : body.getArguments().take_front(numInputs))
    bufferOf[input] = input.getArgNumber();
  for (auto [i, value] : llvm::enumerate(yield.getValues())) {
    if (stageOfValue(value) < 0 || !bufferOf.try_emplace(value, numInputs + i).second)
      return failure(); // an output no stage computes, or one value in two outputs
  }
  int numStages = cutAfter.size() + 1;
  std::vector<llvm::SetVector<Value>> stageOutputs(numStages);
  for (Operation &op : body.without_terminator()) {
    int stage = stageOf[&op];
    if (stage < 0)
      continue;
    for (Value result : op.getResults()) {
      bool read = false;
      for (Operation *user : result.getUsers()) {
        Operation *top = body.findAncestorOpInBlock(*user);
        read |= top != yield && stageOf[top] > stage;
      }
      bool yielded = llvm::is_contained(yield.getValues(), result);
      if (!read && !yielded)
        continue;
      stageOutputs[stage].insert(result);
      if (yielded)
        continue;
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || type.getRank() == 0)
        return failure(); // the families pass rank-0 inputs by value, not through buffers
      bufferOf[result] = numBuffers + cut.intermediates.size();
      cut.intermediates.push_back(type);
    }
  }

  cut.holder = ModuleOp::create(task.getLoc());
  OpBuilder b = OpBuilder::atBlockEnd(cut.holder->getBody());
  auto bufferName = [&](unsigned buffer) -> std::string {
    if (buffer < numInputs)
      return task.getInputs()[buffer].getName().str();
    if (buffer < numBuffers)
      return task.getOutputs()[buffer - numInputs].getName().str();
    return "intermediate" + std::to_string(buffer - numBuffers);
  };
  for (int stage = 0; stage < numStages; ++stage) {
    if (stageOutputs[stage].empty())
      return failure();
    // The stage's ops, with the stage-less ones they use (copied into each stage that does).
    llvm::SetVector<Operation *> members;
    SmallVector<Operation *> worklist;
    for (Operation &op : body.without_terminator())
      if (stageOf[&op] == stage)
        worklist.push_back(&op);
    llvm::SetVector<Value> inputs;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (!members.insert(op))
        continue;
      for (Value used : usedValues(op)) {
        Operation *def = used.getDefiningOp();
        if (def && stageOf[def] < 0)
          worklist.push_back(def);
        else if (def ? stageOf[def] < stage : cast<BlockArgument>(used).getArgNumber() < numInputs)
          inputs.insert(used);
      }
    }

    auto stageTask = kb::TaskOp::create(b, task.getLoc(),
                                        b.getStringAttr(stageName(task.getSymName(), stage)),
                                        kb::OriginAttr(), task.getAtolAttr(), task.getRtolAttr());
    Block *taskBody = new Block();
    stageTask.getBody().push_back(taskBody);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(taskBody);
    ChainStage &chained = cut.stages.emplace_back();
    chained.task = stageTask;
    SmallVector<Type> argTypes;
    for (Value input : inputs) {
      chained.buffers.push_back(bufferOf.at(input));
      // A task input keeps its distributions (the stage's kernels may rely on their structure);
      // an intermediate has none.
      unsigned buffer = chained.buffers.back();
      kb::InputOp::create(b, task.getLoc(), bufferName(buffer), input.getType(),
                          buffer < numInputs ? task.getInputs()[buffer].getDists()
                                             : b.getArrayAttr({}));
      argTypes.push_back(input.getType());
    }
    for (Value output : stageOutputs[stage]) {
      chained.buffers.push_back(bufferOf.at(output));
      kb::OutputOp::create(b, task.getLoc(), bufferName(chained.buffers.back()),
                           output.getType());
      argTypes.push_back(output.getType());
    }
    auto payload = kb::PayloadOp::create(b, task.getLoc());
    Block *payloadBody = b.createBlock(&payload.getBody(), {}, argTypes,
                                       SmallVector<Location>(argTypes.size(), task.getLoc()));
    IRMapping mapping;
    for (auto [input, arg] : llvm::zip(inputs, payloadBody->getArguments()))
      mapping.map(input, arg);
    // The task's outputs as destinations become new tensors: preparing the stage's payload
    // computes its results into its own outputs.
    for (BlockArgument output : body.getArguments().drop_front(numInputs))
      if (!output.use_empty())
        mapping.map(output, tensor::EmptyOp::create(b, task.getLoc(),
                                                    cast<RankedTensorType>(output.getType()),
                                                    ValueRange{}));
    for (Operation &op : body.without_terminator())
      if (members.contains(&op))
        b.clone(op, mapping);
    kb::YieldOp::create(b, task.getLoc(),
                        llvm::map_to_vector(stageOutputs[stage], [&](Value value) {
                          return mapping.lookup(value);
                        }));
  }
  return cut;
}

/// The type a function on buffers takes a task buffer as: a memref, rank-0 inputs by value.
static Type bufferType(Type type, bool input) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return type;
  if (input && tensor.getRank() == 0)
    return tensor.getElementType();
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

FailureOr<OwningOpRef<ModuleOp>>
kopt::codegen::mergeStages(kb::TaskOp task, const ChainCut &cut,
                           ArrayRef<func::FuncOp> stageFunctions, StringRef name) {
  Location loc = task.getLoc();
  SmallVector<Type> argTypes;
  for (kb::InputOp input : task.getInputs())
    argTypes.push_back(bufferType(input.getType(), /*input=*/true));
  for (kb::OutputOp output : task.getOutputs())
    argTypes.push_back(bufferType(output.getType(), /*input=*/false));
  for (RankedTensorType intermediate : cut.intermediates)
    argTypes.push_back(bufferType(intermediate, /*input=*/false));

  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder b = OpBuilder::atBlockEnd(module->getBody());
  auto func = func::FuncOp::create(b, loc, name, b.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  auto kernelModule = FlatSymbolRefAttr::get(task.getContext(), (name + "_module").str());
  for (size_t k = 0; k < cut.stages.size(); ++k) {
    const ChainStage &stage = cut.stages[k];
    func::FuncOp stageFunction = stageFunctions[k];
    auto stageModule = stageFunction->getParentOfType<ModuleOp>();
    if (!llvm::hasSingleElement(stageModule.getBody()->getOperations()) ||
        !stageFunction.getBody().hasOneBlock())
      return stageFunction.emitError() << "stage " << k << " of the chain is more than one "
                                       << "function of one block";
    IRMapping mapping;
    for (BlockArgument arg : stageFunction.getArguments()) {
      unsigned n = arg.getArgNumber();
      if (n >= stage.buffers.size()) { // the stage's scratch, now the chain's
        (void)func.insertArgument(func.getNumArguments(), arg.getType(), DictionaryAttr(), loc);
        mapping.map(arg, entry->getArguments().back());
        continue;
      }
      Value buffer = entry->getArgument(stage.buffers[n]);
      if (buffer.getType() != arg.getType())
        return stageFunction.emitError() << "stage " << k << " takes buffer #" << n << " as "
                                         << arg.getType() << ", the chain has it as "
                                         << buffer.getType();
      mapping.map(arg, buffer);
    }
    for (Operation &op : stageFunction.getBody().front().without_terminator()) {
      Operation *clone = b.clone(op, mapping);
      clone->walk([&](gpu::LaunchOp launch) { launch.setModuleAttr(kernelModule); });
    }
  }
  func::ReturnOp::create(b, loc);
  return module;
}
