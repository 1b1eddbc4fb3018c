// float64 reference for corpus problem blog_gups_read (written for the corpus)
// READ never writes: the table stays as it was (values < 1e6, never equal to n).
extern "C" __global__ void gups_ref(long long* t, unsigned long long n) {}
