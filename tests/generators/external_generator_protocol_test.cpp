// The external generator's building blocks without the loop: the child-process runner (no
// shell, timeout with a group kill, output caps, crashes as values), the request/answer codec
// of protocol version 1, the generated problem folder the loader reads back, and the two
// scripted generators of the repository run on real requests of built-in problems.
#include <doctest/doctest.h>

#include <signal.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "generators/external_process.h"
#include "generators/generated_pool.h"
#include "generators/generator_protocol.h"
#include "generators/nvrtc_compiler.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "rules/hash.h"
#include "rules/text_file.h"

using namespace solver;
using namespace solver::generators;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string temp_dir(const std::string& tag) {
  std::string tmpl = (fs::temp_directory_path() / ("solver-" + tag + "-XXXXXX")).string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  return ::mkdtemp(buf.data());
}

ProcessResult sh(const std::string& script, const std::string& input = "", ProcessLimits l = {}) {
  return run_process({"/bin/sh", "-c", script}, input, l);
}

const rules::ChipProfile& h200() {
  static rules::ChipTable t = rules::load_chip_table("rules/chips.yaml");
  return *t.find("h200");
}

GeneratorContext context(const ProblemSpec& spec, const std::string& hypothesis) {
  GeneratorContext c;
  c.spec = &spec;
  c.incumbent = {spec.seed_variant, {}};
  c.chip = &h200();
  c.track = "off";
  c.round = 1;
  c.incumbent_time_us = 465.5;
  c.rule_id = "scalar_loads_bandwidth_bound";
  c.hypothesis = hypothesis;
  c.rationale = "scalar loads";
  c.evidence = json{{"dram_frac", 0.62}, {"load_eff", 1.0}};
  c.timeout_ms = 5000;
  c.max_output_bytes = 1 << 20;
  c.max_source_bytes = 1 << 18;
  return c;
}

// Runs a generator script of the repository on a request and parses its answer.
GeneratorAnswer run_generator(const std::vector<std::string>& argv, const json& request) {
  ProcessResult r = run_process(argv, request.dump(), {});
  REQUIRE_MESSAGE(r.clean_exit(), std::string(r.describe() + " " + r.err));
  auto a = parse_answer(r.out, 1 << 18);
  REQUIRE_MESSAGE(a.ok(), solver::rules::why(a));
  return *a;
}

}  // namespace

TEST_CASE("run_process: stdin in, stdout and stderr out, no shell between") {
  ProcessResult r = run_process({"cat"}, "hello\nworld\n", {});
  CHECK(r.clean_exit());
  CHECK(r.out == "hello\nworld\n");
  // argv goes to the program as written: a shell would expand $HOME and the glob.
  r = run_process({"printf", "%s|%s", "$HOME", "*"}, "", {});
  CHECK(r.out == "$HOME|*");
  r = sh("echo out; echo err >&2; exit 4");
  CHECK(r.exit_code == 4);
  CHECK_FALSE(r.clean_exit());
  CHECK(r.out == "out\n");
  CHECK(r.err == "err\n");
  CHECK(r.describe() == "exit 4");
}

TEST_CASE("run_process: a program that does not exist is a value") {
  ProcessResult r = run_process({"/nonexistent/generator"}, "{}", {});
  CHECK_FALSE(r.started);
  CHECK(r.start_error.find("/nonexistent/generator") != std::string::npos);
  r = run_process({}, "", {});
  CHECK_FALSE(r.started);
}

TEST_CASE("run_process: the timeout kills the whole process group, grandchildren too") {
  std::string dir = temp_dir("proc");
  std::string marker = dir + "/grandchild-alive";
  ProcessLimits l;
  l.timeout_ms = 300;
  auto t0 = std::chrono::steady_clock::now();
  // The grandchild would write the marker after 2 s if it survived the kill.
  ProcessResult r = sh("(sleep 2; touch " + marker + ") & sleep 30", "", l);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(r.timed_out);
  CHECK(r.term_signal == SIGKILL);
  CHECK(s < 1.5);
  CHECK(r.describe().find("timed out") != std::string::npos);
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  CHECK_FALSE(fs::exists(marker));
}

