// The wire protocol between the live backend (engine/backend/live_backend.cpp) and the `solver-gpu`
// worker (engine/backend/gpu/): newline-delimited JSON, one object per line, requests on the
// worker's stdin, answers on its stdout (docs/gpu-backend.md has the full grammar). Host-only code,
// used by both sides, so the two cannot drift apart; a round-trip test pins it
// (tests/engine/worker_protocol_test.cpp).
//
// Worker output lines are of two kinds:
//   beat:     {"beat":"<phase>","budget_ms":N}  the worker starts a phase that must end within
//             N ms (a compile, one batch of launches); the backend's watchdog re-arms on it.
//   response: {"id":N,"ok":true|false, ...}    the answer to request N; "fatal":true means the
//             worker's CUDA context is unusable and it exits right after this line.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"
#include "engine/backend/json_util.h"
#include "engine/backend/value_json.h"
#include "rules/outcome.h"

namespace solver::engine {

inline constexpr int kWorkerProtocolVersion = 1;

// What the worker reports about its device (op "hello").
struct DeviceInfo {
  std::string name;     // cuDeviceGetName
  std::string chip_id;  // chips.yaml id matched by name/cc/SM count ("" if none)
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  int driver_version = 0;  // cuDriverGetVersion: 13000 = 13.0
  std::string driver;      // the kernel driver's version ("580.95.05"); "" where unreadable
  int ecc = -1;            // CU_DEVICE_ATTRIBUTE_ECC_ENABLED: 1 on, 0 off, -1 not reported
  std::string pci_bus_id;  // cuDeviceGetPCIBusId ("0000:19:00.0"); "" where not reported
  int64_t l2_bytes = 0;
  int64_t total_mem_bytes = 0;
  int64_t smem_optin_bytes = 0;  // max dynamic+static shared memory per block (opt-in)
  int max_threads_per_sm = 0;
  double sm_clock_mhz = 0;  // maximum SM clock (device attribute)
  double mem_clock_mhz = 0;
  int mem_bus_bits = 0;
  std::string arch;  // "sm_90"
  std::string nvrtc_version;
  int protocol = kWorkerProtocolVersion;
};

// Ceilings measured once per chip (op "ceilings"), recorded with the datasheet values.
struct Ceilings {
  std::string chip_id, device_name;
  double copy_gbps = 0;     // large device-to-device copy, bytes read + written per second
  double sgemm_tflops = 0;  // cuBLAS SGEMM 8192^3, random data
  double tf32_tflops = 0;   // cublasGemmEx CUBLAS_COMPUTE_32F_FAST_TF32 8192^3
  double datasheet_dram_gbps = 0, datasheet_fp32_tflops = 0, datasheet_tf32_tflops = 0;
  std::string measured_at;  // UTC ISO 8601
  bool from_cache = false;
  std::string detail;  // how each was measured
};

// Unprofiled timing of one variant (op "time").
struct WorkerRequest {
  uint64_t id = 0;
  std::string op;                       // hello ceilings gate profile time time_pairs quit
  std::optional<VariantRef> variant;    // gate, profile, time
  std::optional<VariantRef> incumbent;  // time_pairs
  std::optional<VariantRef> candidate;  // time_pairs
  int input_sets = 2;
  int samples = 0;              // time; profile: unprofiled samples before the metrics
  int pairs = 0;                // time_pairs: the cap (plan.max_pairs)
  PairPlan plan = PairPlan(0);  // time_pairs: looks of the sequential rule (fixed when absent)
  uint64_t seed = 0;
  bool full_metrics = false;
  // profile: the metrics to collect (the rule table's, profiling/rule_metrics.h); empty = the
  // default set (or the full set with full_metrics).
  std::vector<std::string> metrics;
  // profile: the PC sampling pass (stall reasons per source line); off with --no-pc-sampling.
  bool pc_sampling = true;
  // gate: the sweep gate of `solver record --sweep` (docs/benchmarks.md, "Large pools"): the
  // regular input sets checked and the short timed series with its floor check, its fresh-set
  // check and three audited runs (gate_parts.h gate_steps; helper fix38b), without the
  // adversarial sets and the tolerance lint. For recording whole pools of our own kernels, never for a candidate of a live
  // run. Its timed series is `samples` long when given.
  bool sweep = false;
  // gate: which part (backend.h GatePart, engine/backend/gate_parts.h); absent: the full gate.
  GatePart gate_part = GatePart::Full;
  // time, time_pairs, profile: the problem's homogeneity from its gate (GateResult::homogeneous)
  // where the backend knows it; a worker that never gated the problem takes it as its own
  // (P6c: the timed runs then leave the declared support as they did in the gate).
  std::optional<bool> homogeneous;
  // The same for GateResult::law_checks (P6h): the timed runs, fresh sets and audits of a
  // worker that never gated the problem are drawn from the law as the gate's were.
  std::optional<bool> law_checks;
};

struct WorkerResponse {
  uint64_t id = 0;
  bool ok = false;
  bool fatal = false;                      // the worker exits after this answer
  std::string error;                       // when !ok
  std::optional<GateStatus> error_status;  // when !ok and the failure is a gate outcome
  std::optional<DeviceInfo> device;
  std::optional<Ceilings> ceilings;
  std::optional<GateResult> gate;
  std::optional<ProfileResult> profile;
  std::optional<TimeSamples> time;
  std::optional<PairSamples> pairs;
};

struct WorkerBeat {
  std::string phase;
  int64_t budget_ms = 0;
};

// One parsed worker output line.
struct WorkerLine {
  enum class Kind { Beat, Response, Garbage } kind = Kind::Garbage;
  WorkerBeat beat;
  WorkerResponse response;
  std::string garbage;  // the unparsable line (e.g. a library printing on stdout)
};

// The JSON of the value types inside requests and answers: engine/backend/value_json.h.

// Lines (no trailing newline). Parsers never throw: a malformed line is an error value.
std::string encode_request(const WorkerRequest& r);
rules::Outcome<WorkerRequest> decode_request(const std::string& line);
std::string encode_response(const WorkerResponse& r);
std::string encode_beat(const WorkerBeat& b);
WorkerLine decode_worker_line(const std::string& line);

}  // namespace solver::engine
