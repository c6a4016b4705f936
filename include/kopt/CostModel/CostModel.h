//===- CostModel.h - a learned cost model of candidates ---------*- C++ -*-===//
//
// Predicts, from a candidate's numeric features (its PTX's structure, its decisions, its task's
// shape), the log of its speedup over eager and the probability that it is correct, with
// gradient-boosted trees (XGBoost, the model family TVM's autotuners rank with). Two boosters:
// a regression on log speedup, fitted on the correct candidates only, and a logistic one on
// correctness, fitted on all. Knows nothing of the IR: rows of numbers in, numbers out.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_COSTMODEL_COSTMODEL_H
#define KOPT_COSTMODEL_COSTMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kopt::costmodel {

/// One measured candidate. `features` holds a value per feature name of the model, NaN where the
/// candidate has none (a feature of another family). `speedup` counts only when correct.
struct Example {
  std::vector<float> features;
  bool correct = false;
  double speedup = 0.0;
};

struct FitOptions {
  unsigned rounds = 200;  // boosting rounds per booster
  unsigned maxDepth = 6;  // depth of each tree
  double eta = 0.1;       // learning rate (shrinkage)
  uint64_t seed = 0;
};

struct Prediction {
  double speedup = 0.0;  // exp of the predicted log speedup over eager
  double pCorrect = 0.0; // predicted probability of being correct
};

class CostModel {
public:
  CostModel(CostModel &&);
  CostModel &operator=(CostModel &&);
  ~CostModel();

  /// Fits both boosters on `examples`, one thread, so that the same examples, names and options
  /// give the same model bytes. Needs at least one correct example with a positive speedup.
  static llvm::Expected<CostModel> fit(std::vector<std::string> featureNames,
                                       llvm::ArrayRef<Example> examples, const FitOptions &options);

  /// The model as a JSON document: {"format": "kopt-cost-model", "version": 1, "features": [...],
  /// "speedup": "<XGBoost's JSON model>", "correct": "<XGBoost's JSON model>"}, each booster as
  /// the text XGBoost wrote.
  llvm::Expected<llvm::json::Value> toJSON() const;
  static llvm::Expected<CostModel> fromJSON(const llvm::json::Value &document);

  /// Writes the model file through a temporary, so that `path` always holds a whole one.
  llvm::Error save(llvm::StringRef path) const;
  static llvm::Expected<CostModel> load(llvm::StringRef path);

  llvm::ArrayRef<std::string> featureNames() const { return names; }

  /// A prediction per row; each row has one value per feature name.
  llvm::Expected<std::vector<Prediction>>
  predict(llvm::ArrayRef<std::vector<float>> rows) const;

private:
  struct Boosters;
  CostModel(std::vector<std::string> names, std::unique_ptr<Boosters> boosters);

  std::vector<std::string> names;
  std::unique_ptr<Boosters> boosters;
};

} // namespace kopt::costmodel

#endif // KOPT_COSTMODEL_COSTMODEL_H
