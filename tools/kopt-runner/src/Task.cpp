//===- Task.cpp - a task's reference, inputs and cached state ------------===//
#include "Task.h"
#include "Workspace.h"

#include <sstream>

using namespace kopt::runner;

bool kopt::runner::parseDtype(const std::string &name, torch::ScalarType &type) {
  static const std::map<std::string, torch::ScalarType> types = {
      {"f16", torch::kHalf},  {"bf16", torch::kBFloat16}, {"f32", torch::kFloat},
      {"f64", torch::kDouble}, {"i1", torch::kBool},      {"i32", torch::kInt},
      {"i64", torch::kLong}};
  auto it = types.find(name);
  if (it == types.end())
    return false;
  type = it->second;
  return true;
}

std::string kopt::runner::whyNotDrawable(const TensorSpec &input, const Distribution &dist) {
  static const std::map<std::string, size_t> arity = {
      {"uniform", 2}, {"normal", 2}, {"constant", 1}, {"randint", 2}};
  auto kind = arity.find(dist.kind);
  std::string where = "input '" + input.name + "': ";
  if (kind == arity.end())
    return where + "unknown distribution '" + dist.kind + "'";
  if (dist.params.size() != kind->second)
    return where + dist.kind + " takes " + std::to_string(kind->second) + " parameter(s), got " +
           std::to_string(dist.params.size());
  if (!dist.structure)
    return "";
  const std::string &structure = *dist.structure;
  if (structure != "upper_triangular" && structure != "lower_triangular" &&
      structure != "symmetric" && structure != "diagonal")
    return where + "unknown structure '" + structure + "'";
  if (input.shape.size() < 2)
    return where + structure + " needs at least two dimensions";
  if (structure == "symmetric" && input.shape.end()[-1] != input.shape.end()[-2])
    return where + "symmetric needs square matrices";
  if (structure == "symmetric" && dist.kind == "randint")
    return where + "symmetric randint draws are not integers";
  return "";
}

/// `t` with the structure `structure` imposed on each of its matrices (last two dimensions).
static torch::Tensor structured(torch::Tensor t, const std::string &structure) {
  if (structure == "upper_triangular")
    return t.triu();
  if (structure == "lower_triangular")
    return t.tril();
  if (structure == "symmetric")
    return (t + t.transpose(-1, -2)) / 2;
  return t * torch::eye(t.size(-2), t.size(-1), t.options()); // diagonal
}

static std::string indent(const std::string &body) {
  std::istringstream lines(body);
  std::string line, result;
  while (std::getline(lines, line))
    result += "    " + line + "\n";
  return result;
}

static size_t bytesOf(const std::vector<torch::Tensor> &tensors) {
  size_t bytes = 0;
  for (const torch::Tensor &t : tensors)
    bytes += t.numel() * t.element_size();
  return bytes;
}

Task::Task(TaskSpec spec, torch::Device device, size_t trialBudgetBytes)
    : spec_(std::move(spec)), device_(device), trialBudgetBytes_(trialBudgetBytes) {
  if (!trialBudgetBytes_)
    trialBudgetBytes_ = device_.is_cuda() ? (size_t(24) << 30) : (size_t(1) << 30);
}

Task::~Task() = default;

