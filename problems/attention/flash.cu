// The fused online-softmax kernel (include/attn_flash.cuh).
#include <attn_flash.cuh>
