// issue 23: the shared DG term functors compiled by nvcc as __host__ __device__
// and run on a GPU and on the host with the same inputs: bitwise comparison
#include "angle_cosine_dg.h"
#include "angle_cosine_squared_dg.h"
#include "angle_harmonic_dg.h"
#include "bond_fene_dg.h"
#include "bond_harmonic_dg.h"
#include "bond_morse_dg.h"
#include "dihedral_charmm_dg.h"
#include "dihedral_multi_harmonic_dg.h"
#include "dihedral_nharmonic_dg.h"
#include "dihedral_opls_dg.h"
#include "improper_cvff_dg.h"
#include "improper_harmonic_dg.h"
#include "pair_morse_dg.h"
#include "pair_coul_dsf_dg.h"
#include "pair_lj_cut_coul_dsf_dg.h"
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
using namespace LAMMPS_NS;

struct NoReport { __host__ __device__ void operator()(int, int, int, double, bool) const {} };
struct PtrQ { const double *q; __host__ __device__ double operator()(int i) const { return q[i]; } };
struct PairC {   // 4 coefficients per type pair, ntypes 2
  const double *c;
  __host__ __device__ double d0(int i, int j) const { return c[4 * (i * 3 + j)]; }
  __host__ __device__ double alpha(int i, int j) const { return c[4 * (i * 3 + j) + 1]; }
  __host__ __device__ double r0(int i, int j) const { return c[4 * (i * 3 + j) + 2]; }
  __host__ __device__ double offset(int i, int j) const { return c[4 * (i * 3 + j) + 3]; }
  __host__ __device__ double lj3(int i, int j) const { return c[4 * (i * 3 + j)]; }
  __host__ __device__ double lj4(int i, int j) const { return c[4 * (i * 3 + j) + 1]; }
  __host__ __device__ double cut_ljsq(int i, int j) const { return c[4 * (i * 3 + j) + 2]; }
};

template <int NATOM, class Term>
__host__ __device__ void one(const Term &t, int n, const double *x, double *out)
{
  int idx[NATOM];
  double xo[NATOM][3], xn[NATOM][3], f[NATOM][3] = {};
  for (int a = 0; a < NATOM; a++) {
    idx[a] = a;
    for (int d = 0; d < 3; d++) {
      xo[a][d] = x[(n * 8 + a) * 3 + d];
      xn[a][d] = x[(n * 8 + 4 + a) * 3 + d];
    }
  }
  double vo, vn;
  t(idx, 1 + n % 2, xo, xn, f, vo, vn);
  for (int a = 0; a < NATOM; a++)
    for (int d = 0; d < 3; d++) out[n * 14 + 3 * a + d] = f[a][d];
  out[n * 14 + 12] = vo;
  out[n * 14 + 13] = vn;
}
template <int NATOM, class Term> __global__ void kern(Term t, int nt, const double *x, double *out)
{
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < nt) one<NATOM>(t, n, x, out);
}
template <class Term> __host__ __device__ void onep(const Term &t, int n, const double *x, double *out)
{
  const double *a = x + n * 24;
  double rsq = 0, rnsq = 0;
  for (int d = 0; d < 3; d++) {
    rsq += (a[3 + d] - a[d]) * (a[3 + d] - a[d]);
    rnsq += (a[15 + d] - a[12 + d]) * (a[15 + d] - a[12 + d]);
  }
  rsq *= 4.0; rnsq *= 4.0;
  const DGPairIJ p{n % 3, (n + 1) % 3, 1 + n % 2, 1 + (n / 2) % 2, 0.5 + 0.25 * (n % 3), 0.25 * (n % 5), rsq, rnsq, rsq < 36.0, rnsq < 36.0};
  double q, vo, vn;
  t(p, q, vo, vn);
  out[n * 14] = q; out[n * 14 + 1] = vo; out[n * 14 + 2] = vn;
}
template <class Term> __global__ void kernp(Term t, int nt, const double *x, double *out)
{
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < nt) onep(t, n, x, out);
}

