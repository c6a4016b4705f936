// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir bias_relu | FileCheck %s --check-prefix=BIAS
// RUN: %extract-ptx %t.mlir bias_split | FileCheck %s --check-prefix=ORDERED
// RUN: %extract-ptx %t.mlir computed | FileCheck %s --check-prefix=COMPUTED
// RUN: kopt %S/../../tasks/epilogue/linear_bias_relu.mlir 2>/dev/null --pass-pipeline='builtin.module(kb-sample{n=4 seed=1 policy=uniform},kb-lower-to-ptx)' | FileCheck %s --check-prefix=TASK

// tasks/epilogue/linear_bias_relu.mlir (GEMM + bias + ReLU at 6001 x 1001): every draw compiles,
// and its last kernel reads the bias and writes the output: the matmul's own, or with split_k (in
// order: the epilogue is not additive) the one that adds the splits' partials.
// TASK-COUNT-4: kb.candidate {{.*}}ptx {{.*}}{{<"linear_bias_relu(_sum)?", [^>]*args = \[("x", "W", )?"b", "out"(, "scratch0")?\]>\]}}

// Epilogues that read task buffers beside the result: a bias per column (a linear layer), a scale
// per row and a residual. The kernel reads each at the output position's projection as it
// stores, so the result goes to memory once.

kb.task @linear tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<37x50xf32> dist(uniform(-1.0, 1.0))
  kb.input "w" : tensor<45x50xf32> dist(uniform(-1.0, 1.0))
  kb.input "bias" : tensor<45xf32> dist(uniform(-1.0, 1.0))
  kb.output "y" : tensor<37x45xf32>
  kb.reference "return torch.relu(torch.addmm(bias, x, w.t()))"
  kb.payload(%x: tensor<37x50xf32>, %w: tensor<45x50xf32>, %bias: tensor<45xf32>, %y: tensor<37x45xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<37x45xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<37x45xf32>) -> tensor<37x45xf32>
    %xw = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                         affine_map<(m, n, k) -> (n, k)>,
                                         affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %w : tensor<37x50xf32>, tensor<45x50xf32>) outs(%acc : tensor<37x45xf32>) -> tensor<37x45xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%xw, %bias : tensor<37x45xf32>, tensor<45xf32>) outs(%y : tensor<37x45xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %s = arith.addf %v, %b : f32
      %t = arith.maximumf %s, %zero : f32
      linalg.yield %t : f32
    } -> tensor<37x45xf32>
    kb.yield %r : tensor<37x45xf32>
  }
}
// The bias is a kernel parameter; one kernel, no temporary.
// CHECK-LABEL: kb.candidate @bias_relu of @linear policy
// CHECK-SAME:    launch <[<"linear", grid = [4, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "w", "bias", "y"]>]>
kb.candidate @bias_relu of @linear policy decisions {block_m = 32, block_n = 32, block_k = 16, thread_m = 4, thread_n = 4}
// BIAS-LABEL: .entry linear(
// BIAS:       fma.rn.f32
// BIAS:       ld.global.b32
// BIAS:       max.NaN.f32
// BIAS:       st.global.b32 [
// 45 columns take no vector stores, and w's tile runs along K: a thread's columns are 8 apart
// (the block's 8 thread columns interleaved), so that a warp stores consecutive columns.
// BIAS:       ld.global.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+32];
// BIAS:       st.global.b32 [{{%rd[0-9]+}}+32]
// Atomic split-K would add the bias once per split and cannot apply a ReLU to partial sums: an
// epilogue not additive in the accumulator splits in order. Each of the 4 splits stores its
// partial tile to scratch (37 x 45 floats a split), and linear_sum adds the four in split order and
// applies bias and ReLU.
// CHECK-LABEL: kb.candidate @bias_split of @linear policy
// CHECK-SAME:    launch <[<"linear", grid = [4, 1, 4], {{.*}}args = ["x", "w", "scratch0"]>, <"linear_sum", grid = [7, 1, 1], block = [256, 1, 1], smem = 0, args = ["bias", "y", "scratch0"]>], scratch = [26640]>
kb.candidate @bias_split of @linear policy decisions {block_m = 32, block_n = 32, block_k = 16, thread_m = 4, thread_n = 4, split_k = 4}
// ORDERED-NOT:   .entry linear_init
// ORDERED-LABEL: .entry linear(
// ORDERED-NOT:   {{(red|atom)}}.{{.*}}global.add.f32
// ORDERED:       st.global.b32
// ORDERED-NOT:   {{(red|atom)}}.{{.*}}global.add.f32
// ORDERED-LABEL: .entry linear_sum(
// ORDERED-COUNT-4: ld.global.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}{{(\+[0-9]+)?}}];
// ORDERED:       add.rn.f32
// ORDERED:       max.NaN.f32
// ORDERED:       st.global.b32

