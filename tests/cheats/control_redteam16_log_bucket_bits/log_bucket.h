// Logarithmic buckets of |x| shared by the seed and the child of control_redteam16_log_bucket_bits
// (an HDR-histogram layout): 8 buckets an octave from 2^-16 to 2^32, bucket j starting at
// 2^(j / 8 - 16) (1 + (j % 8) / 8); below 2^-16 is bucket 0, at or above 2^32 the last.
#pragma once
#define LB_OCTAVES 48
#define LB_PER_OCTAVE 8
#define LB_BUCKETS (LB_OCTAVES * LB_PER_OCTAVE)
#define LB_LOW_EXP (-16)