std::unique_ptr<Task> Task::create(TaskSpec spec, torch::Device device, std::string &error,
                                   size_t trialBudgetBytes) {
  std::unique_ptr<Task> task(new Task(std::move(spec), device, trialBudgetBytes));
  std::string source = "def reference(";
  for (size_t i = 0; i < task->spec_.inputs.size(); ++i)
    source += (i ? ", " : "") + task->spec_.inputs[i].name + ": Tensor";
  source += "):\n" + indent(task->spec_.reference);
  try {
    task->unit_ = torch::jit::compile(source);
  } catch (const std::exception &e) {
    error = std::string("the reference does not compile as TorchScript: ") + e.what();
    return nullptr;
  }
  try {
    const Trial &first = task->trial(0, 0);
    const std::vector<TensorSpec> &outputs = task->spec_.outputs;
    if (first.reference.size() != outputs.size()) {
      error = "the reference returns " + std::to_string(first.reference.size()) +
              " value(s) but the task declares " + std::to_string(outputs.size()) + " output(s)";
      return nullptr;
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      const torch::Tensor &ref = first.reference[i];
      if (ref.sizes() != c10::IntArrayRef(outputs[i].shape) ||
          ref.scalar_type() != outputs[i].dtype) {
        std::ostringstream os;
        os << "the reference's output " << i << " is " << ref.sizes() << " "
           << ref.scalar_type() << " but the task declares '" << outputs[i].name << "' as "
           << c10::IntArrayRef(outputs[i].shape) << " " << outputs[i].dtype;
        error = os.str();
        return nullptr;
      }
    }
  } catch (const std::exception &e) {
    error = std::string("the reference fails on the task's inputs: ") + e.what();
    return nullptr;
  }
  return task;
}

Trial Task::draw(uint64_t seed, int index) {
  torch::manual_seed(seed + static_cast<uint64_t>(index));
  Trial trial;
  for (const TensorSpec &input : spec_.inputs) {
    const Distribution &dist = input.dists[index % input.dists.size()];
    bool integral = !c10::isFloatingType(input.dtype);
    // Draw floats in f32 (or f64) and cast: not every device draws f16/bf16 directly.
    auto drawType = input.dtype == torch::kDouble ? torch::kDouble : torch::kFloat;
    auto options = torch::TensorOptions().device(device_);
    torch::Tensor t;
    if (dist.kind == "uniform")
      t = torch::empty(input.shape, options.dtype(drawType)).uniform_(dist.params[0], dist.params[1]);
    else if (dist.kind == "normal")
      t = torch::empty(input.shape, options.dtype(drawType)).normal_(dist.params[0], dist.params[1]);
    else if (dist.kind == "constant")
      t = torch::full(input.shape, dist.params[0], options.dtype(integral ? torch::kDouble : drawType));
    else // randint, half-open
      t = torch::randint(static_cast<int64_t>(dist.params[0]), static_cast<int64_t>(dist.params[1]),
                         input.shape, options.dtype(torch::kLong));
    if (dist.structure)
      t = structured(t, *dist.structure);
    trial.inputs.push_back(t.to(input.dtype));
  }
  trial.reference = runReference(trial.inputs);
  return trial;
}

const Trial &Task::trial(uint64_t seed, int index) {
  auto key = std::make_pair(seed, index);
  auto it = trials_.find(key);
  if (it != trials_.end())
    return it->second;
  Trial trial = draw(seed, index);
  // Keep trials while they stay within a budget of device memory; large tasks redraw.
  size_t bytes = bytesOf(trial.inputs) + bytesOf(trial.reference);
  if (cachedBytes_ + bytes > trialBudgetBytes_) {
    scratchTrial_ = std::move(trial);
    return scratchTrial_;
  }
  cachedBytes_ += bytes;
  return trials_.emplace(key, std::move(trial)).first->second;
}

void Task::dropTrials() {
  trials_.clear();
  scratchTrial_ = Trial();
  cachedBytes_ = 0;
  workspace_.reset();
}

Workspace &Task::workspace() {
  if (!workspace_)
    workspace_ = std::make_unique<Workspace>(spec_, device_);
  return *workspace_;
}

std::vector<torch::Tensor> Task::runReference(const std::vector<torch::Tensor> &inputs,
                                              bool copyInputs) {
  std::vector<torch::jit::IValue> args;
  for (const torch::Tensor &t : inputs)
    args.push_back(copyInputs ? t.clone() : t); // a reference writing in place keeps the trial
  torch::jit::IValue result = unit_->get_function("reference")(args);
  std::vector<torch::Tensor> outputs;
  if (result.isTuple()) {
    for (const torch::jit::IValue &v : result.toTuple()->elements())
      outputs.push_back(v.toTensor());
  } else {
    outputs.push_back(result.toTensor());
  }
  return outputs;
}
