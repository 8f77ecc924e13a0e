// GEOMINT force-scaling multiscale kernels (seed 002 ch. 2, 4, 5; spec
// nh_mod_multiscale.md 2-3, 5): the half-kicks of fix multiscale/adaptive
// with their work bookkeeping, the adaptive switch law (eq. 5.7) with hold
// and hysteresis, and the Brownian force of one atom.
//
// A half-kick adds, over tau = h/2, the forces
//   F_k  (the scaled "others": a2 b2 f, pair/bond/other fixes)
//   F_p  (the adaptive potential force a2* f_p)
//   F_d  (the scaled drag a2 f_d, f_d = -beta (v - u))
//   F_b  (the scaled Brownian force)
// and credits each with its work, so that the kinetic-energy change of the
// kick is exactly W_k + W_p + W_d + W_b (seed eq. 5.18 in discrete form):
//   explicit:  v' = v + tau/m F (F = sum), W_X = tau F_X . (v + v')/2
//   exact:     the drag -a2 beta (v - u) integrated exactly with the other
//              forces frozen: v' = v_inf + (v - v_inf) e^{-k tau},
//              k = a2 beta/m, v_inf = u + (F_k + F_p + F_b)/(a2 beta);
//              W_X = F_X . int v dt for the frozen forces, W_d the rest.
// Units: the caller passes the factors with LAMMPS's conversions folded in
// (dtfm = tau ftm2v/m for the velocity change; tau for the work).
#ifndef GEOMINT_MULTISCALE_H
#define GEOMINT_MULTISCALE_H

#include "geomint_inline.h"
#include "random.h"

#include <cmath>
#include <cstdint>

namespace geomint {

// works of one atom's kicks: others (k), potential (p), drag (d), Brownian (b)
struct MSAWork {
  double k, p, d, b;
};

// one explicit half-kick of v (3 components); dtfm = tau ftm2v / m, tau in
// time units; adds the works (energy) to w.  POT / NOISE false: fp / fb
// are zero and their works are not accumulated (a caller's fast path)
template <bool POT = true, bool NOISE = true>
GEOMINT_INLINE void msa_kick_explicit(double v[3], const double fk[3], const double fp[3],
                                      const double fd[3], const double fb[3], double dtfm,
                                      double tau, MSAWork &w)
{
  for (int c = 0; c < 3; c++) {
    double f = fk[c] + fd[c];
    if (POT) f += fp[c];
    if (NOISE) f += fb[c];
    const double dv = dtfm * f;
    const double vmid = v[c] + 0.5 * dv;
    w.k += tau * fk[c] * vmid;
    if (POT) w.p += tau * fp[c] * vmid;
    w.d += tau * fd[c] * vmid;
    if (NOISE) w.b += tau * fb[c] * vmid;
    v[c] += dv;
  }
}

// one exact-drag half-kick: rate = a2 beta ftm2v / m (1/time), inv_drag =
// 1/(a2 beta) (velocity per force), u the flow; mke = m mvv2e / 2 turns
// v^2 into kinetic energy
GEOMINT_INLINE void msa_kick_exact(double v[3], const double fk[3], const double fp[3],
                                   const double fb[3], const double u[3], double rate,
                                   double inv_drag, double tau, double mke, MSAWork &w)
{
  const double e = std::exp(-rate * tau);
  // (1 - e^{-x})/rate without cancellation for a small x = rate tau
  const double x = rate * tau;
  const double g = x < 1e-5 ? tau * (1.0 - x * (0.5 - x * (1.0 / 6.0 - x / 24.0))) : -std::expm1(-x) / rate;
  double dke = 0.0;
  for (int c = 0; c < 3; c++) {
    const double vinf = u[c] + (fk[c] + fp[c] + fb[c]) * inv_drag;
    const double vnew = vinf + (v[c] - vinf) * e;
    const double s = vinf * tau + (v[c] - vinf) * g;    // int v dt over the half-kick
    w.k += fk[c] * s;
    w.p += fp[c] * s;
    w.b += fb[c] * s;
    dke += mke * (vnew * vnew - v[c] * v[c]);
    w.d -= (fk[c] + fp[c] + fb[c]) * s;
    v[c] = vnew;
  }
  w.d += dke;
}

// the adaptive switch (eq. 5.7): on (a2* = a2) when the unscaled signal
// exceeds alpha, off (a2* = 1) otherwise.  hysteresis H: once on, it stays
// on until the signal falls below alpha (1 - H); hold N: no switch within N
// steps of the last one (last < 0: never switched)
GEOMINT_INLINE bool msa_switch(bool on, double signal, double alpha, double hysteresis,
                               int64_t step, int64_t last, int64_t hold)
{
  if (last >= 0 && step - last < hold) return on;
  if (on) return !(signal < alpha * (1.0 - hysteresis));
  return signal > alpha;
}

// the Brownian force of one atom drawn at `step`: sigma = sqrt(2 beta kB T /
// (N h)) per component (the impulse over the N steps it is held has the
// fluctuation-dissipation variance 2 beta kB T N h); dist gauss: three
// normals; sphere: the same mean square |F|^2 = 3 sigma^2 in a uniformly
// random direction
// dist uniform: three uniform deviates of the same variance, sqrt(3) sigma
// (2u - 1), u in (0,1) (fix langevin's choice: first-order weak
// accuracy, cheaper than Box-Muller)
enum MSANoiseDist { MSA_GAUSS = 0, MSA_SPHERE = 1, MSA_UNIFORM = 2 };

// the force from three standard normals xi (normal3's, stream STREAM_MSA)
GEOMINT_INLINE void msa_brownian_scale(const double xi[3], double sigma, int dist, double f[3])
{
  if (dist == MSA_SPHERE) {
    const double r2 = xi[0] * xi[0] + xi[1] * xi[1] + xi[2] * xi[2];
    // r2 = 0 has probability 0 but a counter-based stream could hit it once
    const double s = r2 > 0.0 ? sigma * 1.7320508075688772935 / std::sqrt(r2) : 0.0;
    for (int c = 0; c < 3; c++) f[c] = s * xi[c];
  } else {
    for (int c = 0; c < 3; c++) f[c] = sigma * xi[c];
  }
}

// dist uniform from the first three words of (seed, tag, step, STREAM_MSA)
GEOMINT_INLINE void msa_brownian_uniform(uint32_t seed, int64_t tag, int64_t step, double sigma,
                                         double f[3])
{
  const r123::Philox4x32::ctr_type r = philox_words(seed, tag, step, STREAM_MSA);
  const double a = 1.7320508075688772935 * sigma;
  for (int c = 0; c < 3; c++) f[c] = a * (2.0 * open_unit(r.v[c]) - 1.0);
}

GEOMINT_INLINE void msa_brownian(uint32_t seed, int64_t tag, int64_t step, double sigma, int dist,
                                 double f[3])
{
  if (dist == MSA_UNIFORM) {
    msa_brownian_uniform(seed, tag, step, sigma, f);
    return;
  }
  double xi[3];
  normal3(seed, tag, step, STREAM_MSA, xi);
  msa_brownian_scale(xi, sigma, dist, f);
}

}    // namespace geomint

#endif
