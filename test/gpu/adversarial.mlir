// RUN: kopt %S/Inputs/adversarial.mlir --pass-pipeline='builtin.module(kb-verify{runner="%kopt_runner" timeout=20 cache=none})' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=PROGRESS < %t.err

// Each adversarial candidate gets its own verdict, and the run goes on past the one that kills
// the CUDA context (out_of_bounds) and the one that never returns (infinite_loop): relu_vec4 and
// the candidates after them are still verified, by fresh runners.

// CHECK-LABEL: kb.candidate @relu of @relu_task
// CHECK-SAME:    verdict <correct
// CHECK-LABEL: kb.candidate @stale_output
// CHECK-SAME:    verdict <unwritten_output, "trial 0: 4194304 of 4194304 elements of 'out' never written
// CHECK-LABEL: kb.candidate @partial_write
// CHECK-SAME:    verdict <unwritten_output, "trial 0: 2097152 of 4194304 elements of 'out' never written, the first at [512, 0]"
// CHECK-LABEL: kb.candidate @identity
// CHECK-SAME:    verdict <incorrect, "trial 1: 'out':
// CHECK-LABEL: kb.candidate @mutate_input
// CHECK-SAME:    verdict <mutated_input, "trial 0: the candidate changed input 'x'"
// CHECK-LABEL: kb.candidate @out_of_bounds
// CHECK-SAME:    verdict <crash, "{{.*}}ILLEGAL_ADDRESS
// CHECK-LABEL: kb.candidate @relu_vec4
// CHECK-SAME:    verdict <correct
// CHECK-LABEL: kb.candidate @infinite_loop
// CHECK-SAME:    verdict <timeout
// CHECK-LABEL: kb.candidate @nan_output
// CHECK-SAME:    verdict <incorrect, "trial 0: 'out': 4194304 of 4194304 elements
// CHECK-LABEL: kb.candidate @cache_across_calls
// CHECK-SAME:    verdict <unwritten_output, "trial 1:
// CHECK-LABEL: kb.candidate @side_stream
// CHECK-SAME:    verdict <compile_error, "{{.*}}Unresolved extern function
// CHECK-LABEL: kb.candidate @too_much_smem
// CHECK-SAME:    verdict <launch_error, "{{.*}}launch 0 ('relu')

// CHECK-LABEL: kb.candidate @past_the_end
// CHECK-SAME:    verdict <out_of_bounds_write, "trial 0: the candidate wrote outside output 'out' after its end"

// PROGRESS: kb-verify: relu_task 13/13
