// RUN: kopt %s --split-input-file --verify-diagnostics

// kb.reference holds a TorchScript body that returns the task's outputs.

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.reference' op has an empty TorchScript body}}
  kb.reference ""
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // Whitespace only counts as empty.
  // expected-error@+1 {{'kb.reference' op has an empty TorchScript body}}
  kb.reference "  \n\t "
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.reference' op TorchScript body must return the task's outputs}}
  kb.reference "torch.relu(x)"
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.reference' op TorchScript body must return the task's outputs}}
  kb.reference "y = x * 2\ny"
}
