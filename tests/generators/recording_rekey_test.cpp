// engine/eval/rekey.h (issue 33): after a source move, a recorded point whose code is unchanged
// is re-keyed to its new source hash; one whose code changed keeps the old hash (still "not
// recorded", listed for a live re-record); PC-sampling lines stay where their file's text is
// unchanged and are dropped with a note where it changed, never left naming another statement.
// A tiny problem in two trees: `moved` has its helper moved into the kernel library (same SASS),
// `changed` computes something else, `commented` keeps its source but its local header gains a
// comment, `same` is untouched. Needs NVRTC (no GPU): skipped without it.
#include <doctest/doctest.h>

#include <cstdlib>
#include <optional>

#include "engine/eval/pc_line_remap.h"
#include "engine/eval/rekey.h"
#include "generators/kernel_library.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver;
using namespace solver::generators::test;

namespace {

std::string problem_yaml() {
  std::string y =
      "version: 1\nname: tiny\nkernels: [tiny]\n"
      "scalars: {N: 256}\n"
      "buffers: {x: {dtype: f32, shape: [N], role: inout}}\n"
      "flops: N\nbytes: 8*N\n"
      "tolerance: {fp32: {rtol: 0, atol: 0}}\n"
      "reference: {source: ref.cu, entry: r, args: [x, N], grid: [1], block: [256]}\n"
      "variants:\n";
  for (const char* id : {"same", "moved", "changed", "commented", "lib"})
    y += std::string("  - {id: ") + id + ", source: " + id +
         ".cu, entry: k, args: [x, N], grid: [1], block: [256]}\n";
  return y;
}

const char* kRef = "extern \"C\" __global__ void r(double* x, int n) { x[threadIdx.x] += 1.0; }\n";
const char* kSame =
    "extern \"C\" __global__ void k(float* x, int n) {\n"
    "  if (threadIdx.x < n) x[threadIdx.x] += 1.f;\n"
    "}\n";
const char* kMovedOld =
    "__device__ inline float bump(float v) { return v * v + 1.f; }\n"
    "extern \"C\" __global__ void k(float* x, int n) {\n"
    "  if (threadIdx.x < n) x[threadIdx.x] = bump(x[threadIdx.x]);\n"
    "}\n";
const char* kMovedNew =
    "#include <bump.cuh>\n"
    "// bump() lives in the kernel library now\n"
    "extern \"C\" __global__ void k(float* x, int n) {\n"
    "  if (threadIdx.x < n) x[threadIdx.x] = bump(x[threadIdx.x]);\n"
    "}\n";
const char* kBump = "__device__ inline float bump(float v) { return v * v + 1.f; }\n";
const char* kChangedNew =
    "#include <bump.cuh>\n"
    "extern \"C\" __global__ void k(float* x, int n) {\n"
    "  if (threadIdx.x < n) x[threadIdx.x] = bump(x[threadIdx.x]) * 3.f;\n"
    "}\n";
const char* kCommented =
    "#include \"note.cuh\"\n"
    "extern \"C\" __global__ void k(float* x, int n) {\n"
    "  if (threadIdx.x < n) x[threadIdx.x] = half_of(x[threadIdx.x]);\n"
    "}\n";

// `lib` calls a library helper whose text is the same in both trees; its own file gains a line.
const char* kTwice = "__device__ inline float twice(float v) { return 2.f * v; }\n";
std::string lib_source(bool after) {
  return std::string(after ? "// twice() is the library's\n" : "") +
         "#include <twice.cuh>\n"
         "extern \"C\" __global__ void k(float* x, int n) {\n"
         "  if (threadIdx.x < n) x[threadIdx.x] = twice(x[threadIdx.x]);\n"
         "}\n";
}

void write_tree(const TempDir& t, bool after) {
  t.write("problems/tiny/problem.yaml", problem_yaml());
  t.write("problems/tiny/lib.cu", lib_source(after));
  t.write("kernels/tiny/twice.cuh", kTwice);
  t.write("problems/tiny/ref.cu", kRef);
  t.write("problems/tiny/same.cu", kSame);
  t.write("problems/tiny/moved.cu", after ? kMovedNew : kMovedOld);
  t.write("problems/tiny/changed.cu", after ? kChangedNew : kMovedOld);
  t.write("problems/tiny/commented.cu", kCommented);
  t.write("problems/tiny/include/note.cuh",
          std::string(after ? "// halves, kept here\n" : "") +
              "__device__ inline float half_of(float v) { return 0.5f * v; }\n");
  if (after) t.write("kernels/tiny/bump.cuh", kBump);
}

engine::RekeyTree tree(const TempDir& t) {
  return {(t.path() / "problems").string(), (t.path() / "kernels").string()};
}

std::string hash_in(const engine::RekeyTree& tr, const std::string& id) {
  generators::set_kernel_library_dir(tr.kernels);
  auto spec = generators::load_problem(tr.problems + "/tiny");
  auto rv = generators::resolve(spec, *spec.find_variant(id), {}, test_chip());
  REQUIRE_MESSAGE(rv.ok(), id);
  return rv.source_hash;
}

profiling::PcSampling lines_naming(const std::string& file) {
  profiling::PcSampling pc;
  pc.ok = true;
  pc.kernel = "k";
  profiling::LineSamples l;
  l.file = file;
  l.line = 3;
  l.function = "k";
  l.samples = 10;
  pc.lines.push_back(l);
  profiling::StallCause c;
  c.producer_where = file + ":3";
  pc.causes.push_back(c);
  return pc;
}

// The point's own line table is needed to move lines: with no nvdisasm they are dropped.
struct NoNvdisasm {
  std::optional<std::string> was;
  NoNvdisasm() {
    if (const char* e = std::getenv("SOLVER_NVDISASM")) was = e;
    ::setenv("SOLVER_NVDISASM", "/nonexistent/nvdisasm", 1);
  }
  ~NoNvdisasm() {
    if (was)
      ::setenv("SOLVER_NVDISASM", was->c_str(), 1);
    else
      ::unsetenv("SOLVER_NVDISASM");
  }
};

// A real nvdisasm ($SOLVER_NVDISASM, $CUDA_HOME/bin, /usr/local/cuda/bin), "" without one.
std::string real_nvdisasm() {
  std::error_code ec;
  for (const char* c : {std::getenv("SOLVER_NVDISASM"), std::getenv("CUDA_HOME")}) {
    if (!c || !*c) continue;
    std::filesystem::path p = c;
    if (std::filesystem::is_directory(p, ec)) p = p / "bin" / "nvdisasm";
    if (std::filesystem::is_regular_file(p, ec)) return p.string();
  }
  if (std::filesystem::is_regular_file("/usr/local/cuda/bin/nvdisasm", ec))
    return "/usr/local/cuda/bin/nvdisasm";
  return "";
}

struct Trees {
  TempDir before, after;
  engine::RekeyTree old_tree, new_tree;
  Trees() {
    write_tree(before, false);
    write_tree(after, true);
    old_tree = tree(before);
    new_tree = tree(after);
  }
};

}  // namespace

