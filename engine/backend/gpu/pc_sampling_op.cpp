// The profile's PC sampling pass (issue 31, docs/pc_sampling.md): the variant compiled a second
// time with line info (-lineinfo; the timed and profiled runs keep the user's options, so their
// code is the one measured), loaded after PC sampling is enabled on the context, run once on
// input set 0 with CUPTI sampling stall reasons, and the dominant launch's PCs mapped to source
// lines through the cubin's line table (cuptiGetSassToSourceCorrelation: CUPTI reads the
// .nv_debug_line_sass section itself, no driver call and no second tool). Every failure is a
// reason in PcSampling::detail; the profile it belongs to stands.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <optional>
#include <sstream>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/sass_producers.h"
#include "engine/backend/gpu/worker.h"
#include "generators/nvrtc_compiler.h"
#include "profiling/cupti_pc_sampler.h"
#include "profiling/pc_module_cache.h"

namespace solver::gpu {
namespace {

// One sampled run of a kernel longer than this would alone exceed the pass's budget (~0.5 s).
constexpr double kMaxSampledRunUs = 400000;
// The longest the pass waits, after the range profiler's passes, for the line-info compile and
// the disassembly it needs. They cost what the code's size costs, not what its run does:
// PyTorch's erfcx (716 KB of SASS, tests/corpus_fresh20) takes NVRTC ~16 s a compile, and the
// pass waited for a second such compile beside a profile whose passes took ~0.3 s. Past this
// the pass is skipped with the reason; the preparation runs on in the background and its
// compile lands in the on-disk cache (its disassembly in the memo), so the next profile of the
// same code samples. A profile's cost is then its passes x the kernel's time plus a bounded
// overhead (docs/pc_sampling.md, "Cost and how to turn it off").
constexpr int64_t kMaxPcWaitMs = 3000;
// Line-info modules kept loaded after their pass (a few MB of code at most; a suite of 80
// kernels samples 80-90 modules, a loop one or two a round).
constexpr size_t kPcKeptModules = 256;

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

// The variant with -lineinfo (once: SOLVER_LINEINFO=1 may have added it to every compile).
generators::ResolvedVariant with_lineinfo(const generators::ResolvedVariant& v) {
  generators::ResolvedVariant lined = v;
  auto& o = lined.nvrtc_options;
  if (std::find(o.begin(), o.end(), "-lineinfo") == o.end()) o.push_back("-lineinfo");
  return lined;
}

bool has_function(const std::vector<profiling::PcRecord>& pcs, const std::string& function) {
  return std::any_of(pcs.begin(), pcs.end(), [&](const profiling::PcRecord& pc) {
    return pc.function == function && !pc.stalls.empty();
  });
}

// What a sampled run returned besides `function`: "N samples in all; other functions: f (n), ..."
std::string other_functions(const profiling::PcSampler::Samples& s, const std::string& function) {
  std::map<std::string, uint64_t> by_function;
  for (const auto& pc : s.pcs)
    if (pc.function != function)
      for (const auto& [reason, n] : pc.stalls)
        by_function[pc.function.empty() ? "?" : pc.function] += n;
  std::string out =
      std::to_string(s.total_samples) + " samples in all, " + std::to_string(s.pcs.size()) + " PCs";
  if (s.dropped_samples) out += ", " + std::to_string(s.dropped_samples) + " dropped";
  int shown = 0;
  for (const auto& [f, n] : by_function) {
    if (shown++ == 3) break;
    out += (shown == 1 ? "; other functions: " : ", ") + f + " (" + std::to_string(n) + ")";
  }
  return out;
}

}  // namespace

std::future<PcPrep> Worker::start_pc_prep(const Prepared& p) {
  generators::ResolvedVariant lined = with_lineinfo(p.resolved);
  generators::CompileCache* cache = cache_.get();
  profiling::PcModuleCache* modules = &pc_modules_;
  // Nothing of the worker's CUDA state is touched here: NVRTC, the on-disk compile cache (whole
  // entries by rename), a subprocess and the memo (locked); the pass joins before it reads any.
  return std::async(std::launch::async, [lined = std::move(lined), cache, modules] {
    PcPrep out;
    double t0 = wall_ms();
    try {
      // The cubin only: the gate's compile_variant of the same source checked its entries and
      // scanned its code, and those scans, redone on the line-info PTX, were most of the
      // preparation's time on a cache hit (6.6 s of PTX scans for erfcx on the build host).
      out.compiled = generators::compile_variant_image(lined, cache);
    } catch (const std::exception& e) {  // an answer, never an exception in the pass
      out.compiled = generators::CompileResult{};
      out.compiled.error = e.what();
    }
    out.compile_ms = wall_ms() - t0;
    if (!out.compiled.ok) return out;
    out.module = modules->module(out.compiled.cubin);
    std::lock_guard<std::mutex> held(out.module->prep_mutex);  // a preparation left running
    if (!out.module->disassembled) {  // once per cubin, whether it worked or not
      t0 = wall_ms();
      // The two tools run side by side: each is mostly nvdisasm's fixed start-up (~0.35 s on
      // the H200's host), and run one after the other they made the pass wait for them (the
      // pass's median went from 150 to 656 ms live, 2026-12-03 call 1).
      profiling::PcModule* module = out.module.get();
      const std::string* cubin = &out.compiled.cubin;
      auto chains = std::async(std::launch::async, [module, cubin] {
        try {
          module->inline_chains = inline_chains_of(*cubin, &module->inline_note);
        } catch (const std::exception& e) {
          module->inline_note = std::string("the inline line info failed: ") + e.what();
        }
      });
      try {
        out.module->sass = disassemble_cubin(out.compiled.cubin, &out.module->sass_note);
      } catch (const std::exception& e) {
        out.module->sass_note = std::string("the disassembly failed: ") + e.what();
      }
      chains.get();
      out.module->disassembled = true;
      out.disasm_ms = wall_ms() - t0;
    }
    return out;
  });
}

profiling::PcSampling Worker::sample_pcs(Prepared& p, size_t dominant, double dominant_us,
                                         std::future<PcPrep> prep_future) {
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
  // A preparation not waited for is parked, not dropped (a dropped std::async future would
  // wait for it here); the finished ones are let go.
  std::erase_if(pc_pending_, [](std::future<PcPrep>& f) {
    return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  });
  if (dominant_us > kMaxSampledRunUs) {
    pc_pending_.push_back(std::move(prep_future));
    return done("skipped: the dominant launch takes " + short_num(dominant_us / 1000) +
                " ms, over the pass's 0.5 s budget");
  }
  const bool ready = [&] {
    PhaseScope scope("pc_wait");  // what of the compile and disassembly the passes did not hide
    beat("line-info compile " + p.resolved.key, kMaxPcWaitMs + 60000);
    return prep_future.wait_for(std::chrono::milliseconds(kMaxPcWaitMs)) ==
           std::future_status::ready;
  }();
  if (!ready) {
    pc_pending_.push_back(std::move(prep_future));
    return done("skipped: the line-info compile and disassembly were not done " +
                short_num(double(kMaxPcWaitMs) / 1000) +
                " s after the passes (large code; they finish in the background and the next "
                "profile of this code samples)");
  }
  PcPrep prep = prep_future.get();
  if (PhaseLog* log = PhaseLog::current()) {
    // Wall time on the preparation's own thread, beside the passes: not part of pc_sampling's.
    log->add("pc_beside/compile", prep.compile_ms);
    if (prep.disasm_ms > 0) log->add("pc_beside/disasm", prep.disasm_ms);
  }
  const generators::CompileResult& compiled = prep.compiled;
  if (!compiled.ok) return done("the line-info compile failed: " + compiled.error);
  generators::ResolvedVariant lined = with_lineinfo(p.resolved);

  out.period_log2 =
      profiling::sampling_period_log2(dominant_us, device_.sm_clock_mhz, device_.sm_count);
  // One sampled run: the sampler enabled before the module is loaded, disabled (the sampler's
  // end) before anything else runs, so later launches of this worker run unsampled. "" or why
  // it could not run.
  auto attempt = [&](profiling::PcSampler::Samples& samples) -> std::string {
    std::optional<PhaseScope> enable_scope(std::in_place, "pc_enable");
    auto sampler = std::make_unique<profiling::PcSampler>(ctx_->context(), out.period_log2);
    enable_scope.reset();
    if (!sampler->init_error().empty()) return sampler->init_error();
    std::unique_ptr<VariantModule> module;
    try {
      PhaseScope scope("pc_load");
      module = std::make_unique<VariantModule>(lined, compiled.cubin, *ctx_);
    } catch (const CudaError& e) {  // a load error is not sticky: the profile stands
      return std::string("the line-info module did not load: ") + e.what();
    }
    {
      PhaseScope scope("pc_run");
      beat("pc sampling " + p.resolved.key, std::max(p.timeout_ms, 60000));
      p.buffers->prepare_variant_run(0, ctx_->stream());
      samples = sampler->sample(
          [&] {
            module->launch(ctx_->stream(), p.buffers->variant_args(0));
            CU_CHECK(cuStreamSynchronize(ctx_->stream()));
          },
          launch.entry);
    }
    PhaseScope scope("pc_disable");
    sampler.reset();
    // Kept loaded, not unloaded: the next sampled module then lands at new addresses.
    pc_kept_.push_back(std::move(module));
    while (pc_kept_.size() > kPcKeptModules) pc_kept_.pop_front();
    return "";
  };
  profiling::PcSampler::Samples samples;
  if (std::string why = attempt(samples); !why.empty()) return done(why);
  // Live on the H200 (docs/results/h200-2026-12-02e), 9 of 49 corpus kernels came back with no
  // sample of their entry although they run for milliseconds: say what CUPTI did return, and
  // sample once more with a fresh sampler and module before giving up.
  int attempts = 1;
  std::string renamed;
  // Live on the H200 the records of a kernel came back under the name of a kernel sampled
  // earlier in the same worker (9 of 79 kernels of the labelled suite and the corpus: all
  // samples of `triad` named `scale_vec4`): CUPTI's name for a function of a module loaded at a
  // place an unloaded one had. The cubin's CRC in each record is computed from the bytes: where
  // no record has the entry's name, the records whose CRC is this line-info cubin's and whose
  // function index is a single one are the entry's (a one-kernel cubin: the only function).
  const uint64_t crc = profiling::cubin_crc(compiled.cubin);
  auto take_by_crc = [&](profiling::PcSampler::Samples& s) {
    if (!s.error.empty()) return;
    std::string had = profiling::adopt_by_crc(s.pcs, launch.entry, crc);
    if (!had.empty()) renamed = had;
  };
  take_by_crc(samples);
  if (samples.error.empty() && !has_function(samples.pcs, launch.entry)) {
    std::string first = other_functions(samples, launch.entry);
    profiling::PcSampler::Samples again;
    if (std::string why = attempt(again); !why.empty()) return done(why);
    ++attempts;
    samples = std::move(again);
    take_by_crc(samples);
    if (samples.error.empty() && !has_function(samples.pcs, launch.entry))
      return done("no samples of " + launch.entry + " in two sampled runs (first: " + first +
                  "; second: " + other_functions(samples, launch.entry) + ")");
  }
  if (!samples.error.empty()) return done(samples.error);

  // Every distinct PC is looked up in the cubin's line table once per cubin (the memo), and
  // the aggregation works per PC, never per sample.
  profiling::PcModule& memo = *prep.module;
  // Inlined code (a header's function) is charged to its call site in the variant's own
  // source, as ncu's source view does; the header's line stays as `via`.
  const std::string own_base = std::filesystem::path(p.resolved.source_path).filename().string();
  profiling::Locate locate = profiling::own_frame_locate(
      profiling::cached_locate(memo,
                               [&](const std::string& fn, uint64_t pc) {
                                 return profiling::sass_to_source(compiled.cubin, fn, pc);
                               }),
      memo.inline_chains, [&](const std::string& file) {
        return file == p.resolved.source_path ||
               std::filesystem::path(file).filename().string() == own_base;
      });
  std::vector<profiling::PcRecord> mine;
  {
    PhaseScope scope("pc_map");
    std::map<std::string, std::string> files;
    mine = profiling::summarize_samples(
        samples.pcs, launch.entry, locate,
        [&](const std::string& file, int line) {
          return source_line(p.resolved, file, line, files);
        },
        out);
  }
  out.dropped_samples = samples.dropped_samples;
  if (out.total_samples == 0)
    return done("no samples of " + launch.entry + " (" + other_functions(samples, launch.entry) +
                ")");
  // The optional root-cause step: heuristic, and only where the toolkit's disassembler ran.
  std::string note;
  {
    PhaseScope scope("pc_causes");
    out.causes = stall_producers(memo, launch.entry, mine, locate, &note);
  }
  out.ok = true;
  std::vector<std::string> notes;
  if (samples.hardware_buffer_full || samples.dropped_samples > 0)
    notes.push_back(std::to_string(samples.dropped_samples) +
                    " samples dropped (hardware buffer full)");
  if (!note.empty()) notes.push_back(note);
  if (attempts > 1) notes.push_back("sampled twice: the first run had no sample of the entry");
  if (!renamed.empty())
    notes.push_back("CUPTI named the records " + renamed +
                    " (a stale name); their cubin CRC is this variant's, one function: taken as " +
                    launch.entry);
  if (samples.stale_samples > 0)
    notes.push_back(std::to_string(samples.stale_samples) +
                    " samples of earlier ranges discarded before the run");
  if (samples.late_polls > 0)
    notes.push_back("the records came " + std::to_string(samples.late_polls) +
                    " empty read(s) after the run's stop");
  std::string detail;
  for (const auto& n : notes) detail += (detail.empty() ? "" : "; ") + n;
  return done(detail);
}

}  // namespace solver::gpu
