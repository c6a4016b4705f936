// RUN: kopt %s --split-input-file --verify-diagnostics

// Errors of kb.input and kb.output: names, types, and which distributions an input may use.

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'x' must have a static shape, got 'tensor<?x16xf32>'}}
  kb.input "x" : tensor<?x16xf32> dist(normal(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'x' must be a ranked tensor or a scalar, got 'tensor<*xf32>'}}
  kb.input "x" : tensor<*xf32> dist(normal(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'x' must be a ranked tensor or a scalar, got 'vector<4xf32>'}}
  kb.input "x" : vector<4xf32> dist(normal(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'x' must be a ranked tensor or a scalar, got 'memref<4xf32>'}}
  kb.input "x" : memref<4xf32> dist(normal(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'x' has unsupported element type 'i8' (expected f16, bf16, f32, f64, i1, i32 or i64)}}
  kb.input "x" : tensor<4xi8> dist(randint(0.0, 8.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'n' has unsupported element type 'index' (expected f16, bf16, f32, f64, i1, i32 or i64)}}
  kb.input "n" : index dist(constant(4.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'z' has unsupported element type 'complex<f32>'}}
  kb.input "z" : tensor<4xcomplex<f32>> dist(normal(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'x' needs at least one distribution}}
  kb.input "x" : tensor<4xf32> dist()
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op integer input 'ids' cannot be drawn from uniform (use randint or constant)}}
  kb.input "ids" : tensor<4xi64> dist(uniform(0.0, 10.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // Every distribution is checked, not only the first.
  // expected-error@+1 {{'kb.input' op integer input 'n' cannot be drawn from normal (use randint or constant)}}
  kb.input "n" : i32 dist(randint(0.0, 4.0), normal(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // i1 is an integer type too.
  // expected-error@+1 {{'kb.input' op integer input 'mask' cannot be drawn from uniform (use randint or constant)}}
  kb.input "mask" : tensor<4xi1> dist(uniform(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op floating-point input 'x' cannot be drawn from randint}}
  kb.input "x" : tensor<4xf32> dist(randint(0.0, 4.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op floating-point input 'h' cannot be drawn from randint}}
  kb.input "h" : f16 dist(constant(1.0), randint(0.0, 4.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op needs a name}}
  kb.input "" : tensor<4xf32> dist(normal(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.output' op needs a name}}
  kb.output "" : tensor<4xf32>
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.output' op 'y' must have a static shape, got 'tensor<4x?xf32>'}}
  kb.output "y" : tensor<4x?xf32>
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.output' op 'y' must be a ranked tensor or a scalar, got 'tensor<*xi32>'}}
  kb.output "y" : tensor<*xi32>
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'x' is drawn upper_triangular but is not a matrix (a structure needs rank >= 2)}}
  kb.input "x" : tensor<16xf32> dist(uniform(0.0, 1.0), upper_triangular(uniform(0.0, 1.0)))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 's' is drawn diagonal but is not a matrix (a structure needs rank >= 2)}}
  kb.input "s" : f32 dist(diagonal(normal(0.0, 1.0)))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'x' is drawn symmetric but its matrices are 4x8}}
  kb.input "x" : tensor<2x4x8xf32> dist(symmetric(uniform(0.0, 1.0)))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op integer input 'n' cannot be drawn symmetric (the mean of a draw and its transpose is not an integer)}}
  kb.input "n" : tensor<4x4xi32> dist(symmetric(randint(0.0, 4.0)))
}
