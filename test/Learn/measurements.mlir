// Measurements files: kb-sample{exhaustive} enumerates a space, kb-export-measurements writes
// candidates as JSON Lines, kb-recorded-rewards reads them back as a reward table.
// RUN: rm -rf %t && mkdir -p %t

// Every decision list of the elementwise space once (3 x 4 x 5 x 2 x 6 x 2), in table order with
// the last decision (fast_math) varying fastest.
// RUN: kopt %reward-tasks/softsign.mlir -o %t/all.mlir '--pass-pipeline=builtin.module(kb-sample{exhaustive=true})'
// RUN: grep -c "kb.candidate" %t/all.mlir | FileCheck %s --check-prefix=COUNT
// COUNT: 1440
// RUN: FileCheck %s --check-prefix=ORDER < %t/all.mlir
// ORDER: @softsign_s0 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 1 : i64, fast_math = false, grid_stride = false, per_thread = 1 : i64, vector = 1 : i64} logprob <sum = -7.272398392570047, count = 6>
// ORDER-NEXT: @softsign_s1 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 1 : i64, fast_math = true, grid_stride = false, per_thread = 1 : i64, vector = 1 : i64}
// ORDER-NEXT: @softsign_s2 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 2 : i64, fast_math = false, grid_stride = false, per_thread = 1 : i64, vector = 1 : i64}
// ORDER: @softsign_s1439 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, fast_math = true, grid_stride = true, per_thread = 8 : i64, vector = 4 : i64}
// ORDER-NOT: kb.candidate

// The recorded verdicts, timings and speedups come back onto the candidates; the export of the
// result holds them, booleans as 0 and 1.
// RUN: kopt %s -o %t/rewarded.mlir '--pass-pipeline=builtin.module(kb-recorded-rewards{table=%rewards},kb-export-measurements{file=%t/out.jsonl})'
// RUN: FileCheck %s --check-prefix=IR < %t/rewarded.mlir
// IR: kb.candidate @fast of @row_sum policy decisions {{.*}} verdict <correct, "2 trials passed"> time <median = {{[0-9.]+}}, q1 = {{[0-9.]+}}, q3 = {{[0-9.]+}}, n = {{[0-9]+}}> speedup 1.{{[0-9]+}}
// IR: kb.candidate @slow of @row_sum policy decisions {{.*}} verdict <correct, "2 trials passed"> time {{.*}} speedup 0.2{{[0-9]+}} {duplicate_of = @fast}
// Measured already: left alone.
// IR: kb.candidate @judged of @row_sum policy decisions {{.*}} verdict <incorrect, "by hand">
// IR-NOT: time
// RUN: FileCheck %s --check-prefix=JSON < %t/out.jsonl
// JSON: {"candidate":"fast","decisions":{"block":256,"shuffle":1,"threads_per_output":32,"unroll":4,"vector":4},"detail":"2 trials passed","logprob_count":5,"logprob_sum":-6.5,"median_us":{{.*}},"n":{{.*}},"origin":"policy","q1_us":{{.*}},"q3_us":{{.*}},"speedup":{{.*}},"task":"row_sum","verdict":"correct"}
// JSON: {"candidate":"slow",{{.*}}"duplicate_of":"fast"
// JSON: {"candidate":"judged",{{.*}}"verdict":"incorrect"}

// A decision list the table does not hold is an error at the candidate.
// RUN: sed -e 's/threads_per_output = 32/threads_per_output = 2/' %s > %t/unknown.mlir
// RUN: not kopt %t/unknown.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-recorded-rewards{table=%rewards})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: kb-recorded-rewards: '{{.*}}rewards.jsonl' records no measurement of @row_sum with block=256,shuffle=1,threads_per_output=2,unroll=4,vector=4
// A table that is not one names the line.
// RUN: printf '{"task":"row_sum"}\nnot json\n' > %t/bad.jsonl
// RUN: not kopt %s -o /dev/null '--pass-pipeline=builtin.module(kb-recorded-rewards{table=%t/bad.jsonl})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: error: kb-recorded-rewards: {{.*}}bad.jsonl:2: not JSON

kb.task @row_sum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4096x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<4096xf32>
  kb.reference "return torch.sum(x, dim=1)"
  kb.payload(%x: tensor<4096x4096xf32>, %out: tensor<4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<4096xf32>) -> tensor<4096xf32>
    %sum = linalg.reduce ins(%x : tensor<4096x4096xf32>) outs(%acc : tensor<4096xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %sum : tensor<4096xf32>
  }
}
kb.candidate @fast of @row_sum policy decisions {threads_per_output = 32, block = 256, vector = 4, unroll = 4, shuffle = true} logprob <sum = -6.5, count = 5>
kb.candidate @slow of @row_sum policy decisions {threads_per_output = 1, block = 256, vector = 4, unroll = 4, shuffle = true} logprob <sum = -6.5, count = 5> {duplicate_of = @fast}
kb.candidate @judged of @row_sum policy decisions {threads_per_output = 1, block = 64, vector = 1, unroll = 1, shuffle = false} verdict <incorrect, "by hand">
