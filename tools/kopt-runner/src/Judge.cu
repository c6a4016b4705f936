//===- Judge.cu - the output checks in one pass over the GPU's memory ----===//
//
// Compiled to PTX when kopt-runner is built (nvcc -ptx) and loaded through the Driver API like a
// candidate. One launch reads an output and its reference once and finds everything Check.cpp's
// PyTorch path finds in some thirty passes: elements never written (the poison pattern), elements
// outside the tolerance or not finite, the largest errors, the element furthest beyond its bound,
// and the moments of the constant-output check. Judge.cpp states the result's layout again.
//
//===----------------------------------------------------------------------===//
#include <cstdint>

struct JudgeResult {
  unsigned long long unwritten;      // elements holding the poison pattern
  unsigned long long firstUnwritten; // least such index (starts at ~0)
  unsigned long long failures;       // outside atol + rtol * |ref|, or not finite
  unsigned long long nanCount;       // NaN outputs whose reference is not NaN
  unsigned long long firstNaN;       // least such index (starts at ~0)
  unsigned long long worst;          // ordered excess << 32 | ~index: the max is the worst
  unsigned long long maxAbsBits;     // bits of the largest error (>= 0, so bits order as values)
  unsigned long long maxRelBits;     // bits of the largest error / |ref| where ref is finite, not 0
  double outSum, outSumSq, refSum, refSumSq; // moments of finite elements, shifted
};

