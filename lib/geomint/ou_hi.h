// GEOMINT exact Ornstein-Uhlenbeck step of all rigid-body momenta with a dense
// hydrodynamic coupling (fix rigid/quat/hi, hi rpy; spec/rigid_quat_hi.md 2.3,
// the 6n form): Z = (p_1..p_n, L_1..L_n) (momenta, space-frame angular
// momenta) evolves by dZ = -xi K Z dt + sqrt(2 kT xi) dW, solved exactly over h:
//   Z <- E Z + B chi,  E = exp(-xi K h),  B B^T = kT K^-1 (1 - exp(-2 K xi h)),
// K = diag(1/m_i 1_3 ..., A_i^T diag(1/I_i) A_i ...).  Robust evaluation: with
// the mobility mu = xi^-1, one symmetric eigendecomposition of
// M = K^-1/2 mu K^-1/2 = U diag(1/lambda) U^T (LAPACK dsyevd) gives
//   E = K^-1/2 U exp(-Lambda h) U^T K^1/2,  B = sqrt(kT) K^-1/2 U diag(sqrt(-expm1(-2 lambda h))),
// so mu never has to be inverted and no Cholesky can break down for small h.
// The Maxwellian kT K^-1 is invariant for any symmetric positive definite mu.
//
// Host code (LAPACK); link a LAPACK (Debian: libopenblas-dev).
#ifndef GEOMINT_OU_HI_H
#define GEOMINT_OU_HI_H

#include <cmath>
#include <vector>

extern "C" void dsyevd_(const char *jobz, const char *uplo, const int *n, double *a, const int *lda,
                        double *w, double *work, const int *lwork, int *iwork, const int *liwork,
                        int *info);

namespace geomint {

struct OUHIFactor {
  int n = 0;                    // bodies
  std::vector<double> kmh;      // per block (2n: translations, then rotations) K^-1/2, 3x3 row-major
  std::vector<double> kph;      // the same for K^1/2
  std::vector<double> u;        // eigenvectors (columns of U), column-major 6n x 6n
  std::vector<double> decay;    // exp(-lambda_k h)
  std::vector<double> amp;      // sqrt(-expm1(-2 lambda_k h))
  double mobility_min = 0.0;    // smallest eigenvalue of K^-1/2 mu K^-1/2 (> 0 for SPD mu)
  std::vector<double> work;
  std::vector<int> iwork;
};

namespace ou_hi_detail {
  // R^T diag(d) R for a rotation R (3x3 row-major)
  inline void rotated_diag(const double R[9], const double d[3], double out[9])
  {
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 3; b++) {
        double s = 0.0;
        for (int k = 0; k < 3; k++) s += R[3 * k + a] * d[k] * R[3 * k + b];
        out[3 * a + b] = s;
      }
  }
}    // namespace ou_hi_detail