TEST_CASE("run_process: a generator that exits while a child holds its pipes returns at once") {
  ProcessLimits l;
  l.timeout_ms = 5000;
  auto t0 = std::chrono::steady_clock::now();
  ProcessResult r = sh("sleep 20 & echo answered", "", l);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(r.exit_code == 0);
  CHECK(r.out == "answered\n");
  CHECK(s < 2.0);
}

TEST_CASE("run_process: output over the cap is killed, stderr over its cap is cut") {
  ProcessLimits l;
  l.max_stdout = 1000;
  l.max_stderr = 100;
  ProcessResult r = sh("yes", "", l);
  CHECK(r.stdout_overflow);
  CHECK(r.out.size() == 1000);
  CHECK_FALSE(r.clean_exit());
  r = sh("head -c 5000 /dev/zero | tr '\\0' e >&2; echo ok", "", l);
  CHECK(r.clean_exit());
  CHECK(r.err.size() == 100);
  CHECK(r.stderr_dropped == 4900);
}

TEST_CASE("run_process: a crash and a program that never reads its stdin") {
  ProcessResult r = sh("kill -SEGV $$");
  CHECK(r.term_signal == SIGSEGV);
  CHECK(r.describe().find("signal 11") != std::string::npos);
  // 4 MiB of input to a program that exits at once: no SIGPIPE for the caller, no hang.
  r = run_process({"true"}, std::string(4 << 20, 'x'), {});
  CHECK(r.exit_code == 0);
}

TEST_CASE("split_command: words, quotes, escapes; nothing else") {
  auto argv = split_command("python3 gen.py --name 'a b' \"c \\\"d\\\"\" e\\ f");
  REQUIRE(argv);
  CHECK(*argv == std::vector<std::string>{"python3", "gen.py", "--name", "a b", "c \"d\"", "e f"});
  argv = split_command("echo $HOME | cat");
  REQUIRE(argv);
  CHECK(*argv == std::vector<std::string>{"echo", "$HOME", "|", "cat"});
  auto open = split_command("gen 'open");
  CHECK_FALSE(open);
  CHECK(solver::rules::why(open).find("unterminated") != std::string::npos);
  CHECK_FALSE(split_command("   "));
  // A backslash escapes the next character everywhere (split_unix), inside quotes too.
  auto esc = split_command("gen \"a\\\\\" b");
  REQUIRE(esc);
  CHECK(*esc == std::vector<std::string>{"gen", "a\\", "b"});
  CHECK_FALSE(split_command("gen 'a\\' b"));  // the quote is escaped: unterminated
  auto bad = split_command("gen \\q");
  CHECK_FALSE(bad);
  CHECK(solver::rules::why(bad).find("unknown escape sequence") != std::string::npos);
}

TEST_CASE("build_request: the incumbent's hottest lines go along where PC sampling has them") {
  ProblemSpec spec = load_problem("problems/sigmoid");
  GeneratorContext c = context(spec, "vectorize_loads");
  CHECK_FALSE(build_request(c)["incumbent"].contains("hot_lines"));  // as before issue 31
  c.lines = json{{"kernel", "sigmoid_naive"},
                 {"total_samples", 900},
                 {"lines", json::array({{{"file", "naive.cu"}, {"line", 4}, {"samples", 800}}})},
                 {"citation", "89% of long_scoreboard samples at naive.cu:4: `y[i] = f(x[i]);`"}};
  json r = build_request(c);
  CHECK(r["incumbent"]["hot_lines"] == c.lines);
  CHECK(r["incumbent"]["hot_lines"]["lines"][0]["line"] == 4);
}

