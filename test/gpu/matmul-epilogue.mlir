// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// Epilogues that read task buffers beside the result (a bias per column, a scale per row, a
// residual), correct at extents no tile divides with the f32 kernel's pipelines (tiles in static
// and, past 48 KiB, dynamic shared memory), the TF32 mma.sync and wgmma kernels, and split_k
// (ordered: these epilogues are not additive).

kb.task @linear tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<301x130xf32> dist(uniform(-1.0, 1.0))
  kb.input "w" : tensor<203x130xf32> dist(uniform(-1.0, 1.0))
  kb.input "bias" : tensor<203xf32> dist(uniform(-1.0, 1.0))
  kb.output "y" : tensor<301x203xf32>
  kb.reference "return torch.relu(torch.addmm(bias, x, w.t()))"
  kb.payload(%x: tensor<301x130xf32>, %w: tensor<203x130xf32>, %bias: tensor<203xf32>, %y: tensor<301x203xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<301x203xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<301x203xf32>) -> tensor<301x203xf32>
    %xw = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                         affine_map<(m, n, k) -> (n, k)>,
                                         affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %w : tensor<301x130xf32>, tensor<203x130xf32>) outs(%acc : tensor<301x203xf32>) -> tensor<301x203xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%xw, %bias : tensor<301x203xf32>, tensor<203xf32>) outs(%y : tensor<301x203xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %s = arith.addf %v, %b : f32
      %t = arith.maximumf %s, %zero : f32
      linalg.yield %t : f32
    } -> tensor<301x203xf32>
    kb.yield %r : tensor<301x203xf32>
  }
}
kb.candidate @linear_async of @linear policy decisions {block_m = 64, block_n = 64, block_k = 16, cp_async = true, stages = 3}
kb.candidate @linear_prefetch of @linear policy decisions {block_m = 32, block_n = 128, block_k = 8, thread_m = 4, thread_n = 8, stages = 2}
kb.candidate @linear_split of @linear policy decisions {block_m = 32, block_n = 32, block_k = 16, split_k = 4}
kb.candidate @linear_wide of @linear policy decisions {block_m = 256, block_n = 128, block_k = 16, thread_m = 16, thread_n = 8, unroll_k = 4, cp_async = true, stages = 3}
// CHECK: kb.candidate @linear_async of @linear {{.*}}verdict <correct
// CHECK: kb.candidate @linear_prefetch of @linear {{.*}}verdict <correct
// CHECK: kb.candidate @linear_split of @linear {{.*}}verdict <correct
// CHECK: kb.candidate @linear_wide of @linear {{.*}}verdict <correct

kb.task @scaled_residual tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<3x97x52xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<3x52x131xf32> dist(uniform(0.0, 1.0))
  kb.input "scale" : tensor<3x97xf32> dist(uniform(0.0, 1.0))
  kb.input "res" : tensor<3x97x131xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<3x97x131xf32>
  kb.reference "return torch.bmm(a, b) * scale.unsqueeze(-1) + res"
  kb.payload(%a: tensor<3x97x52xf32>, %b: tensor<3x52x131xf32>, %scale: tensor<3x97xf32>, %res: tensor<3x97x131xf32>, %c: tensor<3x97x131xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3x97x131xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<3x97x131xf32>) -> tensor<3x97x131xf32>
    %ab = linalg.batch_matmul ins(%a, %b : tensor<3x97x52xf32>, tensor<3x52x131xf32>) outs(%acc : tensor<3x97x131xf32>) -> tensor<3x97x131xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, i, j) -> (n, i, j)>, affine_map<(n, i, j) -> (n, i)>,
                                          affine_map<(n, i, j) -> (n, i, j)>, affine_map<(n, i, j) -> (n, i, j)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%ab, %scale, %res : tensor<3x97x131xf32>, tensor<3x97xf32>, tensor<3x97x131xf32>) outs(%c : tensor<3x97x131xf32>) {
    ^bb0(%v: f32, %s: f32, %q: f32, %o: f32):
      %p = arith.mulf %v, %s : f32
      %t = arith.addf %p, %q : f32
      linalg.yield %t : f32
    } -> tensor<3x97x131xf32>
    kb.yield %r : tensor<3x97x131xf32>
  }
}
kb.candidate @residual_mma of @scaled_residual policy decisions {block_m = 64, block_n = 64, block_k = 16, tf32 = true, stages = 2}
kb.candidate @residual_wgmma of @scaled_residual policy decisions {block_m = 64, block_n = 128, block_k = 16, tf32 = true, wgmma = true, stages = 2}
kb.candidate @residual_simt of @scaled_residual policy decisions {block_m = 64, block_n = 32, block_k = 8, stages = 1}
// CHECK: kb.candidate @residual_mma of @scaled_residual {{.*}}verdict <correct
// CHECK: kb.candidate @residual_wgmma of @scaled_residual {{.*}}verdict <correct
kb.candidate @residual_split of @scaled_residual policy decisions {block_m = 32, block_n = 64, block_k = 16, split_k = 4}
// CHECK: kb.candidate @residual_simt of @scaled_residual {{.*}}verdict <correct
// CHECK: kb.candidate @residual_split of @scaled_residual {{.*}}verdict <correct
