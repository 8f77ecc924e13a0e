/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the per-atom passes of fix multiscale/adaptive, written once
   for the CPU fix and fix multiscale/adaptive/kk.

   A pass is a member of geomint_msa::Pass<Atoms>: the step's scalars
   (PassScalars, filled once per pass by FixMultiscaleAdaptive) and an
   accessor of the atom data, `Atoms`, which answers x(i,c), v(i,c),
   f(i,c), omega(i,c), torque(i,c), fpot(i,c) (references), mask(i),
   type(i), tag(i), rmass(i), mass(t), radius(i), the fix's per-atom state
   row row(i) (nstate contiguous doubles) and the per-type table
   ptype(t, PT_...).  The CPU fix reads LAMMPS's double** arrays through
   geomint_msa::HostAtoms and runs the passes in plain loops; the /kk fix
   reads Kokkos views through its own accessor and runs the same members in
   parallel_for / parallel_reduce.  So an atom's arithmetic exists once, in
   the kernels of lib/geomint/multiscale.h that these call.

   No LAMMPS and no Kokkos header here: GEOMINT_INLINE is
   KOKKOS_INLINE_FUNCTION in a Kokkos build, plain inline otherwise.  The
   members marked "host" use stack blocks of NORMAL_BLOCK atoms
   (normal3_block, the vectorised Box-Muller): the CPU fix and the /kk fix
   on host backends; a device runs the per-atom members.
------------------------------------------------------------------------- */

#ifndef GEOMINT_MULTISCALE_ADAPTIVE_PASSES_H
#define GEOMINT_MULTISCALE_ADAPTIVE_PASSES_H

#include "geomint/geomint_inline.h"
#include "geomint/multiscale.h"
#include "geomint/random.h"

#include <cstdint>

