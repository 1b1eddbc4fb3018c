// Static facts about a variant's PTX, scoped to the entries it launches: the tensor-core
// instructions (the static half of `tensor_active`) and whether the code has the loop of a
// matrix product (`gemm_loop`); scan_launched_code also asks generators/ptx_load_chain.h whether
// a loop's loads wait on each other (`load_chain`) and generators/ptx_lane_guard.h how many
// lanes of a block its leading `threadIdx.x` test lets work (`code_guard_lanes`).
//
// Tensor ops: the profiler's tensor-pipe counters alone cannot tell an MMA from the compiler's
// `HFMA2.MMA` constant moves, which issue on the same pipe (docs/signals.md); the PTX can,
// because those moves are chosen by ptxas and never appear in PTX, while every tensor-core
// operation does (WMMA and inline `mma` asm included). A module often holds several kernels
// (one .cu with a WMMA kernel and a scalar one): only the launched `.entry` bodies count.
//
// GEMM loop, kept deliberately simple: a loop (a backward branch to a label of the same entry)
// whose body (a) loads from at least two different address registers (ld.global / ld.shared /
// ld.local / ld.const / ld.param / wmma.load / ldmatrix, vector forms included) and (b) either
// issues an MMA (wmma.mma, mma.sync, wgmma) or has an `fma` whose two multiplicands are values
// loaded in the loop through two different address registers and whose addend is a register
// an arithmetic instruction of the loop writes (an accumulator carried around the loop, not a
// value loaded there as in an axpy). An FMA chain on registers
// (no loads in the loop), an elementwise map (one stream), a reduction (add, not fma of two
// loaded values) do not qualify; a matrix-vector product does (its FLOP/byte tells it apart).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "generators/ptx_lane_stride.h"

namespace solver::generators {

struct TensorOps {
  int mma = 0;      // warp-level: wmma.mma, mma.sync, mma.sp (HMMA / IMMA / DMMA in SASS)
  int wgmma = 0;    // Hopper warpgroup MMA: wgmma.mma_async (HGMMA / QGMMA ...)
  int tcgen05 = 0;  // Blackwell: tcgen05.mma
  // Not an MMA: waits on an mbarrier phase (mbarrier.try_wait / test_wait), how the stages of
  // an asynchronous pipeline hand off without a block-wide barrier (`mbarrier_pipeline`).
  int mbarrier_waits = 0;
  // Not an MMA: bulk tensor copies (cp.async.bulk.tensor, TMA), the copy engine that fills a
  // stage from a tensor map with one thread's instruction (`tma_copies`).
  int tma_copies = 0;
  int total() const { return mma + wgmma + tcgen05; }
};

// Counts the instructions of the whole module (static occurrences, comments and string
// literals ignored).
TensorOps scan_ptx_tensor_ops(const std::string& ptx);

// The text of `.entry NAME (...) { ... }` (the braces' contents), or empty if the module has
// no such entry.
std::string_view ptx_entry_body(std::string_view ptx, std::string_view entry);

// The opcode of one PTX statement: skips blanks, a label ("L1:") and a guard predicate
// ("@p", "@!%p3"), and returns the dotted mnemonic ("wmma.mma.sync.aligned.row...").
std::string_view ptx_opcode(std::string_view stmt);

// A statement without the blanks, braces and labels before it: a block's first statement
// carries the block's label ("$L__BB0_1:\n\t{\n\t.reg .pred %ready"), as an inline asm block
// at a loop's head does (review39: a `.reg` there read as no declaration by the scans that look
// for one at a statement's start: its registers undeclared, so special ones, or not renamed).
std::string_view ptx_unlabelled(std::string_view stmt);

// The operands after `op` (ptx_opcode's answer) in `stmt`, split at commas outside brackets
// and braces, trimmed ("{%r1, %r2}", "[%rd4+16]", "%f3").
std::vector<std::string_view> ptx_operands(std::string_view stmt, std::string_view op);

// The dot-separated parts of an opcode ("mma.sync.aligned.m16n8k32.s32.s8" -> "mma", "sync",
// "aligned", ...), for scans that read its types and shape.
std::vector<std::string_view> ptx_opcode_parts(std::string_view op);

// The PTX without // and /* */ comments and "..." strings (line ends kept), each statement's
// opcode joined across the blanks and line ends ptxas reads through ("mma .sync..." is
// "mma.sync..."), for scans that read statements (this file's and generators/ptx_precision.cpp's).
std::string strip_ptx_comments(std::string_view ptx);

// The statements of comment-free PTX split at ';' and line ends only, blank ones dropped: a
// scoped block's braces stay inside a statement's text, so they do not end a loop (the
// load-chain and lane-stride scans read loops by their labels and backward branches).
std::vector<std::string_view> ptx_line_statements(std::string_view clean);

// Whether one entry's body has a matrix-product loop (see above).
bool ptx_has_gemm_loop(std::string_view entry_body);

struct CodeFacts {
  TensorOps tensor;        // summed over the launched entries
  bool gemm_loop = false;  // any launched entry has one
  // Chained loads of the launched entries (ptx_load_chain.h); absent where the scan declined
  // an entry (too large), and then load_chain_note says so.
  std::optional<int> load_chain = 0;
  std::string load_chain_note;
  LaneAccessMix lane_access;  // their global accesses by lane stride (ptx_lane_stride.h)
  // The lanes of x a leading `threadIdx.x` guard lets work (ptx_lane_guard.h): the most over
  // the launched entries, absent unless every one has such a guard.
  std::optional<int> guard_lanes;
  // The contiguous and strided shares of lane_access's weight; absent without an access.
  std::optional<double> contiguous_access_frac() const;
  std::optional<double> strided_access_frac() const;
  // The sector-filling share of their global stores' weight; absent without a store.
  std::optional<double> store_fill_frac() const;
  // The share of lane_access's weight that is index loads (contiguous loads feeding an
  // address); absent without an access.
  std::optional<double> index_load_frac() const;
  std::vector<std::string> missing;  // entries not found in the PTX (then the whole
                                     // module is scanned for tensor ops, as before)
};
CodeFacts scan_launched_code(const std::string& ptx, const std::vector<std::string>& entries);
// The same answer, kept for a PTX of 64 KiB or more per process and, where a facts folder is set,
// on disk (ptx_memo.h, ptx_facts_store.h; ptx_scan_kept.cpp).
CodeFacts scan_launched_code_kept(const std::string& ptx, const std::vector<std::string>& entries);
// CodeFacts as the facts store writes it, every field (doubles bit for bit), and back (nullopt
// where the JSON is not one).
nlohmann::json code_facts_json(const CodeFacts& f);
std::optional<CodeFacts> code_facts_from_json(const nlohmann::json& j);

// The registers ("%r12", "%tid.x") and symbols ("gemm_param_0") an operand names, appended in
// order (the provenance taints of ptx_int_provenance.cpp read operands through it).
void ptx_operand_names(std::string_view o, std::vector<std::string>& regs,
                       std::vector<std::string>& syms);
// The names a declaration list declares (".param .align 4 .b8 name[12], .param .b32 x": the last
// identifier of each comma-separated piece, its array bound cut off): an entry's parameters, a
// .func's parameters and returns.
std::vector<std::string> ptx_decl_names(std::string_view list);

}  // namespace solver::generators
