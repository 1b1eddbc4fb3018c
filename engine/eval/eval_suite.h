// A labelled suite (tests/labelled/): problem folders, each one kernel built so that one
// bottleneck dominates, with a label.yaml naming it from the taxonomy (rules/bottlenecks.h):
//   bottleneck: dram_bandwidth            # required, a taxonomy id
//   accept: [at_ceiling]                  # optional: other verdicts that are also right
//   why: one paragraph                    # required: the mechanism and what confirms it
//   confirm:                              # required: ncu metric -> [low, high] on the H200
//     dram__throughput.avg.pct_of_peak_sustained_elapsed: [80, 100]
// `solver eval` classifies every kernel of a suite and scores the verdicts against the labels.
// A suite may hold out part of itself (heldout.txt in its root, one problem name a line):
// `eval --split dev|heldout` scores one part, and the report gives each part's accuracy.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rules/diagnostics.h"

namespace solver::engine {

struct ConfirmRange {
  std::string metric;  // an ncu metric name, as `ncu --metrics` takes it
  double low = 0;
  double high = 0;
  rules::SourceLocation where;
};

struct Label {
  std::string bottleneck;
  // The bottleneck is a class issue 29 asks for that the taxonomy does not have yet
  // (kPendingBottlenecks); no rule can name it, so the case counts as a miss until it does.
  bool pending = false;
  std::vector<std::string> accept;
  std::string why;
  std::vector<ConfirmRange> confirm;
  std::string file;
};

struct LabelledKernel {
  std::string name;  // the problem (= folder name)
  std::string dir;
  std::string variant;                   // the variant eval classifies: the problem's seed
  std::map<std::string, int64_t> knobs;  // its first allowed knob point (empty without knobs)
  std::vector<std::string> entries;      // its launches' kernel names, distinct, in launch order
  int launches = 0;
  Label label;
  bool held_out = false;  // listed in the suite's heldout.txt
};

struct LabelledSuite {
  std::string root;
  bool has_split = false;               // the suite has a heldout.txt
  std::vector<LabelledKernel> kernels;  // sorted by name
};

// Classes issue 29 asks for that rules/bottlenecks.cpp does not have yet (the ids the issue-29
// classifier work uses). A label may name one (it loads as `pending`); once the taxonomy has
// the id it is an ordinary label.
inline constexpr const char* kPendingBottlenecks[] = {"dram_near_roof",    "alu_compute",
                                                      "constant_cache",    "tail_effect",
                                                      "instruction_fetch", "unexplained"};

// The deterministic held-out third of a suite: a problem is held out when the first byte of
// sha256(name) is divisible by 3. heldout.txt is written from this rule and a test keeps it so.
bool held_out_by_name(const std::string& name);

// Parses one label file's text. Throws rules::InputError with every located problem.
Label parse_label(const std::string& yaml_text, const std::string& file_label);
// Every folder under `root` holding a problem.yaml; each must hold a label.yaml and load as a
// problem. `root`/heldout.txt, when present, marks the held-out kernels (every line a suite
// problem; '#' starts a comment). All problems of all folders are reported together (InputError);
// an empty suite is an error too.
LabelledSuite load_labelled_suite(const std::string& root);

// True if `got` (a fired rule's bottleneck) is the label or one of its accepted alternatives.
bool label_matches(const Label& label, const std::string& got);

}  // namespace solver::engine