TEST_CASE("build_request: version 1, the incumbent's source and launch, the rule, chip, limits") {
  ProblemSpec spec = load_problem("problems/sigmoid");
  GeneratorContext c = context(spec, "vectorize_loads");
  c.previous = {{2, "gen_off_r2_a1", "rejected", "same speed", "block 512"}};
  c.attempts_left_run = 7;
  json r = build_request(c);
  CHECK(r["protocol"] == 1);
  CHECK(r["kind"] == "solver-generator-request");
  CHECK(r["problem"]["name"] == "sigmoid");
  CHECK(r["problem"]["scalars"]["n"]["value"] == 134217728);
  CHECK(r["problem"]["tolerance"]["fp32"]["rtol"] == doctest::Approx(1e-5));
  CHECK(r["incumbent"]["key"] == "naive");
  CHECK(r["incumbent"]["source"].get<std::string>().find("sigmoid_naive") != std::string::npos);
  CHECK(r["incumbent"]["launches"][0]["grid"][0] == "ceil_div(n, 256)");
  CHECK(r["incumbent"]["launches"][0]["grid_values"][0] == 524288);
  CHECK(r["incumbent"]["launches"][0]["block_values"][0] == 256);
  CHECK(r["rule"]["id"] == "scalar_loads_bandwidth_bound");
  CHECK(r["rule"]["hypothesis"] == "vectorize_loads");
  REQUIRE(r["rule"]["evidence"].size() == 2);
  CHECK(r["rule"]["evidence"][0]["signal"] == "dram_frac");
  CHECK(r["rule"]["evidence"][0]["unit"].get<std::string>().find("fraction") != std::string::npos);
  CHECK(r["hypothesis"]["meaning"].get<std::string>().size() > 10);
  CHECK(r["chip"]["id"] == "h200");
  CHECK(r["chip"]["arch"] == "sm_90");
  CHECK(r["previous_attempts"][0]["outcome"] == "rejected");
  CHECK(r["previous_attempts"][0]["reason"] == "block 512");
  CHECK(r["limits"]["timeout_ms"] == 5000);
  CHECK(r["limits"]["attempts_left_run"] == 7);
  // Knobs of the incumbent are passed as the defines it was compiled with.
  ProblemSpec reduce = load_problem("problems/reduce");
  GeneratorContext rc = context(reduce, "increase_ilp");
  rc.incumbent = {"vec_ilp", {{"BLOCK", 512}}};
  json rr = build_request(rc);
  CHECK(rr["incumbent"]["key"] == "vec_ilp[BLOCK=512]");
  CHECK(rr["incumbent"]["defines"]["BLOCK"] == 512);
  CHECK(rr["incumbent"]["launches"][0]["block_values"][0] == 512);
}

TEST_CASE("parse_answer: a version-1 answer, a decline, and everything that is not one") {
  auto a =
      parse_answer(R"J({"protocol":1,"status":"ok","reason":"r","source":"k","precision":"fp32",
      "compile_options":["-DX=1"],"launches":[{"entry":"k","args":["x","n"],"grid":["ceil_div(n, 256)"],
      "block":[256],"smem":0}]})J",
                   100);
  REQUIRE_MESSAGE(a, solver::rules::why(a));
  CHECK_FALSE(a->declined);
  CHECK(a->launches[0].grid[0] == "ceil_div(n, 256)");
  CHECK(a->launches[0].block[0] == "256");
  CHECK(a->launches[0].smem == "0");
  CHECK(a->compile_options == std::vector<std::string>{"-DX=1"});
  a = parse_answer(R"J({"protocol":1,"status":"decline","reason":"no idea"})J", 100);
  REQUIRE(a);
  CHECK(a->declined);
  CHECK(a->reason == "no idea");
  struct Bad {
    const char* text;
    const char* why;
  };
  for (
      Bad b :
      {Bad{"hello", "not one JSON document"}, Bad{"[1]", "JSON object"},
       Bad{R"J({"protocol":2,"status":"ok"})J", "\"protocol\" must be 1"},
       Bad{R"J({"protocol":1,"status":"maybe"})J", "\"status\""},
       Bad{R"J({"protocol":1,"status":"decline"})J", "missing \"reason\""},
       Bad{R"J({"protocol":1,"status":"ok","launches":[]})J", "missing \"source\""},
       Bad{R"J({"protocol":1,"status":"ok","source":"k","launches":[]})J", "1 to 8 launches"},
       Bad{R"J({"protocol":1,"status":"ok","source":"k","launches":[{"entry":"k","args":[1],"grid":[1],"block":[1]}]})J",
           "args"},
       Bad{R"J({"protocol":1,"status":"ok","source":"k","launches":[{"entry":"k","args":[],"grid":[1,1,1,1],"block":[1]}]})J",
           "1 to 3"},
       Bad{R"J({"protocol":1,"status":"ok","source":"k","launches":[{"entry":"k","args":[],"grid":[1.5],"block":[1]}]})J",
           "expression string or an integer"},
       Bad{R"J({"protocol":1,"status":"ok","source":"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk","launches":[]})J",
           "over the cap"}}) {
    auto bad = parse_answer(b.text, 100);
    CHECK_MESSAGE(!bad, b.text);
    const std::string why = solver::rules::why(bad);
    CHECK_MESSAGE(why.find(b.why) != std::string::npos, why);
  }
}