namespace {
constexpr int kThreads = 256;

/// Float bits that order like the floats (negatives reversed), so integer max is float max.
__device__ unsigned orderedBits(float value) {
  unsigned bits = __float_as_uint(value);
  return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}

__device__ unsigned long long warpMax(unsigned long long v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v = max(v, __shfl_down_sync(0xffffffffu, v, offset));
  return v;
}
__device__ unsigned long long warpMin(unsigned long long v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v = min(v, __shfl_down_sync(0xffffffffu, v, offset));
  return v;
}
template <typename T> __device__ T warpSum(T v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

/// One thread's share of a JudgeResult, reduced per block before any atomic.
struct Partial : JudgeResult {
  __device__ Partial() {
    unwritten = failures = nanCount = worst = maxAbsBits = maxRelBits = 0;
    firstUnwritten = firstNaN = ~0ull;
    outSum = outSumSq = refSum = refSumSq = 0;
  }

  __device__ void add(double out, double ref, bool poisoned, unsigned long long index,
                      double atol, double rtol, double shiftOut, double shiftRef) {
    if (poisoned) {
      ++unwritten;
      firstUnwritten = min(firstUnwritten, index);
    }
    bool finite = isfinite(out);
    double diff = fabs(out - ref);
    double bound = atol + rtol * fabs(ref);
    // `diff <= bound` is false for NaN; a non-finite output fails even against a non-finite ref.
    if (!(diff <= bound) || !finite)
      ++failures;
    if (isnan(out) && !isnan(ref)) {
      ++nanCount;
      firstNaN = min(firstNaN, index);
    }
    // A NaN where the reference has a value is infinitely wrong; where the reference is NaN
    // there is no distance to measure.
    const double inf = __longlong_as_double(0x7ff0000000000000ll);
    double error = isnan(ref) ? 0.0 : isnan(diff) ? inf : diff;
    maxAbsBits = max(maxAbsBits, (unsigned long long)__double_as_longlong(error));
    if (isfinite(ref) && ref != 0)
      maxRelBits = max(maxRelBits, (unsigned long long)__double_as_longlong(error / fabs(ref)));
    // Non-finite outputs count as infinitely far beyond their bound.
    float excess = finite && !isnan(diff - bound) ? float(diff - bound) : __int_as_float(0x7f800000);
    // Index kept below 2^32 by the host, which launches longer outputs in parts.
    unsigned long long key =
        (unsigned long long)orderedBits(excess) << 32 | (0xffffffffu - unsigned(index));
    worst = max(worst, key);
    if (finite && isfinite(ref)) {
      double o = out - shiftOut, r = ref - shiftRef;
      outSum += o;
      outSumSq += o * o;
      refSum += r;
      refSumSq += r * r;
    }
  }

  /// Adds `other` (another thread's or warp's share) into this one.
  __device__ void merge(const JudgeResult &other) {
    unwritten += other.unwritten;
    failures += other.failures;
    nanCount += other.nanCount;
    firstUnwritten = min(firstUnwritten, other.firstUnwritten);
    firstNaN = min(firstNaN, other.firstNaN);
    worst = max(worst, other.worst);
    maxAbsBits = max(maxAbsBits, other.maxAbsBits);
    maxRelBits = max(maxRelBits, other.maxRelBits);
    outSum += other.outSum;
    outSumSq += other.outSumSq;
    refSum += other.refSum;
    refSumSq += other.refSumSq;
  }

  /// Reduces the block's shares into `result` with one set of atomics per block.
  __device__ void flush(JudgeResult *result) {
    __shared__ JudgeResult warps[kThreads / 32];
    unwritten = warpSum(unwritten);
    failures = warpSum(failures);
    nanCount = warpSum(nanCount);
    firstUnwritten = warpMin(firstUnwritten);
    firstNaN = warpMin(firstNaN);
    worst = warpMax(worst);
    maxAbsBits = warpMax(maxAbsBits);
    maxRelBits = warpMax(maxRelBits);
    outSum = warpSum(outSum);
    outSumSq = warpSum(outSumSq);
    refSum = warpSum(refSum);
    refSumSq = warpSum(refSumSq);
    if (threadIdx.x % 32 == 0)
      warps[threadIdx.x / 32] = *this;
    __syncthreads();
    if (threadIdx.x != 0)
      return;
    Partial total;
    for (int w = 0; w < kThreads / 32; ++w)
      total.merge(warps[w]);
    if (total.unwritten) {
      atomicAdd(&result->unwritten, total.unwritten);
      atomicMin(&result->firstUnwritten, total.firstUnwritten);
    }
    if (total.failures)
      atomicAdd(&result->failures, total.failures);
    if (total.nanCount) {
      atomicAdd(&result->nanCount, total.nanCount);
      atomicMin(&result->firstNaN, total.firstNaN);
    }
    atomicMax(&result->worst, total.worst);
    atomicMax(&result->maxAbsBits, total.maxAbsBits);
    atomicMax(&result->maxRelBits, total.maxRelBits);
    atomicAdd(&result->outSum, total.outSum);
    atomicAdd(&result->outSumSq, total.outSumSq);
    atomicAdd(&result->refSum, total.refSum);
    atomicAdd(&result->refSumSq, total.refSumSq);
  }
};

template <typename T, typename Bits>
__device__ void judge(const T *out, const T *ref, unsigned long long count, double atol,
                      double rtol, Bits poison, double shiftOut, double shiftRef,
                      JudgeResult *result) {
  Partial partial;
  const unsigned long long start = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  const unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  unsigned long long done = 0;
  // f32 four elements at a time, in 16-byte loads, where both tensors allow them: a thread's
  // double arithmetic per element must not leave memory idle.
  if constexpr (sizeof(T) == 4) {
    if (reinterpret_cast<uintptr_t>(out) % 16 == 0 && reinterpret_cast<uintptr_t>(ref) % 16 == 0) {
      const uint4 *out4 = reinterpret_cast<const uint4 *>(out);
      const uint4 *ref4 = reinterpret_cast<const uint4 *>(ref);
      const unsigned long long vectors = count / 4;
      for (unsigned long long v = start; v < vectors; v += stride) {
        uint4 o = out4[v], r = ref4[v];
        const unsigned outBits[4] = {o.x, o.y, o.z, o.w}, refBits[4] = {r.x, r.y, r.z, r.w};
        for (int k = 0; k < 4; ++k)
          partial.add(double(__uint_as_float(outBits[k])), double(__uint_as_float(refBits[k])),
                      outBits[k] == poison, 4 * v + k, atol, rtol, shiftOut, shiftRef);
      }
      done = vectors * 4;
    }
  }
  const Bits *outBits = reinterpret_cast<const Bits *>(out);
  for (unsigned long long i = done + start; i < count; i += stride)
    partial.add(double(out[i]), double(ref[i]), outBits[i] == poison, i, atol, rtol, shiftOut,
                shiftRef);
  partial.flush(result);
}
} // namespace

extern "C" __global__ void __launch_bounds__(kThreads)
    kopt_judge_f32(const float *out, const float *ref, unsigned long long count, double atol,
                   double rtol, unsigned poison, double shiftOut, double shiftRef,
                   JudgeResult *result) {
  judge(out, ref, count, atol, rtol, poison, shiftOut, shiftRef, result);
}

extern "C" __global__ void __launch_bounds__(kThreads)
    kopt_judge_f64(const double *out, const double *ref, unsigned long long count, double atol,
                   double rtol, unsigned long long poison, double shiftOut, double shiftRef,
                   JudgeResult *result) {
  judge(out, ref, count, atol, rtol, poison, shiftOut, shiftRef, result);
}

/// Counts the 32-bit words in which `a` and `b` differ (an input changed by a candidate).
extern "C" __global__ void __launch_bounds__(kThreads)
    kopt_count_differing_words(const uint4 *a, const uint4 *b, unsigned long long vectors,
                               const unsigned *aTail, const unsigned *bTail, unsigned tailWords,
                               unsigned long long *differing) {
  unsigned long long count = 0;
  unsigned long long start = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = start; i < vectors; i += stride) {
    uint4 x = a[i], y = b[i];
    count += (x.x != y.x) + (x.y != y.y) + (x.z != y.z) + (x.w != y.w);
  }
  if (start < tailWords)
    count += aTail[start] != bTail[start];
  count = warpSum(count);
  if (threadIdx.x % 32 == 0 && count)
    atomicAdd(differing, count);
}
