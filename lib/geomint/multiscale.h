// GEOMINT force-scaling multiscale kernels (Guy 2018, ch. 2, 4, 5): the
// half-kicks of fix multiscale/adaptive with their work bookkeeping, the
// adaptive switch law with hold and hysteresis, the Brownian force of one
// atom, and what the fix's CPU and Kokkos passes do to one atom (the forces
// it assembles, kicks, drags).
//
// A half-kick adds, over tau = h/2, the forces
//   F_k  (the scaled "others": a2 b2 f, pair/bond/other fixes)
//   F_p  (the adaptive potential force a2* f_p)
//   F_d  (the scaled drag a2 f_d, f_d = -beta (v - u))
//   F_b  (the scaled Brownian force)
// and credits each with its work, so that the kinetic-energy change of the
// kick is exactly W_k + W_p + W_d + W_b (the energy balance KE - W = const
// in discrete form):
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
// Components c0 .. c1-1 only (default all three; a 2D run kicks some
// components without the drag, see msa_kick_atom_exact)
template <bool POT = true, bool NOISE = true>
GEOMINT_INLINE void msa_kick_explicit(double v[3], const double fk[3], const double fp[3],
                                      const double fd[3], const double fb[3], double dtfm,
                                      double tau, MSAWork &w, int c0 = 0, int c1 = 3)
{
  for (int c = c0; c < c1; c++) {
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
// v^2 into kinetic energy.  Components c0 .. c1-1 only (default all three;
// in a 2D run the drag acts in the plane, see msa_kick_atom_exact)
GEOMINT_INLINE void msa_kick_exact(double v[3], const double fk[3], const double fp[3],
                                   const double fb[3], const double u[3], double rate,
                                   double inv_drag, double tau, double mke, MSAWork &w,
                                   int c0 = 0, int c1 = 3)
{
  const double e = std::exp(-rate * tau);
  // (1 - e^{-x})/rate without cancellation for a small x = rate tau
  const double x = rate * tau;
  const double g = x < 1e-5 ? tau * (1.0 - x * (0.5 - x * (1.0 / 6.0 - x / 24.0))) : -std::expm1(-x) / rate;
  double dke = 0.0;
  for (int c = c0; c < c1; c++) {
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

// the adaptive switch: on (a2* = a2) when the unscaled signal
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
// dist sphere in a 2D run (MSA_SPHERE_2D): a uniformly random direction in
// the xy plane with |F|^2 = 2 sigma^2, z = 0: each in-plane component has
// the variance sigma^2 of the other distributions, so the noise keeps its
// fluctuation-dissipation size (a 3D direction cut to the plane would have
// the same variance but a varying |F|)
enum MSANoiseDist { MSA_GAUSS = 0, MSA_SPHERE = 1, MSA_UNIFORM = 2, MSA_SPHERE_2D = 3 };

// the force from three standard normals xi (normal3's, stream STREAM_MSA)
GEOMINT_INLINE void msa_brownian_scale(const double xi[3], double sigma, int dist, double f[3])
{
  if (dist == MSA_SPHERE_2D) {
    const double r2 = xi[0] * xi[0] + xi[1] * xi[1];
    const double s = r2 > 0.0 ? sigma * 1.4142135623730950488 / std::sqrt(r2) : 0.0;
    f[0] = s * xi[0];
    f[1] = s * xi[1];
    f[2] = 0.0;
  } else if (dist == MSA_SPHERE) {
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

// ---------------------------------------------------------------------
// one atom of fix multiscale/adaptive's passes: the CPU style and its /kk
// variant call these per atom, so an atom's arithmetic is the same in both

// the scalars of a step's kicks and forces
struct MSAStep {
  double ak, ap, ad, ab;    // factors: a2 b2 (others), a2* (G1-G2), a2 (drag), noise
  double tau;               // h/2 (time)
  double dtf;               // h/2 ftm2v
  double ftm2v, mvv2e;      // LAMMPS's unit conversions
  double flow[3];           // u
  int adaptive;             // a G1-G2 force f_p
  int sub;                  // f holds f_p (G1-G2 not excluded): others = f - f_p
  int continuum, noise;     // mode continuum; a Brownian force (continuum, brownian)
  int exact;                // damp_integrator exact
  // a 2D run (dimension 2): the fix's own forces (drag, Brownian force,
  // flow) act in the xy plane and its rotational drag on the z spin only;
  // the other forces are kicked in all components, as fix nve and fix
  // nve/sphere do (fix enforce2d keeps those out of the plane zero)
  int planar = 0;
};

// Stokes drag of a sphere of radius r in viscosity eta: 6 pi eta r
// (translation) and 8 pi eta r^3 (rotation)
GEOMINT_INLINE double msa_stokes_beta(double eta, double r)
{
  return 6.0 * 3.14159265358979323846 * eta * r;
}
GEOMINT_INLINE double msa_stokes_rbeta(double eta, double r)
{
  return 8.0 * 3.14159265358979323846 * eta * r * r * r;
}

// the moment of inertia of a solid sphere (as fix nve/sphere)
GEOMINT_INLINE double msa_sphere_inertia(double m, double r)
{
  return 0.4 * m * r * r;
}

// the drag -beta (v - u) at the velocity v
GEOMINT_INLINE void msa_drag(double beta, const double v[3], const double u[3], double fd[3])
{
  for (int c = 0; c < 3; c++) fd[c] = -beta * (v[c] - u[c]);
}

// held noise: a new draw is due at step `now` when the atom has none
// (last < 0), at a multiple of `every` (regular) not drawn yet, or when
// the last draw is `every` or more steps old (e.g. after a restart)
GEOMINT_INLINE bool msa_noise_due(double last, double now, bool regular, int every)
{
  return last < 0.0 || (regular && last != now) || now - last >= every;
}

// sigma of the Brownian force of an atom of drag beta, s2 = 2 kB T / (N h)
GEOMINT_INLINE double msa_brownian_sigma(double s2, double beta)
{
  return std::sqrt(s2 * beta);
}

// one atom's explicit half-kick of v (dtfm = h/2 ftm2v / m): others s.ak (f
// - f_p) or s.ak f, potential s.ap f_p (ADAPT), the held drag s.ad f_d
// (continuum) and Brownian force s.ab f_b (NOISE); the works into w
template <bool ADAPT, bool NOISE>
GEOMINT_INLINE void msa_kick_atom(const MSAStep &s, double v[3], const double f[3],
                                  const double fpot[3], const double fdrag[3],
                                  const double fbrown[3], double dtfm, MSAWork &w)
{
  double fk[3], fp[3] = {0.0, 0.0, 0.0}, fd[3] = {0.0, 0.0, 0.0}, fb[3] = {0.0, 0.0, 0.0};
  for (int c = 0; c < 3; c++) fk[c] = s.ak * (ADAPT && s.sub ? f[c] - fpot[c] : f[c]);
  if (ADAPT)
    for (int c = 0; c < 3; c++) fp[c] = s.ap * fpot[c];
  if (s.continuum) {
    for (int c = 0; c < 3; c++) fd[c] = s.ad * fdrag[c];
    if (NOISE)
      for (int c = 0; c < 3; c++) fb[c] = s.ab * fbrown[c];
    if (s.planar) fd[2] = fb[2] = 0.0;
  }
  msa_kick_explicit<ADAPT, NOISE>(v, fk, fp, fd, fb, dtfm, s.tau, w);
}

// one atom's exact-drag half-kick of v (mass m, drag beta): the drag
// -s.ad beta (v - u) integrated with the other forces frozen.  In a plane
// (s.planar) the drag and the noise act on x and y; z gets the explicit
// kick of the other forces alone
GEOMINT_INLINE void msa_kick_atom_exact(const MSAStep &s, double v[3], const double f[3],
                                        const double fpot[3], const double fbrown[3], double m,
                                        double beta, MSAWork &w)
{
  double fk[3], fp[3], fb[3] = {0.0, 0.0, 0.0};
  for (int c = 0; c < 3; c++) {
    fk[c] = s.ak * (s.sub ? f[c] - fpot[c] : f[c]);
    fp[c] = s.adaptive ? s.ap * fpot[c] : 0.0;
  }
  if (s.noise)
    for (int c = 0; c < 3; c++) fb[c] = s.ab * fbrown[c];
  const double b = s.ad * beta;
  if (s.planar) {
    const double zero[3] = {0.0, 0.0, 0.0};
    msa_kick_exact(v, fk, fp, fb, s.flow, b * s.ftm2v / m, 1.0 / b, s.tau, 0.5 * m * s.mvv2e, w, 0, 2);
    msa_kick_explicit<true, false>(v, fk, fp, zero, zero, s.dtf / m, s.tau, w, 2, 3);
    return;
  }
  msa_kick_exact(v, fk, fp, fb, s.flow, b * s.ftm2v / m, 1.0 / b, s.tau, 0.5 * m * s.mvv2e, w);
}

// one sphere's half-kick of omega (moment of inertia `inertia`, skipped
// when 0): torque s.ak t, the held rotational drag s.ad t_d (explicit) or
// the exact drag of rbeta (where rbeta > 0).  In a plane (s.planar) the
// drag acts on the z spin only (as fix langevin's angmom/omega damping
// does under fix enforce2d); x and y get the explicit kick of the torque
GEOMINT_INLINE void msa_kick_rotation(const MSAStep &s, double omega[3], const double torque[3],
                                      const double tdrag[3], double inertia, double rbeta,
                                      MSAWork &w)
{
  if (!(inertia > 0.0)) return;
  const double zero[3] = {0.0, 0.0, 0.0};
  double tk[3], td[3];
  for (int c = 0; c < 3; c++) tk[c] = s.ak * torque[c];
  if (s.exact && rbeta > 0.0) {
    const double rb = s.ad * rbeta;
    if (s.planar) {
      msa_kick_exact(omega, tk, zero, zero, zero, rb * s.ftm2v / inertia, 1.0 / rb, s.tau,
                     0.5 * inertia * s.mvv2e, w, 2, 3);
      msa_kick_explicit(omega, tk, zero, zero, zero, s.dtf / inertia, s.tau, w, 0, 2);
      return;
    }
    msa_kick_exact(omega, tk, zero, zero, zero, rb * s.ftm2v / inertia, 1.0 / rb, s.tau,
                   0.5 * inertia * s.mvv2e, w);
  } else {
    for (int c = 0; c < 3; c++) td[c] = s.exact ? 0.0 : s.ad * tdrag[c];
    if (s.planar) td[0] = td[1] = 0.0;
    msa_kick_explicit(omega, tk, zero, td, zero, s.dtf / inertia, s.tau, w);
  }
}

// integrate no: the body integrator kicks.  Each force is applied in two
// half-kicks (its final_integrate of the step and its initial_integrate of
// the next), whose kinetic-energy change is sum_i (h/2) f_i . (v_i before +
// v_i after)/2 for a rigid body.  An atom's record keeps the applied parts
// and the velocities around the kicks (columns from the record's start):
// the force parts k, p, d, b (3 each), the torque parts k, d, the
// velocities before (VH) and after (VE) the first half-kick, the same for
// omega (OH, OE), and the step of application
enum MSAApplyRecord {
  MSA_TKW = 12, MSA_TDW = 15, MSA_VH = 18, MSA_VE = 21, MSA_OH = 24, MSA_OE = 27,
  MSA_WSTEP = 30, MSA_WN = 31
};

// integrate no: credit component c of the kept parts (rec) with one
// half-kick, (h/4) f . (v before + v now), v before in column vb (omega
// before in ob)
GEOMINT_INLINE void msa_credit_half_kick(const double *rec, int c, int vb, int ob, const double v[3],
                                         const double omega[3], int spin, double q, MSAWork &w)
{
  const double vs = q * (rec[vb + c] + v[c]);
  w.k += rec[c] * vs;
  w.p += rec[3 + c] * vs;
  w.d += rec[6 + c] * vs;
  w.b += rec[9 + c] * vs;
  if (spin) {
    const double os = q * (rec[ob + c] + omega[c]);
    w.k += rec[MSA_TKW + c] * os;
    w.d += rec[MSA_TDW + c] * os;
  }
}

// integrate no, one atom at step `now` (q = h/4): the second half-kick of
// the last step's parts is credited with the velocities now (not at a
// setup, which credits nothing); then this step's parts are kept with the
// velocities, and their sum replaces f (and, has_torque, the torque: the
// scaled torque and, rdrag, the rotational drag); spin: omega is kept and
// credited too.  In a plane (s.planar) the drag and noise parts have no z
// component and the rotational drag no x, y ones
GEOMINT_INLINE void msa_apply_atom(const MSAStep &s, bool setup, double now, double q,
                                   const double v[3], const double omega[3], int spin,
                                   double f[3], const double fpot[3], const double fdrag[3],
                                   const double fbrown[3], int has_torque, double t[3],
                                   const double tdrag[3], int rdrag, double *rec, MSAWork &w)
{
  if (!setup && rec[MSA_WSTEP] == now - 1.0)
    for (int c = 0; c < 3; c++) msa_credit_half_kick(rec, c, MSA_VE, MSA_OE, v, omega, spin, q, w);
  for (int c = 0; c < 3; c++) {
    rec[c] = s.ak * (s.sub ? f[c] - fpot[c] : f[c]);
    rec[3 + c] = s.adaptive ? s.ap * fpot[c] : 0.0;
    const bool in_plane = !(s.planar && c == 2);
    rec[6 + c] = in_plane ? s.ad * fdrag[c] : 0.0;
    rec[9 + c] = s.noise && in_plane ? s.ab * fbrown[c] : 0.0;
    f[c] = rec[c] + rec[3 + c] + rec[6 + c] + rec[9 + c];
    rec[MSA_VH + c] = v[c];
    if (setup) rec[MSA_VE + c] = v[c];
  }
  if (has_torque)
    for (int c = 0; c < 3; c++) {
      rec[MSA_TKW + c] = s.ak * t[c];
      rec[MSA_TDW + c] = rdrag && !(s.planar && c < 2) ? s.ad * tdrag[c] : 0.0;
      t[c] = rec[MSA_TKW + c] + rec[MSA_TDW + c];
      if (spin) {
        rec[MSA_OH + c] = omega[c];
        if (setup) rec[MSA_OE + c] = omega[c];
      }
    }
  rec[MSA_WSTEP] = now;
}

// integrate no, one atom at the end of step `now` (q = h/4): the first
// half-kick of this step's parts, now that the body integrator has done
// it; the velocities after it start the next half-kick
GEOMINT_INLINE void msa_first_half_kick(double now, double q, const double v[3],
                                        const double omega[3], int spin, double *rec, MSAWork &w)
{
  if (rec[MSA_WSTEP] != now) return;
  for (int c = 0; c < 3; c++) {
    msa_credit_half_kick(rec, c, MSA_VH, MSA_OH, v, omega, spin, q, w);
    rec[MSA_VE + c] = v[c];
    if (spin) rec[MSA_OE + c] = omega[c];
  }
}

}    // namespace geomint

#endif
