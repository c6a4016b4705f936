//===- CostModel.cpp - a learned cost model of candidates -----------------===//
#include "kopt/CostModel/CostModel.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <xgboost/c_api.h>

#include <cmath>
#include <utility>
#include <limits>
#include <optional>

using namespace llvm;
using namespace kopt::costmodel;

static constexpr StringLiteral kFormat = "kopt-cost-model";
static constexpr int64_t kVersion = 1;

/// XGBoost's last error, after a call that returned non-zero.
static Error xgboostError(const Twine &what) {
  return createStringError("cost model: " + what + ": " + XGBGetLastError());
}

namespace {
/// Owning handles: XGBoost's C API hands out raw ones that must be freed.
struct Matrix {
  DMatrixHandle handle = nullptr;
  Matrix() = default;
  Matrix(const Matrix &) = delete;
  Matrix &operator=(const Matrix &) = delete;
  ~Matrix() {
    if (handle)
      XGDMatrixFree(handle);
  }
};
struct Booster {
  BoosterHandle handle = nullptr;
  Booster() = default;
  Booster(Booster &&other) : handle(other.handle) { other.handle = nullptr; }
  Booster &operator=(Booster &&other) {
    std::swap(handle, other.handle);
    return *this;
  }
  ~Booster() {
    if (handle)
      XGBoosterFree(handle);
  }
};
} // namespace

struct CostModel::Boosters {
  Booster speedup, correct;
};

CostModel::CostModel(std::vector<std::string> names, std::unique_ptr<Boosters> boosters)
    : names(std::move(names)), boosters(std::move(boosters)) {}
CostModel::CostModel(CostModel &&) = default;
CostModel &CostModel::operator=(CostModel &&) = default;
CostModel::~CostModel() = default;

/// A dense matrix of `rows` (each `width` wide), NaN for missing values, with `labels` if any.
static Expected<std::unique_ptr<Matrix>> makeMatrix(ArrayRef<std::vector<float>> rows,
                                                    size_t width, ArrayRef<float> labels = {}) {
  std::vector<float> data;
  data.reserve(rows.size() * width);
  for (auto [index, row] : enumerate(rows)) {
    if (row.size() != width)
      return createStringError("cost model: row " + Twine(index) + " has " + Twine(row.size()) +
                               " features, the model " + Twine(width));
    data.insert(data.end(), row.begin(), row.end());
  }
  auto matrix = std::make_unique<Matrix>();
  if (XGDMatrixCreateFromMat(data.data(), rows.size(), width,
                             std::numeric_limits<float>::quiet_NaN(), &matrix->handle))
    return xgboostError("cannot build a matrix");
  if (!labels.empty() &&
      XGDMatrixSetFloatInfo(matrix->handle, "label", labels.data(), labels.size()))
    return xgboostError("cannot set labels");
  return std::move(matrix);
}

/// Trains one booster with `objective` on `matrix`.
static Expected<Booster> train(const Matrix &matrix, StringRef objective,
                               const FitOptions &options) {
  Booster booster;
  if (XGBoosterCreate(&matrix.handle, 1, &booster.handle))
    return xgboostError("cannot create a booster");
  std::string depth = std::to_string(options.maxDepth), eta = formatv("{0:g}", options.eta).str(),
              seed = std::to_string(options.seed);
  std::pair<const char *, const char *> params[] = {
      {"objective", objective.data()}, {"tree_method", "hist"}, {"max_depth", depth.c_str()},
      {"eta", eta.c_str()},            {"seed", seed.c_str()},  {"nthread", "1"},
      {"verbosity", "0"}};
  for (auto [name, value] : params)
    if (XGBoosterSetParam(booster.handle, name, value))
      return xgboostError(Twine("cannot set ") + name);
  for (unsigned round = 0; round < options.rounds; ++round)
    if (XGBoosterUpdateOneIter(booster.handle, static_cast<int>(round), matrix.handle))
      return xgboostError("boosting round " + Twine(round) + " failed");
  return std::move(booster);
}

Expected<CostModel> CostModel::fit(std::vector<std::string> featureNames,
                                   ArrayRef<Example> examples, const FitOptions &options) {
  if (featureNames.empty())
    return createStringError("cost model: no features to fit on");
  std::vector<std::vector<float>> all, correct;
  std::vector<float> correctLabels, logSpeedups;
  for (const Example &example : examples) {
    all.push_back(example.features);
    correctLabels.push_back(example.correct ? 1.0f : 0.0f);
    if (example.correct && example.speedup > 0 && std::isfinite(example.speedup)) {
      correct.push_back(example.features);
      logSpeedups.push_back(static_cast<float>(std::log(example.speedup)));
    }
  }
  if (correct.empty())
    return createStringError("cost model: no correct example with a speedup to fit on");

  auto fitOne = [&](ArrayRef<std::vector<float>> rows, ArrayRef<float> labels,
                    StringRef objective, Booster &booster) -> Error {
    Expected<std::unique_ptr<Matrix>> data = makeMatrix(rows, featureNames.size(), labels);
    if (!data)
      return data.takeError();
    Expected<Booster> trained = train(**data, objective, options);
    if (!trained)
      return trained.takeError();
    booster = std::move(*trained);
    return Error::success();
  };
  auto boosters = std::make_unique<Boosters>();
  if (Error error = fitOne(correct, logSpeedups, "reg:squarederror", boosters->speedup))
    return std::move(error);
  if (Error error = fitOne(all, correctLabels, "binary:logistic", boosters->correct))
    return std::move(error);
  return CostModel(std::move(featureNames), std::move(boosters));
}

