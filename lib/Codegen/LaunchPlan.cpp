//===- LaunchPlan.cpp - launch plans as plain data ------------------------===//
#include "kopt/Codegen/LaunchPlan.h"
#include "kopt/Codegen/CudaSandbox.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace kopt::codegen;
using llvm::StringRef;

namespace {
/// Reads one comment line's fields; errors name the file and line.
class LineParser {
public:
  LineParser(StringRef fileName, size_t line) : fileName(fileName), line(line) {}

  llvm::Error error(const llvm::Twine &message) const {
    return llvm::createStringError(
        llvm::formatv("{0}:{1}: {2}", fileName, line, message.str()).str());
  }

  /// 1 to `maxCount` comma-separated integers of at least `min`, for `what`.
  llvm::Expected<std::vector<int64_t>> integers(const llvm::Twine &what, StringRef text,
                                                size_t maxCount, int64_t min) const {
    llvm::SmallVector<StringRef> parts;
    text.split(parts, ',');
    if (parts.size() > maxCount)
      return error(what + " takes at most " + llvm::Twine(maxCount) + " values");
    std::vector<int64_t> values;
    for (StringRef part : parts) {
      int64_t value;
      if (part.trim().getAsInteger(10, value) || value < min)
        return error(what + " takes integers >= " + llvm::Twine(min) + ", got '" + part.trim() +
                     "'");
      values.push_back(value);
    }
    return values;
  }

  llvm::Expected<Launch> launch(StringRef text) const {
    Launch launch;
    StringRef rest = text.trim();
    launch.entry = rest.take_while([](char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; })
                       .str();
    rest = rest.drop_front(launch.entry.size()).ltrim();
    if (launch.entry.empty() || rest.starts_with("("))
      return error("kopt-launch: expected the entry name first");
    llvm::StringSet<> seen;
    while (!rest.empty()) {
      StringRef text = rest;
      StringRef field = rest.take_while(llvm::isAlpha);
      rest = rest.drop_front(field.size()).ltrim();
      size_t close = rest.find(')');
      if (field.empty() || !rest.consume_front("(") || close == StringRef::npos)
        return error(llvm::formatv("kopt-launch: expected grid(...), block(...), smem(...) or "
                                   "args(...), got '{0}'",
                                   text));
      StringRef body = rest.take_front(close - 1);
      rest = rest.drop_front(close).ltrim();
      if (!seen.insert(field).second)
        return error(llvm::formatv("kopt-launch: {0}() given twice", field));
      if (field == "grid" || field == "block") {
        llvm::Expected<std::vector<int64_t>> dims =
            integers("kopt-launch: " + field + "()", body, 3, 1);
        if (!dims)
          return dims.takeError();
        std::copy(dims->begin(), dims->end(),
                  (field == "grid" ? launch.grid : launch.block).begin());
      } else if (field == "smem") {
        llvm::Expected<std::vector<int64_t>> bytes = integers("kopt-launch: smem()", body, 1, 0);
        if (!bytes)
          return bytes.takeError();
        launch.smem = bytes->front();
      } else if (field == "args") {
        llvm::SmallVector<StringRef> args;
        body.split(args, ',');
        for (StringRef arg : args) {
          if (arg.trim().empty())
            return error("kopt-launch: args() has an empty argument");
          launch.args.push_back(arg.trim().str());
        }
      } else {
        return error(llvm::formatv("kopt-launch: unknown field '{0}' (fields: grid, block, "
                                   "smem, args)",
                                   field));
      }
    }
    for (StringRef required : {"grid", "block", "args"})
      if (!seen.contains(required))
        return error(llvm::formatv("kopt-launch: {0}(...) is missing", required));
    return launch;
  }

private:
  StringRef fileName;
  size_t line;
};
} // namespace

/// The text after `// <keyword>:` on a line, if the line is such a comment.
static std::optional<StringRef> commentBody(StringRef line, StringRef keyword) {
  line = line.trim();
  if (!line.consume_front("//"))
    return std::nullopt;
  line = line.ltrim();
  if (!line.consume_front(keyword) || !line.consume_front(":"))
    return std::nullopt;
  return line;
}

