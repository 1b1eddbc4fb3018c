// The fused online-softmax kernel (kernels/attention/attn_flash.cuh).
#include <attn_flash.cuh>
