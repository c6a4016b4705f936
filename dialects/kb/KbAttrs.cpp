//===- KbAttrs.cpp - kb attributes ---------------------------------------===//
#include "kb/KbAttrs.h"
#include "kb/KbDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

using namespace mlir;
using namespace kb;

#include "kb/KbEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "kb/KbAttrs.cpp.inc"

void KbDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "kb/KbAttrs.cpp.inc"
      >();
}

FailureOr<APFloat> kb::parseF64(AsmParser &parser) {
  double value;
  if (parser.parseFloat(value))
    return failure();
  return APFloat(value);
}

void kb::printF64(AsmPrinter &printer, const APFloat &value) {
  printer << formatF64(value.convertToDouble());
}

std::string kb::formatF64(double v) {
  if (!std::isfinite(v)) {
    std::string text;
    llvm::raw_string_ostream os(text);
    // The bits as a hexadecimal literal, which reads back as a float ("X-": no second "0x").
    os << llvm::formatv("0x{0:X-16}", llvm::bit_cast<uint64_t>(v));
    return text;
  }
  auto format = [&](int precision) {
    return llvm::formatv("{0}", llvm::format("%.*g", precision, v)).str();
  };
  int precision = 1;
  while (precision < 17 && std::strtod(format(precision).c_str(), nullptr) != v)
    ++precision;
  // Plain notation for ordinary magnitudes: 10, not 1e+01.
  double magnitude = std::fabs(v);
  if (magnitude >= 1e-4 && magnitude < 1e16)
    precision = std::max(precision, static_cast<int>(std::floor(std::log10(magnitude))) + 1);
  std::string text = format(precision);
  // A float literal needs a '.' before any exponent: 10 -> 10.0, 1e-05 -> 1.0e-05.
  if (text.find('.') == std::string::npos) {
    size_t exponent = text.find_first_of("eE");
    text.insert(exponent == std::string::npos ? text.size() : exponent, ".0");
  }
  return text;
}

//===----------------------------------------------------------------------===//
// DistAttr
//===----------------------------------------------------------------------===//

/// Number of parameters each distribution kind takes.
static unsigned distArity(DistKind kind) {
  return kind == DistKind::Constant ? 1 : 2;
}

Attribute DistAttr::parseBody(AsmParser &parser) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return {};
  // A structure wraps the distribution: `upper_triangular(uniform(0.0, 1.0))`.
  DistStructure structure = DistStructure::Full;
  if (std::optional<DistStructure> wrapper = symbolizeDistStructure(keyword);
      wrapper && *wrapper != DistStructure::Full) {
    structure = *wrapper;
    loc = parser.getCurrentLocation();
    if (parser.parseLParen() || parser.parseKeyword(&keyword))
      return {};
  }
  std::optional<DistKind> kind = symbolizeDistKind(keyword);
  if (!kind) {
    parser.emitError(loc, "unknown distribution '")
        << keyword << "'; expected uniform, normal, constant or randint"
        << (structure == DistStructure::Full
                ? ", or one of them inside upper_triangular, lower_triangular, symmetric or "
                  "diagonal"
                : "");
    return {};
  }
  SmallVector<APFloat> params;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() {
        FailureOr<APFloat> value = parseF64(parser);
        if (failed(value))
          return failure();
        params.push_back(*value);
        return success();
      }))
    return {};
  if (structure != DistStructure::Full && parser.parseRParen())
    return {};
  return parser.getChecked<DistAttr>(loc, parser.getContext(), *kind, params, structure);
}

void DistAttr::printBody(AsmPrinter &printer) const {
  bool structured = getStructure() != DistStructure::Full;
  if (structured)
    printer << stringifyDistStructure(getStructure()) << '(';
  printer << stringifyDistKind(getKind()) << '(';
  llvm::interleaveComma(getParams(), printer,
                        [&](const APFloat &v) { printF64(printer, v); });
  printer << ')';
  if (structured)
    printer << ')';
}

