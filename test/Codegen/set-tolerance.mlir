// RUN: kopt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(kb-set-tolerance{preset=loose})' | FileCheck %s
// RUN: kopt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(kb-set-tolerance{preset=loose},kb-lower-to-ptx)' \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=TF32
// RUN: not kopt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(kb-set-tolerance{preset=tight})' 2>&1 | \
// RUN:   FileCheck %s --check-prefix=UNKNOWN

// kb-set-tolerance: the loose preset sets atol = rtol = 1e-2 on every task, at which the matmul
// family's TF32 kernels verify (the kernels are the same at any tolerance; the verdicts are not).

kb.task @mm origin <"KernelBench", level 1, problem 1> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "A" : tensor<256x256xf32> dist(uniform(0.0, 1.0))
  kb.input "B" : tensor<256x256xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<256x256xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<256x256xf32>, %B: tensor<256x256xf32>, %out: tensor<256x256xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<256x256xf32>) -> tensor<256x256xf32>
    %r = linalg.matmul ins(%A, %B : tensor<256x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<256x256xf32>) -> tensor<256x256xf32>
    kb.yield %r : tensor<256x256xf32>
  }
}
kb.candidate @tc of @mm policy decisions {tf32 = true, stages = 2, block_k = 32}

// CHECK: kb.task @mm {{.*}}tolerance(atol 0.01, rtol 0.01)
// TF32: kb.candidate @tc {{.*}}mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// UNKNOWN: error: kb-set-tolerance: unknown preset 'tight' (kernelbench or loose)

// -----

// Candidates compiled under the task's own tolerance stop it.

// expected-error @below {{kb-set-tolerance: task @relu has candidates compiled or judged under its tolerance; set the tolerance before kb-lower-to-ptx}}
kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<64xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<64xf32>, %out: tensor<64xf32>) {
    kb.yield %x : tensor<64xf32>
  }
}
kb.candidate @judged of @relu manual source "__global__ void k() {}" verdict <compile_error, "no">
