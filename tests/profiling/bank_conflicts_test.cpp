// Shared-memory bank conflicts from the L1TEX counters (profiling/bank_conflicts.h): the loads',
// stores' and LDGSTS fills' extra wavefronts over their instructions, never a shared atomic's
// serialisation (issue 29: 783 "conflicts per request" on the CUDA samples' histogram256).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "profiling/bank_conflicts.h"
#include "profiling/metric_set.h"
#include "profiling/signal_file.h"

using namespace solver::profiling;
using doctest::Approx;

namespace {
std::string m(std::string_view name) { return std::string(name); }
}  // namespace

TEST_CASE("the per-operation counts leave the atomics' replays out") {
  // 1000 shared atomics that replayed 20000 times, 100 loads and 50 stores with 60 and 15
  // conflicts, 50 LDGSTS fills with 25: the undivided counter holds all of it.
  std::map<std::string, double> raw = {
      {m(metric::kBankConflicts), 20100}, {m(metric::kBankConflictsLd), 60},
      {m(metric::kBankConflictsSt), 15},  {m(metric::kBankConflictsLdgsts), 25},
      {m(metric::kSharedLd), 100},        {m(metric::kSharedSt), 50},
      {m(metric::kLdgsts), 50},           {m(metric::kSharedAtomInst), 1000}};
  BankConflictReading r = shared_bank_conflicts(raw);
  REQUIRE(r.per_access);
  CHECK(*r.per_access == Approx(100.0 / 200));
  CHECK(r.defect.empty());
  // An export without the LDGSTS part reads the loads and stores alone.
  raw.erase(m(metric::kBankConflictsLdgsts));
  CHECK(*shared_bank_conflicts(raw).per_access == Approx(75.0 / 150));
}

TEST_CASE("the undivided count stands only where no other shared operation ran") {
  std::map<std::string, double> raw = {{m(metric::kBankConflicts), 300},
                                       {m(metric::kSharedLd), 100},
                                       {m(metric::kSharedSt), 50},
                                       {m(metric::kLdgsts), 50},
                                       {m(metric::kSharedAtomInst), 0}};
  // LDGSTS fills are shared accesses a layout decides: counted and divided by.
  CHECK(*shared_bank_conflicts(raw).per_access == Approx(300.0 / 200));
  // Shared atomics ran: the count is theirs too and cannot be split.
  raw[m(metric::kSharedAtomInst)] = 10;
  BankConflictReading atoms = shared_bank_conflicts(raw);
  CHECK_FALSE(atoms.per_access);
  CHECK(atoms.defect.find("bank_conflicts_per_request not defined") == 0);
  CHECK(atoms.defect.find("10 shared atomics") != std::string::npos);
  // So did wgmma (its operand reads are counted too).
  raw[m(metric::kSharedAtomInst)] = 0;
  raw[m(metric::kTensorInstGmma)] = 5;
  CHECK_FALSE(shared_bank_conflicts(raw).per_access);
  // No conflict at all leaves nothing to split; no load, store or fill means none of theirs.
  raw[m(metric::kBankConflicts)] = 0;
  CHECK(*shared_bank_conflicts(raw).per_access == 0.0);
  raw[m(metric::kBankConflicts)] = 300;
  raw[m(metric::kSharedLd)] = raw[m(metric::kSharedSt)] = raw[m(metric::kLdgsts)] = 0;
  CHECK(*shared_bank_conflicts(raw).per_access == 0.0);
  // A recording made before the other operations' counters were collected keeps the old reading.
  std::map<std::string, double> old = {
      {m(metric::kBankConflicts), 300}, {m(metric::kSharedLd), 100}, {m(metric::kSharedSt), 50}};
  CHECK(*shared_bank_conflicts(old).per_access == Approx(2.0));
  // Without the shared load and store counts there is nothing to divide by.
  old.erase(m(metric::kSharedSt));
  CHECK_FALSE(shared_bank_conflicts(old).per_access);
}

TEST_CASE("the recorded histograms' shared atomics are not conflicts") {
  // The labelled smem_histogram (H200, call J2): 524288 shared atomics on two words, 36864
  // shared loads and stores, 9.2 M extra wavefronts in the undivided counter. Read over the
  // loads and stores it was 250 conflicts per access; it is not a conflict rate at all.
  const std::string path =
      std::string(SOLVER_SOURCE_DIR) + "/tests/data/labelled_h200/smem_histogram.json";
  SignalFile f = load_signal_file(path);
  REQUIRE(f.raw_metrics.count(m(metric::kSharedAtomInst)));
  BankConflictReading r = shared_bank_conflicts(f.raw_metrics);
  CHECK_FALSE(r.per_access);
  CHECK(r.defect.find("524288 shared atomics") != std::string::npos);
}