// A scale per row and a residual, batched, through the TF32 mma.sync kernel.
kb.task @scaled_residual tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<3x40x24xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<3x24x72xf32> dist(uniform(0.0, 1.0))
  kb.input "scale" : tensor<3x40xf32> dist(uniform(0.0, 1.0))
  kb.input "res" : tensor<3x40x72xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<3x40x72xf32>
  kb.reference "return torch.bmm(a, b) * scale.unsqueeze(-1) + res"
  kb.payload(%a: tensor<3x40x24xf32>, %b: tensor<3x24x72xf32>, %scale: tensor<3x40xf32>, %res: tensor<3x40x72xf32>, %c: tensor<3x40x72xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3x40x72xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<3x40x72xf32>) -> tensor<3x40x72xf32>
    %ab = linalg.batch_matmul ins(%a, %b : tensor<3x40x24xf32>, tensor<3x24x72xf32>) outs(%acc : tensor<3x40x72xf32>) -> tensor<3x40x72xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, i, j) -> (n, i, j)>, affine_map<(n, i, j) -> (n, i)>,
                                          affine_map<(n, i, j) -> (n, i, j)>, affine_map<(n, i, j) -> (n, i, j)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%ab, %scale, %res : tensor<3x40x72xf32>, tensor<3x40xf32>, tensor<3x40x72xf32>) outs(%c : tensor<3x40x72xf32>) {
    ^bb0(%v: f32, %s: f32, %q: f32, %o: f32):
      %p = arith.mulf %v, %s : f32
      %t = arith.addf %p, %q : f32
      linalg.yield %t : f32
    } -> tensor<3x40x72xf32>
    kb.yield %r : tensor<3x40x72xf32>
  }
}
// CHECK-LABEL: kb.candidate @scaled_mma of @scaled_residual policy
// CHECK-SAME:    launch <[<"scaled_residual", grid = [4, 3, 1], {{.*}}args = ["a", "b", "scale", "res", "c"]>]>
kb.candidate @scaled_mma of @scaled_residual policy decisions {block_m = 32, block_n = 64, block_k = 8, tf32 = true}

// A value the payload computes elementwise from a task buffer (exp of the bias) is fused into the
// epilogue before the family sees it: the kernel computes it as it stores.
kb.task @computed_bias tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x16xf32> dist(uniform(-1.0, 1.0))
  kb.input "w" : tensor<16x16xf32> dist(uniform(-1.0, 1.0))
  kb.input "bias" : tensor<16xf32> dist(uniform(-1.0, 1.0))
  kb.output "y" : tensor<16x16xf32>
  kb.reference "return x @ w + torch.exp(bias)"
  kb.payload(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %bias: tensor<16xf32>, %y: tensor<16x16xf32>) {
    %zero = arith.constant 0.0 : f32
    %eb = tensor.empty() : tensor<16xf32>
    %expb = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> (j)>],
                            iterator_types = ["parallel"]}
        ins(%bias : tensor<16xf32>) outs(%eb : tensor<16xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = math.exp %v : f32
      linalg.yield %t : f32
    } -> tensor<16xf32>
    %e = tensor.empty() : tensor<16x16xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
    %xw = linalg.matmul ins(%x, %w : tensor<16x16xf32>, tensor<16x16xf32>) outs(%acc : tensor<16x16xf32>) -> tensor<16x16xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%xw, %expb : tensor<16x16xf32>, tensor<16xf32>) outs(%y : tensor<16x16xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %s = arith.addf %v, %b : f32
      linalg.yield %s : f32
    } -> tensor<16x16xf32>
    kb.yield %r : tensor<16x16xf32>
  }
}
// CHECK-LABEL: kb.candidate @computed of @computed_bias policy
// CHECK-SAME:    launch <[<"computed_bias", grid = [1, 1, 1], {{.*}}args = ["x", "w", "bias", "y"]>]>
kb.candidate @computed of @computed_bias policy decisions {block_m = 32, block_n = 32}
// COMPUTED-LABEL: .entry computed_bias(
// COMPUTED:       fma.rn.f32
// COMPUTED:       ex2.approx
// COMPUTED:       st.global

// The result read transposed is not an epilogue on it: each output would need another block's
// accumulators.
kb.task @transposed_result tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x16xf32> dist(uniform(-1.0, 1.0))
  kb.input "w" : tensor<16x16xf32> dist(uniform(-1.0, 1.0))
  kb.output "y" : tensor<16x16xf32>
  kb.reference "return (x @ w).T"
  kb.payload(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>, %y: tensor<16x16xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<16x16xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
    %xw = linalg.matmul ins(%x, %w : tensor<16x16xf32>, tensor<16x16xf32>) outs(%acc : tensor<16x16xf32>) -> tensor<16x16xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%xw : tensor<16x16xf32>) outs(%y : tensor<16x16xf32>) {
    ^bb0(%v: f32, %o: f32):
      linalg.yield %v : f32
    } -> tensor<16x16xf32>
    kb.yield %r : tensor<16x16xf32>
  }
}
// CHECK-LABEL: kb.candidate @transposed of @transposed_result policy
// CHECK-SAME:    verdict <compile_error, "{{.*}}not in the matmul family: 'linalg.generic' is neither the fill of the accumulator nor an elementwise epilogue on the result (and on task buffers it broadcasts)
kb.candidate @transposed of @transposed_result policy decisions {block_m = 32, block_n = 32}