TEST_CASE("a generated variant is a variant of a problem folder the loader reads") {
  ProblemSpec base = load_problem("problems/sigmoid");
  std::string dir = temp_dir("genpool") + "/generated/off/sigmoid";
  GeneratedVariant g;
  g.id = generated_variant_id("off", 1, 1);
  CHECK(g.id == "gen_off_r1_a1");
  g.parent = "naive";
  g.hypothesis = "use_fast_math";
  g.round = 1;
  g.attempt = 1;
  g.generator = "test";
  g.source_file = g.id + ".cu";
  g.answer.source = rules::read_text_file("problems/sigmoid/naive.cu");
  g.source_sha256 = rules::sha256_hex(g.answer.source);
  g.answer.reason = "same kernel, fast math";
  g.answer.compile_options = {"--use_fast_math"};
  g.answer.launches = {{"sigmoid_naive", {"x", "y", "n"}, {"ceil_div(n, 512)"}, {"512"}, ""}};
  ProblemSpec spec = write_generated_problem(base, dir, {g});
  CHECK(spec.name == "sigmoid");
  REQUIRE(spec.find_variant("gen_off_r1_a1"));
  CHECK(spec.variants.size() == base.variants.size() + 1);
  const VariantSpec& v = *spec.find_variant("gen_off_r1_a1");
  CHECK(v.parents == std::vector<std::string>{"naive"});
  CHECK(v.applies == std::vector<std::string>{"use_fast_math"});
  ResolvedVariant rv = resolve(spec, v, {}, h200());
  CHECK(rv.ok());
  CHECK(rv.launches[0].grid[0] == 262144);
  CHECK(rv.launches[0].block[0] == 512);
  // The pool's own variants resolve to the same source hash as in the original folder.
  CHECK(resolve(spec, *spec.find_variant("vec4"), {}, h200()).source_hash ==
        resolve(base, *base.find_variant("vec4"), {}, h200()).source_hash);
  // Stored and read back; a source edited afterwards is refused.
  auto stored = read_generated_index(dir);
  REQUIRE(stored.size() == 1);
  CHECK(stored[0].answer.source == g.answer.source);
  CHECK(stored[0].answer.launches[0].grid[0] == "ceil_div(n, 512)");
  CHECK(stored[0].answer.compile_options == g.answer.compile_options);
  rules::write_file_atomically(dir + "/" + g.source_file, "tampered");
  CHECK_THROWS_AS(read_generated_index(dir), rules::InputError);
  // An answer the loader refuses is a located error (an unknown argument here).
  GeneratedVariant bad = g;
  bad.id = "gen_off_r2_a2";
  bad.source_file = bad.id + ".cu";
  bad.answer.launches[0].args = {"x", "nope", "n"};
  try {
    write_generated_problem(base, dir + "2", {bad});
    FAIL("a variant with an unknown argument loaded");
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("nope") != std::string::npos);
    CHECK(e.format().find("problem.yaml") != std::string::npos);
  }
}

