// The register-tiled fused kernel (include/attn_flash_rt.cuh): both products of a 64-key tile
// as small shared-memory GEMMs, TM query rows x 4 columns per thread.
#include <attn_flash_rt.cuh>
