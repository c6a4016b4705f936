// RUN: kopt %s --split-input-file --verify-diagnostics

// Errors of input distributions, written bare inside kb.input or as #kb.dist attributes.

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{unknown distribution 'gaussian'; expected uniform, normal, constant or randint}}
  kb.input "x" : tensor<4xf32> dist(gaussian(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // Distribution names are case-sensitive.
  // expected-error@+1 {{unknown distribution 'Uniform'; expected uniform, normal, constant or randint}}
  kb.input "x" : tensor<4xf32> dist(Uniform(0.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{uniform takes 2 parameter(s), got 1}}
  kb.input "x" : tensor<4xf32> dist(uniform(1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{normal takes 2 parameter(s), got 3}}
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0, 2.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{constant takes 1 parameter(s), got 2}}
  kb.input "x" : f32 dist(constant(1.0, 2.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{constant takes 1 parameter(s), got 0}}
  kb.input "x" : f32 dist(constant())
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{randint takes 2 parameter(s), got 1}}
  kb.input "n" : i64 dist(randint(8.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{uniform needs low < high, got (1.000000e+00, 1.000000e+00)}}
  kb.input "x" : tensor<4xf32> dist(uniform(1.0, 1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{uniform needs low < high, got (2.000000e+00, -2.000000e+00)}}
  kb.input "x" : tensor<4xf32> dist(uniform(2.0, -2.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{randint needs low < high, got (5.000000e+00, 5.000000e+00)}}
  kb.input "n" : tensor<4xi32> dist(randint(5.0, 5.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{normal needs a positive standard deviation, got 0.000000e+00}}
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 0.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{normal needs a positive standard deviation, got -1.000000e+00}}
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0), normal(0.0, -1.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{randint bounds must be integers}}
  kb.input "n" : tensor<4xi64> dist(randint(0.5, 4.0))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{randint bounds must be integers}}
  kb.input "n" : i32 dist(randint(0.0, 4.25))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{distribution parameters must be finite}}
  kb.input "x" : f32 dist(constant(0x7FF8000000000000))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{distribution parameters must be finite}}
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 0x7FF0000000000000))
}

// -----

// expected-error@+1 {{uniform needs low < high, got (1.000000e+00, 0.000000e+00)}}
module attributes {kb.d = #kb.dist<uniform(1.0, 0.0)>} {}

// -----

// expected-error@+1 {{unknown distribution 'poisson'; expected uniform, normal, constant or randint}}
module attributes {kb.d = #kb.dist<poisson(1.0)>} {}

// -----

// expected-error@+1 {{normal takes 2 parameter(s), got 1}}
module attributes {kb.d = #kb.dist<normal(1.0)>} {}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // Inside a structure the message offers no structures again.
  // expected-error@+1 {{unknown distribution 'gaussian'; expected uniform, normal, constant or randint}}
  kb.input "x" : tensor<4x4xf32> dist(upper_triangular(gaussian(0.0, 1.0)))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // A structure wraps a distribution, not another structure.
  // expected-error@+1 {{unknown distribution 'lower_triangular'; expected uniform, normal, constant or randint}}
  kb.input "x" : tensor<4x4xf32> dist(upper_triangular(lower_triangular(uniform(0.0, 1.0))))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // "full" is what no structure means; it is not written.
  // expected-error@+1 {{unknown distribution 'full'; expected uniform, normal, constant or randint, or one of them inside upper_triangular, lower_triangular, symmetric or diagonal}}
  kb.input "x" : tensor<4x4xf32> dist(full(uniform(0.0, 1.0)))
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // A structure holds one distribution.
  // expected-error@+1 {{expected ')'}}
  kb.input "x" : tensor<4x4xf32> dist(symmetric(uniform(0.0, 1.0), normal(0.0, 1.0)))
}

// -----

// expected-error@+1 {{normal takes 2 parameter(s), got 1}}
module attributes {kb.d = #kb.dist<diagonal(normal(1.0))>} {}
