//===- AllowTF32Test.cpp - eager's TF32 timings leave fp32 behind them ----===//
//
// The runner keeps TF32 off (references and checks at fp32) and allows it only while it times
// eager's TF32 blocks: the switches must come back as they were, on every way out.
//
//===----------------------------------------------------------------------===//
#include "Evaluate.h"

#include <ATen/Context.h>
#include <gtest/gtest.h>

#include <stdexcept>

using namespace kopt::runner;

namespace {

struct Switches {
  bool cublas, cudnn;
};

Switches current() {
  return {at::globalContext().allowTF32CuBLAS(), at::globalContext().allowTF32CuDNN()};
}

void set(Switches switches) {
  at::globalContext().setAllowTF32CuBLAS(switches.cublas);
  at::globalContext().setAllowTF32CuDNN(switches.cudnn);
}

TEST(AllowTF32, AllowsBothWhileItLivesAndRestoresFp32) {
  Switches before = current();
  set({false, false}); // the runner's setting
  {
    AllowTF32 tf32;
    EXPECT_TRUE(current().cublas);
    EXPECT_TRUE(current().cudnn);
  }
  EXPECT_FALSE(current().cublas);
  EXPECT_FALSE(current().cudnn);
  set(before);
}

TEST(AllowTF32, RestoresWhatItFoundEvenOnAnException) {
  Switches before = current();
  set({false, true});
  try {
    AllowTF32 tf32;
    throw std::runtime_error("a reference that fails while timed");
  } catch (const std::runtime_error &) {
  }
  EXPECT_FALSE(current().cublas);
  EXPECT_TRUE(current().cudnn);
  set(before);
}

} // namespace
