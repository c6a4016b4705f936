//===- TaskLowering.cpp - which families lower a task ---------------------===//
#include "TaskLowering.h"
#include "Pipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace kopt::codegen;

std::string kopt::codegen::kernelName(StringRef task) {
  std::string name;
  for (char c : task)
    name += llvm::isAlnum(c) ? c : '_';
  if (name.empty() || llvm::isDigit(name.front()))
    name.insert(0, "k_");
  return name;
}

std::vector<std::string> kopt::codegen::taskBufferNames(kb::TaskOp task) {
  std::vector<std::string> names;
  for (kb::InputOp input : task.getInputs())
    names.push_back(input.getName().str());
  for (kb::OutputOp output : task.getOutputs())
    names.push_back(output.getName().str());
  return names;
}

/// What the stages of lowering build directly (passes load their own dialects).
static void loadBuiltDialects(MLIRContext *context) {
  context->loadDialect<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                       memref::MemRefDialect, NVVM::NVVMDialect, nvgpu::NVGPUDialect,
                       scf::SCFDialect, tensor::TensorDialect, vector::VectorDialect>();
}

/// The first registered family (after `after`, if given) whose analysis takes the task's payload
/// (prepared as `name`), or nullptr; each family's diagnostics go to `emitted[family index]`.
/// Each family analyses a payload of its own, since analyses may change it.
static const Family *takingFamily(kb::TaskOp task, StringRef name,
                                  std::vector<std::vector<Diagnostic>> &emitted,
                                  const Family *after = nullptr) {
  emitted.clear();
  llvm::ArrayRef<const Family *> families = registeredFamilies();
  emitted.resize(families.size());
  size_t first = after ? llvm::find(families, after) - families.begin() + 1 : 0;
  for (auto [index, family] : llvm::enumerate(families)) {
    if (index < first)
      continue;
    std::vector<Diagnostic> &sink = emitted[index];
    ScopedDiagnosticHandler capture(task.getContext(), [&sink](Diagnostic &diagnostic) {
      sink.push_back(std::move(diagnostic));
      return success();
    });
    FailureOr<OwningOpRef<ModuleOp>> module = preparePayload(task, name);
    if (succeeded(module) &&
        succeeded(family->analyze(**module, (**module).lookupSymbol<func::FuncOp>(name))))
      return family;
  }
  return nullptr;
}

/// The first way to cut the task's payload whose every stage some family takes, into
/// `lowering` (its chain and stage families); false if none.
static bool findChain(kb::TaskOp task, StringRef name, TaskLowering &lowering) {
  std::vector<std::vector<Diagnostic>> emitted;
  for (const std::vector<unsigned> &cutAfter : chainCuts(task)) {
    FailureOr<ChainCut> cut = cutPayload(task, cutAfter);
    if (failed(cut))
      continue;
    std::vector<const Family *> stageFamilies;
    for (auto [k, stage] : llvm::enumerate(cut->stages)) {
      const Family *family = takingFamily(stage.task, stageName(name, k), emitted);
      if (!family)
        break;
      stageFamilies.push_back(family);
    }
    if (stageFamilies.size() != cut->stages.size())
      continue;
    lowering.chain = std::move(*cut);
    lowering.stageFamilies = std::move(stageFamilies);
    return true;
  }
  return false;
}

/// The next family after the one that takes the task's payload, `lowering.family`, that takes it
/// whole too, as a chain of one stage into `lowering`; false if none.
static bool findNextFamily(kb::TaskOp task, StringRef name, TaskLowering &lowering) {
  FailureOr<ChainCut> whole = cutPayload(task, {});
  if (failed(whole))
    return false;
  std::vector<std::vector<Diagnostic>> emitted;
  const Family *next =
      takingFamily(whole->stages.front().task, stageName(name, 0), emitted, lowering.family);
  if (!next)
    return false;
  lowering.chain = std::move(*whole);
  lowering.stageFamilies = {next};
  return true;
}

/// The spaces of a found chain's stages, in order.
static SmallVector<const ScheduleSpace *> stageSpaces(const TaskLowering &lowering) {
  return llvm::map_to_vector(lowering.stageFamilies,
                             [](const Family *family) { return family->space; });
}

