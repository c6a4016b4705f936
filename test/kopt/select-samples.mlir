// A task without candidates: --select draws them from the policy first (kb-sample), then lowers
// and tags them; verification needs a GPU, which this machine lacks (exit 3, IR so far).
// RUN: not kopt --select=oracle --samples=4 --policy=uniform %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=MSG < %t.err
// RUN: kopt --select=oracle --samples=4 --policy=uniform %s > /dev/null 2>&1; echo "exit=$?" \
// RUN:   | FileCheck %s --check-prefix=EXIT
// The default draws 64 from the base policy kopt ships.
// RUN: not kopt --select=oracle %s 2>/dev/null | grep -c "kb.candidate @relu_s" | FileCheck %s --check-prefix=DEFAULT
// --samples=0 keeps the input as it is.
// RUN: not kopt --select=oracle --samples=0 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NONE
// A policy that cannot be read is an error.
// RUN: not kopt --select=oracle --policy=%t.missing.json %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MISSING

// CHECK-LABEL: kb.task @relu
// CHECK:       kb.candidate @relu_s0 of @relu policy decisions {{.*}} logprob <sum = -7.272398392570047, count = 6> ptx {{.*}} features
// CHECK:       kb.candidate @relu_s3 of @relu policy
// CHECK-NOT:   kb.candidate
// MSG:  kopt: 4 candidate(s) (kb-sample drew 4 from the uniform policy for each schedulable task that had none)
// MSG:  Stopping before verification.
// EXIT: exit=3
// DEFAULT: 64
// NONE: kopt: using the 0 candidate(s) of the input (no sampling)
// MISSING: error: policy: cannot read '{{.*}}missing.json'

kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<1024x1024xf32> dist(uniform(-1.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<1024x1024xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<1024x1024xf32>, %out: tensor<1024x1024xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<1024x1024xf32>) outs(%out : tensor<1024x1024xf32>) {
    ^bb0(%v: f32, %o: f32):
      %zero = arith.constant 0.0 : f32
      %y = arith.maximumf %v, %zero : f32
      linalg.yield %y : f32
    } -> tensor<1024x1024xf32>
    kb.yield %r : tensor<1024x1024xf32>
  }
}
