#include "engine/backend/gpu/model_echo.h"

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/perturb_arith.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <random>
#include <sstream>

namespace solver::gpu {

namespace {

using generators::DType;

bool ordered(const std::string& k) { return k == "sorted" || k == "csr_rowptr"; }

// Element i of `data` as an int64 (integer dtypes) and back.
int64_t load_int(DType d, const unsigned char* data, uint64_t i) {
  switch (d) {
    case DType::I32: {
      int32_t v;
      std::memcpy(&v, data + i * 4, 4);
      return v;
    }
    case DType::U32: {
      uint32_t v;
      std::memcpy(&v, data + i * 4, 4);
      return int64_t(v);
    }
    default: {
      int64_t v;
      std::memcpy(&v, data + i * 8, 8);
      return v;
    }
  }
}
void store_int(DType d, unsigned char* data, uint64_t i, int64_t v) {
  if (d == DType::I32 || d == DType::U32) {
    const uint32_t w = uint32_t(v);
    std::memcpy(data + i * 4, &w, 4);
  } else {
    std::memcpy(data + i * 8, &v, 8);
  }
}
bool integral(DType d) {
  return d == DType::I32 || d == DType::U32 || d == DType::I64 || d == DType::U64;
}

// The midpoint of a <= b in `d`, between them: floor((a + b) / 2) for integers (without
// overflow: halves and the lost bit), the nearest value of the exact midpoint for floats (a
// rounding is monotone, so it stays in [a, b]); clamped all the same.
void store_mid(DType d, unsigned char* data, uint64_t i, uint64_t lo, uint64_t hi) {
  if (integral(d)) {
    if (d == DType::U64) {
      uint64_t a, b;
      std::memcpy(&a, data + lo * 8, 8);
      std::memcpy(&b, data + hi * 8, 8);
      const uint64_t m = (a >> 1) + (b >> 1) + (a & b & 1);
      std::memcpy(data + i * 8, &m, 8);
      return;
    }
    const int64_t a = load_int(d, data, lo), b = load_int(d, data, hi);
    store_int(d, data, i, (a >> 1) + (b >> 1) + (a & b & 1));
    return;
  }
  const double a = perturb_detail::load_float(d, data, int64_t(lo)),
               b = perturb_detail::load_float(d, data, int64_t(hi));
  double m = d == DType::F64 ? a * 0.5 + b * 0.5 : (a + b) * 0.5;  // exact for narrower floats
  m = std::min(std::max(m, std::min(a, b)), std::max(a, b));
  perturb_detail::store_float(d, data, int64_t(i), m);
}

// Whether `v` (n values) is a permutation of 0..n-1.
bool is_permutation(const std::vector<int64_t>& v) {
  std::vector<char> seen(v.size(), 0);
  for (int64_t x : v) {
    if (x < 0 || uint64_t(x) >= v.size() || seen[size_t(x)]) return false;
    seen[size_t(x)] = 1;
  }
  return true;
}

std::vector<int64_t> load_all(DType d, const unsigned char* data, uint64_t n) {
  std::vector<int64_t> v(n);
  for (uint64_t i = 0; i < n; ++i) v[i] = load_int(d, data, i);
  return v;
}

// Whether place i is moved: parity 0 or 1 the even or odd places; kKeyedHalf a keyed random half
// (each place by one bit of its mix with `seed`), which crosses every parity and residue class
// (h29m: red team 29's deal keeps each parity's multiset under both parity refills).
bool moved(uint64_t i, int parity, uint64_t seed) {
  if (parity == kKeyedHalf)
    return (echo_mix(seed ^ (0x6b65796564ull + i * 0x9e3779b97f4a7c15ull)) >> 17) & 1;
  return (i & 1) == uint64_t(parity & 1);
}

}  // namespace

void midpoint_echo(DType d, unsigned char* data, uint64_t n, int parity) {
  // In place: a moved element reads its neighbours, which are of the kept parity.
  for (uint64_t i = parity & 1 ? 1 : 2; i + 1 < n; i += 2) store_mid(d, data, i, i - 1, i + 1);
}

namespace {

// refill_permutation and refill_cycle on the places `moved_at` says, the order from `seed`.
template <class Moved>
bool refill_permutation_at(DType d, unsigned char* data, uint64_t n, const Moved& moved_at,
                           uint64_t seed) {
  if (!integral(d)) return false;
  const std::vector<int64_t> p = load_all(d, data, n);
  if (!is_permutation(p)) return false;
  // The values the kept places lack, in increasing order (a function of the kept half only),
  // then shuffled into the moved places.
  std::vector<char> kept(n, 0);
  for (uint64_t i = 0; i < n; ++i)
    if (!moved_at(i)) kept[size_t(p[i])] = 1;
  std::vector<int64_t> lack;
  for (uint64_t v = 0; v < n; ++v)
    if (!kept[v]) lack.push_back(int64_t(v));
  std::mt19937_64 rng(seed);
  std::shuffle(lack.begin(), lack.end(), rng);
  size_t next = 0;
  for (uint64_t i = 0; i < n; ++i)
    if (moved_at(i)) store_int(d, data, i, lack[next++]);
  return true;
}

template <class Moved>
bool refill_cycle_at(DType d, unsigned char* data, uint64_t n, const Moved& moved_at,
                     uint64_t seed) {
  if (!integral(d)) return false;
  const std::vector<int64_t> next = load_all(d, data, n);
  if (!is_permutation(next)) return false;
  // The kept places' links i -> next[i] form paths (a part of one cycle through every node);
  // each path ends at a moved place (no link kept). Paths in order of their first node (one no
  // kept link enters), then joined in a random cyclic order: end of one -> first of the next.
  std::vector<char> entered(n, 0);
  for (uint64_t i = 0; i < n; ++i)
    if (!moved_at(i)) entered[size_t(next[i])] = 1;
  std::vector<std::pair<uint64_t, uint64_t>> paths;  // (first, end)
  uint64_t walked = 0;
  for (uint64_t s = 0; s < n; ++s) {
    if (entered[s]) continue;
    uint64_t v = s;
    while (!moved_at(v) && walked <= n) v = uint64_t(next[v]), ++walked;
    paths.push_back({s, v});
  }
  // Not one cycle (kept links close a loop, so some node is never reached): leave it.
  if (walked + paths.size() != n) return false;
  std::mt19937_64 rng(seed);
  std::shuffle(paths.begin(), paths.end(), rng);
  for (size_t t = 0; t < paths.size(); ++t)
    store_int(d, data, paths[t].second, int64_t(paths[(t + 1) % paths.size()].first));
  return true;
}

}  // namespace

bool refill_permutation(DType d, unsigned char* data, uint64_t n, int parity, uint64_t seed) {
  return refill_permutation_at(
      d, data, n, [&](uint64_t i) { return moved(i, parity, seed); }, seed);
}

bool refill_cycle(DType d, unsigned char* data, uint64_t n, int parity, uint64_t seed) {
  return refill_cycle_at(
      d, data, n, [&](uint64_t i) { return moved(i, parity, seed); }, seed);
}

bool class_place(uint64_t i, uint64_t n, const ModelClass& c) {
  const uint64_t pair = i >> 1;
  if (!c.classes || pair % c.classes != c.cls || i == 0 || i + 1 >= n) return false;
  return (i & 1) ==
         ((echo_mix(c.key ^ (0x636c617373ull + pair * 0x9e3779b97f4a7c15ull)) >> 23) & 1);
}

namespace {

// What every class refill of one input reads (helper h31): whether its bytes are a permutation (one
// cycle) of 0..n-1, and a cycle's places in cycle order (pos[v]: v's step from node 0), made once
// per content (keyed by a hash of every byte) and kept for the next class; the O(n) random-access
// pass is the cost a class would otherwise pay each time. The hash is input_sets.h's digest (1 MiB
// chunks on every core), not a sequential pass: a 2^24-element input's refills (up to 288 of them,
// model_light.h) each paid ~25 ms of one core for it (helper gcost).
struct ClassBase {
  uint64_t hash = 0, size = 0;
  bool cycle = false, valid = false;
  std::vector<uint32_t> pos;
};
std::mutex g_base_mutex;
std::shared_ptr<const ClassBase> g_base;

uint64_t content_hash(const unsigned char* d, size_t size) { return digest(d, size); }

std::shared_ptr<const ClassBase> class_base(DType d, const HostInput& in, uint64_t n, bool cycle) {
  const uint64_t h = content_hash(in.data.get(), in.size);
  {
    std::lock_guard<std::mutex> lock(g_base_mutex);
    if (g_base && g_base->hash == h && g_base->size == in.size && g_base->cycle == cycle)
      return g_base;
  }
  auto base = std::make_shared<ClassBase>();
  base->hash = h;
  base->size = in.size;
  base->cycle = cycle;
  const std::vector<int64_t> v =
      integral(d) ? load_all(d, in.data.get(), n) : std::vector<int64_t>{};
  base->valid = integral(d) && n < (uint64_t(1) << 32) && is_permutation(v);
  if (base->valid && cycle) {
    base->pos.assign(n, 0);
    uint64_t node = 0, step = 0;
    for (; step < n; ++step) {
      if (step && node == 0) break;  // back at node 0 early: more than one cycle
      base->pos[node] = uint32_t(step);
      node = uint64_t(v[node]);
    }
    base->valid = step == n && node == 0;
  }
  std::lock_guard<std::mutex> lock(g_base_mutex);
  g_base = base;
  return base;
}

}  // namespace

std::shared_ptr<const HostInput> model_class_echo(const generators::ResolvedBuffer& b,
                                                  const HostInput& in, const ModelClass& c) {
  auto out = std::make_shared<HostInput>();
  out->size = in.size;
  out->data.reset(new unsigned char[in.size]);
  std::memcpy(out->data.get(), in.data.get(), in.size);
  const size_t size = generators::dtype_size(b.dtype);
  if (!size || !model_echoed(b) || !c.classes) return out;
  const uint64_t n = in.size / size;
  const std::string& k = b.init.kind;
  unsigned char* data = out->data.get();
  const uint64_t order = echo_mix(c.key ^ (0x6f72646572ull + c.cls * 0x9e3779b97f4a7c15ull));
  // The moved places, in increasing order: O(n / classes).
  std::vector<uint64_t> moved;
  for (uint64_t pair = c.cls; 2 * pair < n; pair += c.classes)
    for (uint64_t i : {2 * pair, 2 * pair + 1})
      if (class_place(i, n, c)) moved.push_back(i);
  if (ordered(k)) {
    // One place a pair, the class's pairs `classes` apart: no moved place is another's
    // neighbour, so each midpoint reads kept neighbours.
    for (uint64_t i : moved) store_mid(b.dtype, data, i, i - 1, i + 1);
    return out;
  }
  const bool cycle = k != "permutation";
  const std::shared_ptr<const ClassBase> base = class_base(b.dtype, in, n, cycle);
  if (!base->valid || moved.empty()) return out;
  std::mt19937_64 rng(order);
  if (!cycle) {
    // refill_permutation's rule on these places: the values the kept places lack (those the
    // moved places hold), in increasing order, shuffled into the moved places in place order.
    std::vector<int64_t> lack;
    for (uint64_t i : moved) lack.push_back(load_int(b.dtype, data, i));
    std::sort(lack.begin(), lack.end());
    std::shuffle(lack.begin(), lack.end(), rng);
    for (size_t t = 0; t < moved.size(); ++t) store_int(b.dtype, data, moved[t], lack[t]);
    return out;
  }
  // refill_cycle's rule: the kept links are the cycle cut at the moved places; the path that
  // starts at a moved place's successor ends at the next moved place along the cycle. Paths in
  // order of their first node, shuffled, joined end -> next first.
  std::vector<uint64_t> along = moved;
  std::sort(along.begin(), along.end(),
            [&](uint64_t a, uint64_t z) { return base->pos[a] < base->pos[z]; });
  std::vector<std::pair<uint64_t, uint64_t>> paths;  // (first, end)
  for (size_t t = 0; t < along.size(); ++t)
    paths.push_back({uint64_t(load_int(b.dtype, data, along[t])), along[(t + 1) % along.size()]});
  std::sort(paths.begin(), paths.end());
  std::shuffle(paths.begin(), paths.end(), rng);
  for (size_t t = 0; t < paths.size(); ++t)
    store_int(b.dtype, data, paths[t].second, int64_t(paths[(t + 1) % paths.size()].first));
  return out;
}

std::shared_ptr<const HostInput> model_class_echo_plain(const generators::ResolvedBuffer& b,
                                                        const HostInput& in, const ModelClass& c) {
  auto out = std::make_shared<HostInput>();
  out->size = in.size;
  out->data.reset(new unsigned char[in.size]);
  std::memcpy(out->data.get(), in.data.get(), in.size);
  const size_t size = generators::dtype_size(b.dtype);
  if (!size || !model_echoed(b) || !c.classes || ordered(b.init.kind)) return out;
  const uint64_t n = in.size / size;
  const uint64_t order = echo_mix(c.key ^ (0x6f72646572ull + c.cls * 0x9e3779b97f4a7c15ull));
  auto at = [&](uint64_t i) { return class_place(i, n, c); };
  if (b.init.kind == "permutation")
    refill_permutation_at(b.dtype, out->data.get(), n, at, order);
  else
    refill_cycle_at(b.dtype, out->data.get(), n, at, order);
  return out;
}

uint64_t class_key(uint64_t set_seed) { return echo_mix(set_seed ^ 0x6d6f64656c636c73ull); }

uint64_t model_seed(uint64_t set_seed, int parity) {
  return echo_mix(set_seed ^ (0x6d6f64656c000000ull + uint64_t(parity & 3)));
}

std::shared_ptr<const HostInput> model_echo(const generators::ResolvedBuffer& b,
                                            const HostInput& in, int parity, uint64_t seed) {
  auto out = std::make_shared<HostInput>();
  out->size = in.size;
  out->data.reset(new unsigned char[in.size]);
  std::memcpy(out->data.get(), in.data.get(), in.size);
  const size_t size = generators::dtype_size(b.dtype);
  if (!size || !model_echoed(b)) return out;
  const uint64_t n = in.size / size;
  const std::string& k = b.init.kind;
  if (ordered(k)) {
    if (parity != kKeyedHalf) midpoint_echo(b.dtype, out->data.get(), n, parity);
  } else if (k == "permutation") {
    refill_permutation(b.dtype, out->data.get(), n, parity, seed);
  } else {
    refill_cycle(b.dtype, out->data.get(), n, parity, seed);
  }
  return out;
}

const std::vector<EchoPattern>& model_patterns() {
  static const std::vector<EchoPattern> patterns = {
      {1, 1, true}, {1, 0, true}, {1, kKeyedHalf, true}};
  return patterns;
}

bool model_pattern_moves(const generators::ResolvedBuffer& b, const EchoPattern& e) {
  return model_echoed(b) && (e.parity != kKeyedHalf || !ordered(b.init.kind));
}

bool model_lint_needed(const std::vector<generators::Tolerance>& output_tols) {
  for (const generators::Tolerance& t : output_tols)
    if (t.rtol > 0 || t.atol > 0) return true;
  return false;
}

SampleLintVerdict model_lint_verdict(const std::vector<InputShares>& inputs,
                                     const std::vector<std::string>& outputs,
                                     const std::vector<generators::Tolerance>& output_tols,
                                     const std::vector<BlindDeclared>& declared,
                                     const std::vector<std::vector<QuietVerdict>>& quiet) {
  SampleLintVerdict v;
  std::ostringstream refusal, told;
  refusal.precision(2);
  told.precision(2);
  int refused = 0, telling = 0;
  for (size_t ii = 0; ii < inputs.size(); ++ii) {
    const InputShares& in = inputs[ii];
    const size_t n_out = std::max<size_t>(outputs.size(), 1);
    for (size_t k = 0; k < n_out; ++k) {
      const std::string out = k < outputs.size() ? outputs[k] : "the output";
      bool blind = false;
      for (const BlindDeclared& d : declared)
        blind = blind || (d.input == in.input && (outputs.size() <= 1 || d.output == out));
      double top = 0;
      const SetShare* best = nullptr;
      for (const SetShare& s : in.sets) {
        const double g = k < s.outputs.size() ? s.outputs[k] : s.share;
        if (!(g <= top)) top = g, best = &s;  // NaN: told apart
      }
      if (blind || top == 0 || !best) continue;
      const generators::Tolerance none{};
      const generators::Tolerance& tol =
          output_tols.empty() ? none : output_tols[k < output_tols.size() ? k : 0];
      const QuietVerdict* q = ii < quiet.size() && k < quiet[ii].size() ? &quiet[ii][k] : nullptr;
      if (!(top <= 1) && q && q->by_construction) {  // a loud element beside a quiet one
        refusal
            << (refused++ ? "; and " : "") << out << "'s element " << q->element
            << " moves by at most " << q->top << " of its tolerance under every one of its "
            << q->moves << " model echoes of " << in.input << " (" << q->by_construction
            << " such elements: quiet by construction, as the output's elements told apart were "
            << "quiet in " << q->rates[1] << ", " << q->rates[0] << " and " << q->rates[kKeyedHalf]
            << " of their other odd, even and keyed-half draws and chance gives " << q->moved
            << " x the product of those rates over its draws = " << q->chance << " < "
            << kQuietAlpha << "), so no verified run can refuse a kernel that reads half of "
            << in.input << " and models that element, however loud the others (at " << top
            << "); tighten rtol and atol to under " << q->top << " times the declared (rtol "
            << tol.rtol << ", atol " << tol.atol << ") for " << out
            << ", give that element its own output, or declare `blind_to: [" << in.input
            << "]` on it";
        continue;
      }
      if (!(top <= 1)) {
        told << (telling++ ? ", " : "") << out << " by " << in.input << "'s on " << best->set
             << " (at " << top << ")";
        if (q && q->undecided)
          told << " (" << q->undecided
               << " elements never told apart, quiet by chance not ruled out)";
        continue;
      }
      refusal << (refused++ ? "; and " : "") << out << " moves by at most " << top
              << " of its tolerance under " << in.input << "'s model echo (";
      for (size_t j = 0; j < in.sets.size(); ++j) {
        const SetShare& s = in.sets[j];
        refusal << (j ? " / " : "") << s.set << " "
                << (k < s.outputs.size() ? s.outputs[k] : s.share);
      }
      refusal << "), so no verified run can refuse a kernel that reads half of " << in.input
              << " and models the rest; tighten rtol and atol to under " << top
              << " times the declared (rtol " << tol.rtol << ", atol " << tol.atol << ") for "
              << out << ", or declare `blind_to: [" << in.input << "]` on it";
    }
  }
  if (refused) {
    v.refusal = std::string(kSampleLintMarker) +
                " modelled from the other half (an ordered input's odd or even elements set to "
                "their neighbours' midpoint; a permutation's or a cycle's refilled at random "
                "from what the kept half lacks): " +
                refusal.str();
    return v;
  }
  if (telling) v.note = "model echo told apart: " + told.str();
  return v;
}

}  // namespace solver::gpu