// Factorise for n bodies: mass[n], inertia[3n] (principal moments),
// rot[9n] (A_i, space -> body, row-major), mu[(6n)^2] (row-major mobility,
// translations first), step h.  Returns the LAPACK info (0 = success); the
// caller must check f.mobility_min > 0 (a mobility that is not positive
// definite, e.g. minimum-image RPY in a periodic box, cannot be used).
inline int ou_hi_factor(int n, const double *mass, const double *inertia, const double *rot,
                        const double *mu, double h, OUHIFactor &f)
{
  const int N = 6 * n;
  f.n = n;
  f.kmh.assign(9 * 2 * n, 0.0);
  f.kph.assign(9 * 2 * n, 0.0);
  for (int i = 0; i < n; i++) {
    for (int a = 0; a < 3; a++) {
      f.kmh[9 * i + 4 * a] = std::sqrt(mass[i]);
      f.kph[9 * i + 4 * a] = 1.0 / std::sqrt(mass[i]);
    }
    const double s[3] = {std::sqrt(inertia[3 * i]), std::sqrt(inertia[3 * i + 1]),
                         std::sqrt(inertia[3 * i + 2])};
    const double is[3] = {1.0 / s[0], 1.0 / s[1], 1.0 / s[2]};
    ou_hi_detail::rotated_diag(rot + 9 * i, s, &f.kmh[9 * (n + i)]);
    ou_hi_detail::rotated_diag(rot + 9 * i, is, &f.kph[9 * (n + i)]);
  }
  // M = K^-1/2 mu K^-1/2, block by block (column-major for LAPACK; M is symmetric)
  f.u.assign(static_cast<size_t>(N) * N, 0.0);
  for (int bi = 0; bi < 2 * n; bi++)
    for (int bj = 0; bj < 2 * n; bj++) {
      const double *Ka = &f.kmh[9 * bi], *Kb = &f.kmh[9 * bj];
      double t[9];    // mu_block Kb
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
          double s = 0.0;
          for (int k = 0; k < 3; k++) s += mu[(3 * bi + a) * N + 3 * bj + k] * Kb[3 * k + b];
          t[3 * a + b] = s;
        }
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
          double s = 0.0;
          for (int k = 0; k < 3; k++) s += Ka[3 * a + k] * t[3 * k + b];
          f.u[static_cast<size_t>(3 * bj + b) * N + 3 * bi + a] = s;
        }
    }
  std::vector<double> w(N);
  int lwork = -1, liwork = -1, info = 0, iq = 0;
  double wq = 0.0;
  dsyevd_("V", "U", &N, f.u.data(), &N, w.data(), &wq, &lwork, &iq, &liwork, &info);
  if (info) return info;
  lwork = static_cast<int>(wq);
  liwork = iq;
  if (static_cast<int>(f.work.size()) < lwork) f.work.resize(lwork);
  if (static_cast<int>(f.iwork.size()) < liwork) f.iwork.resize(liwork);
  dsyevd_("V", "U", &N, f.u.data(), &N, w.data(), f.work.data(), &lwork, f.iwork.data(), &liwork,
          &info);
  if (info) return info;
  f.mobility_min = w[0];
  f.decay.resize(N);
  f.amp.resize(N);
  for (int k = 0; k < N; k++) {
    const double lambda = w[k] > 0.0 ? 1.0 / w[k] : 0.0;    // friction eigenvalue
    f.decay[k] = std::exp(-lambda * h);
    f.amp[k] = std::sqrt(-std::expm1(-2.0 * lambda * h));
  }
  return 0;
}

// Z <- E Z + B chi (Z and chi of length 6n); kT in energy units of Z^2/mass
inline void ou_hi_apply(const OUHIFactor &f, double kT, const double *chi, double *Z)
{
  const int n = f.n, N = 6 * n;
  std::vector<double> y(N), c(N, 0.0);
  // y = K^1/2 Z
  for (int b = 0; b < 2 * n; b++)
    for (int a = 0; a < 3; a++) {
      double s = 0.0;
      for (int k = 0; k < 3; k++) s += f.kph[9 * b + 3 * a + k] * Z[3 * b + k];
      y[3 * b + a] = s;
    }
  // c = exp(-Lambda h) U^T y + sqrt(kT) amp chi
  const double skt = std::sqrt(kT);
  for (int k = 0; k < N; k++) {
    const double *col = &f.u[static_cast<size_t>(k) * N];
    double s = 0.0;
    for (int r = 0; r < N; r++) s += col[r] * y[r];
    c[k] = f.decay[k] * s + skt * f.amp[k] * chi[k];
  }
  // y = U c; Z = K^-1/2 y
  for (int r = 0; r < N; r++) y[r] = 0.0;
  for (int k = 0; k < N; k++) {
    const double *col = &f.u[static_cast<size_t>(k) * N];
    for (int r = 0; r < N; r++) y[r] += col[r] * c[k];
  }
  for (int b = 0; b < 2 * n; b++)
    for (int a = 0; a < 3; a++) {
      double s = 0.0;
      for (int k = 0; k < 3; k++) s += f.kmh[9 * b + 3 * a + k] * y[3 * b + k];
      Z[3 * b + a] = s;
    }
}

}    // namespace geomint

#endif
