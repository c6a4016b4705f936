//===- Lower.cpp - candidates to PTX --------------------------------------===//
#include "kopt/Codegen/Lower.h"
#include "Chain.h"
#include "Pipeline.h"
#include "kopt/Codegen/Attention.h"
#include "kopt/Codegen/CudaSource.h"
#include "kopt/Codegen/Elementwise.h"
#include "kopt/Codegen/GlobalReduction.h"
#include "kopt/Codegen/Normalization.h"
#include "kopt/Codegen/Reduction.h"
#include "kopt/Codegen/Scan.h"
#include "kopt/Codegen/Matmul.h"
#include "kopt/Codegen/Window.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>

using namespace mlir;
using namespace kopt::codegen;

std::string kopt::codegen::resolveCudaPath(StringRef option) {
  if (!option.empty())
    return option.str();
  if (const char *path = std::getenv("CUDA_PATH"); path && *path)
    return path;
  return "/usr/local/cuda";
}

/// A PTX identifier for the task's kernel: letters, digits and '_', not starting with a digit.
static std::string kernelName(StringRef task) {
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

/// The one op of the prepared payload that a family's kernel replaces, besides constants.
static FailureOr<linalg::GenericOp> familyOp(func::FuncOp func) {
  SmallVector<Operation *> work;
  for (Operation &op : func.getBody().front())
    if (!op.hasTrait<OpTrait::ConstantLike>() && !isa<func::ReturnOp, tensor::EmptyOp>(op))
      work.push_back(&op);
  if (work.size() == 1)
    if (auto generic = dyn_cast<linalg::GenericOp>(work.front()))
      return generic;
  InFlightDiagnostic diagnostic = func.emitError() << "the payload is " << work.size()
                                                   << " op(s) after fusion (";
  llvm::interleaveComma(work, diagnostic, [&](Operation *op) { diagnostic << op->getName(); });
  return diagnostic << "); kopt schedules one linalg op with parallel iterators so far";
}

/// Bufferizes the prepared payload for a family that replaces the ops `keep` accepts: anything
/// else bufferization leaves (a copy, a temporary) would be work outside the kernel.
static LogicalResult bufferizeForKernel(ModuleOp module, func::FuncOp func,
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

/// What a family's builder returns: a module holding the function `name` on the task's buffers
/// then its scratch, whose body is gpu.launch ops (see compileLaunches).
using BuiltKernels = FailureOr<OwningOpRef<ModuleOp>>;

static BuiltKernels buildElementwise(kb::TaskOp, OwningOpRef<ModuleOp> module, func::FuncOp func,
                                     ArrayRef<int64_t> values, const Target &target) {
  FailureOr<linalg::GenericOp> op = familyOp(func);
  if (failed(op))
    return failure();
  FailureOr<ElementwiseInfo> info = analyzeElementwise(*op);
  if (failed(info))
    return failure();
  ElementwiseGeometry geometry =
      planElementwise(ElementwiseSchedule::fromValues(values), *info, target.numSMs);

  // Bufferization keeps the op and its operands.
  if (failed(bufferizeForKernel(*module, func,
                                [](Operation &op) { return isa<linalg::GenericOp>(op); })))
    return failure();
  op = familyOp(func);
  if (failed(op))
    return failure();
  buildElementwiseKernel(*op, *info, geometry, func.getName());
  return module;
}

/// The reduction kernel is built on the task's buffers from the payload on tensors: no
/// bufferization, so the fills and the epilogue leave no temporaries behind.
static BuiltKernels buildReduction(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                   ArrayRef<int64_t> values, const Target &) {
  FailureOr<ReductionInfo> info = analyzeReduction(func);
  if (failed(info))
    return failure();
  return buildReductionKernel(func, *info,
                              planReduction(ReductionSchedule::fromValues(values), *info));
}

/// Built like the reduction kernel, on the task's buffers and scratch.
static BuiltKernels buildGlobalReduction(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                         ArrayRef<int64_t> values, const Target &target) {
  FailureOr<GlobalReductionInfo> info = analyzeGlobalReduction(func);
  if (failed(info))
    return failure();
  return buildGlobalReductionKernels(
      func, *info,
      planGlobalReduction(GlobalReductionSchedule::fromValues(values), *info, target.numSMs));
}

/// Like the reduction kernel, the scan kernel is built on the task's buffers from the payload on
/// tensors.
static BuiltKernels buildScan(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                              ArrayRef<int64_t> values, const Target &) {
  FailureOr<ScanInfo> info = analyzeScan(func);
  if (failed(info))
    return failure();
  return buildScanKernel(func, *info, planScan(ScanSchedule::fromValues(values), *info));
}

/// Built like the reduction kernel, on the task's buffers from the payload on tensors.
static BuiltKernels buildNormalization(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                       ArrayRef<int64_t> values, const Target &) {
  FailureOr<NormalizationInfo> info = analyzeNormalization(func);
  if (failed(info))
    return failure();
  return buildNormalizationKernel(
      func, *info, planNormalization(NormalizationSchedule::fromValues(values), *info));
}

/// Like the reduction kernel, the attention kernel is built on the task's buffers from the payload
/// on tensors: the scores and the softmax's temporaries never exist.
static BuiltKernels buildAttention(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                   ArrayRef<int64_t> values, const Target &) {
  FailureOr<AttentionInfo> info = analyzeAttention(func);
  if (failed(info))
    return failure();
  return buildAttentionKernel(func, *info,
                              planAttention(AttentionSchedule::fromValues(values), *info));
}

/// Bufferization keeps the linalg ops, and adds views of the buffers and the temporary an
/// epilogue reads; analyzeMatmul says which of them the kernel replaces.
static FailureOr<MatmulInfo> bufferizeAndAnalyzeMatmul(ModuleOp module, func::FuncOp func) {
  if (failed(bufferizeForKernel(module, func, [](Operation &op) {
        return isa<linalg::LinalgOp, memref::AllocOp, memref::DeallocOp, memref::CollapseShapeOp,
                   memref::ExpandShapeOp>(op);
      })))
    return failure();
  return analyzeMatmul(func);
}

static BuiltKernels buildMatmul(kb::TaskOp task, OwningOpRef<ModuleOp> module, func::FuncOp func,
                                ArrayRef<int64_t> values, const Target &target) {
  FailureOr<MatmulInfo> info = bufferizeAndAnalyzeMatmul(*module, func);
  if (failed(info))
    return failure();
  bool allowTF32 = tf32Admitted(task.getAtolAttr().getValueAsDouble(),
                                task.getRtolAttr().getValueAsDouble(), info->k);
  bool hopper = target.chip == "sm_90" || target.chip == "sm_90a";
  buildMatmulKernel(*info,
                    planMatmul(MatmulSchedule::fromValues(values), *info, allowTF32, hopper),
                    func.getName());
  return module;
}

/// The window kernel is built on the task's buffers from the payload on tensors, as the
/// reduction kernel: its pads and inserted slices become predicates of its loads.
static BuiltKernels buildWindow(kb::TaskOp, OwningOpRef<ModuleOp>, func::FuncOp func,
                                ArrayRef<int64_t> values, const Target &) {
  FailureOr<WindowInfo> info = analyzeWindow(func);
  if (failed(info))
    return failure();
  return buildWindowKernel(func, *info, planWindow(WindowSchedule::fromValues(values), *info));
}

namespace {
/// An op family kopt schedules: its schedule space, whether it takes a prepared payload, and
/// its kernel builder.
struct Family {
  const ScheduleSpace &(*space)();
  /// Succeeds when the family's kernel builder takes the prepared payload, else emits why not.
  /// May change the payload the way the family's lowering does.
  LogicalResult (*analyze)(ModuleOp module, func::FuncOp func);
  /// Builds the kernels of the decision values (in the space's table order) from `func`, the
  /// payload prepared in `module`.
  BuiltKernels (*build)(kb::TaskOp task, OwningOpRef<ModuleOp> module, func::FuncOp func,
                        ArrayRef<int64_t> values, const Target &target);
};
} // namespace

static LogicalResult analyzeElementwiseFamily(ModuleOp, func::FuncOp func) {
  FailureOr<linalg::GenericOp> op = familyOp(func);
  return failure(failed(op) || failed(analyzeElementwise(*op)));
}

static LogicalResult analyzeReductionFamily(ModuleOp, func::FuncOp func) {
  return failure(failed(analyzeReduction(func)));
}

static LogicalResult analyzeGlobalReductionFamily(ModuleOp, func::FuncOp func) {
  return failure(failed(analyzeGlobalReduction(func)));
}

static LogicalResult analyzeScanFamily(ModuleOp, func::FuncOp func) {
  return failure(failed(analyzeScan(func)));
}

static LogicalResult analyzeNormalizationFamily(ModuleOp, func::FuncOp func) {
  return failure(failed(analyzeNormalization(func)));
}

static LogicalResult analyzeAttentionFamily(ModuleOp, func::FuncOp func) {
  return failure(failed(analyzeAttention(func)));
}

static LogicalResult analyzeMatmulFamily(ModuleOp module, func::FuncOp func) {
  return failure(failed(bufferizeAndAnalyzeMatmul(module, func)));
}

static LogicalResult analyzeWindowFamily(ModuleOp, func::FuncOp func) {
  return failure(failed(analyzeWindow(func)));
}

/// The families in the order they are offered a payload: the first whose analysis takes it owns
/// the task. Specialised families come before general ones.
static const Family kFamilies[] = {
    {elementwiseSpace, analyzeElementwiseFamily, buildElementwise},
    {globalReductionSpace, analyzeGlobalReductionFamily, buildGlobalReduction},
    {normalizationSpace, analyzeNormalizationFamily, buildNormalization},
    {reductionSpace, analyzeReductionFamily, buildReduction},
    {attentionSpace, analyzeAttentionFamily, buildAttention},
    {matmulSpace, analyzeMatmulFamily, buildMatmul},
    {windowSpace, analyzeWindowFamily, buildWindow},
    {scanSpace, analyzeScanFamily, buildScan},
};

static const Family &familyOf(const ScheduleSpace &space) {
  return *llvm::find_if(kFamilies, [&](const Family &family) { return &family.space() == &space; });
}

/// The family whose error explains a payload no family takes: window when it reads an input
/// through a window, attention when it multiplies and accumulates twice, scan when it holds a
/// loop, matmul when it holds a contraction, else global reduction when a linalg op reduces all
/// its dimensions, normalization when several linalg ops have a reduction iterator, reduction
/// when one has, elementwise otherwise.
static const Family &expectedFamily(func::FuncOp func) {
  if (readsWindow(func))
    return familyOf(windowSpace());
  if (hasTwoProducts(func))
    return familyOf(attentionSpace());
  for (Operation &op : func.getBody().front())
    if (isa<scf::ForOp>(op))
      return familyOf(scanSpace());
  for (Operation &op : func.getBody().front())
    if (isContraction(&op))
      return familyOf(matmulSpace());
  int reductions = 0;
  bool reducesAll = false;
  func.walk([&](linalg::LinalgOp op) {
    reductions += op.getNumReductionLoops() != 0;
    reducesAll |= op.getNumLoops() != 0 && op.getNumReductionLoops() == op.getNumLoops();
  });
  if (reducesAll)
    return familyOf(globalReductionSpace());
  return familyOf(reductions > 1    ? normalizationSpace()
                  : reductions == 1 ? reductionSpace()
                                    : elementwiseSpace());
}

/// What the stages of lowering build directly (passes load their own dialects).
static void loadBuiltDialects(MLIRContext *context) {
  context->loadDialect<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                       memref::MemRefDialect, NVVM::NVVMDialect, nvgpu::NVGPUDialect,
                       scf::SCFDialect, tensor::TensorDialect, vector::VectorDialect>();
}

/// The first of kFamilies whose analysis takes the task's payload (prepared as `name`), or
/// nullptr; each family's diagnostics go to `emitted[family index]`. Each family analyses a
/// payload of its own, since analyses may change it.
static const Family *takingFamily(kb::TaskOp task, StringRef name,
                                  std::vector<std::vector<Diagnostic>> &emitted) {
  emitted.clear();
  emitted.resize(std::size(kFamilies));
  for (auto [index, family] : llvm::enumerate(kFamilies)) {
    std::vector<Diagnostic> &sink = emitted[index];
    ScopedDiagnosticHandler capture(task.getContext(), [&sink](Diagnostic &diagnostic) {
      sink.push_back(std::move(diagnostic));
      return success();
    });
    FailureOr<OwningOpRef<ModuleOp>> module = preparePayload(task, name);
    if (succeeded(module) &&
        succeeded(family.analyze(**module, (**module).lookupSymbol<func::FuncOp>(name))))
      return &family;
  }
  return nullptr;
}

namespace {
/// How a task's candidates are built: by the family that takes its payload, else by a chain of
/// families, one per stage of the payload cut at intermediates (Chain.h).
struct TaskLowering {
  const ScheduleSpace *space = nullptr;
  const Family *family = nullptr; // the payload's, when one takes it whole
  ChainCut chain;
  std::vector<const Family *> stageFamilies;
};
} // namespace

/// The task's lowering, its payload prepared as `name`. If no family takes the payload and no
/// cut into stages is taken stage by stage, failure, with the diagnostics of the family expected
/// to take the whole payload.
static FailureOr<TaskLowering> lowerTaskOf(kb::TaskOp task, StringRef name) {
  MLIRContext *context = task.getContext();
  loadBuiltDialects(context);
  FailureOr<OwningOpRef<ModuleOp>> prepared = preparePayload(task, name);
  if (failed(prepared))
    return failure();
  TaskLowering lowering;
  std::vector<std::vector<Diagnostic>> emitted;
  if ((lowering.family = takingFamily(task, name, emitted))) {
    lowering.space = &lowering.family->space();
    return lowering;
  }
  const Family &explaining = expectedFamily((**prepared).lookupSymbol<func::FuncOp>(name));
  std::vector<Diagnostic> reasons = std::move(emitted[&explaining - kFamilies]);

  for (const std::vector<unsigned> &cutAfter : chainCuts(task)) {
    FailureOr<ChainCut> cut = cutPayload(task, cutAfter);
    if (failed(cut))
      continue;
    std::vector<const Family *> families;
    std::vector<const ScheduleSpace *> spaces;
    for (auto [k, stage] : llvm::enumerate(cut->stages)) {
      const Family *family = takingFamily(stage.task, stageName(name, k), emitted);
      if (!family)
        break;
      families.push_back(family);
      spaces.push_back(&family->space());
    }
    if (families.size() != cut->stages.size())
      continue;
    lowering.space = &chainSpace(spaces);
    lowering.chain = std::move(*cut);
    lowering.stageFamilies = std::move(families);
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
    size_t count = family->space().decisions.size();
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

/// One candidate of a task whose lowering is known; errors are diagnostics on the task's context.
static FailureOr<Kernel> lowerCandidate(kb::TaskOp task, const TaskLowering &lowering,
                                        const DecisionList &decisions, const Target &target) {
  std::string name = kernelName(task.getSymName());
  llvm::Expected<SmallVector<int64_t>> values = resolveDecisions(*lowering.space, decisions);
  if (!values)
    return task.emitError() << llvm::toString(values.takeError());
  if (!lowering.family)
    return lowerChain(task, lowering, *values, name, target);
  FailureOr<OwningOpRef<ModuleOp>> module = preparePayload(task, name);
  if (failed(module))
    return failure();
  auto func = (**module).lookupSymbol<func::FuncOp>(name);
  BuiltKernels built = lowering.family->build(task, std::move(*module), func, *values, target);
  if (failed(built))
    return failure();
  return compileLaunches(**built, (**built).lookupSymbol<func::FuncOp>(name),
                         taskBufferNames(task), target);
}

/// `file:line:col: ` for the first file location in `location`, if any.
static std::string locationPrefix(Location location) {
  std::string prefix;
  location->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      prefix = llvm::formatv("{0}:{1}:{2}: ", file.getFilename(), file.getLine(),
                             file.getColumn())
                   .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return prefix;
}

namespace {
/// A thread's MLIR context and the tasks parsed into it.
class Worker {
public:
  Worker(const DialectRegistry &registry, ArrayRef<std::string> tasks, const Target &target)
      : context(registry, MLIRContext::Threading::DISABLED), tasks(tasks), target(target) {
    context.printOpOnDiagnostic(false); // a verdict carries the message, not an IR dump
  }

  LowerResult run(const LowerJob &job) {
    std::string errors;
    ScopedDiagnosticHandler handler = collectErrors(errors);
    kb::TaskOp task = parsedTask(job.task);
    if (!task)
      return {std::nullopt, errors};
    if (!job.decisions) {
      llvm::Expected<Kernel> kernel =
          compileCudaCandidate(task, job.name, job.source, job.plan, target);
      if (!kernel)
        return {std::nullopt, llvm::toString(kernel.takeError())};
      return {std::move(*kernel), ""};
    }
    const TaskLowering *lowering = loweringOf(job.task);
    FailureOr<Kernel> kernel = lowering
                                   ? lowerCandidate(task, *lowering, *job.decisions, target)
                                   : FailureOr<Kernel>(failure());
    if (failed(kernel))
      return {std::nullopt, errors.empty() ? "lowering failed without a diagnostic" : errors};
    return {std::move(*kernel), ""};
  }

  SpaceResult space(size_t index) {
    std::string errors;
    ScopedDiagnosticHandler handler = collectErrors(errors);
    const TaskLowering *lowering = loweringOf(index);
    if (!lowering)
      return {nullptr, errors};
    return {lowering->space, ""};
  }

private:
  /// Appends the error diagnostics of the context, with their notes, to `errors`.
  ScopedDiagnosticHandler collectErrors(std::string &errors) {
    return ScopedDiagnosticHandler(&context, [&errors](Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() == DiagnosticSeverity::Error)
        append(errors, diagnostic, "error");
      return success();
    });
  }

  static void append(std::string &out, Diagnostic &diagnostic, StringRef severity) {
    if (!out.empty())
      out += '\n';
    out += locationPrefix(diagnostic.getLocation()) + severity.str() + ": " + diagnostic.str();
    for (Diagnostic &note : diagnostic.getNotes())
      append(out, note, "note");
  }

  kb::TaskOp parsedTask(size_t index) {
    OwningOpRef<ModuleOp> &module = parsed[index];
    if (!module)
      module = parseSourceString<ModuleOp>(tasks[index], &context);
    if (!module)
      return nullptr;
    auto ops = module->getOps<kb::TaskOp>();
    return ops.empty() ? nullptr : *ops.begin();
  }

  /// The task's lowering, found once per worker: which family takes the payload, or which cut
  /// into stages (each candidate would search again: every family's analysis, every cut).
  /// Null where there is none; the context has the diagnostics then.
  const TaskLowering *loweringOf(size_t index) {
    auto found = lowerings.find(index);
    if (found != lowerings.end())
      return &found->second;
    kb::TaskOp task = parsedTask(index);
    if (!task)
      return nullptr;
    FailureOr<TaskLowering> lowering = lowerTaskOf(task, kernelName(task.getSymName()));
    if (failed(lowering))
      return nullptr; // not kept: each candidate's verdict repeats the diagnostics
    return &lowerings.emplace(index, std::move(*lowering)).first->second;
  }

  MLIRContext context;
  ArrayRef<std::string> tasks;
  const Target &target;
  std::map<size_t, OwningOpRef<ModuleOp>> parsed;
  std::map<size_t, TaskLowering> lowerings;
};
} // namespace

std::vector<LowerResult>
kopt::codegen::lowerAll(const DialectRegistry &registry, ArrayRef<std::string> tasks,
                        ArrayRef<LowerJob> jobs, const Target &target, unsigned threads,
                        llvm::function_ref<void(size_t, const LowerResult &)> onDone) {
  DialectRegistry full;
  registry.appendTo(full);
  registerLoweringDialects(full);

  std::vector<LowerResult> results(jobs.size());
  if (jobs.empty())
    return results;
  if (llvm::Error error = validateTarget(target)) {
    std::string message = llvm::toString(std::move(error));
    for (auto [i, result] : llvm::enumerate(results)) {
      result.error = message;
      if (onDone)
        onDone(i, result);
    }
    return results;
  }
  std::atomic<size_t> next{0};
  std::mutex doneMutex;
  auto work = [&] {
    Worker worker(full, tasks, target);
    for (size_t i; (i = next++) < jobs.size();) {
      results[i] = worker.run(jobs[i]);
      if (onDone) {
        std::lock_guard<std::mutex> lock(doneMutex);
        onDone(i, results[i]);
      }
    }
  };
  size_t workers = threads ? threads : llvm::hardware_concurrency().compute_thread_count();
  workers = std::min(workers, jobs.size());
  if (workers <= 1) {
    work();
    return results;
  }
  llvm::DefaultThreadPool pool(llvm::hardware_concurrency(workers));
  for (size_t w = 0; w < workers; ++w)
    pool.async(work);
  pool.wait();
  return results;
}

std::vector<SpaceResult> kopt::codegen::scheduleSpaces(const DialectRegistry &registry,
                                                       ArrayRef<std::string> tasks) {
  DialectRegistry full;
  registry.appendTo(full);
  registerLoweringDialects(full);
  Target unused; // the family does not depend on the target
  Worker worker(full, tasks, unused);
  std::vector<SpaceResult> results;
  for (size_t i = 0; i < tasks.size(); ++i)
    results.push_back(worker.space(i));
  return results;
}

std::string kopt::codegen::taskAsText(kb::TaskOp task) {
  OwningOpRef<ModuleOp> holder = ModuleOp::create(task.getLoc());
  holder->getBody()->push_back(task->clone());
  std::string text;
  llvm::raw_string_ostream os(text);
  holder->print(os, OpPrintingFlags().enableDebugInfo(/*enable=*/true, /*prettyForm=*/false));
  return text;
}
