// A copy staged through shared memory with cp.async (__pipeline_memcpy_async).
#include <cuda_pipeline.h>
extern "C" __global__ void copy_cp_async(const float4 *x, float4 *out, long n) {
  __shared__ float4 stage[256];
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  __pipeline_memcpy_async(&stage[threadIdx.x], &x[i], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[i] = stage[blockDim.x - 1 - threadIdx.x];
}
