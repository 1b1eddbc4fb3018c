// An output's `blind_to:` (docs/problem-format.md, "An output blind to an input"): the inputs
// whose echo alone this output's tolerance cannot see, declared by the author so that the
// tolerance lint's per-(input, output) judgement (engine/backend/gpu/input_lint.h) excuses that
// pair, and says so. Read after every buffer is known (a name may be of a buffer listed later).
// What the loader can decide without a device is an error here, located at the list item: a name
// that is no buffer, a buffer that is no input, an input the lint never echoes (a permutation,
// a cycle or a constant: nothing to be blind to), a dist_fixed input of an element-wise law
// (excused by the lint already; a structured input's loader-made dist_fixed is no excuse), a
// name listed twice, a declaration on a buffer that is not an output. Whether the output is
// blind to the input is measured on the device: the gate refuses a declaration it finds false.
#include <string>

#include "generators/problem_loader.h"

namespace solver::generators::detail {

namespace {

bool output_role(BufferRole r) { return r == BufferRole::Out || r == BufferRole::InOut; }

// The inits the tolerance lint echoes (sample_lint.h sample_echoed: element-wise laws, masks,
// and since h28s sorted and csr_rowptr inputs by the echoes that keep them valid; model_echoed:
// since h28u permutations and cycles by a refill of one parity, model_echo.h).
bool echoed_kind(const std::string& k) {
  return k == "uniform" || k == "normal" || k == "randint" || k == "mask" || k == "sorted" ||
         k == "csr_rowptr" || k == "permutation" || k == "cycle";
}
// The structured inits the lint echoes: the loader makes them dist_fixed (for the adversarial
// sets), which the lint does not read as an excuse (sample_lint.h lint_excused), so an output
// may declare itself blind to one.
bool echoed_structure(const std::string& k) {
  return k == "mask" || k == "sorted" || k == "csr_rowptr" || k == "permutation" || k == "cycle";
}

}  // namespace

void Loader::load_blind_to(const YAML::Node& buffers, ProblemSpec& spec) {
  if (!buffers || !buffers.IsMap()) return;
  for (const auto& kv : buffers) {
    if (!kv.second.IsMap()) continue;
    const YAML::Node list = child(kv.second, "blind_to");
    if (!list) continue;
    const std::string out = kv.first.Scalar();
    BufferSpec* b = nullptr;
    for (auto& x : spec.buffers)
      if (x.name == out) b = &x;
    if (!b) continue;  // the buffer's own error is reported by load_buffers
    if (!output_role(b->role)) {
      error(list, "buffer '" + out +
                      "': blind_to applies to outputs (role out or inout) only: it names the "
                      "inputs whose echo this output's tolerance cannot see");
      continue;
    }
    if (!list.IsSequence()) {
      error(list, "buffer '" + out + "': blind_to must be a list of input buffer names");
      continue;
    }
    for (const YAML::Node& item : list) {
      if (!item.IsScalar()) {
        error(item, "buffer '" + out + "': blind_to items are input buffer names");
        continue;
      }
      const std::string in = item.Scalar();
      const BufferSpec* x = spec.find_buffer(in);
      const std::string head = "buffer '" + out + "': blind_to '" + in + "' ";
      if (!x) {
        std::string inputs;
        for (const auto& y : spec.buffers)
          if (y.role == BufferRole::In || y.role == BufferRole::InOut)
            inputs += (inputs.empty() ? "" : ", ") + y.name;
        error(item, head + "is not a buffer of this problem (its inputs: " +
                        (inputs.empty() ? "none" : inputs) + ")");
      } else if (x->role != BufferRole::In && x->role != BufferRole::InOut) {
        error(item,
              head + "is not an input (role in or inout): only an input's echo can move " + out);
      } else if (x->dist_fixed && !echoed_structure(x->init.kind)) {
        error(item, head +
                        "is dist_fixed: the tolerance lint excuses a dist_fixed input already "
                        "(its law is part of the problem); remove it from blind_to");
      } else if (!echoed_kind(x->init.kind)) {
        error(item, head + "has init '" + x->init.kind +
                        "', which the tolerance lint does not echo (uniform, normal, randint, "
                        "mask, sorted, csr_rowptr, permutation and cycle inputs only): there is "
                        "nothing to be blind to");
      } else {
        bool twice = false;
        for (const auto& d : b->blind_to) twice = twice || d.input == in;
        if (twice)
          error(item, head + "is listed twice");
        else
          b->blind_to.push_back(BufferSpec::BlindTo{in, at(item)});
      }
    }
  }
}

}  // namespace solver::generators::detail
