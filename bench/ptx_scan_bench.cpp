// The gate's PTX scans timed one by one on a PTX file (issue 28's cost bar, helper gcost): which
// scan costs what on a large module, and what a second call in the same process (ptx_memo.h)
// and a second process (the on-disk facts, ptx_facts_store.h) still pay. No GPU: take the PTX
// from an NVRTC cache entry (<dir>/<key>.ptx, written by `solver problems check --compile-only`).
// Usage: ptx_scan_bench FILE.ptx [FACTS_DIR]   (FACTS_DIR: the on-disk facts' folder; none: off)
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "generators/ptx_bit_narrowing.h"
#include "generators/ptx_compensated.h"
#include "generators/ptx_facts_store.h"
#include "generators/ptx_int_provenance.h"
#include "generators/ptx_module_memory.h"
#include "generators/ptx_precision.h"
#include "generators/ptx_scan.h"

using namespace solver::generators;

namespace {
double timed(const char* what, const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-34s %8.3f s\n", what, s);
  return s;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: ptx_scan_bench FILE.ptx [FACTS_DIR]\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "ptx_scan_bench: cannot read %s\n", argv[1]);
    return 2;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string ptx = ss.str();
  if (argc > 2) set_ptx_facts_dir(argv[2]);
  std::vector<std::string> entries;  // every .entry of the module, as a launch list would name
  for (size_t at = 0; (at = ptx.find(".entry ", at)) != std::string::npos;) {
    at += 7;
    size_t end = ptx.find_first_of(" (\n", at);
    entries.push_back(ptx.substr(at, end - at));
  }
  std::printf("%s: %zu bytes, %zu entries\n", argv[1], ptx.size(), entries.size());
  double total = 0;
  for (int pass = 1; pass <= 2; ++pass) {
    std::printf("pass %d%s\n", pass, pass == 2 ? " (same process)" : "");
    total += timed("scan_launched_code", [&] { (void)scan_launched_code_kept(ptx, entries); });
    total +=
        timed("scan_ptx_precision(params)", [&] { (void)scan_ptx_precision(ptx, FloatParams{}); });
    total += timed("scan_ptx_module_memory", [&] { (void)scan_ptx_module_memory(ptx); });
    if (pass == 1) {
      timed("  of which fp32_arith_to_buffers", [&] { (void)fp32_arith_to_buffers(ptx, false); });
      timed("  of which scan_bit_narrowing", [&] { (void)scan_bit_narrowing(ptx, FloatParams{}); });
      timed("  of which scan_fp32_compensation", [&] { (void)scan_fp32_compensation(ptx); });
    }
  }
  std::printf("gate scans, both passes: %.3f s\n", total);
  return 0;
}
