// RUN: kopt --select=surprise-top3 %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: kopt --select=random %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: not kopt --select=surprise-top3 %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=MSG < %t.err
// RUN: not kopt --select=surprise-top3 --emit=json %s 2>/dev/null | FileCheck %s --check-prefix=JSON

// Exit status 3: candidates without a verdict need kb-verify, which runs on a GPU through
// kopt-runner; here there is none, so kopt lowers and tags what it can (the candidates came with
// their PTX), stops before verification, says so, and prints the IR so far (no selection).
// Whatever the strategy: even random needs every candidate verified. Three of the four candidates
// are unverified; timing needs cannot be known before verification, hence 0.

// EXIT: exit=3

// CHECK-LABEL: kb.task @relu
// CHECK:       kb.candidate @s0 of @relu server source "k0" logprob <sum = -3.0, count = 12> ptx {{.*}} features {{.*}}{{$}}
// CHECK-NEXT:  kb.candidate @s1 of @relu server source "k1" logprob <sum = -4.0, count = 12> verdict <compile_error>{{$}}
// CHECK-NEXT:  kb.candidate @s2 of @relu server source "k2" logprob <sum = -5.0, count = 12> ptx {{.*}} features {{.*}}{{$}}
// CHECK-NEXT:  kb.candidate @s3 of @relu server source "k3" logprob <sum = -6.0, count = 12> ptx {{.*}} features {{.*}}{{$}}
// CHECK-NOT:   selected

// MSG:      kopt: 4 candidate(s) (kb-sample drew 64 from the base policy for each schedulable task that had none)
// MSG-NEXT: kopt: 3 candidate(s) need verification and 0 need timing for 'surprise-top3'; both run on a GPU through kopt-runner (kb-verify, kb-time){{.*}} Stopping before verification.
// MSG-NOT:  kb-verify, kb-time: every candidate

// JSON:      "candidates": 4,
// JSON-NEXT: "selected": null,
// JSON:      "verdicts": {
// JSON-NEXT:   "compile_error": 1,
// JSON-NEXT:   "unverified": 3
// JSON-NEXT: }

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
kb.candidate @s0 of @relu server source "k0" logprob <sum = -3.0, count = 12>
    ptx ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry k(.param .u64 x, .param .u64 out)\0A{\0A  ret;\0A}\0A"
    launch <[<"k", grid = [64, 1, 1], block = [1024, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @s1 of @relu server source "k1" logprob <sum = -4.0, count = 12> verdict <compile_error>
kb.candidate @s2 of @relu server source "k2" logprob <sum = -5.0, count = 12>
    ptx ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry k(.param .u64 x, .param .u64 out)\0A{\0A  ret;\0A}\0A"
    launch <[<"k", grid = [64, 1, 1], block = [1024, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @s3 of @relu server source "k3" logprob <sum = -6.0, count = 12>
    ptx ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry k(.param .u64 x, .param .u64 out)\0A{\0A  ret;\0A}\0A"
    launch <[<"k", grid = [64, 1, 1], block = [1024, 1, 1], smem = 0, args = ["x", "out"]>]>