int nfail = 0;
template <int NATOM, bool PAIR = false, class Term>
void check(const char *name, const Term &th, const Term &td, int nt, const std::vector<double> &x, double *dx)
{
  std::vector<double> oh(nt * 14), od(nt * 14);
  for (int n = 0; n < nt; n++) { if constexpr (PAIR) onep(th, n, x.data(), oh.data()); else one<NATOM>(th, n, x.data(), oh.data()); }
  double *dout; cudaMalloc(&dout, nt * 14 * sizeof(double));
  cudaMemset(dout, 0, nt * 14 * sizeof(double));    // (the slots a term does not write)
  if constexpr (PAIR) kernp<<<(nt + 63) / 64, 64>>>(td, nt, dx, dout); else kern<NATOM><<<(nt + 63) / 64, 64>>>(td, nt, dx, dout);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(od.data(), dout, nt * 14 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dout);
  double mx = 0, scale = 0; int nbit = 0;
  for (size_t k = 0; k < oh.size(); k++) {
    if (oh[k] != od[k]) nbit++;
    mx = std::max(mx, std::fabs(oh[k] - od[k]));
    scale = std::max(scale, std::fabs(oh[k]));
  }
  const bool ok = e == cudaSuccess && mx <= 1e-12 * scale && scale > 0;
  if (!ok) nfail++;
  printf("%-34s %s  max|host-device| %.3g of %.3g, %d/%zu values not bitwise equal%s\n", name, ok ? "ok  " : "FAIL", mx, scale, nbit, oh.size(), e == cudaSuccess ? "" : cudaGetErrorString(e));
}