TEST_CASE("rekey: same code re-keyed, changed code left unrecorded, lines kept or dropped") {
  if (!generators::nvrtc_available()) return;
  NoNvdisasm no_table;
  TempDir before, after;
  write_tree(before, false);
  write_tree(after, true);
  const engine::RekeyTree old_tree = tree(before), new_tree = tree(after);
  engine::Recording rec;
  rec.chip = "testchip";
  auto& rp = rec.problems["tiny"];
  std::map<std::string, std::string> old_hash, new_hash;
  for (const char* id : {"same", "moved", "changed", "commented", "lib"}) {
    old_hash[id] = hash_in(old_tree, id);
    new_hash[id] = hash_in(new_tree, id);
    auto& v = rp.variants[id];
    v.gate = engine::GateResult{};
    v.gate->status = engine::GateStatus::Passed;
    v.gate->source_hash = old_hash[id];
    v.samples_us = {1.0, 2.0};
    v.profile = engine::ProfileResult{};
    v.profile->ok = true;
    v.profile->pc_sampling = lines_naming(std::string(id) + ".cu");
  }
  CHECK(old_hash["same"] == new_hash["same"]);
  for (const char* id : {"moved", "changed", "commented", "lib"})
    CHECK(old_hash[id] != new_hash[id]);
  // lib's lines name the library header, byte for byte the same in both trees: they stay.
  rp.variants["lib"].profile->pc_sampling = lines_naming("twice.cuh");
  rp.variants["stale"] = rp.variants["same"];  // a key the new pool does not hold
  generators::set_kernel_library_dir("");
  const std::string library = generators::kernel_library_dir();

  engine::RekeyReport r =
      engine::rekey_recording(rec, old_tree, new_tree, test_chip(), /*cache=*/nullptr);
  CHECK(generators::kernel_library_dir() == library);  // left as it was found
  CHECK(r.unchanged == 1);
  CHECK(r.rekeyed == std::vector<std::string>{"tiny commented", "tiny lib", "tiny moved"});
  REQUIRE(r.changed.size() == 1);
  INFO(r.changed[0]);
  CHECK(r.changed[0].rfind("tiny changed: section .", 0) == 0);
  CHECK(r.problems_to_rerecord() == std::vector<std::string>{"tiny"});
  REQUIRE(r.skipped.size() == 1);
  CHECK(r.skipped[0].rfind("tiny stale: ", 0) == 0);

  CHECK(rp.variants["moved"].gate->source_hash == new_hash["moved"]);
  CHECK(rp.variants["commented"].gate->source_hash == new_hash["commented"]);
  CHECK(rp.variants["changed"].gate->source_hash == old_hash["changed"]);
  CHECK(rp.variants["same"].gate->source_hash == old_hash["same"]);
  // moved.cu's text changed: its line 3 is another statement now, so its lines go, said so.
  const auto& moved_pc = *rp.variants["moved"].profile->pc_sampling;
  CHECK(moved_pc.lines.empty());
  CHECK(moved_pc.causes.empty());
  CHECK(moved_pc.detail.find("text of moved.cu changed") != std::string::npos);
  CHECK(r.lines_dropped == std::vector<std::string>{"tiny moved: moved.cu"});
  // commented.cu is byte for byte the same: its lines name the same statements and stay.
  const auto& kept = *rp.variants["commented"].profile->pc_sampling;
  CHECK(kept.lines.size() == 1);
  CHECK(kept.causes.size() == 1);
  CHECK(kept.detail.empty());
  const auto& lib = *rp.variants["lib"].profile->pc_sampling;
  CHECK(lib.lines.size() == 1);
  CHECK(lib.causes.size() == 1);
  CHECK(lib.detail.empty());

  // Run again on the re-keyed recording: nothing left to re-key, the changed point still listed.
  engine::RekeyReport again =
      engine::rekey_recording(rec, old_tree, new_tree, test_chip(), nullptr);
  CHECK(again.rekeyed.empty());
  CHECK(again.unchanged == 4);
  CHECK(again.changed.size() == 1);
}