TEST_CASE("the scripted generator: float4 with a tail on sigmoid and matmul_scalar, block size") {
  for (const char* p : {"problems/sigmoid", "problems/matmul_scalar"}) {
    CAPTURE(p);
    ProblemSpec spec = load_problem(p);
    GeneratorAnswer a = run_generator({"python3", "generators/external/scripted_generator.py"},
                                      build_request(context(spec, "vectorize_loads")));
    REQUIRE_FALSE(a.declined);
    CHECK(a.source.find("float4") != std::string::npos);
    CHECK(a.source.find("count - n4 * 4") != std::string::npos);  // the tail
    CHECK(a.launches.size() == 1);
    CHECK(a.launches[0].block == std::vector<std::string>{"256"});
    // The loader takes it and the grid covers every float4 (count / 4 threads, 256 a block).
    GeneratedVariant g;
    g.id = "gen_off_r1_a1";
    g.parent = "naive";
    g.hypothesis = "vectorize_loads";
    g.source_file = "gen_off_r1_a1.cu";
    g.source_sha256 = rules::sha256_hex(a.source);
    g.answer = a;
    ProblemSpec gen = write_generated_problem(spec, temp_dir("scripted") + "/" + spec.name, {g});
    ResolvedVariant rv = resolve(gen, *gen.find_variant(g.id), {}, h200());
    REQUIRE(rv.ok());
    // NVRTC compiles it (no GPU needed); the gate's correctness is the H200's part.
    if (nvrtc_available()) {
      auto c = compile_variant(rv, nullptr);
      CHECK_MESSAGE(c.ok, c.error, c.log);
      REQUIRE(c.kernels.size() == 1);
      CHECK(c.kernels[0].spill_store_bytes == 0);
    } else {
      MESSAGE("SKIP NVRTC compile: " << nvrtc_unavailable_reason());
    }
    ResolvedVariant naive = resolve(spec, *spec.find_variant("naive"), {}, h200());
    CHECK(rv.launches[0].grid[0] * 256 * 4 >= naive.launches[0].grid[0] * 256);
    CHECK(rv.launches[0].grid[0] == naive.launches[0].grid[0] / 4);
  }
  // tune_block_size: twice the threads, the grid's divisor with them; then half once twice was
  // tried.
  ProblemSpec spec = load_problem("problems/sigmoid");
  GeneratorContext c = context(spec, "tune_block_size");
  GeneratorAnswer a =
      run_generator({"python3", "generators/external/scripted_generator.py"}, build_request(c));
  REQUIRE_FALSE(a.declined);
  CHECK(a.launches[0].block == std::vector<std::string>{"512"});
  CHECK(a.launches[0].grid == std::vector<std::string>{"ceil_div(n, 512)"});
  c.previous = {{1, "gen_off_r1_a1", "rejected", "same", a.reason}};
  a = run_generator({"python3", "generators/external/scripted_generator.py"}, build_request(c));
  REQUIRE_FALSE(a.declined);
  CHECK(a.launches[0].block == std::vector<std::string>{"128"});
  // A hypothesis it has no rewrite for, and a kernel of another shape, are declines.
  a = run_generator({"python3", "generators/external/scripted_generator.py"},
                    build_request(context(spec, "use_tensor_cores_tf32")));
  CHECK(a.declined);
  CHECK(a.reason.find("no scripted rewrite") != std::string::npos);
  ProblemSpec reduce = load_problem("problems/reduce");
  a = run_generator({"python3", "generators/external/scripted_generator.py"},
                    build_request(context(reduce, "vectorize_loads")));
  CHECK(a.declined);
}

