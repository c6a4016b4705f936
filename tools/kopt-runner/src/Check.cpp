//===- Check.cpp - judging a candidate's outputs -------------------------===//
#include "Check.h"

#include <cmath>
#include <sstream>

using namespace kopt::runner;

namespace {
/// The integer type of the same width, to read and write a tensor's bits.
torch::ScalarType bitsType(torch::ScalarType type) {
  switch (c10::elementSize(type)) {
  case 1:
    return torch::kUInt8;
  case 2:
    return torch::kInt16;
  case 4:
    return torch::kInt32;
  default:
    return torch::kInt64;
  }
}

} // namespace

int64_t kopt::runner::poisonBits(torch::ScalarType type) {
  switch (type) {
  case torch::kFloat:
    return 0x7FC0DEAD;
  case torch::kDouble:
    return 0x7FF8DEADDEADDEADLL;
  case torch::kHalf:
    return 0x7E5A;
  case torch::kBFloat16:
    return 0x7FDA;
  case torch::kBool:
    return 0xAB; // not a valid bool
  case torch::kByte: // also scratch buffers
    return 0xA5;
  case torch::kChar:
    return 0x5A;
  case torch::kShort:
    return 0x5EAD;
  case torch::kInt:
    return 0x5EADBEEF;
  default:
    return 0x5EADBEEF5EADBEEFLL;
  }
}

namespace {
torch::Tensor bitsOf(const torch::Tensor &t) {
  return t.contiguous().view(bitsType(t.scalar_type())).reshape({-1});
}
} // namespace

void kopt::runner::poison(torch::Tensor &t) {
  torch::Tensor bits = t.view(bitsType(t.scalar_type()));
  int64_t pattern = poisonBits(t.scalar_type());
  // 16-bit patterns above INT16_MAX are written as their negative two's complement.
  if (bits.scalar_type() == torch::kInt16 && pattern > 0x7FFF)
    pattern -= 0x10000;
  bits.fill_(pattern);
}

UnwrittenCount kopt::runner::countUnwritten(const torch::Tensor &t) {
  torch::Tensor probe = torch::empty({1}, t.options());
  poison(probe);
  torch::Tensor hits = bitsOf(t) == bitsOf(probe)[0];
  UnwrittenCount result;
  result.count = hits.sum().item<int64_t>();
  if (result.count)
    result.firstIndex = hits.nonzero()[0][0].item<int64_t>();
  return result;
}

bool kopt::runner::bitwiseEqual(const torch::Tensor &a, const torch::Tensor &b) {
  return a.sizes() == b.sizes() && a.scalar_type() == b.scalar_type() &&
         torch::equal(bitsOf(a), bitsOf(b));
}

std::string kopt::runner::formatIndex(int64_t flat, c10::IntArrayRef shape) {
  std::vector<int64_t> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
  std::ostringstream os;
  os << '[';
  for (size_t d = 0; d < index.size(); ++d)
    os << (d ? ", " : "") << index[d];
  os << ']';
  return os.str();
}

namespace {
/// Running sums for a standard deviation over chunks, shifted by the first value so that a large
/// mean does not cancel a small spread.
struct Moments {
  double n = 0, sum = 0, sumSq = 0, shift = 0;
  void add(const torch::Tensor &x) {
    if (n == 0 && x.numel())
      shift = x[0].item<double>();
    torch::Tensor d = x - shift;
    n += x.numel();
    sum += d.sum().item<double>();
    sumSq += (d * d).sum().item<double>();
  }
};
} // namespace

double kopt::runner::shiftedStd(double n, double sum, double sumSq) {
  if (n < 2)
    return 0;
  double mean = sum / n;
  return std::sqrt(std::max(0.0, (sumSq - n * mean * mean) / (n - 1)));
}

