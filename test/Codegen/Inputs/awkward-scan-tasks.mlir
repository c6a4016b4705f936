// The reverse exclusive masked cumsum over rows of 1002 (pairs of elements per access at most).
kb.task @awkward_masked tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<13x1002xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "mask" : tensor<13x1002xi1> dist(randint(0.0, 2.0))
  kb.output "out" : tensor<13x1002xf32>
  kb.reference "return torch.cumsum((x * mask).flip(1), dim=1).flip(1) - x * mask"
  kb.payload(%x: tensor<13x1002xf32>, %mask: tensor<13x1002xi1>, %out: tensor<13x1002xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 1002 : index
    %cLast = arith.constant 1001 : index
    %e = tensor.empty() : tensor<13xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<13xf32>) -> tensor<13xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<13xf32>, tensor<13x1002xf32>) {
      %j = arith.subi %cLast, %k : index
      %col = tensor.extract_slice %x[0, %j] [13, 1] [1, 1] : tensor<13x1002xf32> to tensor<13xf32>
      %mcol = tensor.extract_slice %mask[0, %j] [13, 1] [1, 1] : tensor<13x1002xi1> to tensor<13xi1>
      %o2 = tensor.insert_slice %acc into %o[0, %j] [13, 1] [1, 1] : tensor<13xf32> into tensor<13x1002xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col, %mcol : tensor<13xf32>, tensor<13xi1>) outs(%acc : tensor<13xf32>) {
      ^bb0(%v: f32, %m: i1, %a: f32):
        %mf = arith.uitofp %m : i1 to f32
        %xm = arith.mulf %v, %mf : f32
        %s = arith.addf %a, %xm : f32
        linalg.yield %s : f32
      } -> tensor<13xf32>
      scf.yield %next, %o2 : tensor<13xf32>, tensor<13x1002xf32>
    }
    kb.yield %res#1 : tensor<13x1002xf32>
  }
}

// torch.cummax(x, dim=1).values of 6 x 37 x 5 int32: a strided axis, an odd extent, an integer
// combiner and a large negative initial value.
kb.task @awkward_cummax tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<6x37x5xi32> dist(randint(-1000.0, 1000.0))
  kb.output "out" : tensor<6x37x5xi32>
  kb.reference "return torch.cummax(x, dim=1).values"
  kb.payload(%x: tensor<6x37x5xi32>, %out: tensor<6x37x5xi32>) {
    %init = arith.constant -2147483648 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 37 : index
    %e = tensor.empty() : tensor<6x5xi32>
    %acc0 = linalg.fill ins(%init : i32) outs(%e : tensor<6x5xi32>) -> tensor<6x5xi32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<6x5xi32>, tensor<6x37x5xi32>) {
      %col = tensor.extract_slice %x[0, %k, 0] [6, 1, 5] [1, 1, 1] : tensor<6x37x5xi32> to tensor<6x5xi32>
      %next = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
          ins(%col : tensor<6x5xi32>) outs(%acc : tensor<6x5xi32>) {
      ^bb0(%v: i32, %a: i32):
        %s = arith.maxsi %a, %v : i32
        linalg.yield %s : i32
      } -> tensor<6x5xi32>
      %o2 = tensor.insert_slice %next into %o[0, %k, 0] [6, 1, 5] [1, 1, 1] : tensor<6x5xi32> into tensor<6x37x5xi32>
      scf.yield %next, %o2 : tensor<6x5xi32>, tensor<6x37x5xi32>
    }
    kb.yield %res#1 : tensor<6x37x5xi32>
  }
}

// A half-precision cumsum of x * s, s a scalar input, over rows of 999: scalar accesses, 16-bit
// shuffles.
kb.task @awkward_half tolerance(atol 1.0e-1, rtol 1.0e-2) {
  kb.input "x" : tensor<7x999xf16> dist(uniform(0.0, 1.0))
  kb.input "s" : tensor<f16> dist(uniform(0.5, 1.0))
  kb.output "out" : tensor<7x999xf16>
  kb.reference "return torch.cumsum(x * s, dim=1)"
  kb.payload(%x: tensor<7x999xf16>, %s: tensor<f16>, %out: tensor<7x999xf16>) {
    %init = arith.constant 0.0 : f16
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 999 : index
    %e = tensor.empty() : tensor<7xf16>
    %acc0 = linalg.fill ins(%init : f16) outs(%e : tensor<7xf16>) -> tensor<7xf16>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<7xf16>, tensor<7x999xf16>) {
      %col = tensor.extract_slice %x[0, %k] [7, 1] [1, 1] : tensor<7x999xf16> to tensor<7xf16>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col, %s : tensor<7xf16>, tensor<f16>) outs(%acc : tensor<7xf16>) {
      ^bb0(%v: f16, %sv: f16, %a: f16):
        %xs = arith.mulf %v, %sv : f16
        %r = arith.addf %a, %xs : f16
        linalg.yield %r : f16
      } -> tensor<7xf16>
      %o2 = tensor.insert_slice %next into %o[0, %k] [7, 1] [1, 1] : tensor<7xf16> into tensor<7x999xf16>
      scf.yield %next, %o2 : tensor<7xf16>, tensor<7x999xf16>
    }
    kb.yield %res#1 : tensor<7x999xf16>
  }
}
