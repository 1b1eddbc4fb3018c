// Register dependencies in SASS text (cuobjdump -sass / nvdisasm output), for PC sampling's
// root-cause step (issue 31): a stalled instruction waits on a register; the last instruction
// before it in the same basic block that wrote that register is named as the producer (the
// load behind a long_scoreboard stall, the shared load behind short_scoreboard, the MMA behind
// a math dependency).
//
// Heuristic, by design (docs/pc_sampling.md): operands are read from the text (the first
// operand is the destination except for opcodes that write nothing: stores, branches,
// barriers), register pairs and quads come from `.64`/`.128` suffixes, only R/UR/P registers
// are followed, and the walk stops at a label or a branch: a producer in an earlier block or
// an earlier loop iteration is not found (the cause then names none).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "profiling/pc_lines.h"

namespace solver::profiling {

struct SassInstr {
  uint64_t pc = 0;
  std::string text;    // "LDG.E R2, desc[UR4][R2.64]" (no predicate guard, no trailing ';')
  std::string opcode;  // "LDG.E"
  std::vector<std::string> dests, srcs;  // register names: "R2", "UR4", "P0"
  bool block_start = false;              // a label precedes it
  bool branch = false;                   // BRA/EXIT/RET/CALL...: the block ends after it
};

// The instructions of `function` in `sass` (every function's when `function` is not found as a
// "Function : name" / ".text.name" header), in address order.
std::vector<SassInstr> parse_sass(const std::string& sass, const std::string& function);

// Index of the producer of a register `instrs[at]` reads, walking back within its block. Each
// source register's nearest writer is a candidate; the nearest one of the kind `reason` waits
// on wins (long_scoreboard: a global/local memory access; short_scoreboard and mio_throttle:
// shared memory, MUFU, shuffles; gmma: a warpgroup MMA), else the nearest of all.
std::optional<size_t> find_producer(const std::vector<SassInstr>& instrs, size_t at,
                                    const std::string& reason = "");

// Causes for the `keep` PCs of `pcs` with most stall samples ("selected" is not a stall), each
// with its top reason and, where find_producer finds one, its producer and the producer's line.
std::vector<StallCause> stall_causes(const std::vector<SassInstr>& instrs,
                                     const std::vector<PcRecord>& pcs, const Locate& locate,
                                     size_t keep);

}  // namespace solver::profiling