FailureOr<TaskLowering> kopt::codegen::lowerTaskOf(kb::TaskOp task, StringRef name) {
  MLIRContext *context = task.getContext();
  loadBuiltDialects(context);
  FailureOr<OwningOpRef<ModuleOp>> prepared = preparePayload(task, name);
  if (failed(prepared))
    return failure();
  TaskLowering lowering;
  std::vector<std::vector<Diagnostic>> emitted;
  if ((lowering.family = takingFamily(task, name, emitted))) {
    lowering.space = lowering.family->space;
    // A family that offers an alternative also takes the chain's space, if there is one, else
    // that of the next family that takes the payload whole.
    if (!lowering.family->alternativeDecision.empty() &&
        (findChain(task, name, lowering) || findNextFamily(task, name, lowering)))
      lowering.space = &chainSpace(stageSpaces(lowering), lowering.family->space,
                                   lowering.family->alternativeDecision);
    return lowering;
  }
  llvm::ArrayRef<const Family *> families = registeredFamilies();
  std::vector<Diagnostic> reasons;
  if (const Family *explaining = explainingFamily((**prepared).lookupSymbol<func::FuncOp>(name)))
    reasons = std::move(emitted[llvm::find(families, explaining) - families.begin()]);
  else
    reasons.emplace_back(task.getLoc(), DiagnosticSeverity::Error) << "no family takes the payload";
  if (findChain(task, name, lowering)) {
    lowering.space = &chainSpace(stageSpaces(lowering));
    return lowering;
  }
  for (Diagnostic &reason : reasons)
    context->getDiagEngine().emit(std::move(reason));
  return failure();
}

/// Builds the chain's stages with their families and compiles their launches as one kernel.
static FailureOr<Kernel> lowerChain(kb::TaskOp task, const TaskLowering &lowering,
                                    ArrayRef<int64_t> values, StringRef name,
                                    const Target &target) {
  std::vector<OwningOpRef<ModuleOp>> stageModules;
  std::vector<func::FuncOp> stageFunctions;
  for (auto [k, stage, family] : llvm::enumerate(lowering.chain.stages, lowering.stageFamilies)) {
    std::string stageFunction = stageName(name, k);
    FailureOr<OwningOpRef<ModuleOp>> prepared = preparePayload(stage.task, stageFunction);
    if (failed(prepared))
      return failure();
    size_t count = family->space->decisions.size();
    auto func = (**prepared).lookupSymbol<func::FuncOp>(stageFunction);
    BuiltKernels built =
        family->build(stage.task, std::move(*prepared), func, values.take_front(count), target);
    if (failed(built))
      return failure();
    values = values.drop_front(count);
    stageFunctions.push_back((**built).lookupSymbol<func::FuncOp>(stageFunction));
    stageModules.push_back(std::move(*built));
  }
  FailureOr<OwningOpRef<ModuleOp>> merged =
      mergeStages(task, lowering.chain, stageFunctions, name);
  if (failed(merged))
    return failure();
  return compileLaunches(**merged, (**merged).lookupSymbol<func::FuncOp>(name),
                         taskBufferNames(task), target);
}

FailureOr<Kernel> kopt::codegen::lowerCandidate(kb::TaskOp task, const TaskLowering &lowering,
                                                const DecisionList &decisions,
                                                const Target &target) {
  std::string name = kernelName(task.getSymName());
  llvm::Expected<SmallVector<int64_t>> values = resolveDecisions(*lowering.space, decisions);
  if (!values)
    return task.emitError() << llvm::toString(values.takeError());
  if (!lowering.family)
    return lowerChain(task, lowering, *values, name, target);
  // The family's decisions come first; a chain's, if the space has one, follow.
  ArrayRef<int64_t> familyValues =
      ArrayRef(*values).take_front(lowering.family->space->decisions.size());
  if (lowering.space->choosesChain(*values))
    return lowerChain(task, lowering, ArrayRef(*values).drop_front(familyValues.size()), name,
                      target);
  FailureOr<OwningOpRef<ModuleOp>> module = preparePayload(task, name);
  if (failed(module))
    return failure();
  auto func = (**module).lookupSymbol<func::FuncOp>(name);
  BuiltKernels built =
      lowering.family->build(task, std::move(*module), func, familyValues, target);
  if (failed(built))
    return failure();
  return compileLaunches(**built, (**built).lookupSymbol<func::FuncOp>(name),
                         taskBufferNames(task), target);
}
