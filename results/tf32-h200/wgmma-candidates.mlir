// Hand-picked TF32 candidates of results/tf32-h200/wgmma.md: the 4096^3 matmul (mma.sync baseline and
// every wgmma block shape, block_k and stage count), and four small tasks whose wgmma kernels must
// be correct on ragged, transposed-B and batched shapes.
kb.task @square_tf32 tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "A" : tensor<4096x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<4096x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<4096x4096xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>, %out: tensor<4096x4096xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%out : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %1 = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%0 : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    kb.yield %1 : tensor<4096x4096xf32>
  }
}
kb.task @ragged tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<150x36xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<36x203xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<150x203xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<150x36xf32>, %b: tensor<36x203xf32>, %c: tensor<150x203xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%c : tensor<150x203xf32>) -> tensor<150x203xf32>
    %1 = linalg.matmul ins(%a, %b : tensor<150x36xf32>, tensor<36x203xf32>) outs(%0 : tensor<150x203xf32>) -> tensor<150x203xf32>
    kb.yield %1 : tensor<150x203xf32>
  }
}
kb.task @even tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<256x96xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<96x320xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<256x320xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<256x96xf32>, %b: tensor<96x320xf32>, %c: tensor<256x320xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%c : tensor<256x320xf32>) -> tensor<256x320xf32>
    %1 = linalg.matmul ins(%a, %b : tensor<256x96xf32>, tensor<96x320xf32>) outs(%0 : tensor<256x320xf32>) -> tensor<256x320xf32>
    kb.yield %1 : tensor<256x320xf32>
  }
}
kb.task @b_transposed tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<200x72xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<136x72xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<200x136xf32>
  kb.reference "return a @ b.T"
  kb.payload(%a: tensor<200x72xf32>, %b: tensor<136x72xf32>, %c: tensor<200x136xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%c : tensor<200x136xf32>) -> tensor<200x136xf32>
    %1 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<200x72xf32>, tensor<136x72xf32>) outs(%0 : tensor<200x136xf32>) -> tensor<200x136xf32>
    kb.yield %1 : tensor<200x136xf32>
  }
}
kb.task @batched tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<3x100x68xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<3x68x72xf32> dist(uniform(-0.5, 1.0))
  kb.output "c" : tensor<3x100x72xf32>
  kb.reference "return torch.bmm(a, b)"
  kb.payload(%a: tensor<3x100x68xf32>, %b: tensor<3x68x72xf32>, %c: tensor<3x100x72xf32>) {
    %z = arith.constant 0.0 : f32
    %0 = linalg.fill ins(%z : f32) outs(%c : tensor<3x100x72xf32>) -> tensor<3x100x72xf32>
    %1 = linalg.batch_matmul ins(%a, %b : tensor<3x100x68xf32>, tensor<3x68x72xf32>) outs(%0 : tensor<3x100x72xf32>) -> tensor<3x100x72xf32>
    kb.yield %1 : tensor<3x100x72xf32>
  }
}
kb.candidate @base_128x128_k32_s2 of @square_tf32 policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = false}
kb.candidate @wg_64x64_k16_s1 of @square_tf32 policy decisions {block_m = 64, block_n = 64, block_k = 16, stages = 1, tf32 = true, wgmma = true}
kb.candidate @wg_64x64_k16_s2 of @square_tf32 policy decisions {block_m = 64, block_n = 64, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @wg_64x64_k16_s3 of @square_tf32 policy decisions {block_m = 64, block_n = 64, block_k = 16, stages = 3, tf32 = true, wgmma = true}
kb.candidate @wg_64x64_k32_s1 of @square_tf32 policy decisions {block_m = 64, block_n = 64, block_k = 32, stages = 1, tf32 = true, wgmma = true}
kb.candidate @wg_64x64_k32_s2 of @square_tf32 policy decisions {block_m = 64, block_n = 64, block_k = 32, stages = 2, tf32 = true, wgmma = true}
kb.candidate @wg_64x64_k32_s3 of @square_tf32 policy decisions {block_m = 64, block_n = 64, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @wg_64x128_k16_s1 of @square_tf32 policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 1, tf32 = true, wgmma = true}
kb.candidate @wg_64x128_k16_s2 of @square_tf32 policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @wg_64x128_k16_s3 of @square_tf32 policy decisions {block_m = 64, block_n = 128, block_k = 16, stages = 3, tf32 = true, wgmma = true}
kb.candidate @wg_64x128_k32_s1 of @square_tf32 policy decisions {block_m = 64, block_n = 128, block_k = 32, stages = 1, tf32 = true, wgmma = true}
kb.candidate @wg_64x128_k32_s2 of @square_tf32 policy decisions {block_m = 64, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true}
kb.candidate @wg_64x128_k32_s3 of @square_tf32 policy decisions {block_m = 64, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @wg_128x64_k16_s1 of @square_tf32 policy decisions {block_m = 128, block_n = 64, block_k = 16, stages = 1, tf32 = true, wgmma = true}
kb.candidate @wg_128x64_k16_s2 of @square_tf32 policy decisions {block_m = 128, block_n = 64, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @wg_128x64_k16_s3 of @square_tf32 policy decisions {block_m = 128, block_n = 64, block_k = 16, stages = 3, tf32 = true, wgmma = true}
kb.candidate @wg_128x64_k32_s1 of @square_tf32 policy decisions {block_m = 128, block_n = 64, block_k = 32, stages = 1, tf32 = true, wgmma = true}
kb.candidate @wg_128x64_k32_s2 of @square_tf32 policy decisions {block_m = 128, block_n = 64, block_k = 32, stages = 2, tf32 = true, wgmma = true}
kb.candidate @wg_128x64_k32_s3 of @square_tf32 policy decisions {block_m = 128, block_n = 64, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @wg_128x128_k16_s1 of @square_tf32 policy decisions {block_m = 128, block_n = 128, block_k = 16, stages = 1, tf32 = true, wgmma = true}
kb.candidate @wg_128x128_k16_s2 of @square_tf32 policy decisions {block_m = 128, block_n = 128, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @wg_128x128_k16_s3 of @square_tf32 policy decisions {block_m = 128, block_n = 128, block_k = 16, stages = 3, tf32 = true, wgmma = true}
kb.candidate @wg_128x128_k32_s1 of @square_tf32 policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 1, tf32 = true, wgmma = true}
kb.candidate @wg_128x128_k32_s2 of @square_tf32 policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true}
kb.candidate @wg_128x128_k32_s3 of @square_tf32 policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}
kb.candidate @ragged_32x64_k16 of @ragged policy decisions {block_m = 32, block_n = 64, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @ragged_128x128_k32 of @ragged policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true}
kb.candidate @ragged_64x128_k8 of @ragged policy decisions {block_m = 64, block_n = 128, block_k = 8, stages = 2, tf32 = true, wgmma = true}
kb.candidate @even_32x64_k16 of @even policy decisions {block_m = 32, block_n = 64, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @even_128x128_k32 of @even policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true}
kb.candidate @even_64x128_k8 of @even policy decisions {block_m = 64, block_n = 128, block_k = 8, stages = 2, tf32 = true, wgmma = true}
kb.candidate @b_transposed_32x64_k16 of @b_transposed policy decisions {block_m = 32, block_n = 64, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @b_transposed_128x128_k32 of @b_transposed policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true}
kb.candidate @b_transposed_64x128_k8 of @b_transposed policy decisions {block_m = 64, block_n = 128, block_k = 8, stages = 2, tf32 = true, wgmma = true}
kb.candidate @batched_32x64_k16 of @batched policy decisions {block_m = 32, block_n = 64, block_k = 16, stages = 2, tf32 = true, wgmma = true}
kb.candidate @batched_128x128_k32 of @batched policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true}
kb.candidate @batched_64x128_k8 of @batched policy decisions {block_m = 64, block_n = 128, block_k = 8, stages = 2, tf32 = true, wgmma = true}
