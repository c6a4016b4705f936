// RUN: kopt --select=oracle %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT3
// RUN: kopt --select=surprise-top2 %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT3
// RUN: not kopt --select=oracle %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ORACLE
// RUN: not kopt --select=surprise-top2 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TOP2
// Strategies that read the timings that exist, or none, go on to select.
// RUN: kopt --select=surprise %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT0
// RUN: kopt --select=confidence-top2 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// RUN: kopt --select=confidence-top2 %s 2>/dev/null | FileCheck %s

// Every candidate is verified, but only t0 and t3 were timed. Timing runs on a GPU too, through
// kopt-runner, which these tests do not have: where the strategy must read missing timings, kopt
// stops with exit status 3 and counts them.
//
//   cand  verdict     mean   time
//   t0    correct     -0.5   300
//   t1    correct     -3.0    -
//   t2    incorrect   -4.0    -
//   t3    correct     -1.0   200
//   t4    correct     -2.0    -
//
//   oracle reads t0, t1, t3, t4           -> t1 and t4 missing: 2 need timing
//   surprise-top2 reads {t1, t4}          -> both missing: 2 need timing
//   surprise picks t1 without timing      -> exit 0
//   confidence-top2 reads {t0, t3}, timed -> t3 (200), exit 0

// EXIT3: exit=3
// EXIT0: exit=0
// ORACLE: kopt: 0 candidate(s) need verification and 2 need timing for 'oracle'; both run on a GPU through kopt-runner (kb-verify, kb-time){{.*}} Stopping before verification.
// TOP2: kopt: 0 candidate(s) need verification and 2 need timing for 'surprise-top2';
// NOTE: kopt: kb-verify, kb-time: every candidate the strategy needs already carries its verdict and timing; using them

// CHECK-NOT: selected
// CHECK:     kb.candidate @t3 of @relu {{.*}} selected <"confidence-top2", timed = 2>{{$}}
// CHECK-NOT: selected

kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x1024xf32> dist(uniform(-1.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<64x1024xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<64x1024xf32>, %out: tensor<64x1024xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<64x1024xf32>) outs(%out : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<64x1024xf32>
    kb.yield %r : tensor<64x1024xf32>
  }
}
kb.candidate @t0 of @relu replay source "k0" logprob <sum = -0.5, count = 1> verdict <correct> time <median = 300.0, q1 = 290.0, q3 = 310.0, n = 10> speedup 0.9
kb.candidate @t1 of @relu replay source "k1" logprob <sum = -3.0, count = 1> verdict <correct>
kb.candidate @t2 of @relu replay source "k2" logprob <sum = -4.0, count = 1> verdict <incorrect>
kb.candidate @t3 of @relu replay source "k3" logprob <sum = -1.0, count = 1> verdict <correct> time <median = 200.0, q1 = 195.0, q3 = 205.0, n = 10> speedup 1.35
kb.candidate @t4 of @relu replay source "k4" logprob <sum = -2.0, count = 1> verdict <correct>
