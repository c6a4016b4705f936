// 64 live accumulators under a 32-register limit (__launch_bounds__(1024, 2)): ptxas spills.
extern "C" __global__ void __launch_bounds__(1024, 2) spill_acc(const float *x, float *out, int n) {
  float acc[64];
#pragma unroll
  for (int j = 0; j < 64; ++j) acc[j] = x[j * n + threadIdx.x];
  for (int k = 0; k < n; ++k) {
#pragma unroll
    for (int j = 0; j < 64; ++j) acc[j] = acc[j] * acc[(j + k) & 63] + x[k * 64 + j];
  }
#pragma unroll
  for (int j = 0; j < 64; ++j) out[j * n + threadIdx.x] = acc[j];
}