llvm::Expected<std::optional<LaunchPlan>>
kopt::codegen::parseLaunchComments(StringRef source, StringRef fileName) {
  LaunchPlan plan;
  bool hasScratch = false;
  // A kopt-launch line inside a block comment or a literal does not count.
  std::string visible = blankSource(source, {/*lineComments=*/false, /*literals=*/true});
  llvm::SmallVector<StringRef> lines;
  StringRef(visible).split(lines, '\n');
  for (auto [index, text] : llvm::enumerate(lines)) {
    LineParser parser(fileName, index + 1);
    if (std::optional<StringRef> body = commentBody(text, "kopt-launch")) {
      llvm::Expected<Launch> launch = parser.launch(*body);
      if (!launch)
        return launch.takeError();
      plan.launches.push_back(std::move(*launch));
    } else if (std::optional<StringRef> body = commentBody(text, "kopt-scratch")) {
      if (hasScratch)
        return parser.error("kopt-scratch: given twice (list every size on one line)");
      llvm::Expected<std::vector<int64_t>> bytes =
          parser.integers("kopt-scratch:", *body, SIZE_MAX, 1);
      if (!bytes)
        return bytes.takeError();
      plan.scratchBytes = std::move(*bytes);
      hasScratch = true;
    }
  }
  if (plan.launches.empty()) {
    if (hasScratch)
      return llvm::createStringError(
          (fileName + ": kopt-scratch without any kopt-launch line").str());
    return std::nullopt;
  }
  return plan;
}

llvm::Error kopt::codegen::checkLaunchPlan(mlir::MLIRContext *context, const LaunchPlan &plan,
                                           llvm::ArrayRef<std::string> buffers) {
  if (llvm::Expected<kb::LaunchPlanAttr> attr = toAttr(context, plan); !attr)
    return attr.takeError();
  // The verifiers checked scratch buffers and immediates; the rest must be the task's buffers.
  for (const Launch &launch : plan.launches)
    for (const std::string &arg : launch.args)
      if (!StringRef(arg).starts_with("scratch") && !kb::isImmediateArgument(arg) &&
          !llvm::is_contained(buffers, arg))
        return llvm::createStringError(
            llvm::formatv("launch '{0}' binds '{1}', which is no input or output of the task "
                          "({2})",
                          launch.entry, arg, llvm::join(buffers, ", ")));
  return llvm::Error::success();
}

LaunchPlan kopt::codegen::fromAttr(kb::LaunchPlanAttr attr) {
  LaunchPlan plan;
  for (kb::LaunchAttr launch : attr.getLaunches()) {
    Launch &out = plan.launches.emplace_back();
    out.entry = launch.getEntry().str();
    llvm::copy(launch.getGrid(), out.grid.begin());
    llvm::copy(launch.getBlock(), out.block.begin());
    out.smem = launch.getSmem();
    for (mlir::StringAttr arg : launch.getArgs())
      out.args.push_back(arg.str());
  }
  plan.scratchBytes.assign(attr.getScratchBytes().begin(), attr.getScratchBytes().end());
  return plan;
}

llvm::Expected<kb::LaunchPlanAttr> kopt::codegen::toAttr(mlir::MLIRContext *context,
                                                         const LaunchPlan &plan) {
  std::string message;
  mlir::ScopedDiagnosticHandler capture(context, [&](mlir::Diagnostic &diagnostic) {
    message = diagnostic.str();
    return mlir::success();
  });
  auto emitError = mlir::detail::getDefaultDiagnosticEmitFn(context);
  llvm::SmallVector<kb::LaunchAttr> launches;
  for (const Launch &launch : plan.launches) {
    llvm::SmallVector<mlir::StringAttr> args;
    for (const std::string &arg : launch.args)
      args.push_back(mlir::StringAttr::get(context, arg));
    kb::LaunchAttr attr = kb::LaunchAttr::getChecked(
        emitError, context, StringRef(launch.entry), llvm::ArrayRef<int64_t>(launch.grid),
        llvm::ArrayRef<int64_t>(launch.block), launch.smem, llvm::ArrayRef<mlir::StringAttr>(args));
    if (!attr)
      return llvm::createStringError(message);
    launches.push_back(attr);
  }
  kb::LaunchPlanAttr attr =
      kb::LaunchPlanAttr::getChecked(emitError, context, llvm::ArrayRef<kb::LaunchAttr>(launches),
                                     llvm::ArrayRef<int64_t>(plan.scratchBytes));
  if (!attr)
    return llvm::createStringError(message);
  return attr;
}
