//===- CudaSandboxTest.cpp - what a CUDA C++ candidate may read -----------===//
#include "kopt/Codegen/CudaSandbox.h"

#include "gtest/gtest.h"

using namespace kopt::codegen;

namespace {

/// "ok", or the error checkCudaDirectives gives for `source`.
std::string check(llvm::StringRef source) {
  llvm::Error error = checkCudaDirectives(source, "c0.cu");
  return error ? llvm::toString(std::move(error)) : "ok";
}

TEST(BlankSourceTest, CommentsAndLiterals) {
  std::string source = "a /* b\nc */ d // e\n\"/*\" '\\'' R\"x(//)x\" 1'000 'f'\n";
  EXPECT_EQ(blankSource(source, {true, false}),
            "a     \n     d     \n\"/*\" '\\'' R\"x(//)x\" 1'000 'f'\n");
  EXPECT_EQ(blankSource(source, {false, true}),
            "a     \n     d // e\n\"  \" '  ' R\"      \" 1'000 ' '\n");
}

TEST(BlankSourceTest, SplicedLineComment) {
  // The splice continues the comment onto the next line; the splice itself stays.
  EXPECT_EQ(blankSource("// a \\\nb\nc", {true, false}), "     \\\n \nc");
}

TEST(CudaDirectivesTest, AllowsOrdinaryIncludes) {
  EXPECT_EQ(check("#include <cuda_fp16.h>\n#include \"mma.h\"\n#if __has_include(<cub/cub.cuh>)\n"
                  "#endif\n#pragma unroll 4\n_Pragma(\"once\")\n"),
            "ok");
}

TEST(CudaDirectivesTest, RefusesEscapingPaths) {
  EXPECT_EQ(check("#include </etc/shadow>\n"),
            "c0.cu:1: #include '/etc/shadow' is absolute or climbs out with '..' (CUDA C++ "
            "candidates may include only headers of the compiler's and CUDA's include "
            "directories)");
  EXPECT_NE(check("\n  #  include \"../secret.h\"\n").find("c0.cu:2: #include '../secret.h'"),
            std::string::npos);
  EXPECT_NE(check("%:include_next \"a/../../b\"\n").find("#include_next"), std::string::npos);
  EXPECT_NE(check("#import \"/x\"\n").find("#import '/x'"), std::string::npos);
  EXPECT_NE(check("#if __has_include(\"/etc/passwd\")\n#endif\n").find("c0.cu:1: __has_include"),
            std::string::npos);
  EXPECT_NE(check("#pragma GCC dependency \"/etc/shadow\"\n").find("#pragma names '/etc/shadow'"),
            std::string::npos);
  EXPECT_NE(check("_Pragma(\"GCC dependency \\\"../x\\\"\")\n").find("#pragma names '../x'"),
            std::string::npos);
}

TEST(CudaDirectivesTest, RefusesWhatHidesAPath) {
  // A macro operand, a spliced directive, a comment inside a header name.
  EXPECT_NE(check("#define P </etc/shadow>\n#include P\n").find("c0.cu:2: #include takes"),
            std::string::npos);
  EXPECT_NE(check("#inc\\\nlude \"/etc/shadow\"\n").find("c0.cu:1: #include '/etc/shadow'"),
            std::string::npos);
  EXPECT_NE(check("#if __has_include(<a/*>)\n#endif\n#include \"/etc/x\" // */\n")
                .find("comment markers"),
            std::string::npos);
}

TEST(CudaDirectivesTest, RefusesEmbed) {
  EXPECT_NE(check("const char d[] = {\n#embed \"data.bin\"\n};\n")
                .find("c0.cu:2: #embed is not "
                      "allowed"),
            std::string::npos);
  EXPECT_NE(check("#if __has_embed(\"x\")\n#endif\n").find("__has_embed"), std::string::npos);
}

TEST(CudaDirectivesTest, IgnoresCommentsAndLiterals) {
  EXPECT_EQ(check("/* #include </etc/shadow>\n#embed \"x\" */\n// #include \"../x\"\n"
                  "const char *s = \"__has_embed(x) #include </etc>\";\n"),
            "ok");
}

} // namespace
