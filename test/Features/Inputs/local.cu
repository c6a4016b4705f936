// A per-thread array indexed by data: it lives in local memory (the stack).
extern "C" __global__ void histogram_local(const int *x, int *out, long n) {
  int bins[32] = {};
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  for (long j = i; j < n; j += (long)gridDim.x * blockDim.x)
    ++bins[x[j] & 31];
  for (int b = 0; b < 32; ++b)
    atomicAdd(&out[b], bins[b]);
}
