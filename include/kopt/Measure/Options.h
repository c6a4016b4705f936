//===- Options.h - defaults of the measuring passes' options ----*- C++ -*-===//
//
// The settings of a measurement session that are kopt's own rather than the protocol's (those are
// in kopt_runner_protocol.h): kb-verify, kb-time and the default pipeline declare their options
// with these defaults, and the pass declarations include this header for them alone.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_MEASURE_OPTIONS_H
#define KOPT_MEASURE_OPTIONS_H

namespace kopt {

/// How long kopt waits for one reply of kopt-runner by default.
inline constexpr double kDefaultTimeoutSeconds = 60.0;

/// The `cache` option's value (kb-verify, kb-time) that turns the result cache off.
inline constexpr const char *kNoCache = "none";

} // namespace kopt

#endif // KOPT_MEASURE_OPTIONS_H
