// GEOMINT exact Ornstein-Uhlenbeck step of all rigid-body momenta with a dense
// hydrodynamic coupling (fix rigid/quat/hi, hi rpy, in the 6n form of
// doc/fix_rigid_quat_hi.rst): Z = (p_1..p_n, L_1..L_n) (momenta, space-frame angular
// momenta) evolves by dZ = -xi K Z dt + sqrt(2 kT xi) dW, solved exactly over h:
//   Z <- E Z + B chi,  E = exp(-xi K h),  B B^T = kT K^-1 (1 - exp(-2 K xi h)),
// K = diag(1/m_i 1_3 ..., A_i^T diag(1/I_i) A_i ...).  Robust evaluation: with
// the mobility mu = xi^-1, one symmetric eigendecomposition of
// M = K^-1/2 mu K^-1/2 = U diag(1/lambda) U^T (LAPACK dsyevd) gives
//   E = K^-1/2 U exp(-Lambda h) U^T K^1/2,
//   B = sqrt(kT) K^-1/2 U diag(sqrt(-expm1(-2 lambda h))) U^T (symmetric root: basis-free),
// so mu never has to be inverted and no Cholesky can break down for small h.
// The Maxwellian kT K^-1 is invariant for any symmetric positive definite mu.
// The rotational blocks are kept in body coordinates (K^-1/2 = A^T diag(sqrt I) A
// and A^T is orthogonal, so U only changes by a block rotation): a factor reused
// over later steps (every N) then turns with the bodies.
//
// Host code (LAPACK); link a LAPACK (Debian: libopenblas-dev).  Built with
// GEOMINT_CUSOLVER the eigendecomposition runs on the GPU (cuSOLVER syevd,
// src/geomint_cusolver.cpp) when one is usable, else with LAPACK.
#ifndef GEOMINT_OU_HI_H
#define GEOMINT_OU_HI_H

#include <cmath>
#include <vector>

extern "C" void dsyevd_(const char *jobz, const char *uplo, const int *n, double *a, const int *lda,
                        double *w, double *work, const int *lwork, int *iwork, const int *liwork,
                        int *info);

namespace geomint {

#ifdef GEOMINT_CUSOLVER
// the eigenvalues w (ascending) and eigenvectors (over a) of the symmetric
// column-major n x n matrix a with cuSOLVER's syevd on the GPU; returns 0,
// cuSOLVER's info (> 0: no convergence), or -1 without a usable GPU (a
// unchanged: the caller uses LAPACK)
int cusolver_syevd(int n, double *a, double *w);
#endif

struct OUHIFactor {
  int n = 0;                    // bodies
  // per block (2n: translations, then rotations), 3x3 row-major:
  // fm = K^-1/2 in the block's own frame (sqrt(m) 1, or diag(sqrt(I)) A for a
  // rotation), fp = K^1/2 likewise (1/sqrt(m) 1, diag(1/sqrt(I)) A); then
  // y = fp Z, Z = fm^T y and M = fm mu fm^T (rotations in body coordinates)
  std::vector<double> fm, fp;
  std::vector<double> u;        // eigenvectors (columns of U), column-major 6n x 6n
  std::vector<double> decay;    // exp(-lambda_k h)
  std::vector<double> amp;      // sqrt(-expm1(-2 lambda_k h))
  double mobility_min = 0.0;    // smallest eigenvalue of K^-1/2 mu K^-1/2 (> 0 for SPD mu)
  std::vector<double> w, work;
  std::vector<int> iwork;
  mutable std::vector<double> y, c;    // scratch of ou_hi_apply
};

// The frames of the blocks from mass[n], inertia[3n] (principal moments) and
// rot[9n] (A_i, space -> body, row-major).  ou_hi_factor sets them; between
// two factorisations (every N > 1) calling this with the bodies' current
// orientations makes the lagged friction turn with the bodies: the
// rotational part of the factor lives in body coordinates, so the Maxwellian
// kT K^-1 of the current orientations stays exactly invariant.
inline void ou_hi_set_frames(int n, const double *mass, const double *inertia, const double *rot,
                             OUHIFactor &f)
{
  f.n = n;
  f.fm.assign(9 * 2 * n, 0.0);
  f.fp.assign(9 * 2 * n, 0.0);
  for (int i = 0; i < n; i++) {
    const double sm = std::sqrt(mass[i]);
    for (int a = 0; a < 3; a++) {
      f.fm[9 * i + 4 * a] = sm;
      f.fp[9 * i + 4 * a] = 1.0 / sm;
    }
    const double *A = rot + 9 * i;
    double *m = &f.fm[9 * (n + i)], *p = &f.fp[9 * (n + i)];
    for (int a = 0; a < 3; a++) {
      const double s = std::sqrt(inertia[3 * i + a]);
      for (int b = 0; b < 3; b++) {
        m[3 * a + b] = s * A[3 * a + b];
        p[3 * a + b] = A[3 * a + b] / s;
      }
    }
  }
}

// Factorise for n bodies (arguments as ou_hi_set_frames), mu[(6n)^2]
// (row-major mobility, translations first), step h.  Returns the LAPACK info
// (0 = success); the caller must check f.mobility_min > 0 (a mobility that is
// not positive definite, e.g. minimum-image RPY in a periodic box, cannot be
// used).
inline int ou_hi_factor(int n, const double *mass, const double *inertia, const double *rot,
                        const double *mu, double h, OUHIFactor &f)
{
  const int N = 6 * n;
  ou_hi_set_frames(n, mass, inertia, rot, f);
  // M = fm mu fm^T, block by block (column-major for LAPACK; M is symmetric)
  f.u.assign(static_cast<size_t>(N) * N, 0.0);
  for (int bi = 0; bi < 2 * n; bi++)
    for (int bj = 0; bj < 2 * n; bj++) {
      const double *Fa = &f.fm[9 * bi], *Fb = &f.fm[9 * bj];
      double t[9];    // mu_block Fb^T
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
          double s = 0.0;
          for (int k = 0; k < 3; k++) s += mu[static_cast<size_t>(3 * bi + a) * N + 3 * bj + k] * Fb[3 * b + k];
          t[3 * a + b] = s;
        }
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
          double s = 0.0;
          for (int k = 0; k < 3; k++) s += Fa[3 * a + k] * t[3 * k + b];
          f.u[static_cast<size_t>(3 * bj + b) * N + 3 * bi + a] = s;
        }
    }
  f.w.resize(N);
  int info = -1;
