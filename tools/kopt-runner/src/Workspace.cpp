//===- Workspace.cpp - a task's run buffers, with guard regions ----------===//
#include "Workspace.h"
#include "Check.h"

using namespace kopt::runner;

namespace {
/// The canary's 4-byte word: a signalling NaN as f32 (no arithmetic produces one), and no small
/// integer or boolean.
constexpr int32_t kCanaryWord = 0x7FA5C3E1;

/// A guard region's expected contents on `device`, made once per device.
const torch::Tensor &canary(torch::Device device) {
  // Never destroyed: a CUDA tensor freed after the driver shut down at exit fails.
  static auto *canaries = new std::map<std::string, torch::Tensor>;
  torch::Tensor &c = (*canaries)[device.str()];
  if (!c.defined())
    c = torch::full({GuardedBuffer::kGuardBytes / 4}, kCanaryWord,
                    torch::TensorOptions().dtype(torch::kInt).device(device))
            .view(torch::kUInt8);
  return c;
}
} // namespace

GuardedBuffer::GuardedBuffer(std::vector<int64_t> shape, torch::ScalarType dtype,
                             torch::Device device) {
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  int64_t bytes = count * int64_t(c10::elementSize(dtype));
  // The data starts a guard's length in (aligned as an allocation is) and is padded to 256 bytes,
  // so the guard after it starts at the first byte a kernel's vector store past the end reaches.
  int64_t padded = (bytes + 255) / 256 * 256;
  raw_ = torch::empty({2 * kGuardBytes + padded},
                      torch::TensorOptions().dtype(torch::kUInt8).device(device));
  before_ = raw_.narrow(0, 0, kGuardBytes);
  after_ = raw_.narrow(0, kGuardBytes + bytes, kGuardBytes);
  data_ = raw_.narrow(0, kGuardBytes, bytes).view(dtype).view(shape);
}

void GuardedBuffer::arm() {
  const torch::Tensor &c = canary(raw_.device());
  before_.copy_(c);
  after_.copy_(c);
}

std::optional<std::string> GuardedBuffer::breach() const {
  const torch::Tensor &c = canary(raw_.device());
  if (!torch::equal(before_, c))
    return std::string("before its start");
  if (!torch::equal(after_, c))
    return std::string("after its end");
  return std::nullopt;
}

Workspace::Workspace(const TaskSpec &task, torch::Device device) : device_(device) {
  for (const TensorSpec &t : task.inputs) {
    inputs_.push_back({"input", t.name, GuardedBuffer(t.shape, t.dtype, device)});
    if (t.shape.empty())
      scalarInputs_.insert(t.name);
  }
  for (const TensorSpec &t : task.outputs)
    outputs_.push_back({"output", t.name, GuardedBuffer(t.shape, t.dtype, device)});
  index();
}

void Workspace::index() {
  byName_.clear();
  for (std::vector<Named> *group : {&inputs_, &outputs_, &scratch_})
    for (const Named &n : *group)
      byName_[n.name] = n.buffer.data();
}

void Workspace::useScratch(const std::vector<int64_t> &bytes) {
  bool same = bytes.size() == scratch_.size();
  for (size_t i = 0; same && i < bytes.size(); ++i)
    same = scratch_[i].buffer.data().numel() == bytes[i];
  if (same)
    return;
  scratch_.clear();
  for (size_t i = 0; i < bytes.size(); ++i)
    scratch_.push_back({"scratch", protocol::kScratchArgPrefix + std::to_string(i),
                        GuardedBuffer({bytes[i]}, torch::kUInt8, device_)});
  index();
}

void Workspace::prepare(const std::vector<torch::Tensor> &inputs, TrialKey key) {
  // A run that passed the input check left the working inputs bitwise equal to its trial's.
  bool held = heldTrial_ == key;
  for (size_t i = 0; i < inputs_.size(); ++i) {
    torch::Tensor data = inputs_[i].buffer.data();
    if (!held)
      data.copy_(inputs[i]);
    inputs_[i].buffer.arm();
  }
  heldTrial_ = key;
  for (Named &s : scratch_) {
    torch::Tensor data = s.buffer.data();
    poison(data);
    s.buffer.arm();
  }
  repoisonOutputs();
}

void Workspace::repoisonOutputs() {
  for (Named &o : outputs_) {
    torch::Tensor data = o.buffer.data();
    poison(data);
    o.buffer.arm();
  }
}

std::optional<std::string> Workspace::findBreach() const {
  for (const std::vector<Named> *group : {&outputs_, &scratch_, &inputs_})
    for (const Named &n : *group)
      if (std::optional<std::string> side = n.buffer.breach())
        return n.role + " '" + n.name + "' " + *side;
  return std::nullopt;
}

std::vector<torch::Tensor> Workspace::inputs() const {
  std::vector<torch::Tensor> result;
  for (const Named &n : inputs_)
    result.push_back(n.buffer.data());
  return result;
}

std::vector<torch::Tensor> Workspace::outputs() const {
  std::vector<torch::Tensor> result;
  for (const Named &n : outputs_)
    result.push_back(n.buffer.data());
  return result;
}
