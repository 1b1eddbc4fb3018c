// The load-chain scan on code of the shape that once made it run for minutes (session 28: PyTorch's
// erfcx, a 100-case switch inlined eight times, whose case bodies jump back to joins above them,
// so every case is a "loop" holding the loads at the top), and the one-pass implicit flows it
// uses (implicit_flow_writes_by_guard) against the per-guard query on random control flow.
#include <doctest/doctest.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "generators/ptx_implicit_flow.h"
#include "generators/ptx_load_chain.h"

using namespace solver::generators;

namespace {

// A pointer chase (`p = next[p]`) whose trip dispatches on the loaded value to one of `cases`
// bodies laid out below the loop; each body computes a float, leaves early to the join on a
// compare, and jumps back to the loop head (a `continue`): `cases` backward branches whose
// statements hold the chase load and the write of its address.
std::string erfcx_shape(int cases) {
  std::string s =
      "\tld.param.u64 \t%rd1, [p];\n\tmov.u32 \t%r1, 0;\n$L__head:\n"
      "\tmul.wide.s32 \t%rd2, %r1, 4;\n\tadd.s64 \t%rd3, %rd1, %rd2;\n"
      "\tld.global.u32 \t%r1, [%rd3];\n\tcvt.rn.f32.s32 \t%f1, %r1;\n";
  for (int k = 0; k < cases; ++k)
    s += "\tsetp.eq.s32 \t%p" + std::to_string(k) + ", %r1, " + std::to_string(k) + ";\n\t@%p" +
         std::to_string(k) + " bra \t$L__case" + std::to_string(k) + ";\n";
  s += "$L__join:\n\tadd.s32 \t%r2, %r2, -1;\n\tsetp.ne.s32 \t%pz, %r2, 0;\n"
       "\t@%pz bra \t$L__head;\n\tst.global.f32 \t[%rd1], %f2;\n\tret;\n";
  for (int k = 0; k < cases; ++k) {
    const std::string c = std::to_string(k), f = "%f" + std::to_string(10 + 4 * k);
    s += "$L__case" + c + ":\n\tmul.f32 \t" + f + ", %f1, %f1;\n\tfma.rn.f32 \t" + f + ", " + f +
         ", %f1, 0f3F000000;\n\tsetp.gt.f32 \t%q" + c + ", " + f + ", 0f42C80000;\n\t@%q" + c +
         " bra \t$L__join;\n\tadd.f32 \t%f2, " + f + ", %f2;\n\tbra.uni \t$L__head;\n";
  }
  return s;
}

}  // namespace

TEST_CASE("load chain: a small erfcx-shaped switch keeps its chase") {
  // The chase is one chained load however many cases the trip dispatches to.
  CHECK(1 == ptx_load_chain_loads(erfcx_shape(3)));
  CHECK(1 == ptx_load_chain_loads(erfcx_shape(12)));
}

TEST_CASE("load chain: a switch of hundreds of cases scans in well under a couple of seconds") {
  const std::string big = erfcx_shape(300);
  const auto t0 = std::chrono::steady_clock::now();
  const auto n = ptx_load_chain_loads(big);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(n == 1);
  CHECK(s < 2.0);
}

TEST_CASE("load chain: past its work budget the scan declines and says how large the code was") {
  const std::string big = erfcx_shape(40);
  const LoadChainScan full = ptx_load_chain_scan(big);
  REQUIRE(full.loads);
  CHECK(full.work > 0);
  const LoadChainScan cut = ptx_load_chain_scan(big, full.work - 1);
  CHECK_FALSE(cut.loads);
  CHECK(cut.statements == full.statements);
  CHECK(ptx_load_chain_scan(big, full.work).loads == full.loads);
}

TEST_CASE("implicit flows: the indexed rule and all guards in one pass equal the rescanning rule") {
  std::mt19937 rng(28);
  auto pick = [&](int n) { return int(rng() % unsigned(n)); };
  for (int round = 0; round < 400; ++round) {
    const int n = 8 + pick(40), labels = 1 + pick(8);
    std::vector<FlowStmt> code(static_cast<std::size_t>(n));
    for (int l = 0; l < labels; ++l)
      code[std::size_t(pick(n))].labels.push_back("L" + std::to_string(l));
    for (auto& f : code) {
      const int kind = pick(10);
      if (kind < 3) {  // a branch: guarded or not, to any label (a missing one too)
        f.target = "L" + std::to_string(pick(labels + 1));
        f.guarded = pick(4) != 0;
        if (f.guarded) f.guard = "%p" + std::to_string(pick(3));
        f.ends = !f.guarded;
      } else if (kind == 3) {  // ret or exit, guarded or not
        if (pick(2)) f.exit_guard = "%p" + std::to_string(pick(3));
        f.ends = f.exit_guard.empty();
      } else {
        for (int w = pick(3); w > 0; --w) f.writes.push_back("%r" + std::to_string(pick(6)));
        if (pick(3) == 0) f.writes.push_back("%p" + std::to_string(pick(3)));
        for (int r = pick(4); r > 0; --r) f.reads.push_back("%r" + std::to_string(pick(6)));
      }
    }
    const auto all = implicit_flow_writes_by_guard(code);
    // A tainted set of guards, and an excuse for some regions: the indexed rule answers what
    // the rescanning one does.
    const unsigned mask = unsigned(pick(8));
    auto tainted = [&](const std::string& r) {
      return r.size() == 3 && (mask >> (r[2] - '0')) & 1;
    };
    auto excused = [&](const FlowRegion& r) { return (r.branch + unsigned(round)) % 3 == 0; };
    CHECK(implicit_flow_writes(code, tainted) == implicit_flow_writes_reference(code, tainted));
    CHECK(implicit_flow_writes(code, tainted, excused) ==
          implicit_flow_writes_reference(code, tainted, excused));
    for (int g = 0; g < 3; ++g) {
      const std::string guard = "%p" + std::to_string(g);
      const auto one =
          implicit_flow_writes_reference(code, [&](const std::string& r) { return r == guard; });
      const auto it = all.find(guard);
      const std::vector<std::string> got =
          it == all.end() ? std::vector<std::string>{}
                          : std::vector<std::string>(it->second.begin(), it->second.end());
      CHECK(got == one);
    }
  }
}
