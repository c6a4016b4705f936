//===- Judge.cpp - the output checks on the GPU, in one pass -------------===//
#include "Judge.h"

#include <algorithm>
#include <functional>
#include <cstring>
#include <sstream>

using namespace kopt::runner;

namespace {
#ifdef KOPT_RUNNER_JUDGE_PTX
const char kJudgePtx[] =
#include "JudgePtx.inc"
    ;
#endif

/// Judge.cu's JudgeResult, field for field.
struct JudgeResult {
  uint64_t unwritten, firstUnwritten, failures, nanCount, firstNaN, worst, maxAbsBits, maxRelBits;
  double outSum, outSumSq, refSum, refSumSq;
};
static_assert(sizeof(JudgeResult) == 96, "must match Judge.cu");

/// Elements per launch: Judge.cu packs an element's index into 32 bits.
constexpr int64_t kPartElements = int64_t(1) << 31;
constexpr unsigned kThreads = 256;

double bitsToDouble(uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

unsigned gridFor(int64_t work) {
  // Enough blocks to fill any current GPU several times over; the kernels stride over the rest.
  return unsigned(std::clamp<int64_t>((work + kThreads - 1) / kThreads, 1, 4096));
}
} // namespace

GpuJudge::~GpuJudge() {
  if (!driver_)
    return;
  if (result_)
    driver_->cuMemFree(result_);
  if (module_)
    driver_->cuModuleUnload(module_);
}

bool GpuJudge::load(CudaDriver &driver, std::string &error) {
#ifdef KOPT_RUNNER_JUDGE_PTX
  driver_ = &driver;
  CUresult r;
  if ((r = driver.cuModuleLoadData(&module_, kJudgePtx)) ||
      (r = driver.cuModuleGetFunction(&judgeF32_, module_, "kopt_judge_f32")) ||
      (r = driver.cuModuleGetFunction(&judgeF64_, module_, "kopt_judge_f64")) ||
      (r = driver.cuModuleGetFunction(&countDiffering_, module_, "kopt_count_differing_words")) ||
      (r = driver.cuMemAlloc(&result_, sizeof(JudgeResult)))) {
    error = "the one-pass output checks do not load: " + driver.describe(r);
    if (module_)
      driver.cuModuleUnload(module_);
    module_ = nullptr;
    return false;
  }
#else
  (void)driver;
  (void)error;
#endif
  return true;
}

std::optional<OutputCheck> GpuJudge::checkOutput(const torch::Tensor &out,
                                                 const torch::Tensor &ref, double atol,
                                                 double rtol) {
  torch::ScalarType type = out.scalar_type();
  if (!module_ || !out.is_cuda() || !ref.is_cuda() || out.sizes() != ref.sizes() ||
      type != ref.scalar_type() || (type != torch::kFloat && type != torch::kDouble) ||
      !out.is_contiguous() || !ref.is_contiguous())
    return std::nullopt;
  const int64_t numel = out.numel();
  OutputCheck check;
  ComparisonStats stats;
  double outSum = 0, outSumSq = 0, refSum = 0, refSumSq = 0;
  double shiftOut = numel ? out.reshape({-1})[0].item<double>() : 0;
  double shiftRef = numel ? ref.reshape({-1})[0].item<double>() : 0;
  uint32_t bestExcess = 0;
  bool anyWorst = false;
  uint32_t poison32 = uint32_t(poisonBits(type));
  uint64_t poison64 = uint64_t(poisonBits(type));
  for (int64_t begin = 0; begin < numel; begin += kPartElements) {
    uint64_t count = uint64_t(std::min(kPartElements, numel - begin));
    JudgeResult init{};
    init.firstUnwritten = init.firstNaN = ~uint64_t(0);
    CUresult r = driver_->cuMemcpyHtoD(result_, &init, sizeof init);
    size_t elementBytes = out.element_size();
    CUdeviceptr outPtr = CUdeviceptr(out.data_ptr()) + begin * elementBytes;
    CUdeviceptr refPtr = CUdeviceptr(ref.data_ptr()) + begin * elementBytes;
    double shifts[2] = {shiftOut, shiftRef};
    void *paramsF32[] = {&outPtr, &refPtr, &count, &atol, &rtol, &poison32, &shifts[0], &shifts[1],
                         &result_};
    void *paramsF64[] = {&outPtr, &refPtr, &count, &atol, &rtol, &poison64, &shifts[0], &shifts[1],
                         &result_};
    if (r == CUDA_SUCCESS)
      r = driver_->cuLaunchKernel(type == torch::kFloat ? judgeF32_ : judgeF64_, gridFor(count), 1,
                                  1, kThreads, 1, 1, 0, nullptr,
                                  type == torch::kFloat ? paramsF32 : paramsF64, nullptr);
    JudgeResult part;
    if (r == CUDA_SUCCESS)
      r = driver_->cuMemcpyDtoH(&part, result_, sizeof part);
    if (r != CUDA_SUCCESS)
      throw std::runtime_error("output checks: " + driver_->describe(r));
    if (part.unwritten && !check.unwritten.count)
      check.unwritten.firstIndex = begin + int64_t(part.firstUnwritten);
    check.unwritten.count += int64_t(part.unwritten);
    stats.failures += int64_t(part.failures);
    if (part.nanCount && !stats.nanCount)
      stats.firstNaNIndex = begin + int64_t(part.firstNaN);
    stats.nanCount += int64_t(part.nanCount);
    stats.maxAbsError = std::max(stats.maxAbsError, bitsToDouble(part.maxAbsBits));
    stats.maxRelError = std::max(stats.maxRelError, bitsToDouble(part.maxRelBits));
    uint32_t excess = uint32_t(part.worst >> 32);
    if (!anyWorst || excess > bestExcess) {
      anyWorst = true;
      bestExcess = excess;
      stats.worstIndex = begin + int64_t(0xffffffffu - uint32_t(part.worst));
    }
    outSum += part.outSum;
    outSumSq += part.outSumSq;
    refSum += part.refSum;
    refSumSq += part.refSumSq;
  }
  // The PyTorch path's moments stop at the first non-finite output, which fails the comparison
  // and so never reaches the constant-output check that reads them.
  stats.outStd = shiftedStd(double(numel), outSum, outSumSq);
  stats.refStd = shiftedStd(double(numel), refSum, refSumSq);
  check.comparison = concludeComparison(stats, out, ref, atol, rtol);
  return check;
}

std::optional<bool> GpuJudge::sameBits(const torch::Tensor &a, const torch::Tensor &b) {
  size_t bytes = a.numel() * a.element_size();
  if (!module_ || !a.is_cuda() || !b.is_cuda() || a.sizes() != b.sizes() ||
      a.scalar_type() != b.scalar_type() || !a.is_contiguous() || !b.is_contiguous() ||
      bytes % 4 || uintptr_t(a.data_ptr()) % 16 || uintptr_t(b.data_ptr()) % 16)
    return std::nullopt;
  uint64_t vectors = bytes / 16;
  unsigned tailWords = unsigned(bytes % 16 / 4);
  CUdeviceptr aPtr = CUdeviceptr(a.data_ptr()), bPtr = CUdeviceptr(b.data_ptr());
  CUdeviceptr aTail = aPtr + vectors * 16, bTail = bPtr + vectors * 16;
  uint64_t zero = 0, differing = 0;
  void *params[] = {&aPtr, &bPtr, &vectors, &aTail, &bTail, &tailWords, &result_};
  CUresult r = driver_->cuMemcpyHtoD(result_, &zero, sizeof zero);
  if (r == CUDA_SUCCESS)
    r = driver_->cuLaunchKernel(countDiffering_, gridFor(std::max<int64_t>(vectors, 1)), 1, 1,
                                kThreads, 1, 1, 0, nullptr, params, nullptr);
  if (r == CUDA_SUCCESS)
    r = driver_->cuMemcpyDtoH(&differing, result_, sizeof differing);
  if (r != CUDA_SUCCESS)
    throw std::runtime_error("input check: " + driver_->describe(r));
  return differing == 0;
}

OutputCheck kopt::runner::checkOutput(GpuJudge *judge, const torch::Tensor &out,
                                      const torch::Tensor &ref, double atol, double rtol) {
  if (judge)
    if (std::optional<OutputCheck> fast = judge->checkOutput(out, ref, atol, rtol))
      return *fast;
  OutputCheck check;
  check.unwritten = countUnwritten(out);
  check.comparison = compareOutputs(out, ref, atol, rtol);
  return check;
}

bool kopt::runner::sameBits(GpuJudge *judge, const torch::Tensor &a, const torch::Tensor &b) {
  if (judge)
    if (std::optional<bool> fast = judge->sameBits(a, b))
      return *fast;
  return bitwiseEqual(a, b);
}

bool kopt::runner::judgesAgree(GpuJudge &judge, std::ostream &log) {
  if (!judge.loaded()) {
    log << "the one-pass checks are not loaded (kopt-runner built without nvcc, or their PTX did not load)\n";
    return false;
  }
  // Outputs against references, each with a kind of fault: the one-pass checks must find what
  // PyTorch's operations find, field by field.
  struct Case {
    std::string name;
    torch::ScalarType type;
    int64_t size;
    std::function<void(torch::Tensor &out)> fault;
  };
  auto at = [](int64_t index, double value) {
    return [=](torch::Tensor &out) { out.reshape({-1})[index] = value; };
  };
  std::vector<Case> cases = {
      {"exact", torch::kFloat, 1 << 20, [](torch::Tensor &) {}},
      {"within tolerance", torch::kFloat, 1 << 20, [](torch::Tensor &out) { out.add_(5e-5); }},
      {"one element off", torch::kFloat, 1 << 20, at(777777, 3.0)},
      {"two far off", torch::kDouble, 100003, [](torch::Tensor &out) {
         out.reshape({-1})[5] += 1.0;
         out.reshape({-1})[99999] += 1.0;
       }},
      {"NaN and inf", torch::kFloat, 4099, [](torch::Tensor &out) {
         out.reshape({-1})[17] = NAN;
         out.reshape({-1})[4000] = INFINITY;
       }},
      {"unwritten tail", torch::kFloat, 1 << 16, [](torch::Tensor &out) {
         torch::Tensor tail = out.reshape({-1}).narrow(0, 40000, 25536);
         poison(tail);
       }},
      {"constant", torch::kFloat, 1 << 12, [](torch::Tensor &out) { out.fill_(0.5); }},
      {"f64 off", torch::kDouble, 1 << 18, at(3, -2.0)},
  };
  bool agree = true;
  for (const Case &c : cases) {
    auto options = torch::TensorOptions().dtype(c.type).device(torch::kCUDA);
    torch::manual_seed(1);
    torch::Tensor ref = torch::rand({c.size}, options);
    torch::Tensor out = ref.clone();
    c.fault(out);
    OutputCheck fast = *judge.checkOutput(out, ref, 1e-4, 1e-4);
    OutputCheck slow{countUnwritten(out), compareOutputs(out, ref, 1e-4, 1e-4)};
    bool same = fast.unwritten.count == slow.unwritten.count &&
                fast.unwritten.firstIndex == slow.unwritten.firstIndex &&
                fast.comparison.pass == slow.comparison.pass &&
                fast.comparison.failures == slow.comparison.failures &&
                fast.comparison.maxAbsError == slow.comparison.maxAbsError &&
                fast.comparison.maxRelError == slow.comparison.maxRelError &&
                fast.comparison.worstIndex == slow.comparison.worstIndex &&
                fast.comparison.nanCount == slow.comparison.nanCount &&
                fast.comparison.firstNaNIndex == slow.comparison.firstNaNIndex &&
                fast.comparison.detail == slow.comparison.detail;
    bool sameInputs = *judge.sameBits(out, ref) == bitwiseEqual(out, ref);
    log << (same && sameInputs ? "agree" : "DIFFER") << ": " << c.name << "\n";
    if (!same)
      log << "  one pass: " << fast.unwritten.count << " unwritten, " << fast.comparison.detail
          << "\n  pytorch:  " << slow.unwritten.count << " unwritten, " << slow.comparison.detail
          << "\n";
    agree = agree && same && sameInputs;
  }
  return agree;
}
