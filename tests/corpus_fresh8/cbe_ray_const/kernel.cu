// corpus_fresh8: cbe_ray_const -- Sanders & Kandrot, CUDA by Example, section 6.2.3 (ray.cu, "ray
// tracing with constant memory"): every pixel tests the 20 spheres of a __constant__ array for
// the nearest hit along z and shades it by the normal's z component. Rewritten for the problem
// format (see README.md): the book fills the constant array from the host with rand() (glibc, no
// seed); the same 20 spheres are written here as the array's initializer, and the image is 4096 x
// 4096 pixels (the book's DIM is 1024) over the same scene.
#define INF 2e10f
#define SPHERES 20
#define DIM 4096

struct Sphere {
  float r, b, g;
  float radius;
  float x, y, z;
  __device__ float hit(float ox, float oy, float* n) const {
    float dx = ox - x;
    float dy = oy - y;
    if (dx * dx + dy * dy < radius * radius) {
      float dz = sqrtf(radius * radius - dx * dx - dy * dy);
      *n = dz / sqrtf(radius * radius);
      return dz + z;
    }
    return -INF;
  }
};

// rnd(x) = x * rand() / RAND_MAX in float: r, g, b = rnd(1), x, y, z = rnd(1000) - 500,
// radius = rnd(100) + 20, drawn in that order per sphere; listed as {r, b, g, radius, x, y, z}.
__constant__ Sphere s[SPHERES] = {
    {0.840187728f, 0.783099234f, 0.394382924f, 53.522274f, 298.440063f, 411.6474f, -302.448608f},
    {0.768229604f, 0.553969979f, 0.277774721f, 71.3400879f, -22.6029358f, 128.870911f, -135.215515f},
    {0.952229738f, 0.63571173f, 0.916195095f, 21.6300564f, 217.296936f, -358.397461f, 106.968872f},
    {0.242886767f, 0.804176748f, 0.137231573f, 30.8808804f, -343.320923f, -99.055603f, -370.209564f},
    {0.998924494f, 0.51293242f, 0.218256906f, 83.7552261f, 339.112244f, 112.639832f, -203.968384f},
    {0.524287164f, 0.972775042f, 0.493582994f, 96.9913864f, -207.483215f, 271.357727f, 26.7449341f},
    {0.40022862f, 0.283314735f, 0.891529441f, 26.9755287f, -147.541656f, 307.724548f, 419.026489f},
    {0.949327052f, 0.086055845f, 0.525995374f, 54.8892937f, -307.786133f, 163.226929f, 390.232605f},
    {0.0641713217f, 0.457701743f, 0.0200230479f, 110.22081f, -436.904175f, -261.720032f, 470.634094f},
    {0.850919783f, 0.539760351f, 0.266665757f, 86.772377f, -124.79303f, 260.248718f, 12.5354004f},
    {0.531606436f, 0.437637597f, 0.0392803438f, 48.4293404f, 431.835083f, 430.809814f, 220.952332f},
    {0.738534331f, 0.354048669f, 0.639978826f, 108.007523f, 187.861389f, -334.025818f, -59.8954773f},
    {0.829201102f, 0.228968173f, 0.330337137f, 115.64682f, 393.372437f, -149.639801f, 186.669861f},
    {0.588640153f, 0.858676314f, 0.657304049f, 101.476685f, -60.440094f, 423.969788f, -101.563324f},
    {0.684218526f, 0.482490659f, 0.910972059f, 34.7660027f, -284.175049f, 450.25238f, 420.128235f},
    {0.88106215f, 0.43195343f, 0.641080618f, 50.7457886f, 119.596497f, -218.940582f, 286.002075f},
    {0.447033584f, 0.18753311f, 0.226106629f, 36.9607086f, -223.76532f, 56.4437256f, -83.4987183f},
    {0.906803906f, 0.126075342f, 0.103171185f, 113.500397f, -4.55593872f, 260.47522f, 484.751648f},
    {0.684445024f, 0.74977088f, 0.383188337f, 78.4488525f, -131.336456f, -205.83963f, -267.738464f},
    {0.244412735f, 0.732148528f, 0.152389795f, 94.5071411f, -374.525085f, 293.470398f, -335.898071f},
};

extern "C" __global__ void ray_const_kernel(unsigned char* ptr) {
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;
  int offset = x + y * blockDim.x * gridDim.x;
  float ox = (x - DIM / 2);
  float oy = (y - DIM / 2);
  float r = 0, g = 0, b = 0;
  float maxz = -INF;
  for (int i = 0; i < SPHERES; i++) {
    float n;
    float t = s[i].hit(ox, oy, &n);
    if (t > maxz) {
      float fscale = n;
      r = s[i].r * fscale;
      g = s[i].g * fscale;
      b = s[i].b * fscale;
      maxz = t;
    }
  }
  ptr[offset * 4 + 0] = (int)(r * 255);
  ptr[offset * 4 + 1] = (int)(g * 255);
  ptr[offset * 4 + 2] = (int)(b * 255);
  ptr[offset * 4 + 3] = 255;
}