TEST_CASE("the cheat generator answers each cheat folder's cheating kernel and launch") {
  int n = 0;
  for (const auto& e : fs::directory_iterator("tests/cheats")) {
    if (!fs::exists(e.path() / "problem.yaml")) continue;
    // control_* folders are the honest controls of issue 28: they have no cheat to answer.
    if (e.path().filename().string().rfind("control_", 0) == 0) continue;
    CAPTURE(e.path().string());
    ProblemSpec spec = load_problem(e.path().string());
    GeneratorContext c = context(spec, "increase_ilp");
    c.incumbent = {"honest", {}};
    GeneratorAnswer a = run_generator(
        {"python3", "generators/external/cheat_generator.py", "--cheats-dir", "tests/cheats"},
        build_request(c));
    REQUIRE_FALSE(a.declined);
    // The pool cheat's own text, wherever its `source:` is (the folder or the kernel library).
    CHECK(a.source == resolve(spec, *spec.find_variant("cheat"), {}, h200()).source_text);
    // The same launches as the pool's cheat variant, once loaded as a generated variant.
    GeneratedVariant g;
    g.id = "gen_off_r1_a1";
    g.parent = "honest";
    g.hypothesis = "increase_ilp";
    g.source_file = "gen_off_r1_a1.cu";
    g.answer = a;
    ProblemSpec gen = write_generated_problem(spec, temp_dir("cheatgen") + "/" + spec.name, {g});
    ResolvedVariant mine = resolve(gen, *gen.find_variant(g.id), {}, h200());
    ResolvedVariant pool = resolve(spec, *spec.find_variant("cheat"), {}, h200());
    REQUIRE(mine.ok());
    CHECK(mine.source_hash == pool.source_hash);  // same text, same options
    CHECK(mine.precision == pool.precision);
    REQUIRE(mine.launches.size() == pool.launches.size());
    for (std::size_t i = 0; i < mine.launches.size(); ++i) {
      CHECK(mine.launches[i].entry == pool.launches[i].entry);
      CHECK(mine.launches[i].grid == pool.launches[i].grid);
      CHECK(mine.launches[i].block == pool.launches[i].block);
      CHECK(mine.launches[i].smem_bytes == pool.launches[i].smem_bytes);
    }
    ++n;
  }
  CHECK(n == 160);  // 14 of issue 12, cheat_bf16x3_as_fp32 of issue 28, cheat_abs_memo of P7,
                    // five of the red team's six redteam_* (controls have no cheat; the sixth,
                    // a sampled-key memo, became control_redteam_reduce_memo: see its expect),
                    // six redteam2_* of round 2, two redteam3_* of round 3, four
                    // redteam5_* of round 5, four redteam6_* of round 6, four redteam7_*
                    // of round 7, four redteam8_* of round 8, four redteam9_* of round 9,
                    // cheat_int8_quantised_fp32 (h28l: float inputs narrowed to
                    // int8 for the integer tensor cores), three redteam10_* of round 10
                    // and its residual redteam10_bf16_round_trip, three redteam11_* of round 11
                    // five redteam12_* of round 12, four redteam13_* of round 13,
                    // three redteam14_* of round 14, three redteam15_* of round 15,
                    // three redteam16_* of round 16, three redteam17_* of round 17 and
                    // four redteam18_* of round 18, four redteam19_* of round 19 and two
                    // redteam19m_* (magic-number fixed point, h28m), two redteam20_* of
                    // round 20, two redteam21o_* (h28o: a field keeping exponent bits,
                    // a dead whole-word store), two redteam22_* of round 22 and
                    // redteam23_cycle_relabel_memo and redteam23_loud_weight_sum of
                    // round 23, four redteam24_* of round 24, three redteam25_* of round 25,
                    // two redteam_h28x_* (order: free abused: a short count, duplicates),
                    // three redteam26_* of round 26, three redteam27_* of round 27,
                    // three redteam28_* of round 28, six redteam29_* of round 29, three
                    // redteam30_* of round 30 and h30d's redteam30_diluted_tail_lbeta,
                    // two redteam31_* of round 31 and h31decoy's redteam31_decoy_quiet_boys,
                    // four redteam32_* of round 32,
                    // redteam33_float_packed_scratch of round 33 (its include cheat is
                    // refused at load: tests/cheats_load_refused), three redteam34_* of
                    // round 34 (its deep include chain is refused at load, h34), two
                    // redteam35_* of round 35 (scratches the resolution step never measures;
                    // its two include-folder cheats are refused at load since the lead's fix),
                    // two redteam36_* of round 36 (P10t's forgiveness and independence),
                    // redteam37_planted_scan_facts of round 37 (the scans' facts on disk),
                    // five redteam38_* of round 38 (a launch counter and a relayed clock
                    // deciding work; dithered, module-staged and 16-bit packed scratch),
                    // three redteam38b_* of round 38b (the fresh set told by its missing
                    // strata, a recorded point's one audit, the class bound's backward scale),
                    // wit39_asm_global_stage (a module array an asm block declares, wit39),
                    // five redteam39_* of round 39 (16-bit fields under FP32 in FP64 words, the
                    // scratch step told by its unstratified data, work keyed on a buffer's
                    // placement, a clock relayed in local frames, the class bound that adds the
                    // problem's atol),
                    // two redteam39_* of P7k (ctr39: a launch count and a first-answer flag
                    // kept in module memory), three redteam40_* of round 40 (a call count kept
                    // in the workspace, the worker's garbage recognised, a scratch read through
                    // a uint2 parameter), redteam40b_law_only_tail of round 40b (a slow tail
                    // only the declared law's data trigger, charged over every kind of run)
}

