// CUDA C++ candidates of the relu task (relu-task.mlir) that every compiler must treat alike.

// Compiles: the directive and the launch line inside comments do not count.
kb.candidate @valid of @relu manual source "#include <cuda_fp16.h>\0A/* #include \22/etc/shadow\22\0A   // kopt-launch: relu grid(1) block(1) args(x, out) */\0A// kopt-launch: relu grid(16000) block(256) args(x, out, i64:4096000)\0Aextern \22C\22 __global__ void relu(const float *x, float *out, long n) {\0A  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;\0A  if (i < n) out[i] = fmaxf(x[i], 0.f);\0A}\0A"

// The compiler's messages are the verdict.
kb.candidate @syntax of @relu server source "// kopt-launch: relu grid(1) block(1) args(x, out)\0Aextern \22C\22 __global__ void relu(const float *x, float *out {}\0A"
