//===- CostModelPasses.cpp - kb-fit-cost-model, kb-predict ----------------===//
//
// Where the learned cost model meets the IR: a candidate becomes named numbers (its task's
// features, its family, its decisions, its PTX features), the measured candidates of the
// training tasks become examples, and every candidate gets a `predicted <speedup, p_correct>`.
//
//===----------------------------------------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Learn/Policy.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/Rollouts.h"

#ifdef KOPT_WITH_XGBOOST
#include "kopt/CostModel/CostModel.h"
#endif

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace kopt {
#define GEN_PASS_DEF_KBFITCOSTMODEL
#define GEN_PASS_DEF_KBPREDICT
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;

namespace {

/// A candidate as named numbers: `task.<feature>` (learn::taskFeatures), `family.<name>` = 1,
/// `decision.<name>` (booleans as 0 and 1) and `ptx.<key>` (kb-tag-features).
llvm::StringMap<float> namedFeatures(CandidateOp candidate, llvm::StringRef family,
                                     llvm::ArrayRef<double> taskFeatures) {
  llvm::StringMap<float> named;
  for (auto [name, value] : llvm::zip_equal(kopt::learn::taskFeatureNames(), taskFeatures))
    named[("task." + name).str()] = static_cast<float>(value);
  if (!family.empty())
    named[("family." + family).str()] = 1.0f;
  auto add = [&](llvm::StringRef prefix, DictionaryAttr dictionary) {
    if (!dictionary)
      return;
    for (NamedAttribute entry : dictionary) {
      std::string name = (prefix + entry.getName().strref()).str();
      // A BoolAttr is an i1 IntegerAttr (getInt() gives -1 for true): test it first.
      if (auto flag = dyn_cast<BoolAttr>(entry.getValue()))
        named[name] = flag.getValue() ? 1.0f : 0.0f;
      else if (auto integer = dyn_cast<IntegerAttr>(entry.getValue()))
        named[name] = static_cast<float>(integer.getInt());
      else if (auto real = dyn_cast<FloatAttr>(entry.getValue()))
        named[name] = static_cast<float>(real.getValueAsDouble());
    }
  };
  add("decision.", candidate.getDecisionsAttr());
  add("ptx.", candidate.getFeaturesAttr());
  return named;
}

/// `named` as a row of the model's features: a family the candidate is not of is 0, anything else
/// it lacks (a decision of another family, features not tagged) is missing.
std::vector<float> rowOf(const llvm::StringMap<float> &named, llvm::ArrayRef<std::string> names) {
  std::vector<float> row;
  row.reserve(names.size());
  for (const std::string &name : names) {
    auto it = named.find(name);
    if (it != named.end())
      row.push_back(it->second);
    else
      row.push_back(llvm::StringRef(name).starts_with("family.")
                        ? 0.0f
                        : std::numeric_limits<float>::quiet_NaN());
  }
  return row;
}

/// The named features of every candidate of `entries`, by candidate.
struct NamedCandidate {
  CandidateOp candidate;
  TaskOp task;
  llvm::StringMap<float> named;
};

/// The family that builds `candidate`: its space's, or, where a family's space also offers the
/// chain ("attention | matmul + normalization + matmul"), the side its choice took.
llvm::StringRef builderFamily(const kopt::codegen::ScheduleSpace *space, CandidateOp candidate,
                              llvm::StringRef family) {
  if (!space || space->chainChoice < 0)
    return family;
  DictionaryAttr decisions = candidate.getDecisionsAttr();
  auto chosen = decisions ? dyn_cast_or_null<BoolAttr>(decisions.get(
                                space->decisions[space->chainChoice].name))
                          : BoolAttr();
  if (chosen && chosen.getValue()) // the chain alone: its stages after the fused family
    return kopt::codegen::chainSpace(space->stages.drop_front()).family;
  return space->stages.front()->family;
}

std::vector<NamedCandidate> nameAll(MLIRContext *context,
                                    const std::vector<kopt::TaskCandidates> &entries) {
  llvm::SmallVector<TaskOp> tasks;
  for (const kopt::TaskCandidates &entry : entries)
    tasks.push_back(entry.task);
  std::vector<kopt::codegen::SpaceResult> spaces = kopt::spacesOf(context, tasks);
  std::vector<NamedCandidate> all;
  for (auto [entry, space] : llvm::zip_equal(entries, spaces)) {
    std::vector<double> features = kopt::learn::taskFeatures(entry.task);
    llvm::StringRef family = space.space ? llvm::StringRef(space.space->family) : "";
    for (CandidateOp candidate : entry.candidates)
      all.push_back({candidate, entry.task,
                     namedFeatures(candidate, builderFamily(space.space, candidate, family),
                                   features)});
  }
  return all;
}

struct KbFitCostModelPass : kopt::impl::KbFitCostModelBase<KbFitCostModelPass> {
  using KbFitCostModelBase::KbFitCostModelBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
#ifndef KOPT_WITH_XGBOOST
    module.emitError() << "kb-fit-cost-model: kopt was built without XGBoost "
                          "(KOPT_WITH_XGBOOST=OFF)";
    return signalPassFailure();
#else
    if (out.empty()) {
      module.emitError() << "kb-fit-cost-model: `out` must name the model file to write";
      return signalPassFailure();
    }
    std::vector<kopt::TaskCandidates> entries = kopt::collectTaskCandidates(module);
    // The model is judged on the evaluation tasks: fitting on them would judge it on its own
    // training data.
    std::vector<kopt::TaskCandidates> used;
    llvm::StringSet<> excluded;
    for (const std::string &name : exclude)
      excluded.insert(name);
    for (kopt::TaskCandidates &entry : entries) {
      if (excluded.erase(entry.task.getSymName()))
        continue;
      auto split = entry.task->getAttrOfType<StringAttr>("split");
      if (split && split.getValue() == "eval" && !allowEval) {
        entry.task.emitError() << "kb-fit-cost-model: @" << entry.task.getSymName()
                               << " is an evaluation task (split = \"eval\"); a model fitted "
                                  "on it cannot be judged on it (allow-eval=true fits on it "
                                  "anyway)";
        return signalPassFailure();
      }
      used.push_back(std::move(entry));
    }
    if (!excluded.empty()) {
      module.emitError() << "kb-fit-cost-model: `exclude` names @" << excluded.begin()->getKey()
                         << ", which is no task with candidates here";
      return signalPassFailure();
    }
    std::vector<NamedCandidate> named = nameAll(&getContext(), used);
    std::set<std::string> nameSet;
    for (NamedCandidate &n : named)
      if (n.candidate.getVerdictAttr())
        for (const auto &entry : n.named)
          nameSet.insert(entry.getKey().str());
    std::vector<std::string> names(nameSet.begin(), nameSet.end());
    std::vector<kopt::costmodel::Example> examples;
    for (NamedCandidate &n : named) {
      VerdictAttr verdict = n.candidate.getVerdictAttr();
      if (!verdict)
        continue;
      kopt::costmodel::Example example;
      example.features = rowOf(n.named, names);
      example.correct = verdict.isCorrect();
      if (std::optional<llvm::APFloat> speedup = n.candidate.getSpeedup())
        example.speedup = speedup->convertToDouble();
      examples.push_back(std::move(example));
    }
    if (examples.empty()) {
      module.emitError() << "kb-fit-cost-model: no verified candidate to fit on (kb-verify and "
                            "kb-time, or kb-recorded-rewards, first)";
      return signalPassFailure();
    }
    kopt::costmodel::FitOptions options;
    options.rounds = rounds;
    options.maxDepth = depth;
    options.eta = eta;
    options.seed = seed;
    llvm::Expected<kopt::costmodel::CostModel> model =
        kopt::costmodel::CostModel::fit(names, examples, options);
    if (!model) {
      module.emitError() << "kb-fit-cost-model: " << llvm::toString(model.takeError());
      return signalPassFailure();
    }
    if (llvm::Error error = model->save(out)) {
      module.emitError() << "kb-fit-cost-model: " << llvm::toString(std::move(error));
      return signalPassFailure();
    }
    llvm::errs() << "kb-fit-cost-model: " << examples.size() << " candidates of " << used.size()
                 << " tasks, " << names.size() << " features -> " << out << "\n";
#endif
  }
};

struct KbPredictPass : kopt::impl::KbPredictBase<KbPredictPass> {
  using KbPredictBase::KbPredictBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
#ifndef KOPT_WITH_XGBOOST
    module.emitError() << "kb-predict: kopt was built without XGBoost (KOPT_WITH_XGBOOST=OFF)";
    return signalPassFailure();
#else
    if (model.empty()) {
      module.emitError() << "kb-predict: `model` must name a cost model file (kb-fit-cost-model)";
      return signalPassFailure();
    }
    llvm::Expected<kopt::costmodel::CostModel> loaded = kopt::costmodel::CostModel::load(model);
    if (!loaded) {
      module.emitError() << "kb-predict: " << llvm::toString(loaded.takeError());
      return signalPassFailure();
    }
    std::vector<NamedCandidate> named =
        nameAll(&getContext(), kopt::collectTaskCandidates(module));
    std::vector<std::vector<float>> rows;
    for (NamedCandidate &n : named)
      rows.push_back(rowOf(n.named, loaded->featureNames()));
    llvm::Expected<std::vector<kopt::costmodel::Prediction>> predictions = loaded->predict(rows);
    if (!predictions) {
      module.emitError() << "kb-predict: " << llvm::toString(predictions.takeError());
      return signalPassFailure();
    }
    for (auto [n, prediction] : llvm::zip_equal(named, *predictions)) {
      if (!std::isfinite(prediction.speedup) || !(prediction.speedup > 0)) {
        n.candidate.emitError() << "kb-predict: the model predicts a speedup of "
                                << prediction.speedup << ", which no candidate can have";
        signalPassFailure();
        continue;
      }
      n.candidate.setPredictedAttr(PredictionAttr::get(
          &getContext(), llvm::APFloat(prediction.speedup),
          llvm::APFloat(std::clamp(prediction.pCorrect, 0.0, 1.0))));
    }
#endif
  }
};

} // namespace
