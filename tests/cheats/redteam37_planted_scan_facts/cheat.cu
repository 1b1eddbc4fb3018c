// Red team 37 (tests/cheats/redteam37_planted_scan_facts): red team 9's FP32-tile child of the
// library's f32in_dgemm.cu (built with -DTILE_SUM_FP32 -DDEAD_F64_PAD by problem.yaml), plus an
// entry no launch names that holds only PTX comments, so the module's PTX is over the 64 KiB from
// which the code scans' answers are read from and written to the facts store on disk.
#include <f32in_dgemm.cu>
#include <ptx_comment_pad.cuh>
RED37_PTX_PAD_ENTRY(red37_pad)
