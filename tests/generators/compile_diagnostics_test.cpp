#include "generators/compile_diagnostics.h"

#include <doctest/doctest.h>

using namespace solver::generators;

namespace {
const char* kPtx =
    "// .entry commented_out(\n"
    ".visible .entry _Z10softmax_v1PKfPfi(\n .param .u64 p0\n)\n{\n ret;\n}\n"
    ".visible .entry _ZN2v26kernelEPf(\n)\n{\n ret;\n}\n"
    ".weak .entry _Z4tileILi128EEvPf(\n)\n{\n ret;\n}\n"
    ".visible .entry layernorm_v2(\n)\n{\n ret;\n}\n";
}

TEST_CASE("the entries of a PTX module, comments excluded") {
  auto e = ptx_entry_names(kPtx);
  REQUIRE(e.size() == 4);
  CHECK(e[0] == "_Z10softmax_v1PKfPfi");
  CHECK(e[3] == "layernorm_v2");
}

TEST_CASE("mangled kernel names come back to their source names") {
  CHECK(demangled_base("_Z10softmax_v1PKfPfi") == "softmax_v1");
  CHECK(demangled_base("_ZN2v26kernelEPf") == "v2::kernel");
  CHECK(demangled_base("_Z4tileILi128EEvPf") == "tile");
  CHECK(demangled_base("layernorm_v2") == "layernorm_v2");
  CHECK(demangled_base("_Zgarbage") == "_Zgarbage");
}

TEST_CASE("a kernel with C++ linkage is named by its mangled name, with the fix") {
  std::string m = check_launched_entries({"softmax_v1"}, kPtx);
  CHECK(m.find("entry 'softmax_v1' is not a kernel of the compiled module") != std::string::npos);
  CHECK(m.find("_Z10softmax_v1PKfPfi") != std::string::npos);
  CHECK(m.find("extern \"C\"") != std::string::npos);
  // A namespaced kernel matches by its last component.
  CHECK(check_launched_entries({"kernel"}, kPtx).find("_ZN2v26kernelEPf") != std::string::npos);
  // A template is named too, with the advice to give the instantiation.
  CHECK(check_launched_entries({"tile"}, kPtx).find("_Z4tileILi128EEvPf") != std::string::npos);
}

TEST_CASE("a misspelt entry gets a suggestion and the module's kernels") {
  std::string m = check_launched_entries({"layernorm_v3"}, kPtx);
  CHECK(m.find("did you mean 'layernorm_v2'") != std::string::npos);
  CHECK(m.find("its kernels: ") != std::string::npos);
  CHECK(m.find("_Z10softmax_v1PKfPfi (softmax_v1)") != std::string::npos);
  CHECK(check_launched_entries({"layernorm_v2"}, kPtx).empty());
  CHECK(check_launched_entries({"x"}, "").find("defines no __global__") != std::string::npos);
}

TEST_CASE("undefined libc names and missing libc headers get a hint naming the replacement") {
  std::string log =
      "k.cu(7): error: identifier \"INFINITY\" is undefined\n"
      "k.cu(7): error: identifier \"M_PI\" is undefined\n"
      "k.cu(8): error: identifier \"M_PI\" is undefined\n"
      "k.cu(9): error: identifier \"FLT_MAX\" is undefined\n"
      "k.cu(10): error: identifier \"my_helper\" is undefined\n";
  std::string h = libc_hints(log);
  CHECK(h.find("'INFINITY'") != std::string::npos);
  CHECK(h.find("<cuda/std/cmath>") != std::string::npos);
  CHECK(h.find("CUDART_PI") != std::string::npos);
  CHECK(h.find("__FLT_MAX__") != std::string::npos);
  CHECK(h.find("my_helper") == std::string::npos);  // not a libc name: no guess
  // Each name once, however many lines mention it.
  CHECK(h.find("'M_PI'") == h.rfind("'M_PI'"));
  std::string inc = libc_hints("k.cu(1): catastrophic error: cannot open source file \"cmath\"\n");
  CHECK(inc.find("NVRTC has no <cmath>: use <cuda/std/cmath>") != std::string::npos);
  CHECK(libc_hints("all fine").empty());
}
