#include "engine/eval/ncu_problem.h"

#include <algorithm>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/diagnostics.h"

namespace solver::engine {

NcuProblemResult ncu_problem_facts(const std::string& problem_dir, const std::string& variant,
                                   const std::map<std::string, int64_t>& knobs,
                                   const rules::ChipProfile& chip,
                                   generators::CompileCache* cache) {
  NcuProblemResult out;
  generators::ProblemSpec spec = generators::load_problem(problem_dir);  // bad input: throws
  const std::string id = variant.empty() ? spec.seed_variant : variant;
  const generators::VariantSpec* v =
      id.empty() ? (spec.variants.empty() ? nullptr : &spec.variants.front())
                 : spec.find_variant(id);
  if (!v)
    throw rules::InputError(
        rules::Diagnostic{{spec.file, 0, 0}, "no variant '" + id + "' in " + spec.name});
  generators::KnobValues kv(knobs.begin(), knobs.end());
  generators::ResolvedVariant r = generators::resolve(spec, *v, kv, chip);
  if (!r.ok()) throw rules::InputError("variant " + v->id + " of " + spec.name, r.issues);

  profiling::NcuProblemFacts& f = out.facts;
  if (r.flops > 0) f.flops = r.flops;
  if (r.bytes > 0) f.bytes = r.bytes;
  for (const auto& l : r.launches)
    if (std::find(out.entries.begin(), out.entries.end(), l.entry) == out.entries.end())
      out.entries.push_back(l.entry);
  f.kernel_count = double(out.entries.size());
  f.launch_count = double(r.launches.size());
  if (!r.precision.empty()) f.dtype = r.precision;

  generators::CompileResult c = generators::compile_variant(r, cache);
  if (!c.ok) {
    out.notes.push_back(
        "code not scanned (" + c.error +
        "): gemm_loop, load_chain, the access strides and the code's tensor facts are "
        "missing");
    return out;
  }
  if (c.tensor_ops) {
    f.code_tensor_ops = c.tensor_ops->total();
    f.code_wgmma_ops = c.tensor_ops->wgmma;
  }
  f.code_gemm_loop = c.gemm_loop;
  f.code_load_chain = c.load_chain;
  f.code_contiguous_access_frac = c.contiguous_access_frac;
  f.code_strided_access_frac = c.strided_access_frac;
  f.code_store_fill_frac = c.store_fill_frac;
  f.code_index_load_frac = c.index_load_frac;
  f.code_guard_lanes = c.guard_lanes;
  // Local memory per thread as the driver reports it (the stack frame ptxas sizes, spills in
  // it): the largest over the launched entries.
  std::optional<double> stack;
  for (const auto& k : c.kernels)
    if (std::find(out.entries.begin(), out.entries.end(), k.entry) != out.entries.end())
      stack = std::max(stack.value_or(0.0), double(k.stack_bytes));
  f.local_bytes_per_thread = stack;
  return out;
}

}  // namespace solver::engine
