//===- NormalizationPayload.h - what the payload's ops read -----*- C++ -*-===//
//
// Private to the normalization family: the questions about a payload that both its analysis and
// planning (Normalization.cpp) and its kernel (NormalizationKernel.cpp) ask.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_NORMALIZATIONPAYLOAD_H
#define KOPT_LIB_CODEGEN_NORMALIZATIONPAYLOAD_H

#include "kopt/Codegen/Normalization.h"

#include "llvm/ADT/SetVector.h"

namespace kopt::codegen::normalization {

/// What an operand of a reduction or of a full-domain op reads at one element.
enum class OperandKind {
  Scalar,    // a constant or scalar input
  Element,   // a task buffer at the element (identity map)
  Derived,   // the result of an earlier full-domain op at the element
  Statistic, // a statistic of the element's group
  Parameter, // a task buffer indexed by some of the axes (weight, bias)
};

OperandKind kindOf(const NormalizationInfo &info, mlir::linalg::GenericOp op,
                   mlir::OpOperand *operand);

/// The reductions whose results `value` (a statistic, or a value of the full domain) depends on.
void reductionsRead(const NormalizationInfo &info, mlir::Value value,
                    llvm::SmallSetVector<unsigned, 4> &read);

/// The reductions whose results the body of reduction `r` reads.
llvm::SmallSetVector<unsigned, 4> inputsRead(const NormalizationInfo &info, unsigned r);

/// Function arguments read at every element (the input), in argument order.
llvm::SmallVector<mlir::Value> elementBuffers(const NormalizationInfo &info);

} // namespace kopt::codegen::normalization

#endif // KOPT_LIB_CODEGEN_NORMALIZATIONPAYLOAD_H
