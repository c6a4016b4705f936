// KernelBench ReLU at 1024 x 4096 (from test/Codegen/elementwise-relu.mlir), for the kb-replay tests.
kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<1024x4096xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<1024x4096xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<1024x4096xf32>, %out: tensor<1024x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<1024x4096xf32>) outs(%out : tensor<1024x4096xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<1024x4096xf32>
    kb.yield %r : tensor<1024x4096xf32>
  }
}