Attribute DistAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  Attribute attr = parseBody(parser);
  if (!attr || parser.parseGreater())
    return {};
  return attr;
}

void DistAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printBody(printer);
  printer << '>';
}

LogicalResult DistAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               DistKind kind, ArrayRef<APFloat> values, DistStructure) {
  if (values.size() != distArity(kind))
    return emitError() << stringifyDistKind(kind) << " takes " << distArity(kind)
                       << " parameter(s), got " << values.size();
  SmallVector<double> params;
  for (const APFloat &v : values)
    params.push_back(v.convertToDouble());
  for (double p : params)
    if (!std::isfinite(p))
      return emitError() << "distribution parameters must be finite";
  switch (kind) {
  case DistKind::Uniform:
  case DistKind::RandInt:
    if (!(params[0] < params[1]))
      return emitError() << stringifyDistKind(kind)
                         << " needs low < high, got (" << params[0] << ", "
                         << params[1] << ")";
    if (kind == DistKind::RandInt &&
        (std::trunc(params[0]) != params[0] || std::trunc(params[1]) != params[1]))
      return emitError() << "randint bounds must be integers";
    break;
  case DistKind::Normal:
    if (!(params[1] > 0))
      return emitError() << "normal needs a positive standard deviation, got "
                         << params[1];
    break;
  case DistKind::Constant:
    break;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Simple attributes
//===----------------------------------------------------------------------===//

LogicalResult OriginAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef benchmark, int64_t level,
                                 int64_t problem) {
  if (benchmark.empty())
    return emitError() << "origin needs a benchmark name";
  if (level < 1 || problem < 1)
    return emitError() << "origin level and problem are numbered from 1";
  return success();
}

LogicalResult LogProbAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  APFloat sumValue, int64_t count) {
  double sum = sumValue.convertToDouble();
  if (count <= 0)
    return emitError() << "log-prob count must be positive, got " << count;
  if (!std::isfinite(sum) || sum > 0)
    return emitError() << "log-prob sum must be finite and <= 0, got " << sum;
  return success();
}

LogicalResult LaunchAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef entry, ArrayRef<int64_t> grid,
                                 ArrayRef<int64_t> block, int64_t smem,
                                 ArrayRef<StringAttr> args) {
  if (entry.empty())
    return emitError() << "launch needs an entry name";
  if (grid.size() != 3 || block.size() != 3)
    return emitError() << "launch grid and block have three dimensions (x, y, z)";
  for (int64_t d : llvm::concat<const int64_t>(grid, block))
    if (d <= 0)
      return emitError() << "launch '" << entry
                         << "': grid and block dimensions must be positive";
  // Each dimension first, so that neither the check nor its message multiplies past 64 bits.
  for (int axis = 0; axis < 3; ++axis)
    if (block[axis] > 1024)
      return emitError() << "launch '" << entry << "': a block holds at most 1024 threads, got "
                         << block[axis] << " along " << "xyz"[axis];
  if (block[0] * block[1] * block[2] > 1024)
    return emitError() << "launch '" << entry << "': a block holds at most 1024 threads, got "
                       << block[0] * block[1] * block[2];
  // CUDA's limits on every device kopt targets: a plan beyond them cannot be the launch that
  // runs (the runner's launch takes 32-bit values), so the IR must not record one.
  static constexpr int64_t kMaxGrid[] = {INT32_MAX, 65535, 65535};
  static constexpr int64_t kMaxBlockZ = 64;
  for (int axis = 0; axis < 3; ++axis)
    if (grid[axis] > kMaxGrid[axis])
      return emitError() << "launch '" << entry << "': grid " << "xyz"[axis] << " is "
                         << grid[axis] << ", over CUDA's limit of " << kMaxGrid[axis];
  if (block[2] > kMaxBlockZ)
    return emitError() << "launch '" << entry << "': block z is " << block[2]
                       << ", over CUDA's limit of " << kMaxBlockZ;
  if (smem < 0)
    return emitError() << "launch '" << entry << "': negative shared memory size";
  if (smem > int64_t(UINT32_MAX))
    return emitError() << "launch '" << entry << "': " << smem
                       << " bytes of dynamic shared memory, over CUDA's 32-bit limit of "
                       << UINT32_MAX;
  if (args.empty())
    return emitError() << "launch '" << entry << "' binds no buffers";
  return success();
}