namespace geomint_msa {

// the per-atom state: drag force (3), held Brownian force (3), the step of
// that draw, the step of the drags, and with rdrag the rotational drag
// torque (3); integrate no's record (geomint::MSAApplyRecord) from wcol
enum { FD = 0, FB = 3, FBSTEP = 6, DSTEP = 7, TD = 8 };
enum { DRAG_NONE, DRAG_STOKES, DRAG_BETA };
// the per-type table: drag beta, rotational drag beta, radius, dtf/m, sigma of the draws
enum { PT_BETA, PT_RBETA, PT_RADIUS, PT_DTFM, PT_SIGMA, PT_N };

// the scalars of one pass (FixMultiscaleAdaptive::pass_scalars)
struct PassScalars {
  geomint::MSAStep k;    // the factors and conversions of the kicks
  int groupbit, use_rmass;
  int drag, rdrag, radius_peratom;    // drag styles; Stokes radii per atom
  int rotate;                         // integrate omega (rdrag, integrate yes)
  int torque_flag, spin_w;            // integrate no: a torque; omega kept and credited
  int wcol;                           // integrate no: the record's first column
  double eta, dtv, dtf;
  double now, q;    // the step (as stored in the state) and h/4
  // the drags and draws: at a setup, explicit drags (drags) and spins
  // (spin), noise (brownian) drawn at every step (every_step), at multiples
  // of `every` (regular: this step is one), from distribution `dist`
  int setup, drags, spin, brownian, every_step, regular, every, dist;
  int sigma_per_type;    // sigma from the table (beta per type), else sqrt(s2 beta_i)
  uint32_t seed;
  int64_t step;
  double s2;    // 2 kB T / (N h)
};

template <class Atoms> struct Pass : PassScalars {
  Atoms a;

  GEOMINT_INLINE bool in_group(int i) const { return a.mask(i) & groupbit; }
  GEOMINT_INLINE double mass_of(int i) const { return use_rmass ? a.rmass(i) : a.mass(a.type(i)); }
  GEOMINT_INLINE double dtfm_of(int i) const
  {
    return use_rmass ? dtf / a.rmass(i) : a.ptype(a.type(i), PT_DTFM);
  }
  // the drag coefficient of atom i (force/velocity); 0 without a drag
  GEOMINT_INLINE double beta_of(int i) const
  {
    if (drag == DRAG_NONE) return 0.0;
    if (drag == DRAG_STOKES && radius_peratom) return geomint::msa_stokes_beta(eta, a.radius(i));
    return a.ptype(a.type(i), PT_BETA);
  }
  GEOMINT_INLINE double rbeta_of(int i) const
  {
    if (rdrag == DRAG_BETA) return a.ptype(a.type(i), PT_RBETA);
    if (rdrag == DRAG_STOKES)
      return geomint::msa_stokes_rbeta(eta, radius_peratom ? a.radius(i) : a.ptype(a.type(i), PT_RADIUS));
    return 0.0;
  }
  GEOMINT_INLINE double sigma_of(int i) const
  {
    return sigma_per_type ? a.ptype(a.type(i), PT_SIGMA) : geomint::msa_brownian_sigma(s2, beta_of(i));
  }

  /* ------------------------------------------------------------------
     the drags and draws of a step (mode continuum, after all forces are
     in): f_d = -beta (v - u) and t_d = -beta_w omega at the current
     velocities (explicit drag); at a setup that continues the step of the
     stored drags (a restart, a second run) the stored ones stay, so that
     the trajectory goes on.  The Brownian force, drawn every `every`
     steps (and for atoms without one), keyed by (seed, tag, step of the
     draw): rank- and restart-invariant
  ------------------------------------------------------------------ */

  // atom i's drags; whether a draw is due
  GEOMINT_INLINE bool drags_due(int i) const
  {
    double *st = a.row(i);
    const double t = static_cast<double>(step);
    if (drags && !(setup && st[DSTEP] == t)) {
      const double vi[3] = {a.v(i, 0), a.v(i, 1), a.v(i, 2)};
      geomint::msa_drag(beta_of(i), vi, k.flow, &st[FD]);
      if (spin) {
        const double zero[3] = {0.0, 0.0, 0.0};
        const double wi[3] = {a.omega(i, 0), a.omega(i, 1), a.omega(i, 2)};
        geomint::msa_drag(rbeta_of(i), wi, zero, &st[TD]);
      }
      st[DSTEP] = t;
    }
    return brownian && (every_step || geomint::msa_noise_due(st[FBSTEP], t, regular, every));
  }
  // atom i's draw: xi its three normals (dist gauss, sphere), or none
  // (drawn here; normal3 gives normal3_block's numbers bit for bit)
  GEOMINT_INLINE void draw(int i, const double *xi) const
  {
    double *st = a.row(i);
    const double sigma = sigma_of(i);
    if (xi) geomint::msa_brownian_scale(xi, sigma, dist, &st[FB]);
    else geomint::msa_brownian(seed, a.tag(i), step, sigma, dist, &st[FB]);
    st[FBSTEP] = static_cast<double>(step);
  }
  GEOMINT_INLINE void drags_and_noise(int i) const
  {
    if (drags_due(i)) draw(i, nullptr);
  }
  // host: atoms [i0, i1) (at most NORMAL_BLOCK); the due atoms draw
  // together (Box-Muller vectorises)
  inline void drags_and_noise_block(int i0, int i1) const
  {
    const Pass p(*this);    // (a local copy, see kick_range)
    constexpr int B = geomint::NORMAL_BLOCK;
    int idx[B];
    int64_t tags[B];
    double xi[B][3];
    int n = 0;
    for (int i = i0; i < i1; i++)
      if (p.in_group(i) && p.drags_due(i)) {
        idx[n] = i;
        tags[n++] = p.a.tag(i);
      }
    if (!n) return;
    if (p.dist == geomint::MSA_UNIFORM) {
      for (int j = 0; j < n; j++) p.draw(idx[j], nullptr);
      return;
    }
    geomint::normal3_block(p.seed, tags, n, p.step, geomint::STREAM_MSA, xi);
    for (int j = 0; j < n; j++) p.draw(idx[j], xi[j]);
  }

  /* ------------------------------------------------------------------
     the half-kick of the scaled forces, with the works
  ------------------------------------------------------------------ */

  // explicit, for the terms present (ADAPT: f_p, NOISE: a Brownian force)
  template <bool ADAPT, bool NOISE> GEOMINT_INLINE void kick_explicit(int i, geomint::MSAWork &w) const
  {
    const double *st = a.row(i);
    double vi[3], fi[3], fp[3] = {0.0, 0.0, 0.0};
    for (int c = 0; c < 3; c++) {
      vi[c] = a.v(i, c);
      fi[c] = a.f(i, c);
      if (ADAPT) fp[c] = a.fpot(i, c);
    }
    geomint::msa_kick_atom<ADAPT, NOISE>(k, vi, fi, fp, &st[FD], &st[FB], dtfm_of(i), w);
    for (int c = 0; c < 3; c++) a.v(i, c) = vi[c];
  }
  // damp_integrator exact
  GEOMINT_INLINE void kick_exact(int i, geomint::MSAWork &w) const
  {
    const double *st = a.row(i);
    double vi[3], fi[3], fp[3] = {0.0, 0.0, 0.0};
    for (int c = 0; c < 3; c++) {
      vi[c] = a.v(i, c);
      fi[c] = a.f(i, c);
      if (k.adaptive) fp[c] = a.fpot(i, c);
    }
    geomint::msa_kick_atom_exact(k, vi, fi, fp, &st[FB], mass_of(i), beta_of(i), w);
    for (int c = 0; c < 3; c++) a.v(i, c) = vi[c];
  }
  GEOMINT_INLINE void drift(int i) const
  {
    for (int c = 0; c < 3; c++) a.x(i, c) += dtv * a.v(i, c);
  }
  GEOMINT_INLINE void kick_rotation(int i, geomint::MSAWork &w) const
  {
    const double *st = a.row(i);
    double wi[3], ti[3];
    for (int c = 0; c < 3; c++) {
      wi[c] = a.omega(i, c);
      ti[c] = a.torque(i, c);
    }
    geomint::msa_kick_rotation(k, wi, ti, &st[TD], geomint::msa_sphere_inertia(a.rmass(i), a.radius(i)),
                               k.exact ? rbeta_of(i) : 0.0, w);
    for (int c = 0; c < 3; c++) a.omega(i, c) = wi[c];
  }
  // atom i's half-kick (with_drift: then x += h v) and spin
  GEOMINT_INLINE void kick(int i, bool with_drift, geomint::MSAWork &w) const
  {
    if (k.continuum && k.exact) kick_exact(i, w);
    else if (k.adaptive && k.noise) kick_explicit<true, true>(i, w);
    else if (k.adaptive) kick_explicit<true, false>(i, w);
    else if (k.noise) kick_explicit<false, true>(i, w);
    else kick_explicit<false, false>(i, w);
    if (with_drift) drift(i);
    if (rotate) kick_rotation(i, w);
  }

  // host: the half-kick of atoms [i0, i1), the translations (compiled for
  // the terms present) and then the spins.  The loops run on a local copy
  // of the pass and of the works (the same sums in the same order): the
  // compiler then knows that the stores to the atom arrays leave the
  // scalars and the works alone, and keeps them in registers
  template <bool ADAPT, bool NOISE, bool DRIFT> inline void kick_range(int i0, int i1, geomint::MSAWork &w) const
  {
    const Pass p(*this);
    geomint::MSAWork wl = w;
    for (int i = i0; i < i1; i++)
      if (p.in_group(i)) {
        p.template kick_explicit<ADAPT, NOISE>(i, wl);
        if (DRIFT) p.drift(i);
      }
    w = wl;
  }
  template <bool DRIFT> inline void kick_range_exact(int i0, int i1, geomint::MSAWork &w) const
  {
    const Pass p(*this);
    geomint::MSAWork wl = w;
    for (int i = i0; i < i1; i++)
      if (p.in_group(i)) {
        p.kick_exact(i, wl);
        if (DRIFT) p.drift(i);
      }
    w = wl;
  }
  inline void kick_range_rotation(int i0, int i1, geomint::MSAWork &w) const
  {
    const Pass p(*this);
    geomint::MSAWork wl = w;
    for (int i = i0; i < i1; i++)
      if (p.in_group(i)) p.kick_rotation(i, wl);
    w = wl;
  }
  inline void kick_range(int i0, int i1, bool with_drift, geomint::MSAWork &w) const
  {
    if (k.continuum && k.exact) {
      if (with_drift) kick_range_exact<true>(i0, i1, w);
      else kick_range_exact<false>(i0, i1, w);
    } else {
      switch ((k.adaptive ? 4 : 0) + (k.noise ? 2 : 0) + (with_drift ? 1 : 0)) {
        case 0: kick_range<false, false, false>(i0, i1, w); break;
        case 1: kick_range<false, false, true>(i0, i1, w); break;
        case 2: kick_range<false, true, false>(i0, i1, w); break;
        case 3: kick_range<false, true, true>(i0, i1, w); break;
        case 4: kick_range<true, false, false>(i0, i1, w); break;
        case 5: kick_range<true, false, true>(i0, i1, w); break;
        case 6: kick_range<true, true, false>(i0, i1, w); break;
        default: kick_range<true, true, true>(i0, i1, w); break;
      }
    }
    if (rotate) kick_range_rotation(i0, i1, w);
  }

  // final_integrate's pass for atom i: the drags and draws (mode
  // continuum), then (with_kick) the half-kick
  GEOMINT_INLINE void forces_kick(int i, bool with_kick, geomint::MSAWork &w) const
  {
    if (!in_group(i)) return;
    if (k.continuum) drags_and_noise(i);
    if (with_kick) kick(i, false, w);
  }
  // host: the same for the block [i0, i1) (at most NORMAL_BLOCK atoms)
  inline void forces_kick_block(int i0, int i1, bool with_kick, geomint::MSAWork &w) const
  {
    if (k.continuum) drags_and_noise_block(i0, i1);
    if (with_kick) kick_range(i0, i1, false, w);
  }

  /* ------------------------------------------------------------------
     integrate no (geomint::msa_apply_atom, msa_first_half_kick)
  ------------------------------------------------------------------ */

  // this step's scaled force (and torque) sum into f, the parts kept with
  // the velocities, the last step's second half-kick credited
  GEOMINT_INLINE void apply(int i, geomint::MSAWork &w) const
  {
    double *st = a.row(i);
    const double zero[3] = {0.0, 0.0, 0.0};
    double vi[3], wi[3] = {0.0, 0.0, 0.0}, fi[3], ti[3] = {0.0, 0.0, 0.0}, fp[3] = {0.0, 0.0, 0.0};
    for (int c = 0; c < 3; c++) {
      vi[c] = a.v(i, c);
      fi[c] = a.f(i, c);
      if (spin_w) wi[c] = a.omega(i, c);
      if (torque_flag) ti[c] = a.torque(i, c);
      if (k.adaptive) fp[c] = a.fpot(i, c);
    }
    const int rd = rdrag != DRAG_NONE ? 1 : 0;
    geomint::msa_apply_atom(k, setup, now, q, vi, wi, spin_w, fi, fp, &st[FD], &st[FB], torque_flag,
                            ti, rd ? &st[TD] : zero, rd, &st[wcol], w);
    for (int c = 0; c < 3; c++) {
      a.f(i, c) = fi[c];
      if (torque_flag) a.torque(i, c) = ti[c];
    }
  }
  // the works of the first half-kick, which the body integrator has done
  GEOMINT_INLINE void first_half(int i, geomint::MSAWork &w) const
  {
    double vi[3], wi[3] = {0.0, 0.0, 0.0};
    for (int c = 0; c < 3; c++) {
      vi[c] = a.v(i, c);
      if (spin_w) wi[c] = a.omega(i, c);
    }
    geomint::msa_first_half_kick(now, q, vi, wi, spin_w, &a.row(i)[wcol], w);
  }

  // temp instant: sum m v^2 and the count (s[0], s[1])
  GEOMINT_INLINE void kinetic(int i, double *s) const
  {
    s[0] += mass_of(i) * (a.v(i, 0) * a.v(i, 0) + a.v(i, 1) * a.v(i, 1) + a.v(i, 2) * a.v(i, 2));
    s[1] += 1.0;
  }
};

// the CPU fix's accessor: LAMMPS's arrays (Tag: tagint).  Their rows are
// contiguous (Memory::create and grow), so each is read through its first
// row, with no load of the row's pointer (as LAMMPS's OPENMP styles read x
// as dbl3_t); nstate: the stride of the state
template <class Tag> struct HostAtoms {
  double *x_, *v_, *f_, *omega_, *torque_, *state_, *fpot_;
  int nstate;
  const double *rmass_, *mass_, *radius_, *ptype_;
  const int *type_, *mask_;
  const Tag *tag_;

  // the first row of a LAMMPS array (none: no rows yet, or no such array)
  static double *rows(double **a) { return a ? a[0] : nullptr; }

  double &x(int i, int c) const { return x_[3 * i + c]; }
  double &v(int i, int c) const { return v_[3 * i + c]; }
  double &f(int i, int c) const { return f_[3 * i + c]; }
  double &omega(int i, int c) const { return omega_[3 * i + c]; }
  double &torque(int i, int c) const { return torque_[3 * i + c]; }
  double &fpot(int i, int c) const { return fpot_[3 * i + c]; }
  double *row(int i) const { return state_ + static_cast<long>(nstate) * i; }
  int mask(int i) const { return mask_[i]; }
  int type(int i) const { return type_[i]; }
  int64_t tag(int i) const { return tag_[i]; }
  double rmass(int i) const { return rmass_[i]; }
  double mass(int t) const { return mass_[t]; }
  double radius(int i) const { return radius_[i]; }
  double ptype(int t, int col) const { return ptype_[t * PT_N + col]; }
};

}    // namespace geomint_msa

#endif