#ifdef GEOMINT_CUSOLVER
  info = cusolver_syevd(N, f.u.data(), f.w.data());
#endif
  if (info < 0) {
    int lwork = -1, liwork = -1, iq = 0;
    double wq = 0.0;
    dsyevd_("V", "U", &N, f.u.data(), &N, f.w.data(), &wq, &lwork, &iq, &liwork, &info);
    if (info) return info;
    lwork = static_cast<int>(wq);
    liwork = iq;
    if (static_cast<int>(f.work.size()) < lwork) f.work.resize(lwork);
    if (static_cast<int>(f.iwork.size()) < liwork) f.iwork.resize(liwork);
    dsyevd_("V", "U", &N, f.u.data(), &N, f.w.data(), f.work.data(), &lwork, f.iwork.data(),
            &liwork, &info);
  }
  if (info) return info;
  f.mobility_min = f.w[0];
  f.decay.resize(N);
  f.amp.resize(N);
  for (int k = 0; k < N; k++) {
    const double lambda = f.w[k] > 0.0 ? 1.0 / f.w[k] : 0.0;    // friction eigenvalue
    f.decay[k] = std::exp(-lambda * h);
    f.amp[k] = std::sqrt(-std::expm1(-2.0 * lambda * h));
  }
  return 0;
}

// Z <- E Z + B chi (Z and chi of length 6n); kT in energy units of Z^2/mass
inline void ou_hi_apply(const OUHIFactor &f, double kT, const double *chi, double *Z)
{
  const int n = f.n, N = 6 * n;
  std::vector<double> &y = f.y, &c = f.c;
  y.resize(N);
  c.resize(N);
  // y = fp Z  (K^1/2 Z in the blocks' frames)
  for (int b = 0; b < 2 * n; b++)
    for (int a = 0; a < 3; a++) {
      double s = 0.0;
      for (int k = 0; k < 3; k++) s += f.fp[9 * b + 3 * a + k] * Z[3 * b + k];
      y[3 * b + a] = s;
    }
  // c = exp(-Lambda h) U^T y + sqrt(kT) amp U^T chi: the noise goes through
  // the symmetric square root U amp U^T, which does not depend on the signs
  // of the eigenvectors or on the basis of a degenerate eigenspace (LAPACK may
  // return either on another thread count), so the trajectory does not either
  const double skt = std::sqrt(kT);
  for (int k = 0; k < N; k++) {
    const double *col = &f.u[static_cast<size_t>(k) * N];
    double s = 0.0, t = 0.0;
    for (int r = 0; r < N; r++) s += col[r] * y[r], t += col[r] * chi[r];
    c[k] = f.decay[k] * s + skt * f.amp[k] * t;
  }
  // y = U c; Z = fm^T y
  for (int r = 0; r < N; r++) y[r] = 0.0;
  for (int k = 0; k < N; k++) {
    const double *col = &f.u[static_cast<size_t>(k) * N];
    const double ck = c[k];
    for (int r = 0; r < N; r++) y[r] += col[r] * ck;
  }
  for (int b = 0; b < 2 * n; b++)
    for (int a = 0; a < 3; a++) {
      double s = 0.0;
      for (int k = 0; k < 3; k++) s += f.fm[9 * b + 3 * k + a] * y[3 * b + k];
      Z[3 * b + a] = s;
    }
}

}    // namespace geomint

#endif