int main()
{
  const int nt = 4096;
  std::vector<double> x(nt * 8 * 3);
  unsigned s = 12345;
  auto rnd = [&]() { s = s * 1103515245u + 12345u; return ((s >> 8) & 0xffff) / 65536.0; };
  for (int n = 0; n < nt; n++) {
    const double base[4][3] = {{0, 0, 0}, {1.5, 0.1, 0}, {2.0, 1.4, 0.2}, {3.3, 1.6, 1.0}};
    for (int a = 0; a < 4; a++)
      for (int d = 0; d < 3; d++) {
        const double v = base[a][d] + 0.3 * (rnd() - 0.5);
        x[(n * 8 + a) * 3 + d] = v;
        x[(n * 8 + 4 + a) * 3 + d] = v + 0.02 * (rnd() - 0.5);
      }
  }
  double *dx; cudaMalloc(&dx, x.size() * sizeof(double));
  cudaMemcpy(dx, x.data(), x.size() * sizeof(double), cudaMemcpyHostToDevice);
  // a coefficient table of 3 types x 8 values (type 0 unused)
  std::vector<double> c = {0,0,0,0,0,0,0,0, 3.0,1.1,0.6,2.0,0.1,0.05,0,0, 2.0,1.9,0.3,3.0,0.2,-0.1,0,0};
  double *dc; cudaMalloc(&dc, c.size() * sizeof(double));
  cudaMemcpy(dc, c.data(), c.size() * sizeof(double), cudaMemcpyHostToDevice);
  const DGCoeffTable th{c.data(), 8}, td{dc, 8};
  // multiplicities, signs, counts: integers in the table where a model reads them
  std::vector<double> ci = {0,0,0,0,0,0,0,0, 4.0,3.0,0.5,-0.86,0,0,0,0, 2.5,-1.0,2.0,0,0,0,0,0};
  double *dci; cudaMalloc(&dci, ci.size() * sizeof(double));
  cudaMemcpy(dci, ci.data(), ci.size() * sizeof(double), cudaMemcpyHostToDevice);
  const DGCoeffTable tih{ci.data(), 8}, tid{dci, 8};
  for (int v : {geomint::dg::MIDPOINT, geomint::dg::SYM, geomint::dg::LEFT}) {
    char nm[64];
    printf("-- variant %d\n", v);
    check<3>("angle harmonic/dg", DGPathTerm<AngleHarmonicDGModel>(th, v), DGPathTerm<AngleHarmonicDGModel>(td, v), nt, x, dx);
    check<3>("angle cosine/dg", DGPathTerm<AngleCosineDGModel>(th, v), DGPathTerm<AngleCosineDGModel>(td, v), nt, x, dx);
    check<3>("angle cosine/squared/dg", DGPathTerm<AngleCosineSquaredDGModel>(th, v), DGPathTerm<AngleCosineSquaredDGModel>(td, v), nt, x, dx);
    check<4>("dihedral opls/dg", DGPathTerm<DihedralOPLSDGModel>(th, v), DGPathTerm<DihedralOPLSDGModel>(td, v), nt, x, dx);
    check<4>("dihedral multi/harmonic/dg", DGPathTerm<DihedralMultiHarmonicDGModel>(th, v), DGPathTerm<DihedralMultiHarmonicDGModel>(td, v), nt, x, dx);
    // nharmonic: row = n, a_1..a_n (type 1: n = 3 from c(1,0)=3.0)
    check<4>("dihedral nharmonic/dg", DGPathTerm<DihedralNHarmonicDGModel>(th, v), DGPathTerm<DihedralNHarmonicDGModel>(td, v), nt, x, dx);
    check<4>("improper harmonic/dg", DGPathTerm<ImproperHarmonicDGModel>(th, v), DGPathTerm<ImproperHarmonicDGModel>(td, v), nt, x, dx);
    // charmm: K, n, cos d, sin d; cvff: K, d, n
    check<4>("dihedral charmm/dg", DGPathTerm<DihedralCharmmDGModel>(tih, v), DGPathTerm<DihedralCharmmDGModel>(tid, v), nt, x, dx);
    check<4>("improper cvff/dg", DGPathTerm<ImproperCvffDGModel>(tih, v), DGPathTerm<ImproperCvffDGModel>(tid, v), nt, x, dx);
    (void) nm;
  }
  printf("-- bonds, pairs\n");
  check<2>("bond harmonic/dg", DGRadialTerm<BondHarmonicDGRadial>{{th}}, DGRadialTerm<BondHarmonicDGRadial>{{td}}, nt, x, dx);
  check<2>("bond morse/dg", DGRadialTerm<BondMorseDGRadial>{{th}}, DGRadialTerm<BondMorseDGRadial>{{td}}, nt, x, dx);
  std::vector<double> cf = {0,0,0,0,0,0,0,0, 30.0,3.0,0.1,0.9,0,0,0,0, 30.0,3.5,0.1,1.2,0,0,0,0};
  double *dcf; cudaMalloc(&dcf, cf.size() * sizeof(double));
  cudaMemcpy(dcf, cf.data(), cf.size() * sizeof(double), cudaMemcpyHostToDevice);
  check<2>("bond fene/dg", DGRadialTerm<BondFENEDGRadial<NoReport>>{{{cf.data(), 8}, {}}}, DGRadialTerm<BondFENEDGRadial<NoReport>>{{{dcf, 8}, {}}}, nt, x, dx);
  std::vector<double> pc(4 * 9);
  for (int k = 0; k < 36; k++) pc[k] = 0.5 + 0.1 * (k % 7);
  for (int k = 0; k < 9; k++) { pc[4 * k + 2] = 1.0 + 0.2 * (k % 3); }
  double *dpc; cudaMalloc(&dpc, pc.size() * sizeof(double));
  cudaMemcpy(dpc, pc.data(), pc.size() * sizeof(double), cudaMemcpyHostToDevice);
  std::vector<double> q = {-0.8, 0.4, 0.41};
  double *dq; cudaMalloc(&dq, 3 * sizeof(double));
  cudaMemcpy(dq, q.data(), 3 * sizeof(double), cudaMemcpyHostToDevice);
  check<0, true>("pair morse/dg", DGPairTermIJ<MorseDGTerm<PairC>>{{{pc.data()}}}, DGPairTermIJ<MorseDGTerm<PairC>>{{{dpc}}}, nt, x, dx);
  const DGDSFParams sp{0.2, 0.01, -0.002, 36.0, 1e-9, 332.06371};
  check<0, true>("pair coul/dsf/dg", DGPairTermIJ<CoulDSFDGTerm<PtrQ>>{{{sp, {q.data()}}}}, DGPairTermIJ<CoulDSFDGTerm<PtrQ>>{{{sp, {dq}}}}, nt, x, dx);
  check<0, true>("pair lj/cut/coul/dsf/dg", DGPairTermIJ<LJCutCoulDSFDGTerm<PairC, PtrQ>>{{{pc.data()}, {sp, {q.data()}}}}, DGPairTermIJ<LJCutCoulDSFDGTerm<PairC, PtrQ>>{{{dpc}, {sp, {dq}}}}, nt, x, dx);
  printf("%s\n", nfail ? "SOME FAILED" : "ALL OK");
  return nfail ? 1 : 0;
}
