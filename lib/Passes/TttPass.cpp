//===- TttPass.cpp - kb-ttt -----------------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Learn/Train.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/Rollouts.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <map>
#include <memory>

namespace kopt {
#define GEN_PASS_DEF_KBTTT
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace codegen = kopt::codegen;
namespace learn = kopt::learn;

namespace {
struct KbTttPass : kopt::impl::KbTttBase<KbTttPass> {
  using KbTttBase::KbTttBase;

  kopt::RewardSource rewardSource() const {
    return {rewards, runner, runners, cache, chip, trials, maxSeconds, target};
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    KbTttBase::getDependentDialects(registry);
    rewardSource().getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (steps < 1 || n < 1 || !(lr > 0) || !(temperature > 0) || !std::isfinite(temperature) ||
        !(entropy >= 0) || !std::isfinite(entropy)) {
      module.emitError() << "kb-ttt: steps, n, lr and temperature must be positive, and entropy "
                            "at least 0";
      return signalPassFailure();
    }
    if (failed(rewardSource().check(module, "kb-ttt")))
      return signalPassFailure();
    FailureOr<learn::Policy> start = kopt::loadPolicy(module, policy);
    if (failed(start))
      return signalPassFailure();
    OpPassManager measure(ModuleOp::getOperationName());
    rewardSource().buildPipeline(measure);

    SmallVector<TaskOp> tasks(module.getOps<TaskOp>());
    std::vector<codegen::SpaceResult> spaces = kopt::spacesOf(&getContext(), tasks);
    for (auto [task, space] : llvm::zip_equal(tasks, spaces)) {
      if (!space.space) {
        task.emitWarning() << "kb-ttt: @" << task.getSymName()
                           << " is not adapted, kopt cannot schedule its payload:\n"
                           << space.error;
        continue;
      }
      if (failed(adapt(task, *space.space, *start, measure)))
        return signalPassFailure();
    }
  }

  LogicalResult adapt(TaskOp task, const codegen::ScheduleSpace &space, learn::Policy start,
                      OpPassManager &measure) {
    ModuleOp module = getOperation();
    learn::LearningTask learning{task.getSymName().str(), &space, learn::taskFeatures(task)};
    // Every step's rollouts are kept until the loop has chosen the step whose are the task's.
    std::vector<std::unique_ptr<kopt::RolloutRound>> rounds;
    auto measureRollouts = [&](MutableArrayRef<learn::RolloutGroup> groups) {
      rounds.push_back(std::make_unique<kopt::RolloutRound>(
          module, llvm::formatv("_t{0}_", rounds.size() + 1).str()));
      return rounds.back()->measure(groups, task, learning, [&](ModuleOp scratch) {
        return runPipeline(measure, scratch);
      });
    };
    learn::AdaptOptions options{steps, n, lr, temperature, seed, earlyStop, bestOfAdaptation,
                                entropy};
    FailureOr<learn::Adaptation> adaptation =
        learn::adapt(std::move(start), learning, options, measureRollouts);
    if (failed(adaptation))
      return failure();
    const std::vector<learn::AdaptationStep> &done = adaptation->steps;
    size_t chosen = adaptation->chosen;

    ArrayAttr records = record(task, done, chosen);
    keepCandidates(task, *rounds[chosen]);
    if (!save.empty())
      if (llvm::Error error = done[chosen].policy.save(save))
        return module.emitError() << "kb-ttt: " << llvm::toString(std::move(error));
    for (auto [index, step] : llvm::enumerate(done)) {
      if (saveSteps.empty())
        break;
      llvm::SmallString<128> path(saveSteps);
      llvm::sys::path::append(path, llvm::formatv("{0}.step{1}.json", task.getSymName(),
                                                  index + 1)
                                        .str());
      if (llvm::Error error = step.policy.save(path))
        return module.emitError() << "kb-ttt: " << llvm::toString(std::move(error));
    }
    if (!log.empty())
      if (llvm::Error error = appendLog(task, records, chosen))
        return module.emitError() << "kb-ttt: " << llvm::toString(std::move(error));
    return success();
  }

