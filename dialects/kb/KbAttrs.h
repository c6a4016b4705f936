//===- KbAttrs.h - kb attributes --------------------------------*- C++ -*-===//
#ifndef KB_KBATTRS_H
#define KB_KBATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "kb/KbEnums.h.inc"

namespace kb {
/// Parses a float literal (`1.0`, not `1`) as a double.
mlir::FailureOr<llvm::APFloat> parseF64(mlir::AsmParser &parser);
/// Prints the shortest float literal that reads back as the same double (`10.5`, `1.0e-04`).
void printF64(mlir::AsmPrinter &printer, const llvm::APFloat &value);
std::string formatF64(double value);
/// A launch argument passed by value rather than a buffer: `i32:N`, `i64:N`, `f32:X`, `f64:X`.
bool isImmediateArgument(llvm::StringRef arg);
} // namespace kb

#define GET_ATTRDEF_CLASSES
#include "kb/KbAttrs.h.inc"

#endif // KB_KBATTRS_H
