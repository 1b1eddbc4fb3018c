// The fused online-softmax kernel (attn_flash.cuh).
#include "attn_flash.cuh"