ComparisonStats kopt::runner::compareElements(const torch::Tensor &outFlat,
                                              const torch::Tensor &refFlat, double atol,
                                              double rtol) {
  ComparisonStats stats;
  const int64_t numel = outFlat.numel();
  // Chunks bound the float64 temporaries: large outputs are several GB.
  const int64_t chunk = int64_t(1) << 26;
  double worstExcess = -INFINITY;
  Moments outMoments, refMoments;
  bool finiteOutputs = true;
  for (int64_t begin = 0; begin < numel; begin += chunk) {
    int64_t end = std::min(numel, begin + chunk);
    torch::Tensor o = outFlat.slice(0, begin, end).to(torch::kDouble);
    torch::Tensor r = refFlat.slice(0, begin, end).to(torch::kDouble);
    torch::Tensor finite = torch::isfinite(o);
    torch::Tensor diff = (o - r).abs();
    torch::Tensor bound = atol + rtol * r.abs();
    // `diff <= bound` is false for NaN; a non-finite output fails even against a non-finite ref.
    torch::Tensor bad = (diff <= bound).logical_not() | finite.logical_not();
    stats.failures += bad.sum().item<int64_t>();
    // A NaN where the reference has a value is infinitely wrong, not left out of the maximum;
    // where the reference itself is NaN there is no distance to measure.
    torch::Tensor refNaN = torch::isnan(r);
    torch::Tensor wrongNaN = torch::isnan(o).logical_and(refNaN.logical_not());
    if (int64_t count = wrongNaN.sum().item<int64_t>()) {
      if (!stats.nanCount)
        stats.firstNaNIndex = begin + wrongNaN.nonzero()[0][0].item<int64_t>();
      stats.nanCount += count;
    }
    torch::Tensor error = torch::where(refNaN, torch::zeros_like(diff),
                                       torch::where(torch::isnan(diff),
                                                    torch::full_like(diff, INFINITY), diff));
    stats.maxAbsError = std::max(stats.maxAbsError, error.max().item<double>());
    torch::Tensor relative = torch::isfinite(r).logical_and(r != 0);
    if (relative.any().item<bool>())
      stats.maxRelError = std::max(
          stats.maxRelError,
          (error.masked_select(relative) / r.abs().masked_select(relative)).max().item<double>());
    // How far each element is beyond its bound; non-finite outputs count as infinitely far.
    torch::Tensor excess = torch::where(finite, diff - bound, torch::full_like(diff, INFINITY));
    excess = torch::where(torch::isnan(excess), torch::full_like(excess, INFINITY), excess);
    int64_t worst = excess.argmax().item<int64_t>();
    double value = excess[worst].item<double>();
    if (value > worstExcess) {
      worstExcess = value;
      stats.worstIndex = begin + worst;
    }
    finiteOutputs = finiteOutputs && finite.all().item<bool>();
    if (finiteOutputs) {
      outMoments.add(o);
      refMoments.add(r);
    }
  }
  stats.outStd = shiftedStd(outMoments.n, outMoments.sum, outMoments.sumSq);
  stats.refStd = shiftedStd(refMoments.n, refMoments.sum, refMoments.sumSq);
  return stats;
}

Comparison kopt::runner::concludeComparison(const ComparisonStats &stats, const torch::Tensor &out,
                                            const torch::Tensor &ref, double atol, double rtol) {
  Comparison c;
  c.maxAbsError = stats.maxAbsError;
  c.maxRelError = stats.maxRelError;
  c.failures = stats.failures;
  c.nanCount = stats.nanCount;
  c.firstNaNIndex = stats.firstNaNIndex;
  const int64_t numel = out.numel();
  if (c.failures) {
    c.pass = false;
    c.worstIndex = stats.worstIndex;
    double worstOut = out.reshape({-1})[c.worstIndex].item<double>();
    double worstRef = ref.reshape({-1})[c.worstIndex].item<double>();
    std::ostringstream os;
    os << c.failures << " of " << numel << " elements outside atol " << atol << " + rtol " << rtol
       << " * |ref|; worst at " << formatIndex(c.worstIndex, out.sizes()) << ": got " << worstOut
       << ", expected " << worstRef << "; max abs error " << c.maxAbsError
       << ", max rel error " << c.maxRelError;
    if (c.nanCount)
      os << "; " << c.nanCount << " NaN where the reference is not, the first at "
         << formatIndex(c.firstNaNIndex, out.sizes());
    c.detail = os.str();
    return c;
  }
  // A constant output can pass a loose tolerance where the reference is nearly constant too
  // (softmax over a wide row, normalised vectors): it still is not the function.
  if (numel > 1 && stats.refStd > 0 && stats.outStd <= 1e-3 * stats.refStd) {
    c.pass = false;
    std::ostringstream os;
    os << "output is (near) constant (std " << stats.outStd << ") where the reference varies (std "
       << stats.refStd << ")";
    c.detail = os.str();
  }
  return c;
}

Comparison kopt::runner::compareOutputs(const torch::Tensor &out, const torch::Tensor &ref,
                                        double atol, double rtol) {
  if (out.sizes() != ref.sizes()) {
    Comparison c;
    c.pass = false;
    std::ostringstream os;
    os << "output shape " << out.sizes() << " differs from the reference's " << ref.sizes();
    c.detail = os.str();
    return c;
  }
  ComparisonStats stats = compareElements(out.reshape({-1}), ref.reshape({-1}), atol, rtol);
  return concludeComparison(stats, out, ref, atol, rtol);
}
