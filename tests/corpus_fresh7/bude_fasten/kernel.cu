// corpus_fresh7: bude_fasten -- UoB-HPC/miniBUDE, src/cuda/fasten.hpp: fasten_main<PPWI>, the
// docking energy of BUDE (each work item scores PPWI ligand poses against a whole protein:
// every ligand atom against every protein atom, steric, electrostatic and desolvation terms).
// Rewritten for the problem format (see README.md) with PPWI = 4; the Atom and FFParams structs
// are split into buffers of one type each (positions, types, force-field columns).
#define PPWI 4
#define ZERO 0.0f
#define QUARTER 0.25f
#define HALF 0.5f
#define ONE 1.0f
#define TWO 2.0f
#define FOUR 4.0f
#define CNSTNT 45.0f
#define HBTYPE_F 70
#define HBTYPE_E 69
#define HARDNESS 38.0f
#define NPNPDIST 5.5f
#define NPPDIST 1.0f
#define FLOAT_MAX 3.402823466e+38F

extern "C" __global__ void fasten_main(
    int natlig, int natpro, const float4* protein_xyz, const int* protein_type,
    const float4* ligand_xyz, const int* ligand_type, const float* transforms_0,
    const float* transforms_1, const float* transforms_2, const float* transforms_3,
    const float* transforms_4, const float* transforms_5, float* etotals, const int* ff_hbtype,
    const float* ff_radius, const float* ff_hphb, const float* ff_elsc, int numTransforms) {
  int ix = blockIdx.x * blockDim.x * PPWI + threadIdx.x;
  ix = ix < numTransforms ? ix : numTransforms - PPWI;
  float etot[PPWI];
  float4 transform[PPWI][3];
  const int lsz = blockDim.x;
  for (int i = 0; i < PPWI; i++) {
    int index = ix + i * lsz;
    const float sx = sinf(transforms_0[index]), cx = cosf(transforms_0[index]);
    const float sy = sinf(transforms_1[index]), cy = cosf(transforms_1[index]);
    const float sz = sinf(transforms_2[index]), cz = cosf(transforms_2[index]);
    transform[i][0] =
        make_float4(cy * cz, sx * sy * cz - cx * sz, cx * sy * cz + sx * sz, transforms_3[index]);
    transform[i][1] =
        make_float4(cy * sz, sx * sy * sz + cx * cz, cx * sy * sz - sx * cz, transforms_4[index]);
    transform[i][2] = make_float4(-sy, sx * cy, cx * cy, transforms_5[index]);
    etot[i] = ZERO;
  }
  int il = 0;
  do {
    const float4 l_atom = ligand_xyz[il];
    const int l_t = ligand_type[il];
    const int l_hbtype = ff_hbtype[l_t];
    const float l_radius = ff_radius[l_t], l_hphb_raw = ff_hphb[l_t];
    const float l_elsc = ff_elsc[l_t];
    const bool lhphb_ltz = l_hphb_raw < ZERO;
    const bool lhphb_gtz = l_hphb_raw > ZERO;
    float3 lpos[PPWI];
    for (int i = 0; i < PPWI; i++) {
      lpos[i].x = transform[i][0].w + l_atom.x * transform[i][0].x + l_atom.y * transform[i][0].y +
                  l_atom.z * transform[i][0].z;
      lpos[i].y = transform[i][1].w + l_atom.x * transform[i][1].x + l_atom.y * transform[i][1].y +
                  l_atom.z * transform[i][1].z;
      lpos[i].z = transform[i][2].w + l_atom.x * transform[i][2].x + l_atom.y * transform[i][2].y +
                  l_atom.z * transform[i][2].z;
    }
    int ip = 0;
    do {
      const float4 p_atom = protein_xyz[ip];
      const int p_t = protein_type[ip];
      const int p_hbtype = ff_hbtype[p_t];
      const float p_radius = ff_radius[p_t], p_hphb_raw = ff_hphb[p_t];
      const float p_elsc = ff_elsc[p_t];
      const float radij = p_radius + l_radius;
      const float r_radij = 1.0f / radij;
      const float elcdst = (p_hbtype == HBTYPE_F && l_hbtype == HBTYPE_F) ? FOUR : TWO;
      const float elcdst1 = (p_hbtype == HBTYPE_F && l_hbtype == HBTYPE_F) ? QUARTER : HALF;
      const bool type_E = ((p_hbtype == HBTYPE_E || l_hbtype == HBTYPE_E));
      const bool phphb_ltz = p_hphb_raw < ZERO;
      const bool phphb_gtz = p_hphb_raw > ZERO;
      const bool phphb_nz = p_hphb_raw != ZERO;
      const float p_hphb = p_hphb_raw * (phphb_ltz && lhphb_gtz ? -ONE : ONE);
      const float l_hphb = l_hphb_raw * (phphb_gtz && lhphb_ltz ? -ONE : ONE);
      const float distdslv =
          (phphb_ltz ? (lhphb_ltz ? NPNPDIST : NPPDIST) : (lhphb_ltz ? NPPDIST : -FLOAT_MAX));
      const float r_distdslv = 1.0f / distdslv;
      const float chrg_init = l_elsc * p_elsc;
      const float dslv_init = p_hphb + l_hphb;
      for (int i = 0; i < PPWI; i++) {
        const float x = lpos[i].x - p_atom.x;
        const float y = lpos[i].y - p_atom.y;
        const float z = lpos[i].z - p_atom.z;
        const float distij = sqrtf(x * x + y * y + z * z);
        const float distbb = distij - radij;
        const bool zone1 = (distbb < ZERO);
        etot[i] += (ONE - (distij * r_radij)) * (zone1 ? TWO * HARDNESS : ZERO);
        float chrg_e =
            chrg_init * ((zone1 ? ONE : (ONE - distbb * elcdst1)) * (distbb < elcdst ? ONE : ZERO));
        const float neg_chrg_e = -fabsf(chrg_e);
        chrg_e = type_E ? neg_chrg_e : chrg_e;
        etot[i] += chrg_e * CNSTNT;
        const float coeff = (ONE - (distbb * r_distdslv));
        float dslv_e = dslv_init * ((distbb < distdslv && phphb_nz) ? ONE : ZERO);
        dslv_e *= (zone1 ? ONE : coeff);
        etot[i] += dslv_e;
      }
    } while (++ip < natpro);
  } while (++il < natlig);
  const int td_base = blockIdx.x * blockDim.x * PPWI + threadIdx.x;
  if (td_base < numTransforms)
    for (int i = 0; i < PPWI; i++) etotals[td_base + i * blockDim.x] = etot[i] * HALF;
}
