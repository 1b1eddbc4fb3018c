// Inert PTX text (red team 37, tests/cheats/redteam37_planted_scan_facts and
// control_redteam37_large_ptx_dgemm): RED37_PTX_PAD_ENTRY(name) defines an entry no launch names
// whose body is 1,024 inline-assembly PTX comments of ~70 bytes, so the module's PTX passes the
// 64 KiB from which the code scans' answers are kept on disk (generators/ptx_memo.h
// kPtxMemoFromBytes, ptx_facts_store.h). Every scan strips comments (ptx_scan.cpp
// strip_ptx_comments): the facts are those of the module without it; only the text's sha256, and
// so the facts' key, differ.
#pragma once
#define RED37_PAD_LINE asm volatile("// red37 pad: inert text, stripped by every scan .............");
#define RED37_PAD_4 RED37_PAD_LINE RED37_PAD_LINE RED37_PAD_LINE RED37_PAD_LINE
#define RED37_PAD_16 RED37_PAD_4 RED37_PAD_4 RED37_PAD_4 RED37_PAD_4
#define RED37_PAD_64 RED37_PAD_16 RED37_PAD_16 RED37_PAD_16 RED37_PAD_16
#define RED37_PAD_256 RED37_PAD_64 RED37_PAD_64 RED37_PAD_64 RED37_PAD_64
#define RED37_PAD_1024 RED37_PAD_256 RED37_PAD_256 RED37_PAD_256 RED37_PAD_256
#define RED37_PTX_PAD_ENTRY(name) \
  extern "C" __global__ void name() { RED37_PAD_1024 }
