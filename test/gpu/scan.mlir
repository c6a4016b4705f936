// RUN: kopt %s --pass-pipeline='builtin.module(kb-sample{n=16 seed=3 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// Every scan kernel drawn uniformly from the space is correct: 16 candidates of each variant
// (inclusive, exclusive, reverse, masked, product, long rows of many chunks, a strided axis, an
// integer max, a reverse exclusive masked scan over rows that vectors of 4 do not divide), checked
// by kb-verify against PyTorch on the GPU. Rows of 1000 and 37 rows leave partial chunks and
// partial blocks of warps for most schedules.

// torch.cumsum(x, dim=1) over rows of 1000: every row ends in a partial chunk for most schedules.
kb.task @cumsum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<37x1000xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<37x1000xf32>
  kb.reference "return torch.cumsum(x, dim=1)"
  kb.payload(%x: tensor<37x1000xf32>, %out: tensor<37x1000xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 1000 : index
    %e = tensor.empty() : tensor<37xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<37xf32>, tensor<37x1000xf32>) {
      %col = tensor.extract_slice %x[0, %k] [37, 1] [1, 1] : tensor<37x1000xf32> to tensor<37xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<37xf32>) outs(%acc : tensor<37xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<37xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [37, 1] [1, 1] : tensor<37xf32> into tensor<37x1000xf32>
      scf.yield %next, %o2 : tensor<37xf32>, tensor<37x1000xf32>
    }
    kb.yield %res#1 : tensor<37x1000xf32>
  }
}

// torch.cumprod(x, dim=1); normal(0, 1) is the signed alternative.
kb.task @cumprod tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<37x1000xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<37x1000xf32>
  kb.reference "return torch.cumprod(x, dim=1)"
  kb.payload(%x: tensor<37x1000xf32>, %out: tensor<37x1000xf32>) {
    %init = arith.constant 1.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 1000 : index
    %e = tensor.empty() : tensor<37xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<37xf32>, tensor<37x1000xf32>) {
      %col = tensor.extract_slice %x[0, %k] [37, 1] [1, 1] : tensor<37x1000xf32> to tensor<37xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<37xf32>) outs(%acc : tensor<37xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.mulf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<37xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [37, 1] [1, 1] : tensor<37xf32> into tensor<37x1000xf32>
      scf.yield %next, %o2 : tensor<37xf32>, tensor<37x1000xf32>
    }
    kb.yield %res#1 : tensor<37x1000xf32>
  }
}

// The reverse cumsum.
kb.task @cumsum_reverse tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<37x1000xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<37x1000xf32>
  kb.reference "return torch.cumsum(x.flip(1), dim=1).flip(1)"
  kb.payload(%x: tensor<37x1000xf32>, %out: tensor<37x1000xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 1000 : index
    %cLast = arith.constant 999 : index
    %e = tensor.empty() : tensor<37xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<37xf32>, tensor<37x1000xf32>) {
      %j = arith.subi %cLast, %k : index
      %col = tensor.extract_slice %x[0, %j] [37, 1] [1, 1] : tensor<37x1000xf32> to tensor<37xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<37xf32>) outs(%acc : tensor<37xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<37xf32>
      %o2 = tensor.insert_slice %next into %o[0, %j] [37, 1] [1, 1] : tensor<37xf32> into tensor<37x1000xf32>
      scf.yield %next, %o2 : tensor<37xf32>, tensor<37x1000xf32>
    }
    kb.yield %res#1 : tensor<37x1000xf32>
  }
}

// The exclusive cumsum.
kb.task @cumsum_exclusive tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<37x1000xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<37x1000xf32>
  kb.reference "cumsum = torch.cumsum(x.narrow(dim=1, start=0, length=x.size(1) - 1), dim=1)\nreturn torch.cat((torch.zeros_like(x.select(1, 0).unsqueeze(1)), cumsum), dim=1)"
  kb.payload(%x: tensor<37x1000xf32>, %out: tensor<37x1000xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 1000 : index
    %e = tensor.empty() : tensor<37xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<37xf32>, tensor<37x1000xf32>) {
      %col = tensor.extract_slice %x[0, %k] [37, 1] [1, 1] : tensor<37x1000xf32> to tensor<37xf32>
      %o2 = tensor.insert_slice %acc into %o[0, %k] [37, 1] [1, 1] : tensor<37xf32> into tensor<37x1000xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<37xf32>) outs(%acc : tensor<37xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<37xf32>
      scf.yield %next, %o2 : tensor<37xf32>, tensor<37x1000xf32>
    }
    kb.yield %res#1 : tensor<37x1000xf32>
  }
}