TEST_CASE("rekey with the new line table: a moved file's lines land on the same instructions") {
  if (!generators::nvrtc_available()) return;
  std::string tool = real_nvdisasm();
  if (tool.empty()) return;  // no line table here: the case above covers the drop
  ::setenv("SOLVER_NVDISASM", tool.c_str(), 1);
  Trees t;
  engine::Recording rec;
  rec.chip = "testchip";
  auto& v = rec.problems["tiny"].variants["moved"];
  v.gate = engine::GateResult{};
  v.gate->source_hash = hash_in(t.old_tree, "moved");
  v.profile = engine::ProfileResult{};
  v.profile->pc_sampling = lines_naming("moved.cu");
  // PC 0 is the kernel's first instruction: the line of its signature, 2 in the old text.
  v.profile->pc_sampling->lines[0].line = 2;
  v.profile->pc_sampling->lines[0].text = "extern";
  v.profile->pc_sampling->causes[0].producer_pc = 0;
  engine::RekeyReport r =
      engine::rekey_recording(rec, t.old_tree, t.new_tree, test_chip(), nullptr);
  CHECK(r.rekeyed == std::vector<std::string>{"tiny moved"});
  CHECK(r.lines_remapped == std::vector<std::string>{"tiny moved: moved.cu"});
  CHECK(r.lines_dropped.empty());
  const auto& pc = *v.profile->pc_sampling;
  REQUIRE(pc.lines.size() == 1);
  int signature = 1;  // the signature's line in the new text
  for (size_t at = 0; std::string(kMovedNew).compare(at, 6, "extern") != 0;
       at = std::string(kMovedNew).find('\n', at) + 1)
    ++signature;
  CHECK(pc.lines[0].file == "moved.cu");
  CHECK(pc.lines[0].line == signature);
  CHECK(pc.lines[0].text.rfind("extern \"C\" __global__ void k", 0) == 0);
  CHECK(pc.causes[0].producer_where == "moved.cu:" + std::to_string(signature));
}

