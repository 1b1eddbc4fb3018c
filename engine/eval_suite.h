// A labelled suite (tests/labelled/): problem folders, each one kernel built so that one
// bottleneck dominates, with a label.yaml naming it from the taxonomy (rules/bottlenecks.h):
//   bottleneck: dram_bandwidth            # required, a taxonomy id
//   accept: [at_ceiling]                  # optional: other verdicts that are also right
//   why: one paragraph                    # required: the mechanism and what confirms it
//   confirm:                              # required: ncu metric -> [low, high] on the H200
//     dram__throughput.avg.pct_of_peak_sustained_elapsed: [80, 100]
// `solver eval` classifies every kernel of a suite and scores the verdicts against the labels.
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
};

struct LabelledSuite {
  std::string root;
  std::vector<LabelledKernel> kernels;  // sorted by name
};

// Parses one label file's text. Throws rules::InputError with every located problem.
Label parse_label(const std::string& yaml_text, const std::string& file_label);
// Every folder under `root` holding a problem.yaml; each must hold a label.yaml and load as a
// problem. All problems of all folders are reported together (InputError); an empty suite is
// an error too.
LabelledSuite load_labelled_suite(const std::string& root);

// True if `got` (a fired rule's bottleneck) is the label or one of its accepted alternatives.
bool label_matches(const Label& label, const std::string& got);

}  // namespace solver::engine
