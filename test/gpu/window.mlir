// RUN: kopt %S/../Codegen/Inputs/window-tasks.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=21 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s --implicit-check-not=verdict

// Every sampled window kernel computes what PyTorch does: 16 uniformly drawn decision lists on
// each small task of the family (padded, dilated, strided, 3-D, transposed strided depthwise,
// depthwise convolutions; max and average pooling), whose extents no tile divides.

// CHECK-COUNT-16: kb.candidate @conv2d_pad_dilation_s{{[0-9]+}} of @conv2d_pad_dilation policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @conv1d_strided_s{{[0-9]+}} of @conv1d_strided policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @conv3d_pad_s{{[0-9]+}} of @conv3d_pad policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @conv_transposed2d_grouped_s{{[0-9]+}} of @conv_transposed2d_grouped policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @conv_depthwise2d_s{{[0-9]+}} of @conv_depthwise2d policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @max_pool1d_s{{[0-9]+}} of @max_pool1d policy {{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @avg_pool2d_s{{[0-9]+}} of @avg_pool2d policy {{.*}} verdict <correct