TEST_CASE("remap_pc_lines: charged as the worker charges, merged, and refused where a PC is gone") {
  profiling::InlineChains frames;
  frames["k"][0x10] = {{"/t/hdr.cuh", 5, ""}, {"/t/own.cu", 12, ""}};
  frames["k"][0x20] = {{"/t/own.cu", 12, ""}};
  frames["k"][0x30] = {{"/t/hdr.cuh", 7, ""}};
  profiling::PcSampling pc;
  pc.kernel = "k";
  auto line = [](const std::string& file, int n, uint64_t at, uint64_t samples) {
    profiling::LineSamples l;
    l.file = file;
    l.line = n;
    l.function = "k";
    l.pc_offset = at;
    l.samples = samples;
    l.text = "old";
    l.stalls["wait"] = samples;
    return l;
  };
  pc.lines = {line("own.cu", 9, 0x20, 7), line("own.cu", 4, 0x10, 5), line("hdr.cuh", 3, 0x30, 2)};
  pc.lines[2].via = "hdr.cuh:1";  // recorded with inline chains: inlined code to its call site
  profiling::StallCause c;
  c.producer_pc = 0x10;
  c.producer_where = "own.cu:4";
  pc.causes = {c};
  auto text = [](const std::string& f, int n) { return f + "#" + std::to_string(n); };
  profiling::PcSampling before = pc;
  CHECK(engine::remap_pc_lines(pc, frames, "own.cu", text) == "");
  REQUIRE(pc.lines.size() == 2);
  CHECK(pc.lines[0].file == "own.cu");
  CHECK(pc.lines[0].line == 12);
  CHECK(pc.lines[0].samples == 12);
  CHECK(pc.lines[0].stalls.at("wait") == 12);
  CHECK(pc.lines[0].pc_offset == 0x20);  // the more-sampled PC names the merged line
  CHECK(pc.lines[0].via == "");
  CHECK(pc.lines[0].text == "own.cu#12");
  CHECK(pc.lines[1].file == "hdr.cuh");  // no own frame: the innermost place
  CHECK(pc.lines[1].line == 7);
  CHECK(pc.causes[0].producer_where == "own.cu:12");
  // The inlined PC: charged to its own-file call site, the header's place as via.
  profiling::PcSampling one = before;
  one.lines = {before.lines[1], before.lines[2]};
  CHECK(engine::remap_pc_lines(one, frames, "own.cu", text) == "");
  CHECK(one.lines[0].via == "hdr.cuh:5");
  // Recorded without inline chains (no line has a via): the innermost place, as it was charged.
  profiling::PcSampling plain = before;
  plain.lines = {before.lines[1]};
  CHECK(engine::remap_pc_lines(plain, frames, "own.cu", text) == "");
  CHECK(plain.lines[0].file == "hdr.cuh");
  CHECK(plain.lines[0].line == 5);
  CHECK(plain.lines[0].via == "");
  // Lines without a place (no line info for their PCs) stay one a PC: they are not one statement.
  profiling::PcSampling unplaced = before;
  unplaced.lines = {line("", 0, 0x50, 4), line("", 0, 0x60, 3), before.lines[0]};
  CHECK(engine::remap_pc_lines(unplaced, frames, "own.cu", text) == "");
  REQUIRE(unplaced.lines.size() == 3);
  CHECK(unplaced.lines[0].line == 12);
  CHECK(unplaced.lines[1].pc_offset == 0x50);
  CHECK(unplaced.lines[1].samples == 4);
  CHECK(unplaced.lines[2].pc_offset == 0x60);
  CHECK(unplaced.lines[2].samples == 3);
  // A PC the new table lacks: refused, and nothing is half rewritten.
  profiling::PcSampling gone = before;
  gone.lines.push_back(line("own.cu", 2, 0x40, 1));
  CHECK(engine::remap_pc_lines(gone, frames, "own.cu", text) != "");
  CHECK(gone.lines.size() == 4);
  CHECK(gone.lines[0].line == 9);
  CHECK(gone.causes[0].producer_where == "own.cu:4");
}
