// A gpu.func for MLIR's own NVVM path (convert-gpu-to-nvvm, gpu-module-to-binary{format=isa}):
// PTX as kopt's generated candidates have it (memref descriptors, .maxntid).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @square(%x: memref<1024xf32>, %y: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c256 = arith.constant 256 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %o = arith.muli %b, %c256 : index
      %i = arith.addi %o, %t : index
      %v = memref.load %x[%i] : memref<1024xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %y[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