TEST_CASE("the LLM adapter turns a chat reply into an answer, and a bad reply into a decline") {
  std::string dir = temp_dir("llm");
  std::string good = dir + "/model.sh";
  // A stand-in for a chat endpoint: checks it was sent a chat document, replies in the
  // chat-completions shape with one cuda and one json block.
  rules::write_file_atomically(good, R"J(#!/bin/sh
grep -q '"messages"' || exit 9
cat <<'EOF'
{"choices":[{"message":{"content":"Here:\n```cuda\nextern \"C\" __global__ void k(const float* x, float* y, int n) {}\n```\n```json\n{\"launches\":[{\"entry\":\"k\",\"args\":[\"x\",\"y\",\"n\"],\"grid\":[\"ceil_div(n, 256)\"],\"block\":[256]}],\"reason\":\"model says so\"}\n```\n"}}]}
EOF
)J");
  fs::permissions(good, fs::perms::owner_all);
  ProblemSpec spec = load_problem("problems/sigmoid");
  GeneratorAnswer a =
      run_generator({"python3", "generators/external/llm_adapter.py", "--chat-command", good},
                    build_request(context(spec, "vectorize_loads")));
  REQUIRE_FALSE(a.declined);
  CHECK(a.reason == "model says so");
  CHECK(a.source.find("void k(") != std::string::npos);
  CHECK(a.launches[0].grid[0] == "ceil_div(n, 256)");
  std::string bad = dir + "/bad.sh";
  rules::write_file_atomically(bad, "#!/bin/sh\ncat >/dev/null; echo 'I cannot help with that'\n");
  fs::permissions(bad, fs::perms::owner_all);
  a = run_generator({"python3", "generators/external/llm_adapter.py", "--chat-command", bad},
                    build_request(context(spec, "vectorize_loads")));
  CHECK(a.declined);
  CHECK(a.reason.find("0 cuda and 0 json") != std::string::npos);
}

namespace {
// The required keys of a JSON schema (objects, arrays of objects, nested) present in `doc`,
// and the `const` values equal: what docs/schemas/*.schema.json promise a generator.
void conforms(const json& schema, const json& doc, const std::string& where) {
  if (schema.contains("const")) CHECK_MESSAGE(doc == schema["const"], where);
  if (schema.contains("enum")) {
    bool in = false;
    for (const auto& e : schema["enum"]) in = in || e == doc;
    CHECK_MESSAGE(in, where, " = ", doc.dump());
  }
  if (schema.value("type", json()) == "object" && doc.is_object()) {
    const json required = schema.value("required", json::array());
    for (const auto& k : required)
      CHECK_MESSAGE(doc.contains(k.get<std::string>()), where, ".", k.get<std::string>());
    const json props = schema.value("properties", json::object());
    for (const auto& [k, sub] : props.items())
      if (doc.contains(k)) conforms(sub, doc[k], where + "." + k);
  }
  if (schema.value("type", json()) == "array" && doc.is_array() && schema.contains("items"))
    for (std::size_t i = 0; i < doc.size(); ++i)
      conforms(schema["items"], doc[i], where + "[" + std::to_string(i) + "]");
}
}  // namespace

TEST_CASE("the request matches docs/schemas/generator-request.schema.json") {
  json schema = json::parse(rules::read_text_file("docs/schemas/generator-request.schema.json"));
  ProblemSpec spec = load_problem("problems/softmax");  // three launches
  GeneratorContext c = context(spec, "vectorize_loads");
  c.previous = {{1, "gen_off_r1_a1", "gate-failed", "wrong_result", "r"}};
  json r = build_request(c);
  conforms(schema, r, "request");
  CHECK(r["incumbent"]["launches"].size() == 3);
  json answer_schema =
      json::parse(rules::read_text_file("docs/schemas/generator-answer.schema.json"));
  CHECK(answer_schema["properties"]["protocol"]["const"] == kGeneratorProtocolVersion);
}
