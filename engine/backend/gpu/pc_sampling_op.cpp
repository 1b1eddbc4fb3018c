// The profile's PC sampling pass (issue 31, docs/pc_sampling.md): the variant compiled a second
// time with line info (-lineinfo; the timed and profiled runs keep the user's options, so their
// code is the one measured), loaded after PC sampling is enabled on the context, run once on
// input set 0 with CUPTI sampling stall reasons, and the dominant launch's PCs mapped to source
// lines through the cubin's line table (cuptiGetSassToSourceCorrelation: CUPTI reads the
// .nv_debug_line_sass section itself, no driver call and no second tool). Every failure is a
// reason in PcSampling::detail; the profile it belongs to stands.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/sass_producers.h"
#include "engine/backend/gpu/worker.h"
#include "generators/nvrtc_compiler.h"
#include "profiling/cupti_pc_sampler.h"

namespace solver::gpu {
namespace {

// One sampled run of a kernel longer than this would alone exceed the pass's budget (~0.5 s).
constexpr double kMaxSampledRunUs = 400000;

// The text of `line` in `file` as the line table names it: the variant's own source, else a
// header that can be read (problem include/, shared include/); "" otherwise.
std::string source_line(const generators::ResolvedVariant& v, const std::string& file, int line,
                        std::map<std::string, std::string>& files) {
  namespace fs = std::filesystem;
  std::string base = fs::path(file).filename().string();
  if (file == v.source_path || base == fs::path(v.source_path).filename().string())
    return profiling::line_text(v.source_text, line);
  auto it = files.find(file);
  if (it == files.end()) {
    std::string text;
    std::error_code ec;
    if (fs::is_regular_file(file, ec) && fs::file_size(file, ec) < (size_t(8) << 20)) {
      std::ifstream in(file, std::ios::binary);
      std::ostringstream s;
      s << in.rdbuf();
      text = s.str();
    }
    it = files.emplace(file, std::move(text)).first;
  }
  return profiling::line_text(it->second, line);
}

}  // namespace

profiling::PcSampling Worker::sample_pcs(Prepared& p, size_t dominant, double dominant_us) {
  NvtxRange range("pc_sampling");
  double t0 = wall_ms();
  profiling::PcSampling out;
  const auto& launch = p.resolved.launches.at(dominant);
  out.kernel = launch.entry;
  auto done = [&](std::string why) {
    out.detail = std::move(why);
    out.ms = wall_ms() - t0;
    return out;
  };
  if (dominant_us > kMaxSampledRunUs)
    return done("skipped: the dominant launch takes " + short_num(dominant_us / 1000) +
                " ms, over the pass's 0.5 s budget");
  generators::ResolvedVariant lined = p.resolved;
  lined.nvrtc_options.push_back("-lineinfo");
  generators::CompileResult compiled = [&] {
    PhaseScope scope("pc_compile");
    beat("line-info compile " + p.resolved.key, 120000);
    return generators::compile_variant(lined, cache_.get());
  }();
  if (!compiled.ok) return done("the line-info compile failed: " + compiled.error);

  out.period_log2 =
      profiling::sampling_period_log2(dominant_us, device_.sm_clock_mhz, device_.sm_count);
  profiling::PcSampler::Samples samples;
  {
    // Enabled before the module is loaded, disabled (the sampler's end) before anything else
    // runs: later launches of this worker run unsampled.
    profiling::PcSampler sampler(ctx_->context(), out.period_log2);
    if (!sampler.init_error().empty()) return done(sampler.init_error());
    std::unique_ptr<VariantModule> module;
    try {
      PhaseScope scope("pc_load");
      module = std::make_unique<VariantModule>(lined, compiled.cubin, *ctx_);
    } catch (const CudaError& e) {  // a load error is not sticky: the profile stands
      return done(std::string("the line-info module did not load: ") + e.what());
    }
    PhaseScope scope("pc_run");
    beat("pc sampling " + p.resolved.key, std::max(p.timeout_ms, 60000));
    p.buffers->prepare_variant_run(0, ctx_->stream());
    samples = sampler.sample([&] {
      module->launch(ctx_->stream(), p.buffers->variant_args(0));
      CU_CHECK(cuStreamSynchronize(ctx_->stream()));
    });
  }
  if (!samples.error.empty()) return done(samples.error);

  PhaseScope scope("pc_map");
  std::vector<profiling::PcRecord> mine;
  for (auto& pc : samples.pcs)
    if (pc.function == launch.entry) mine.push_back(std::move(pc));
  for (const auto& pc : mine)
    for (const auto& [reason, n] : pc.stalls) {
      out.stall_totals[reason] += n;
      out.total_samples += n;
    }
  out.dropped_samples = samples.dropped_samples;
  std::map<std::string, std::string> files;
  std::map<uint64_t, profiling::LineRef> located;
  auto locate = [&](const std::string& fn, uint64_t pc) {
    auto it = located.find(pc);
    if (it == located.end())
      it = located.emplace(pc, profiling::sass_to_source(compiled.cubin, fn, pc)).first;
    return it->second;
  };
  out.lines = profiling::aggregate_lines(mine, locate, [&](const std::string& file, int line) {
    return source_line(p.resolved, file, line, files);
  });
  if (out.total_samples == 0)
    return done("no samples of " + launch.entry +
                " (the run was shorter "
                "than one sampling period?)");
  // The optional root-cause step: heuristic, and only where the toolkit's disassembler runs.
  std::string note;
  out.causes = stall_producers(compiled.cubin, launch.entry, mine, locate, &note);
  out.ok = true;
  std::vector<std::string> notes;
  if (samples.hardware_buffer_full || samples.dropped_samples > 0)
    notes.push_back(std::to_string(samples.dropped_samples) +
                    " samples dropped (hardware buffer full)");
  if (!note.empty()) notes.push_back(note);
  std::string detail;
  for (const auto& n : notes) detail += (detail.empty() ? "" : "; ") + n;
  return done(detail);
}

}  // namespace solver::gpu
