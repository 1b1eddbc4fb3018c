// float64 reference for corpus_fresh7 bude_fasten (written for the corpus): one thread per pose.
// The pose's rotation (x, then y, then z Euler angles) and translation move each ligand atom;
// every (ligand atom, protein atom) pair adds BUDE's three terms, each continuous in the
// distance: steric overlap inside the summed radii, a charge term fading to zero at 2 (4 for two
// F-type atoms) beyond it, and a desolvation term fading to zero at 1 or 5.5 for hydrophobic
// pairs. The result is half the total, as fasten_main reports it.
extern "C" __global__ void fasten_ref(int natlig, int natpro, const float4* pxyz, const int* ptype,
                                      const float4* lxyz, const int* ltype, const float* t0,
                                      const float* t1, const float* t2, const float* t3,
                                      const float* t4, const float* t5, double* energy,
                                      const int* hb, const float* rad, const float* hphb,
                                      const float* elsc, int nposes) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= nposes) return;
  const double sx = sin((double)t0[p]), cx = cos((double)t0[p]);
  const double sy = sin((double)t1[p]), cy = cos((double)t1[p]);
  const double sz = sin((double)t2[p]), cz = cos((double)t2[p]);
  const double R[3][3] = {{cy * cz, sx * sy * cz - cx * sz, cx * sy * cz + sx * sz},
                          {cy * sz, sx * sy * sz + cx * cz, cx * sy * sz - sx * cz},
                          {-sy, sx * cy, cx * cy}};
  const double T[3] = {t3[p], t4[p], t5[p]};
  double e = 0;
  for (int l = 0; l < natlig; ++l) {
    const double a[3] = {lxyz[l].x, lxyz[l].y, lxyz[l].z};
    double q[3];
    for (int r = 0; r < 3; ++r) q[r] = T[r] + R[r][0] * a[0] + R[r][1] * a[1] + R[r][2] * a[2];
    const int lt = ltype[l];
    for (int k = 0; k < natpro; ++k) {
      const int pt = ptype[k];
      const double dx = q[0] - pxyz[k].x, dy = q[1] - pxyz[k].y, dz = q[2] - pxyz[k].z;
      const double d = sqrt(dx * dx + dy * dy + dz * dz);
      const double radij = (double)rad[pt] + rad[lt];
      const double bb = d - radij;
      // steric: 76 (1 - d / radij) while the spheres overlap
      if (bb < 0) e += 76.0 * (1.0 - d / radij);
      // charge: full inside the radii, linear to zero at the cut-off distance beyond them
      const bool ff = hb[pt] == 70 && hb[lt] == 70;
      const double cut = ff ? 4.0 : 2.0;
      double c = (double)elsc[lt] * elsc[pt];
      c *= bb < 0 ? 1.0 : (bb < cut ? 1.0 - bb / cut : 0.0);
      if (hb[pt] == 69 || hb[lt] == 69) c = -fabs(c);
      e += 45.0 * c;
      // desolvation: only pairs with a hydrophobic (negative) partner have a finite range
      const double hp = hphb[pt], hl = hphb[lt];
      const double sp = hp * ((hp < 0 && hl > 0) ? -1.0 : 1.0);
      const double sl = hl * ((hp > 0 && hl < 0) ? -1.0 : 1.0);
      // (a pair with no hydrophobic partner has the range -FLT_MAX in fasten_main: no term)
      const bool bounded = hp < 0 || hl < 0;
      const double range = (hp < 0 && hl < 0) ? 5.5 : 1.0;
      if (hp != 0 && bounded && bb < range) e += (sp + sl) * (bb < 0 ? 1.0 : 1.0 - bb / range);
    }
  }
  energy[p] = 0.5 * e;
}
