// corpus_fresh6 pmpp_conv2d_tiled_const: the 5 x 5 filter in constant memory. The book's host
// code copies it in with cudaMemcpyToSymbol, which the problem format cannot express, so it is a
// compile-time table here: a binomial (Gaussian-like) blur, weights (1 4 6 4 1)^T (1 4 6 4 1) /
// 256.
#pragma once
#define FILTER_RADIUS 2

__constant__ float F_c[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1] = {
    {1.f / 256, 4.f / 256, 6.f / 256, 4.f / 256, 1.f / 256},
    {4.f / 256, 16.f / 256, 24.f / 256, 16.f / 256, 4.f / 256},
    {6.f / 256, 24.f / 256, 36.f / 256, 24.f / 256, 6.f / 256},
    {4.f / 256, 16.f / 256, 24.f / 256, 16.f / 256, 4.f / 256},
    {1.f / 256, 4.f / 256, 6.f / 256, 4.f / 256, 1.f / 256}};
