// Tries to leave the timing stream: a device-side launch of its work into a fire-and-forget
// stream. kopt-runner links no device runtime, so the module must fail to load.
// Built separately from adversarial.cu so that its failure does not take the others down.
extern "C" __global__ void relu_child(const float *x, float *out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = x[i] > 0.f ? x[i] : 0.f;
}

extern "C" __global__ void side_stream(const float *x, float *out, long n) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    relu_child<<<(n + 255) / 256, 256, 0, cudaStreamFireAndForget>>>(x, out, n);
}
