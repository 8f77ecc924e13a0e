/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the per-atom and per-term passes of fix dg/nve and the DG force
   styles, written once: run by a plain loop in the CPU styles and meant to be
   run by Kokkos parallel_for / parallel_reduce in their /kk variants (issue 23).
   LAMMPS-free and Kokkos-free (GEOMINT_INLINE functions are device functions
   in a Kokkos build); the step order and the communication are FixDGNVE's.

   A pass reads and writes the atom data through an accessor `a`:

   pairs (dg_pair_atom; a half neighbor list, LAMMPS's newton_pair rules)
     double xo(j,d), xn(j,d)          x^n and the trial positions (owned, ghost)
     int type(j); int num(i); int entry(i,jj)   the neighbor entries of atom i
     int index(e), special(e)         an entry's atom and special_bonds slot
     double cutsq(it,jt)              the true (outer) cutoffs, squared
     double special_lj(k), special_coul(k)
     bool owned_or_newton(j)          newton_pair || j < nlocal
     void add(j, d, value)            fbar[j][d] += value (plain on the CPU)
   bonded terms (dg_bonded_term; newton_bond rules)
     int atom(n, a), kind(n)          term n's atoms and its type
     double xo(j,d), xn(j,d); int nlocal, newton_bond; void add(j, d, value)
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_PASSES_H
#define GEOMINT_DG_PASSES_H

#include "geomint/geomint_inline.h"
#include "geomint/lanes.h"

#include <cfloat>
#include <cmath>
#include <type_traits>
#include <utility>

namespace LAMMPS_NS {

// One pair (i, j) of a DG pair list, in local indices: types, special_bonds
// factors, and whether it is inside the (true, outer) cutoff at the old and
// the new positions (rsq, rnsq: the squared distances, for the styles' own
// inner cutoffs).  Charges etc. are read by the term from i and j.
struct DGPairIJ {
  int i, j, itype, jtype;
  double factor_lj, factor_coul;
  double rsq, rnsq;
  bool in_old, in_new;
};

// pair (i, j)'s share: its DG force g = q (R + R') on i (into fi) and -g on
// j, the energies with newton_pair's weights
template <bool ENERGY, class A>
GEOMINT_INLINE void dg_pair_add(const A &a, int j, const double g[3], double vo, double vn,
                                double fi[3], double &vnew, double &vold)
{
  double w = 1.0;
  for (int d = 0; d < 3; d++) fi[d] += g[d];
  if (a.owned_or_newton(j)) {
    for (int d = 0; d < 3; d++) a.add(j, d, -g[d]);
  } else {
    w = 0.5;
  }
  if (ENERGY) {
    vnew += w * vn;
    vold += w * vo;
  }
}

// neighbor entry e of atom i (dg_pair_atom's body for one pair)
template <bool ENERGY, class A, class Term>
GEOMINT_INLINE void dg_pair_entry(const A &a, int i, int itype, int e, const Term &term,
                                  double fi[3], double &vnew, double &vold)
{
  const int special = a.special(e);
  const int j = a.index(e);
  const int jtype = a.type(j);
  double R[3], Rn[3];
  for (int d = 0; d < 3; d++) {
    R[d] = a.xo(j, d) - a.xo(i, d);
    Rn[d] = a.xn(j, d) - a.xn(i, d);
  }
  const double rsq = R[0] * R[0] + R[1] * R[1] + R[2] * R[2];
  const double rnsq = Rn[0] * Rn[0] + Rn[1] * Rn[1] + Rn[2] * Rn[2];
  const double cutsq_ij = a.cutsq(itype, jtype);    // true cutoff (symmetric)
  if (rsq >= cutsq_ij && rnsq >= cutsq_ij) return;
  const DGPairIJ p{i, j, itype, jtype, a.special_lj(special), a.special_coul(special),
                   rsq, rnsq, rsq < cutsq_ij, rnsq < cutsq_ij};
  double q, vo, vn;
  term(p, q, vo, vn);
  const double g[3] = {q * (R[0] + Rn[0]), q * (R[1] + Rn[1]), q * (R[2] + Rn[2])};
  dg_pair_add<ENERGY>(a, j, g, vo, vn, fi, vnew, vold);
}

#ifdef GEOMINT_HOST_AVX2
// Four pairs of one atom at once (host, AVX2 without FMA, lanes.h), for a
// term that has lanes(const DGPairLanes &, q, vo, vn): the term written once
// over T = double and T = vec4d.  Each lane does dg_pair_entry's operations
// on its pair, and the shares are added in the entries' order, so the
// result is dg_pair_entry's, bit for bit.
struct DGPairLanes {
  int i, itype, j[4], jtype[4];
  geomint::vec4d factor_lj, factor_coul, rsq, rnsq;
  geomint::vec4l in_old, in_new;
};

template <class Term> struct dg_term_has_lanes {
  template <class T>
  static auto test(int) -> decltype(std::declval<const T &>().lanes(
                                        std::declval<const DGPairLanes &>(),
                                        std::declval<geomint::vec4d &>(),
                                        std::declval<geomint::vec4d &>(),
                                        std::declval<geomint::vec4d &>()),
                                    std::true_type());
  template <class> static std::false_type test(...);
  static constexpr bool value = decltype(test<Term>(0))::value;
};

template <bool ENERGY, class A, class Term>
__attribute__((target("avx2"))) inline void dg_pair_atom_lanes(const A &a, int i, const Term &term,
                                                               double &vnew, double &vold)
{
  using V = geomint::vec4d;
  using M = geomint::vec4l;
  const int itype = a.type(i);
  const int jnum = a.num(i);
  double fi[3] = {0.0, 0.0, 0.0};
  // (each lane a copy: 0.0 + x would turn a -0.0 into +0.0)
  V xoi[3], xni[3];
  for (int d = 0; d < 3; d++) {
    const double o = a.xo(i, d), n = a.xn(i, d);
    xoi[d] = V{o, o, o, o};
    xni[d] = V{n, n, n, n};
  }
  int jj = 0;
  for (; jj + 4 <= jnum; jj += 4) {
    DGPairLanes p;
    p.i = i;
    p.itype = itype;
    int special[4];
    for (int l = 0; l < 4; l++) {
      const int e = a.entry(i, jj + l);
      special[l] = a.special(e);
      p.j[l] = a.index(e);
      p.jtype[l] = a.type(p.j[l]);
    }
    const int *j = p.j;
    V R[3], Rn[3];
    for (int d = 0; d < 3; d++) {
      R[d] = V{a.xo(j[0], d), a.xo(j[1], d), a.xo(j[2], d), a.xo(j[3], d)};
      Rn[d] = V{a.xn(j[0], d), a.xn(j[1], d), a.xn(j[2], d), a.xn(j[3], d)};
    }
    const V cut = {a.cutsq(itype, p.jtype[0]), a.cutsq(itype, p.jtype[1]),
                   a.cutsq(itype, p.jtype[2]), a.cutsq(itype, p.jtype[3])};
    p.factor_lj = V{a.special_lj(special[0]), a.special_lj(special[1]), a.special_lj(special[2]),
                    a.special_lj(special[3])};
    p.factor_coul = V{a.special_coul(special[0]), a.special_coul(special[1]),
                      a.special_coul(special[2]), a.special_coul(special[3])};
    for (int d = 0; d < 3; d++) {
      R[d] -= xoi[d];
      Rn[d] -= xni[d];
    }
    p.rsq = R[0] * R[0] + R[1] * R[1] + R[2] * R[2];
    p.rnsq = Rn[0] * Rn[0] + Rn[1] * Rn[1] + Rn[2] * Rn[2];
    const M skip = (p.rsq >= cut) & (p.rnsq >= cut);
    if ((skip[0] & skip[1] & skip[2] & skip[3]) != 0) continue;
    p.in_old = p.rsq < cut;
    p.in_new = p.rnsq < cut;
    V q, vo, vn;
    term.lanes(p, q, vo, vn);
    const V g[3] = {q * (R[0] + Rn[0]), q * (R[1] + Rn[1]), q * (R[2] + Rn[2])};
    for (int l = 0; l < 4; l++) {
      if (skip[l]) continue;
      const double gl[3] = {g[0][l], g[1][l], g[2][l]};
      dg_pair_add<ENERGY>(a, p.j[l], gl, vo[l], vn[l], fi, vnew, vold);
    }
  }
  for (; jj < jnum; jj++) dg_pair_entry<ENERGY>(a, i, itype, a.entry(i, jj), term, fi, vnew, vold);
  for (int d = 0; d < 3; d++) a.add(i, d, fi[d]);
}
template <bool ENERGY, class A, class Term>
inline void dg_pair_atom_lanes_if(const A &a, int i, const Term &term, double &vnew, double &vold,
                                  std::true_type)
{
  dg_pair_atom_lanes<ENERGY>(a, i, term, vnew, vold);
}
template <bool ENERGY, class A, class Term>
inline void dg_pair_atom_lanes_if(const A &, int, const Term &, double &, double &, std::false_type)
{
}
#endif

// Atom i's pairs of a half list with min(r, r') < cutoff, in squared distances
// s = r^2: term(const DGPairIJ &, q, vo, vn) sets the quotient q = (V(s') -
// V(s)) / (s' - s) and the two energies (V = 0 beyond the cutoff).  The pair's
// DG force is q (R + R') (R = x_j - x_i): with s' - s = (R' - R).(R' + R) the
// DG identity holds pair by pair, and it is central, so momentum and angular
// momentum are kept.  Forces and energy shares follow newton_pair; ENERGY
// false leaves the energies out (vo and vn are then dead where q does not use
// them).  On a host with AVX2, a term with lanes runs dg_pair_atom_lanes.
template <bool ENERGY, class A, class Term>
GEOMINT_INLINE void dg_pair_atom(const A &a, int i, const Term &term, double &vnew, double &vold)
{
#ifdef GEOMINT_HOST_AVX2
  if (dg_term_has_lanes<Term>::value && geomint::host_has_avx2())
    return dg_pair_atom_lanes_if<ENERGY>(a, i, term, vnew, vold,
                                         std::integral_constant<bool, dg_term_has_lanes<Term>::value>());
#endif
  const int itype = a.type(i);
  const int jnum = a.num(i);
  double fi[3] = {0.0, 0.0, 0.0};
  for (int jj = 0; jj < jnum; jj++) dg_pair_entry<ENERGY>(a, i, itype, a.entry(i, jj), term, fi, vnew, vold);
  for (int d = 0; d < 3; d++) a.add(i, d, fi[d]);
}

// the squared reach of a type pair in a step (dg_step_pairs_atom): the true
// cutoff plus min(margin, 2 reach) (ext), squared
GEOMINT_INLINE double dg_reach_sq(double cut, double margin, double reach)
{
  const double c = cut + (margin < 2.0 * reach ? margin : 2.0 * reach);
  return c * c;
}

// Atom i's pairs that can interact in a step that moves no atom farther than
// reach: those within cutoff + min(margin, 2 reach) at x^n (a pair farther
// apart would need a relative move of more than 2 reach); keep(k, e) writes
// the k-th kept neighbor entry e (it is called for every entry, and the count
// advances only for a kept one: no branch), returns their number.  Accessor:
// type(j), num(i), entry(i,jj), index(e), xo(j,d), and reach_sq(it,jt), the
// squared (true cutoff + min(margin, 2 reach)).
template <class A, class Keep>
GEOMINT_INLINE int dg_step_pairs_atom(const A &a, int i, const Keep &keep)
{
  const int itype = a.type(i);
  const int jnum = a.num(i);
  int k = 0;
  for (int jj = 0; jj < jnum; jj++) {
    const int e = a.entry(i, jj);
    const int j = a.index(e);
    const double dx = a.xo(j, 0) - a.xo(i, 0), dy = a.xo(j, 1) - a.xo(i, 1),
                 dz = a.xo(j, 2) - a.xo(i, 2);
    keep(k, e);
    k += dx * dx + dy * dy + dz * dz < a.reach_sq(itype, a.type(j)) ? 1 : 0;
  }
  return k;
}

// One bonded term n of NATOM atoms (same images in xo and xn): its atoms'
// positions gathered, term(idx, kind, xo, xn, f, vo, vn) sets the forces f and
// the energies (idx: the atoms' local indices, kind: the term's type), which
// are added with LAMMPS's newton_bond rules (energy shares as ev_tally).
template <int NATOM, class A, class Term>
GEOMINT_INLINE void dg_bonded_term(const A &a, int n, const Term &term, double &vnew,
                                   double &vold)
{
  int idx[NATOM];
  double xo[NATOM][3], xn[NATOM][3], f[NATOM][3] = {};
  for (int k = 0; k < NATOM; k++) {
    idx[k] = a.atom(n, k);
    for (int d = 0; d < 3; d++) {
      xo[k][d] = a.xo(idx[k], d);
      xn[k][d] = a.xn(idx[k], d);
    }
  }
  double vo, vn;
  term(idx, a.kind(n), xo, xn, f, vo, vn);
  int owned = 0;
  for (int k = 0; k < NATOM; k++) {
    if (idx[k] < a.nlocal) owned++;
    if (a.newton_bond || idx[k] < a.nlocal)
      for (int d = 0; d < 3; d++) a.add(idx[k], d, f[k][d]);
  }
  const double w = a.newton_bond ? 1.0 : static_cast<double>(owned) / NATOM;
  vnew += w * vn;
  vold += w * vo;
}

// The arrays of one fixed-point iteration of fix dg/nve, flat (3 per atom):
// x^n, v^n, fbar, dt/2m per atom, the iterate u, G(u) and r = G(u) - u now and
// before, the newest history column (written) and all columns of the history
// (Anderson mixing of depth <= 8)
struct DGFixedPoint {
  static constexpr int MAX_DEPTH = 8;
  const double *xo, *vo, *fd, *dtfm;
  double *x, *gcur, *rcur, *gprev, *rprev;
  double *dgn, *drn;
  double *dG[MAX_DEPTH], *dR[MAX_DEPTH];
  double dtv;
};

// |x| where x is finite, +inf where it is not: a NaN then survives the max
// reductions of the increments (a max drops NaN), and fix dg/nve stops
GEOMINT_INLINE double dg_abs_or_inf(double x)
{
  const double a = std::fabs(x);
  return a <= DBL_MAX ? a : HUGE_VAL;
}

// atom i: G(u), r, the largest components (inc, disp), and with NH history
// columns the newest column and the normal equations of the mixing: acc[a] +=
// dR_a . r, then the upper triangle of dR_a . dR_b by rows
template <int NH>
GEOMINT_INLINE void dg_residual_atom(const DGFixedPoint &A, int i, double &inc, double &disp,
                                     double *acc)
{
  const double dtfm = A.dtfm[i];
  for (int d = 0; d < 3; d++) {
    const int c = 3 * i + d;
    const double g = A.xo[c] + A.dtv * (A.vo[c] + dtfm * A.fd[c]);
    const double r = g - A.x[c];
    const double ar = dg_abs_or_inf(r), ag = dg_abs_or_inf(g - A.xo[c]);
    inc = inc < ar ? ar : inc;    // (std::max, also on a device)
    disp = disp < ag ? ag : disp;
    if (NH > 0) {
      A.dgn[c] = g - A.gprev[c];
      A.drn[c] = r - A.rprev[c];
      int k = NH;
      for (int a = 0; a < NH; a++) {
        const double ra = A.dR[a][c];
        acc[a] += r * ra;
        for (int b = a; b < NH; b++) acc[k++] += ra * A.dR[b][c];
      }
    }
    A.gcur[c] = g;
    A.rcur[c] = r;
  }
}

// atom i: the next iterate u = G(u) - sum_a gamma_a dG_a (NH = 0: u = G(u)).
// G and r stay where they are for the next iteration: the fix swaps the
// arrays of cur and prev instead (FixDGNVE::swap_cur_prev)
template <int NH>
GEOMINT_INLINE void dg_update_atom(const DGFixedPoint &A, int i, const double *gamma)
{
  for (int d = 0; d < 3; d++) {
    const int c = 3 * i + d;
    const double g = A.gcur[c];
    double s = 0.0;
    for (int a = 0; a < NH; a++) s += gamma[a] * A.dG[a][c];
    A.x[c] = NH > 0 ? g - s : g;
  }
}

// atom i at the start of the step: x^n kept (owned and ghost atoms: xo is
// then the step's fixed end); for an owned atom also v^n, dt/2m, and its
// largest |x^n| component raised into xmax; returns m |v^n|^2 (0 for a ghost).
// Accessor: as dg_finish_atom, and double &xo_w(i,d), &vo_w(i,d), &dtfm(i); int nlocal
template <class A> GEOMINT_INLINE double dg_begin_atom(const A &a, int i, double dtf, double &xmax)
{
  for (int d = 0; d < 3; d++) a.xo_w(i, d) = a.x(i, d);
  if (i >= a.nlocal) return 0.0;
  const double m = a.mass(i);
  a.dtfm(i) = dtf / m;
  for (int d = 0; d < 3; d++) {
    a.vo_w(i, d) = a.v(i, d);
    const double ax = std::fabs(a.x(i, d));
    xmax = xmax < ax ? ax : xmax;
  }
  return m * (a.v(i, 0) * a.v(i, 0) + a.v(i, 1) * a.v(i, 1) + a.v(i, 2) * a.v(i, 2));
}

// |x - x^n|^2 of atom i (the step's displacement)
template <class A> GEOMINT_INLINE double dg_disp2_atom(const A &a, int i)
{
  double d2 = 0.0;
  for (int d = 0; d < 3; d++) d2 += (a.x(i, d) - a.xo(i, d)) * (a.x(i, d) - a.xo(i, d));
  return d2;
}

// f(std::integral_constant<int, n>) for n = 0 .. DGFixedPoint::MAX_DEPTH: the
// history depth of a pass as a compile-time constant (host code)
template <class F> void dg_with_depth(int n, const F &f)
{
  static_assert(DGFixedPoint::MAX_DEPTH == 8, "dg_with_depth() lists the depths up to MAX_DEPTH");
  switch (n) {
    case 0: f(std::integral_constant<int, 0>()); break;
    case 1: f(std::integral_constant<int, 1>()); break;
    case 2: f(std::integral_constant<int, 2>()); break;
    case 3: f(std::integral_constant<int, 3>()); break;
    case 4: f(std::integral_constant<int, 4>()); break;
    case 5: f(std::integral_constant<int, 5>()); break;
    case 6: f(std::integral_constant<int, 6>()); break;
    case 7: f(std::integral_constant<int, 7>()); break;
    default: f(std::integral_constant<int, 8>()); break;
  }
}

// fix dg/nve's predictors (keyword predictor)
// extrapolate: linear or quadratic in the last steps' fbar, as the step
// before says (DGPredict::quadratic); linear: always linear
enum DGPredictor { DG_PRED_NONE, DG_PRED_VERLET, DG_PRED_EXTRAPOLATE, DG_PRED_LINEAR };

// the step's choices of the predictor (FixDGNVE::initial_integrate explains them)
struct DGPredict {
  int predictor;     // DGPredictor
  bool use_f;        // f holds the styles' force at x^n for every atom
  bool f_for_new;    // ... for the atoms without a last step
  bool kicked;       // f holds F_ext too (fext: the part to take out)
  bool quadratic;    // extrapolate the last three steps' fbar quadratically
  double dtv;
};

// atom i's discrete force extrapolated from its last steps' (prev, as below),
// component d: linearly from the last two, quadratically from the last three
template <class A> GEOMINT_INLINE double dg_extrapolate_linear(const A &a, int i, int d)
{
  return 2.0 * a.prev(i, d) - a.prev(i, 4 + d);
}
template <class A> GEOMINT_INLINE double dg_extrapolate_quadratic(const A &a, int i, int d)
{
  return 3.0 * (a.prev(i, d) - a.prev(i, 4 + d)) + a.prev(i, 7 + d);
}

// atom i's predicted position x = x^n + dt (v^n + dtfm fpred).  Accessor:
// double xo(i,d), vo(i,d), f(i,d), fext(i,d), prev(i,k) (fbar of the last
// step, k < 3, the count of last steps (up to 3) at k = 3, the fbar of the
// step before at 4 + d, of the one before that at 7 + d), dtfm(i); double &x(i,d)
template <class A> GEOMINT_INLINE void dg_predict_atom(const DGPredict &p, const A &a, int i)
{
  const double dtfm = a.dtfm(i);
  const bool has_prev = a.prev(i, 3) != 0.0;
  const bool extrapolate = p.predictor == DG_PRED_EXTRAPOLATE || p.predictor == DG_PRED_LINEAR;
  for (int d = 0; d < 3; d++) {
    double fpred = 0.0;
    if (p.predictor != DG_PRED_NONE) {
      if (p.use_f || (p.f_for_new && !has_prev)) {
        fpred = p.kicked ? a.f(i, d) - a.fext(i, d) : a.f(i, d);
        if (extrapolate && has_prev) fpred = 2.0 * fpred - a.prev(i, d);
      } else if (p.quadratic && a.prev(i, 3) >= 3.0) {
        fpred = dg_extrapolate_quadratic(a, i, d);
      } else if (extrapolate && a.prev(i, 3) >= 2.0) {
        fpred = dg_extrapolate_linear(a, i, d);
      } else if (has_prev) {
        fpred = a.prev(i, d);
      }
    }
    a.x(i, d) = a.xo(i, d) + p.dtv * (a.vo(i, d) + dtfm * fpred);
  }
}

// atom i at the end of the step: v = v^n + 2 dtfm fbar (the same fbar as the
// last position update), fbar kept for the next step's predictor (prev).
// Adds m |v|^2 to r[0] and raises r[1] and r[2] to the atom's squared errors
// of the linear and of the quadratic extrapolation of this step's fbar from
// the last steps' (0 without three last steps), times dtfm^2 (the predicted
// positions' errors but for the common factor dt), so that the step after
// extrapolates the way whose largest error was smaller.  Accessor: as
// dg_predict_atom, and double fd(i,d), mass(i); double &v(i,d), &prev(i,k)
template <class A> GEOMINT_INLINE void dg_finish_atom(const A &a, int i, double r[3])
{
  const double dtfm = a.dtfm(i);
  if (a.prev(i, 3) >= 3.0) {
    double e1 = 0.0, e2 = 0.0;
    for (int d = 0; d < 3; d++) {
      const double lin = dg_extrapolate_linear(a, i, d) - a.fd(i, d);
      const double quad = dg_extrapolate_quadratic(a, i, d) - a.fd(i, d);
      e1 += lin * lin;
      e2 += quad * quad;
    }
    e1 *= dtfm * dtfm;
    e2 *= dtfm * dtfm;
    r[1] = r[1] < e1 ? e1 : r[1];
    r[2] = r[2] < e2 ? e2 : r[2];
  }
  for (int d = 0; d < 3; d++) {
    a.prev(i, 7 + d) = a.prev(i, 4 + d);
    a.prev(i, 4 + d) = a.prev(i, d);
    a.prev(i, d) = a.fd(i, d);
  }
  a.prev(i, 3) = a.prev(i, 3) >= 2.0 ? 3.0 : a.prev(i, 3) + 1.0;
  const double m = a.mass(i);
  for (int d = 0; d < 3; d++) a.v(i, d) = a.vo(i, d) + 2.0 * dtfm * a.fd(i, d);
  r[0] += m * (a.v(i, 0) * a.v(i, 0) + a.v(i, 1) * a.v(i, 1) + a.v(i, 2) * a.v(i, 2));
}

}    // namespace LAMMPS_NS

#endif
