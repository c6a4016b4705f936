// Host implementations of ReLU over 32 floats for host_check: kopt_host_entry gets the buffers'
// addresses, inputs then outputs. -DVARIANT picks a correct one or one of the faults.
void kopt_host_entry(void **buffers) {
  const float *x = buffers[0];
  float *out = buffers[1];
  for (int i = 0; i < 32; ++i) {
#if VARIANT == 0
    out[i] = x[i] > 0 ? x[i] : 0;
#elif VARIANT == 1
    out[i] = x[i] < 0 ? x[i] : 0; // the wrong side
#elif VARIANT == 2
    if (i < 31) out[i] = x[i] > 0 ? x[i] : 0; // the last element never written
#endif
  }
}
