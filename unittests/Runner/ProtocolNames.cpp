//===- ProtocolNames.cpp - the protocol's names, for other languages ------===//
//
// Prints the protocol's version, the ops, the verdicts and every message's field names, one per
// line, so that check_python_names.py can check that python/kopt/runner.py spells them the same.
//
//===----------------------------------------------------------------------===//
#include "kopt_runner_protocol.h"

#include <iostream>

using namespace kopt::protocol;

namespace {
struct NamePrinter {
  template <typename T> void operator()(const char *name, T &, Field = {}) {
    std::cout << " " << name;
  }
};

template <typename Message> void printFields(const char *message) {
  Message value;
  NamePrinter printer;
  std::cout << "fields " << message;
  Message::fields(value, printer);
  std::cout << "\n";
}

template <typename Request> void printRequest(const char *message) {
  std::cout << "op " << message << " " << Request::kOp << "\n";
  printFields<Request>(message);
}
} // namespace

int main() {
  std::cout << "version " << kVersion << "\n";
  std::cout << "envelope " << kIdField << " " << kOpField << " " << kOkField << " " << kErrorField
            << "\n";
  for (const char *verdict : kVerdictSpellings)
    std::cout << "verdict " << verdict << "\n";
  printFields<Distribution>("Distribution");
  printFields<Tensor>("Tensor");
  printFields<Launch>("Launch");
  printFields<Kernel>("Kernel");
  printFields<VerifySettings>("VerifySettings");
  printFields<TimeSettings>("TimeSettings");
  printFields<Device>("Device");
  printRequest<HelloRequest>("HelloRequest");
  printRequest<Task>("Task");
  printRequest<VerifyRequest>("VerifyRequest");
  printRequest<TimeRequest>("TimeRequest");
  printRequest<EagerRequest>("EagerRequest");
  printRequest<HostCheckRequest>("HostCheckRequest");
  printRequest<ByeRequest>("ByeRequest");
  printFields<HelloReply>("HelloReply");
  printFields<VerifyReply>("VerifyReply");
  printFields<TimeReply>("TimeReply");
  printFields<TimeFailureReply>("TimeFailureReply");
  printFields<EagerReply>("EagerReply");
  return 0;
}