  /// One JSON line per step: the step's record, with the task and whether it was chosen.
  llvm::Error appendLog(TaskOp task, ArrayAttr records, size_t chosen) {
    std::error_code error;
    llvm::raw_fd_ostream os(log, error, llvm::sys::fs::OF_Append);
    if (error)
      return llvm::createStringError(
          llvm::formatv("cannot write '{0}': {1}", log, error.message()));
    for (auto [index, record] : llvm::enumerate(records.getAsRange<DictionaryAttr>())) {
      llvm::json::Object line{{"task", task.getSymName()}, {"chosen", index == chosen}};
      for (NamedAttribute entry : record) {
        Attribute value = entry.getValue();
        if (auto integer = dyn_cast<IntegerAttr>(value))
          line[entry.getName().strref()] = integer.getInt();
        else if (auto number = dyn_cast<FloatAttr>(value))
          line[entry.getName().strref()] = number.getValueAsDouble();
        else if (auto array = dyn_cast<ArrayAttr>(value))
          line[entry.getName().strref()] = llvm::json::Array(llvm::map_range(
              array.getAsRange<FloatAttr>(), [](FloatAttr f) { return f.getValueAsDouble(); }));
      }
      os << llvm::json::Value(std::move(line)) << '\n';
    }
    return llvm::Error::success();
  }

  /// The statistics of every step, and the chosen one, as attributes of the task.
  ArrayAttr record(TaskOp task, ArrayRef<learn::AdaptationStep> done, size_t chosen) {
    Builder builder(&getContext());
    SmallVector<Attribute> entries;
    for (auto [index, step] : llvm::enumerate(done)) {
      const learn::RolloutStats &stats = step.stats;
      SmallVector<Attribute> entropy;
      for (double value : stats.entropy)
        entropy.push_back(builder.getF64FloatAttr(value));
      entries.push_back(builder.getDictionaryAttr({
          builder.getNamedAttr("step", builder.getI64IntegerAttr(index + 1)),
          builder.getNamedAttr("fast_1", builder.getF64FloatAttr(stats.fast1)),
          builder.getNamedAttr("correct", builder.getF64FloatAttr(stats.correctRate)),
          builder.getNamedAttr("best_speedup", builder.getF64FloatAttr(stats.bestSpeedup)),
          builder.getNamedAttr("distinct",
                               builder.getI64IntegerAttr(static_cast<int64_t>(stats.distinct))),
          builder.getNamedAttr("mean_surprisal", builder.getF64FloatAttr(stats.meanSurprisal)),
          builder.getNamedAttr("mean_entropy", builder.getF64FloatAttr(stats.meanEntropy())),
          builder.getNamedAttr("entropy", builder.getArrayAttr(entropy)),
      }));
    }
    ArrayAttr records = builder.getArrayAttr(entries);
    task->setAttr("ttt", records);
    task->setAttr("ttt_chosen", builder.getI64IntegerAttr(chosen + 1));
    return records;
  }

  /// Moves the chosen step's measured candidates after the task's, marking repeated decision
  /// lists as kb-sample does.
  void keepCandidates(TaskOp task, kopt::RolloutRound &round) {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    llvm::DenseMap<Operation *, Operation *> insertAfter =
        kopt::candidateInsertionPoints(module, symbols);
    Operation *after = insertAfter[task];
    std::map<std::string, StringAttr> firstAs;
    for (ArrayRef<CandidateOp> candidates : round.candidates())
      for (CandidateOp candidate : candidates) {
        candidate->moveAfter(after);
        symbols.insert(candidate); // renames it if the name is taken
        std::string key;
        llvm::raw_string_ostream os(key);
        candidate.getDecisionsAttr().print(os);
        auto [first, isNew] = firstAs.try_emplace(key, candidate.getSymNameAttr());
        if (!isNew)
          candidate->setAttr("duplicate_of", FlatSymbolRefAttr::get(first->second));
        after = candidate;
      }
  }
};
} // namespace
