// RUN: kopt %s --split-input-file --verify-diagnostics

// Structural errors of kb.task: what it must hold, and how its payload matches its declarations.

// expected-error@+1 {{'kb.task' op needs exactly one kb.reference, found 0}}
kb.task @no_reference tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

// expected-error@+1 {{'kb.task' op needs exactly one kb.reference, found 2}}
kb.task @two_references tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.reference "return x.clone()"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

// expected-error@+1 {{'kb.task' op needs exactly one kb.payload, found 0}}
kb.task @no_payload tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
}

// -----

// expected-error@+1 {{'kb.task' op needs exactly one kb.payload, found 2}}
kb.task @two_payloads tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %y : tensor<4xf32>
  }
}

// -----

// expected-error@+1 {{'kb.task' op needs at least one kb.output}}
kb.task @no_output tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>) {
    kb.yield
  }
}

// -----

// An empty task: no reference is the first thing missing.
// expected-error@+1 {{'kb.task' op needs exactly one kb.reference, found 0}}
kb.task @empty tolerance(atol 0.0, rtol 0.0) {}

// -----

kb.task @missing_destination tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  // expected-error@+1 {{'kb.payload' op takes the task's 1 input(s) then its 1 output(s), but has 1 argument(s)}}
  kb.payload(%x: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

kb.task @extra_argument tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  // expected-error@+1 {{'kb.payload' op takes the task's 1 input(s) then its 1 output(s), but has 3 argument(s)}}
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

kb.task @wrong_shape tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<16x32xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<16x32xf32>
  kb.reference "return x"
  // expected-error@+1 {{'kb.payload' op argument #0 has type 'tensor<32x16xf32>' but the task declares 'tensor<16x32xf32>'}}
  kb.payload(%x: tensor<32x16xf32>, %y: tensor<16x32xf32>) {
    kb.yield %y : tensor<16x32xf32>
  }
}

// -----

// Inputs come first, then outputs: the order of the arguments matters.
kb.task @swapped_arguments tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xi32> dist(randint(0.0, 4.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x.float()"
  // expected-error@+1 {{'kb.payload' op argument #0 has type 'tensor<4xf32>' but the task declares 'tensor<4xi32>'}}
  kb.payload(%y: tensor<4xf32>, %x: tensor<4xi32>) {
    kb.yield %y : tensor<4xf32>
  }
}

// -----

kb.task @yield_wrong_type tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.output "n" : i64
  kb.reference "return x, 4"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>, %n: i64) {
    // expected-error@+1 {{'kb.yield' op must yield the task's outputs, of types ('tensor<4xf32>', 'i64')}}
    kb.yield %x, %x : tensor<4xf32>, tensor<4xf32>
  }
}

// -----

kb.task @yield_too_few tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    // expected-error@+1 {{'kb.yield' op must yield the task's outputs, of types ('tensor<4xf32>')}}
    kb.yield
  }
}

// -----

kb.task @duplicate_input tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  // expected-error@+1 {{'kb.input' op duplicate name 'x' in task}}
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %x2: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

kb.task @output_named_like_input tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  // expected-error@+1 {{'kb.output' op duplicate name 'x' in task}}
  kb.output "x" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

kb.task @duplicate_output tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  // expected-error@+1 {{'kb.output' op duplicate name 'y' in task}}
  kb.output "y" : tensor<4xf32>
  kb.reference "return x, x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>, %y2: tensor<4xf32>) {
    kb.yield %x, %x : tensor<4xf32>, tensor<4xf32>
  }
}

// -----

kb.task @stray_op tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  // expected-error@+1 {{'arith.constant' op is not allowed in a kb.task (expected kb.input, kb.output, kb.reference or kb.payload)}}
  %c = arith.constant 1.0 : f32
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

kb.task @relu tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.task @nested tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
  // A task is no symbol table, so a candidate cannot live in it.
  // expected-error@+1 {{'kb.candidate' op symbol's parent must have the SymbolTable trait}}
  kb.candidate @c0 of @relu manual source "k"
}

// -----

// expected-error@+1 {{'kb.task' op tolerances must be finite and non-negative}}
kb.task @negative_atol tolerance(atol -1.0e-4, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

// expected-error@+1 {{'kb.task' op tolerances must be finite and non-negative}}
kb.task @negative_rtol tolerance(atol 0.0, rtol -0.5) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

// expected-error@+1 {{'kb.task' op tolerances must be finite and non-negative}}
kb.task @infinite_atol tolerance(atol 0x7FF0000000000000, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// -----

// expected-error@+1 {{'kb.input' op expects parent op 'kb.task'}}
kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))

// -----

func.func @f() {
  // expected-error@+1 {{'kb.yield' op expects parent op 'kb.payload'}}
  kb.yield
}

// -----

// expected-error@+1 {{'kb.task' op split must be "train" or "eval", got "test"}}
kb.task @bad_split tolerance(atol 0.0, rtol 0.0) attributes {split = "test"} {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
