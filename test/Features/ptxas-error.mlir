// REQUIRES: ptxas
// RUN: kopt %s --pass-pipeline='builtin.module(kb-tag-features{ptxas=%ptxas})' | FileCheck %s

// PTX that ptxas rejects: the first error line, with the temporary file's name as <ptx>. The pass
// succeeds; kb-verify will give the candidate its compile_error verdict.

// CHECK-LABEL: kb.candidate @undeclared_register
// CHECK-SAME: ptxas_error = "ptxas <ptx>, line 6; error : Arguments mismatch for instruction 'mov'"
// CHECK-NOT: registers =
// CHECK-LABEL: kb.candidate @fine
// CHECK-SAME: registers = {{[1-9][0-9]*}} : i64

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @undeclared_register of @t policy decisions {v = 0} ptx ".version 8.8\0A.target sm_90\0A.address_size 64\0A.visible .entry broken()\0A{\0A\09mov.u32 %r1, 0;\0A\09ret;\0A}\0A"
kb.candidate @fine of @t policy decisions {v = 1} ptx ".version 8.8\0A.target sm_90\0A.address_size 64\0A.visible .entry fine()\0A{\0A\09.reg .b32 %r<2>;\0A\09mov.u32 %r1, %tid.x;\0A\09ret;\0A}\0A"