// torch.cumsum(x * mask, dim=1) with a boolean mask.
kb.task @masked_cumsum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<37x1000xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "mask" : tensor<37x1000xi1> dist(randint(0.0, 2.0))
  kb.output "out" : tensor<37x1000xf32>
  kb.reference "return torch.cumsum(x * mask, dim=1)"
  kb.payload(%x: tensor<37x1000xf32>, %mask: tensor<37x1000xi1>, %out: tensor<37x1000xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 1000 : index
    %e = tensor.empty() : tensor<37xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<37xf32>, tensor<37x1000xf32>) {
      %col = tensor.extract_slice %x[0, %k] [37, 1] [1, 1] : tensor<37x1000xf32> to tensor<37xf32>
      %mcol = tensor.extract_slice %mask[0, %k] [37, 1] [1, 1] : tensor<37x1000xi1> to tensor<37xi1>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col, %mcol : tensor<37xf32>, tensor<37xi1>) outs(%acc : tensor<37xf32>) {
      ^bb0(%v: f32, %m: i1, %a: f32):
        %mf = arith.uitofp %m : i1 to f32
        %xm = arith.mulf %v, %mf : f32
        %s = arith.addf %a, %xm : f32
        linalg.yield %s : f32
      } -> tensor<37xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [37, 1] [1, 1] : tensor<37xf32> into tensor<37x1000xf32>
      scf.yield %next, %o2 : tensor<37xf32>, tensor<37x1000xf32>
    }
    kb.yield %res#1 : tensor<37x1000xf32>
  }
}

// Long rows: up to hundreds of chunks per row, whose warp totals take turns in shared memory.
kb.task @cumsum_long tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<5x20000xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<5x20000xf32>
  kb.reference "return torch.cumsum(x, dim=1)"
  kb.payload(%x: tensor<5x20000xf32>, %out: tensor<5x20000xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 20000 : index
    %e = tensor.empty() : tensor<5xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<5xf32>, tensor<5x20000xf32>) {
      %col = tensor.extract_slice %x[0, %k] [5, 1] [1, 1] : tensor<5x20000xf32> to tensor<5xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<5xf32>) outs(%acc : tensor<5xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<5xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [5, 1] [1, 1] : tensor<5xf32> into tensor<5x20000xf32>
      scf.yield %next, %o2 : tensor<5xf32>, tensor<5x20000xf32>
    }
    kb.yield %res#1 : tensor<5x20000xf32>
  }
}

// torch.cumsum(x, dim=0): a strided axis.
kb.task @cumsum_dim0 tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<300x40xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<300x40xf32>
  kb.reference "return torch.cumsum(x, dim=0)"
  kb.payload(%x: tensor<300x40xf32>, %out: tensor<300x40xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 300 : index
    %e = tensor.empty() : tensor<40xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<40xf32>) -> tensor<40xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<40xf32>, tensor<300x40xf32>) {
      %row = tensor.extract_slice %x[%k, 0] [1, 40] [1, 1] : tensor<300x40xf32> to tensor<40xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%row : tensor<40xf32>) outs(%acc : tensor<40xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<40xf32>
      %o2 = tensor.insert_slice %next into %o[%k, 0] [1, 40] [1, 1] : tensor<40xf32> into tensor<300x40xf32>
      scf.yield %next, %o2 : tensor<40xf32>, tensor<300x40xf32>
    }
    kb.yield %res#1 : tensor<300x40xf32>
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

// The reverse exclusive cumsum of x * mask over rows of 1002.
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

// CHECK-COUNT-16: kb.candidate @cumsum_s{{[0-9]+}} of @cumsum policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @cumprod_s{{[0-9]+}} of @cumprod policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @cumsum_reverse_s{{[0-9]+}} of @cumsum_reverse policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @cumsum_exclusive_s{{[0-9]+}} of @cumsum_exclusive policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @masked_cumsum_s{{[0-9]+}} of @masked_cumsum policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @cumsum_long_s{{[0-9]+}} of @cumsum_long policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @cumsum_dim0_s{{[0-9]+}} of @cumsum_dim0 policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @awkward_cummax_s{{[0-9]+}} of @awkward_cummax policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @awkward_masked_s{{[0-9]+}} of @awkward_masked policy {{.*}} verdict <correct