/// XGBoost's own JSON model of `booster`, as its text: XGBoost reads numbers by their JSON type
/// (an integer where it wrote a float is an error), which a round trip through llvm::json would
/// not keep.
static Expected<std::string> boosterJSON(const Booster &booster) {
  bst_ulong length = 0;
  const char *bytes = nullptr;
  if (XGBoosterSaveModelToBuffer(booster.handle, R"({"format": "json"})", &length, &bytes))
    return xgboostError("cannot save a booster");
  return std::string(bytes, length);
}

static Expected<Booster> boosterFromJSON(StringRef text) {
  Booster booster;
  if (XGBoosterCreate(nullptr, 0, &booster.handle))
    return xgboostError("cannot create a booster");
  if (XGBoosterLoadModelFromBuffer(booster.handle, text.data(), text.size()))
    return xgboostError("cannot load a booster");
  if (XGBoosterSetParam(booster.handle, "nthread", "1"))
    return xgboostError("cannot set nthread");
  return std::move(booster);
}

Expected<json::Value> CostModel::toJSON() const {
  Expected<std::string> speedup = boosterJSON(boosters->speedup);
  if (!speedup)
    return speedup.takeError();
  Expected<std::string> correct = boosterJSON(boosters->correct);
  if (!correct)
    return correct.takeError();
  json::Array features;
  for (const std::string &name : names)
    features.push_back(name);
  return json::Object{{"format", kFormat},
                      {"version", kVersion},
                      {"features", std::move(features)},
                      {"speedup", std::move(*speedup)},
                      {"correct", std::move(*correct)}};
}

Expected<CostModel> CostModel::fromJSON(const json::Value &document) {
  const json::Object *object = document.getAsObject();
  if (!object || object->getString("format") != kFormat)
    return createStringError("cost model: not a kopt cost model (\"format\" must be \"" +
                             kFormat + "\")");
  if (object->getInteger("version") != kVersion)
    return createStringError("cost model: version " + Twine(object->getInteger("version").value_or(0)) +
                             " is not supported; this kopt reads version 1");
  const json::Array *features = object->getArray("features");
  if (!features || features->empty())
    return createStringError("cost model: \"features\" must be a non-empty array of names");
  std::vector<std::string> names;
  for (const json::Value &name : *features) {
    if (!name.getAsString())
      return createStringError("cost model: \"features\" must hold strings");
    names.push_back(name.getAsString()->str());
  }
  auto boosters = std::make_unique<Boosters>();
  for (auto [key, booster] : {std::pair{"speedup", &boosters->speedup},
                              std::pair{"correct", &boosters->correct}}) {
    std::optional<StringRef> model = object->getString(key);
    if (!model)
      return createStringError(Twine("cost model: \"") + key + "\" must hold a model");
    Expected<Booster> loaded = boosterFromJSON(*model);
    if (!loaded)
      return loaded.takeError();
    // A booster over another feature list would read every row wrong, silently.
    bst_ulong numFeatures = 0;
    if (XGBoosterGetNumFeature(loaded->handle, &numFeatures))
      return xgboostError("cannot read a booster's feature count");
    if (numFeatures != names.size())
      return createStringError(Twine("cost model: the \"") + key + "\" model reads " +
                               Twine(numFeatures) + " features, and \"features\" names " +
                               Twine(names.size()));
    *booster = std::move(*loaded);
  }
  return CostModel(std::move(names), std::move(boosters));
}

Error CostModel::save(StringRef path) const {
  Expected<json::Value> document = toJSON();
  if (!document)
    return document.takeError();
  std::string temporary = (path + ".tmp").str();
  {
    std::error_code error;
    raw_fd_ostream os(temporary, error);
    if (error)
      return createStringError("cost model: cannot write '" + temporary + "': " + error.message());
    os << *document << "\n";
    os.close();
    if (os.has_error()) {
      os.clear_error();
      sys::fs::remove(temporary);
      return createStringError("cost model: cannot write '" + temporary + "'");
    }
  }
  if (std::error_code error = sys::fs::rename(temporary, path))
    return createStringError("cost model: cannot rename '" + temporary + "' to '" + path +
                             "': " + error.message());
  return Error::success();
}

Expected<CostModel> CostModel::load(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
  if (!buffer)
    return createStringError("cost model: cannot read '" + path + "'");
  Expected<json::Value> document = json::parse((*buffer)->getBuffer());
  if (!document)
    return createStringError("cost model: '" + path + "': " + toString(document.takeError()));
  return fromJSON(*document);
}

Expected<std::vector<Prediction>> CostModel::predict(ArrayRef<std::vector<float>> rows) const {
  if (rows.empty())
    return std::vector<Prediction>();
  Expected<std::unique_ptr<Matrix>> matrix = makeMatrix(rows, names.size());
  if (!matrix)
    return matrix.takeError();
  std::vector<Prediction> predictions(rows.size());
  auto run = [&](const Booster &booster, auto store) -> Error {
    bst_ulong length = 0;
    const float *values = nullptr;
    if (XGBoosterPredict(booster.handle, (*matrix)->handle, /*option_mask=*/0,
                         /*ntree_limit=*/0, /*training=*/0, &length, &values))
      return xgboostError("prediction failed");
    if (length != rows.size())
      return createStringError("cost model: " + Twine(length) + " predictions for " +
                               Twine(rows.size()) + " rows");
    for (size_t i = 0; i < length; ++i)
      store(predictions[i], values[i]);
    return Error::success();
  };
  if (Error error = run(boosters->speedup,
                        [](Prediction &p, float value) { p.speedup = std::exp(value); }))
    return std::move(error);
  if (Error error = run(boosters->correct,
                        [](Prediction &p, float value) { p.pCorrect = value; }))
    return std::move(error);
  return predictions;
}