bool kb::isImmediateArgument(StringRef arg) {
  auto [type, value] = arg.split(':');
  if (value.empty())
    return false;
  if (type == "i32" || type == "i64") {
    int64_t v;
    if (value.getAsInteger(10, v))
      return false;
    return type == "i64" || (v >= INT32_MIN && v <= INT32_MAX);
  }
  if (type == "f32" || type == "f64") {
    double v;
    if (value.getAsDouble(v) || !std::isfinite(v))
      return false;
    return type == "f64" || std::fabs(v) <= std::numeric_limits<float>::max();
  }
  return false;
}

LogicalResult
LaunchPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<LaunchAttr> launches, ArrayRef<int64_t> scratchBytes) {
  if (launches.empty())
    return emitError() << "launch plan has no launches";
  for (int64_t bytes : scratchBytes)
    if (bytes <= 0)
      return emitError() << "scratch buffer sizes must be positive";
  for (LaunchAttr launch : launches) {
    for (StringAttr arg : launch.getArgs()) {
      StringRef name = arg.getValue();
      if (name.contains(':') && !isImmediateArgument(name))
        return emitError() << "launch '" << launch.getEntry() << "' passes '" << name
                           << "'; immediates are i32:N, i64:N, f32:X or f64:X";
      if (!name.consume_front("scratch"))
        continue;
      unsigned index;
      if (name.getAsInteger(10, index) || index >= scratchBytes.size())
        return emitError() << "launch '" << launch.getEntry() << "' binds '"
                           << arg.getValue() << "' but the plan has "
                           << scratchBytes.size() << " scratch buffer(s)";
    }
  }
  return success();
}

LogicalResult IntervalAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   APFloat lowValue, APFloat highValue) {
  double low = lowValue.convertToDouble(), high = highValue.convertToDouble();
  if (!std::isfinite(low) || !std::isfinite(high) || !(0 < low && low <= high))
    return emitError() << "interval needs finite 0 < low <= high, got <" << low << ", " << high
                       << ">";
  return success();
}

LogicalResult PredictionAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                     APFloat speedupValue, APFloat pCorrectValue) {
  double speedup = speedupValue.convertToDouble(), pCorrect = pCorrectValue.convertToDouble();
  if (!std::isfinite(speedup) || !(speedup > 0))
    return emitError() << "predicted speedup must be finite and > 0, got " << speedup;
  if (!(pCorrect >= 0 && pCorrect <= 1))
    return emitError() << "predicted probability of being correct must be in [0, 1], got "
                       << pCorrect;
  return success();
}

LogicalResult TimingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 APFloat medianValue, APFloat q1Value, APFloat q3Value,
                                 int64_t n) {
  double median = medianValue.convertToDouble(), q1 = q1Value.convertToDouble(),
         q3 = q3Value.convertToDouble();
  if (!std::isfinite(median) || !std::isfinite(q1) || !std::isfinite(q3))
    return emitError() << "timing values must be finite";
  if (q1 < 0 || median < 0)
    return emitError() << "timing values must be non-negative";
  if (!(q1 <= median && median <= q3))
    return emitError() << "timing needs q1 <= median <= q3, got " << q1 << " <= "
                       << median << " <= " << q3;
  if (n < 1)
    return emitError() << "timing needs at least one repetition, got " << n;
  return success();
}

LogicalResult SelectionAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                    StringRef strategy, int64_t timed) {
  if (strategy.empty())
    return emitError() << "a selection names its strategy";
  if (timed < 0)
    return emitError() << "a selection cannot have read a negative number of timings";
  return success();
}
