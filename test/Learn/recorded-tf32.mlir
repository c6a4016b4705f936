// A reward table's speedup over eager with TF32 allowed comes back onto the candidate beside the
// one over eager at fp32; a line without it (recorded before runners timed that baseline) leaves
// it unknown, and one the IR cannot hold is an error naming the line.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '%%s\n' \
// RUN:   '{"task":"t","candidate":"a","decisions":{"v":0},"verdict":"correct","median_us":10,"q1_us":9,"q3_us":11,"n":5,"speedup":2.0,"speedup_tf32":0.5}' \
// RUN:   '{"task":"t","candidate":"b","decisions":{"v":1},"verdict":"correct","median_us":10,"q1_us":9,"q3_us":11,"n":5,"speedup":2.0}' \
// RUN:   > %t/table.jsonl
// RUN: kopt %s '--pass-pipeline=builtin.module(kb-recorded-rewards{table=%t/table.jsonl})' | FileCheck %s
// CHECK: kb.candidate @a of @t policy decisions {v = 0 : i64} verdict <correct> time <median = 10.0, q1 = 9.0, q3 = 11.0, n = 5> speedup 2.0 speedup_tf32 0.5{{$}}
// CHECK: kb.candidate @b of @t policy decisions {v = 1 : i64} verdict <correct> time <median = 10.0, q1 = 9.0, q3 = 11.0, n = 5> speedup 2.0{{$}}

// RUN: printf '%%s\n' '{"task":"t","decisions":{"v":0},"verdict":"correct","speedup":2.0,"speedup_tf32":0}' > %t/bad.jsonl
// RUN: not kopt %s -o /dev/null '--pass-pipeline=builtin.module(kb-recorded-rewards{table=%t/bad.jsonl})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: kb-recorded-rewards: {{.*}}bad.jsonl:1: "speedup_tf32" must be finite and positive, got 0

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @a of @t policy decisions {v = 0}
kb.candidate @b of @t policy decisions {v = 1}
