// Candidates for a ReLU task (x: 1024 x 4096 f32) that try to fool an evaluator, and two honest
// ones. Each entry is launched as <<<4096, 256>>> with (x, out, n = 4194304).
// adversarial.mlir is made from this file by gen-adversarial.sh.

#define GRID_STRIDE(i, n)                                                                  \
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < (n);                      \
       i += (long)gridDim.x * blockDim.x)

extern "C" __global__ void relu(const float *x, float *out, long n) {
  GRID_STRIDE(i, n) out[i] = x[i] > 0.f ? x[i] : 0.f;
}

extern "C" __global__ void relu_vec4(const float4 *x, float4 *out, long n) {
  GRID_STRIDE(i, n / 4) {
    float4 v = x[i];
    out[i] = make_float4(fmaxf(v.x, 0.f), fmaxf(v.y, 0.f), fmaxf(v.z, 0.f), fmaxf(v.w, 0.f));
  }
}

// Writes nothing: passes only where the output buffer still holds the right answer.
extern "C" __global__ void stale_output(const float *x, float *out, long n) {}

// Writes the first half only.
extern "C" __global__ void partial_write(const float *x, float *out, long n) {
  GRID_STRIDE(i, n / 2) out[i] = x[i] > 0.f ? x[i] : 0.f;
}

// The identity: right for inputs in [0, 1), wrong for signed ones.
extern "C" __global__ void identity(const float *x, float *out, long n) {
  GRID_STRIDE(i, n) out[i] = x[i];
}

// Right output, but clobbers its input (the reference, run after it, would see other data).
extern "C" __global__ void mutate_input(float *x, float *out, long n) {
  GRID_STRIDE(i, n) {
    out[i] = x[i] > 0.f ? x[i] : 0.f;
    x[i] = 0.f;
  }
}

// Writes far outside any allocation: an illegal address that kills the CUDA context.
extern "C" __global__ void out_of_bounds(const float *x, float *out, long n) {
  GRID_STRIDE(i, n) out[i + (1L << 40)] = x[i];
}

// Never returns.
extern "C" __global__ void infinite_loop(const float *x, float *out, long n) {
  volatile int spin = 1;
  while (spin) {
  }
}

// NaN everywhere.
extern "C" __global__ void nan_output(const float *x, float *out, long n) {
  GRID_STRIDE(i, n) out[i] = __int_as_float(0x7fc00000);
}

// Computes on its first call only and skips the work afterwards, as a kernel that caches results
// across calls would.
__device__ int calls;
extern "C" __global__ void cache_across_calls(const float *x, float *out, long n) {
  __shared__ int first;
  if (threadIdx.x == 0)
    first = atomicAdd(&calls, 0) == 0;
  __syncthreads();
  if (first)
    GRID_STRIDE(i, n) out[i] = x[i] > 0.f ? x[i] : 0.f;
  __syncthreads();
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0)
    atomicAdd(&calls, 1);
}
