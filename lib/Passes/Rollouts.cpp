//===- Rollouts.cpp - policy candidates drawn, measured and learnt from ---===//
#include "kopt/Passes/Rollouts.h"
#include "kopt/Passes/Measurements.h"
#include "kopt/Passes/Passes.h"

#include "mlir/IR/SymbolTable.h"


using namespace mlir;
using namespace kb;
namespace codegen = kopt::codegen;
namespace learn = kopt::learn;

/// The `decisions` dictionary of a drawn decision list, booleans written as such.
static DictionaryAttr decisionsAttr(Builder &builder, const codegen::ScheduleSpace &space,
                                    ArrayRef<size_t> valueIndices) {
  SmallVector<NamedAttribute> entries;
  for (auto [decision, index] : llvm::zip_equal(space.decisions, valueIndices)) {
    int64_t value = decision.domain[index];
    Attribute attr = decision.isBool ? Attribute(builder.getBoolAttr(value != 0))
                                     : Attribute(builder.getI64IntegerAttr(value));
    entries.push_back(builder.getNamedAttr(decision.name, attr));
  }
  return builder.getDictionaryAttr(entries);
}

CandidateOp kopt::createPolicyCandidate(OpBuilder &builder, TaskOp task, StringRef name,
                                        const codegen::ScheduleSpace &space,
                                        const learn::PolicySample &drawn) {
  double sum = 0;
  for (double logProb : drawn.logProbs)
    sum += logProb;
  MLIRContext *context = builder.getContext();
  return CandidateOp::create(
      builder, task.getLoc(), name, task.getSymName(), CandidateOrigin::Policy,
      decisionsAttr(builder, space, drawn.valueIndices), /*source=*/nullptr,
      LogProbAttr::get(context, llvm::APFloat(sum), static_cast<int64_t>(drawn.logProbs.size())),
      /*ptx=*/nullptr, /*launch=*/nullptr, /*features=*/nullptr, /*predicted=*/nullptr,
      /*verdict=*/nullptr, /*time=*/nullptr, /*speedup=*/nullptr, /*speedup_interval=*/nullptr,
      /*speedup_tf32=*/nullptr, /*speedup_tf32_interval=*/nullptr, /*selected=*/nullptr);
}

FailureOr<learn::Policy> kopt::loadPolicy(ModuleOp module, StringRef path) {
  if (path.empty() || path == "uniform")
    return learn::Policy();
  llvm::Expected<learn::Policy> loaded =
      path == "base" ? learn::Policy::base() : learn::Policy::load(path);
  if (!loaded)
    return module.emitError() << llvm::toString(loaded.takeError());
  return std::move(*loaded);
}

std::vector<codegen::SpaceResult> kopt::spacesOf(MLIRContext *context, ArrayRef<TaskOp> tasks) {
  std::vector<std::string> texts;
  for (TaskOp task : tasks)
    texts.push_back(codegen::taskAsText(task));
  return codegen::scheduleSpaces(context->getDialectRegistry(), texts);
}

llvm::Expected<std::vector<size_t>> kopt::valueIndicesOf(CandidateOp candidate,
                                                         const codegen::ScheduleSpace &space) {
  llvm::Expected<codegen::DecisionList> list =
      codegen::toDecisionList(candidate.getDecisionsAttr());
  if (!list)
    return list.takeError();
  llvm::Expected<SmallVector<int64_t>> values = codegen::resolveDecisions(space, *list);
  if (!values)
    return values.takeError();
  std::vector<size_t> indices;
  for (auto [decision, value] : llvm::zip_equal(space.decisions, *values))
    indices.push_back(llvm::find(decision.domain, value) - decision.domain.begin());
  return indices;
}

void kopt::RewardSource::buildPipeline(OpPassManager &pm) const {
  if (!table.empty()) {
    KbRecordedRewardsOptions options;
    options.table = table;
    pm.addPass(createKbRecordedRewards(options));
    return;
  }
  KbLowerToPtxOptions lower;
  lower.chip = chip;
  pm.addPass(createKbLowerToPtx(lower));
  // Both talk to one runner (or pool) through one result cache; the rest are their own defaults
  // unless set.
  auto shareRunner = [&](auto &options) {
    options.runner = runner;
    options.runners = runners;
    options.cache = cache;
  };
  KbVerifyOptions verify;
  shareRunner(verify);
  if (trials > 0)
    verify.trials = trials;
  pm.addPass(createKbVerify(verify));
  KbTimeOptions time;
  shareRunner(time);
  time.strategy = "all"; // every reward is a speedup
  if (maxSeconds > 0)
    time.maxSeconds = maxSeconds;
  if (target > 0)
    time.target = target;
  pm.addPass(createKbTime(time));
}

LogicalResult kopt::RewardSource::check(ModuleOp module, StringRef pass) const {
  if (table.empty())
    return success();
  llvm::Expected<RewardTable> loaded = RewardTable::load(table);
  if (!loaded) {
    module.emitError() << pass << ": " << llvm::toString(loaded.takeError());
    return failure();
  }
  return success();
}

void kopt::RewardSource::getDependentDialects(DialectRegistry &registry) const {
  OpPassManager pm(ModuleOp::getOperationName());
  buildPipeline(pm);
  pm.getDependentDialects(registry);
}

kopt::RolloutRound::RolloutRound(ModuleOp parent, StringRef infix) : infix(infix.str()) {
  OpBuilder builder = OpBuilder::atBlockEnd(parent.getBody());
  scratch = ModuleOp::create(builder, parent.getLoc());
}

kopt::RolloutRound::~RolloutRound() { scratch.erase(); }

/// Whether a rollout came back with what its reward needs.
static bool isMeasured(CandidateOp candidate) {
  VerdictAttr verdict = candidate.getVerdictAttr();
  return verdict && (!verdict.isCorrect() || candidate.getSpeedup());
}

LogicalResult kopt::RolloutRound::measure(MutableArrayRef<learn::RolloutGroup> rollouts,
                                          ArrayRef<TaskOp> ops,
                                          ArrayRef<learn::LearningTask> tasks,
                                          function_ref<LogicalResult(ModuleOp)> run) {
  OpBuilder builder = OpBuilder::atBlockEnd(scratch.getBody());
  for (const learn::RolloutGroup &group : rollouts) {
    TaskOp task = ops[group.task];
    auto clone = cast<TaskOp>(builder.clone(*task));
    SmallVector<CandidateOp> &candidates = groups.emplace_back();
    for (auto [i, drawn] : llvm::enumerate(group.draws)) {
      std::string name = (task.getSymName() + infix + llvm::Twine(i)).str();
      candidates.push_back(
          createPolicyCandidate(builder, clone, name, *tasks[group.task].space, drawn));
    }
  }
  LogicalResult result = run(scratch);
  for (auto [group, candidates] : llvm::zip_equal(rollouts, groups)) {
    group.measured = succeeded(result) || llvm::all_of(candidates, isMeasured);
    group.speedups.clear();
    for (CandidateOp candidate : candidates) {
      VerdictAttr verdict = candidate.getVerdictAttr();
      std::optional<llvm::APFloat> speedup = candidate.getSpeedup();
      bool correct = verdict && verdict.isCorrect() && speedup;
      group.speedups.push_back(correct ? std::max(speedup->convertToDouble(), 0.0) : 0.0);
    }
  }
  return result;
}
