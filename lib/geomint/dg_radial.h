// GEOMINT discrete gradients of radial potentials V(r): the LaBudde-Greenspan
// quotient Delta = (V(r') - V(r)) / (r' - r) of the bond and pair energies of
// bond fene, bond morse, pair morse and the damped shifted force Coulomb of
// pair coul/dsf, as LAMMPS computes those energies.  The force of a pair
// (a, b) is then -Delta along e_ab = (R + R')/(r + r') (dg.h), and
// Delta (r' - r) = V(r') - V(r) is what makes the step of fix dg/nve conserve
// the energy.  Host and device code, no LAMMPS.
//
// Where a closed form without cancellation exists it is used (Morse: expm1,
// the FENE logarithm: log1p, r^-n: geometric sums); the Coulomb part goes
// through the generic radial_quotient().
#ifndef GEOMINT_DG_RADIAL_H
#define GEOMINT_DG_RADIAL_H

#include "dg.h"
#include "geomint_inline.h"

#include <cfloat>
#include <cmath>

namespace geomint {
namespace dg {

  // ---------------------------------------------------------------------
  // The generic quotient of a smooth V(r), given V at both ends and dV/dr.
  //
  // Two ways to compute Delta, with h = r' - r and m = (r + r')/2:
  //  * the difference quotient (V(r') - V(r))/h satisfies the DG identity to
  //    the rounding of one division, but its value carries the rounding of the
  //    two energies, about eps*vscale each, divided by h: for tiny h it is noise
  //    (the force of a pair whose length barely changes would be garbage);
  //  * the midpoint derivative V'(m) is exact up to rounding (no cancellation),
  //    but misses the identity by the Taylor remainder
  //    V'(m) h - (V(r') - V(r)) = -V'''(m) h^3/24 + O(h^5)
  //    (the even orders cancel about the midpoint).
  // The switch: take V'(m) exactly when that identity residual, which costs
  // nothing more to evaluate since V(r) and V(r') are needed for the energies
  // anyway, is at the level of the rounding of the energies themselves,
  //    |V'(m) h - (V(r') - V(r))| <= RADIAL_ROUNDOFF * vscale,
  // vscale being the size of the terms that V is summed from (|V| unless V
  // is a small difference of larger terms).  Then the identity holds to
  // round-off on both branches, for any V.  RADIAL_ROUNDOFF = 64 eps is a
  // safe bound (x4) on the rounding of V(r') - V(r) for a V evaluated to a
  // few ulps: with a tight bound (8 eps was tried) rounding noise alone
  // sometimes refused V'(m) for h ~ 1e-13 r, where the difference quotient
  // is wrong in the 4th digit.  Where V'(m) is refused, the remainder is
  // then above ~48 eps vscale, i.e. h > (1152 eps vscale/|V'''|)^(1/3), about
  // 6e-5 of the length over which V varies, and the difference quotient
  // loses at most ~16 eps vscale/(|V'| h), a few 1e-10 relative, there and less
  // beyond.  For |h| > RADIAL_DQ_REL max(r, r') (nearly every pair of an MD
  // step) the difference quotient is taken without evaluating V'(m).
  // ---------------------------------------------------------------------
  constexpr double RADIAL_ROUNDOFF = 64.0 * DBL_EPSILON;
  constexpr double RADIAL_DQ_REL = 1e-4;

  template <class Deriv>
  GEOMINT_INLINE double radial_quotient(double r, double rn, double v, double vn, double vscale,
                                        const Deriv &dvdr)
  {
    const double h = rn - r;
    const double dv = vn - v;
    const double big = std::fabs(r) > std::fabs(rn) ? std::fabs(r) : std::fabs(rn);
    if (std::fabs(h) > RADIAL_DQ_REL * big) return dv / h;
    const double d = dvdr(0.5 * (r + rn));
    if (std::fabs(d * h - dv) <= RADIAL_ROUNDOFF * vscale) return d;
    return dv / h;
  }

  // expm1(z)/z, 1 at z = 0 (accurate for all z: expm1 has no cancellation)
  GEOMINT_INLINE double expm1_ratio(double z)
  {
    return z == 0.0 ? 1.0 : std::expm1(z) / z;
  }

  // log1p(w)/w, 1 at w = 0
  GEOMINT_INLINE double log1p_ratio(double w)
  {
    return w == 0.0 ? 1.0 : std::log1p(w) / w;
  }

  // Quotient of a potential that is V(r) inside a cutoff and 0 beyond, between
  // r (inside: in) and r' (inside: in_new) when exactly one end is inside: the
  // plain difference quotient, which is what the identity needs (V jumps or
  // bends at the cutoff: no derivative exists to replace it).
  GEOMINT_INLINE double crossing_quotient(double r, double rn, double v, double vn)
  {
    return (vn - v) / (rn - r);
  }

  // ---------------------------------------------------------------------
  // Morse: V = D0 (E^2 - 2E) (pair morse, before its offset) or
  // D0 (1 - E)^2 = that + D0 (bond morse), E = exp(-alpha (r - r0)).
  // Delta(E^2 - 2E) = (E + E' - 2) Delta E with
  //   E + E' - 2 = expm1(-alpha x) + expm1(-alpha x')      (x = r - r0)
  //   Delta E    = (E' - E)/h = -alpha E expm1(-alpha h)/(-alpha h)
  // both free of cancellation, at any h (h = 0 gives V'(r)): no switch needed.
  // ---------------------------------------------------------------------
  GEOMINT_INLINE double morse_pair_energy(double d0, double alpha, double r0, double r)
  {
    const double e = std::exp(-alpha * (r - r0));
    return d0 * (e * e - 2.0 * e);
  }

  GEOMINT_INLINE double morse_bond_energy(double d0, double alpha, double r0, double r)
  {
    const double em1 = std::expm1(-alpha * (r - r0));    // E - 1
    return d0 * em1 * em1;
  }

  GEOMINT_INLINE double morse_quotient(double d0, double alpha, double r0, double r, double rn)
  {
    const double x = r - r0, xn = rn - r0;
    const double e = std::exp(-alpha * x);
    const double de = -alpha * e * expm1_ratio(-alpha * (rn - r));
    return d0 * (std::expm1(-alpha * x) + std::expm1(-alpha * xn)) * de;
  }

  // dV/dr of either Morse form
  GEOMINT_INLINE double morse_derivative(double d0, double alpha, double r0, double r)
  {
    const double e = std::exp(-alpha * (r - r0));
    return -2.0 * alpha * d0 * e * (e - 1.0);
  }

  // ---------------------------------------------------------------------
  // FENE (bond fene): V = -K R0^2/2 ln(u) + WCA, u = 1 - r^2/R0^2 clamped
  // below at FENE_CLAMP as bond fene clamps it (so V is finite and continuous
  // for every r: constant beyond r = R0 sqrt(1 - FENE_CLAMP)), and the WCA part
  // eps (2 (sigma/r)^6 - 1)^2 = 4 eps ((sigma/r)^12 - (sigma/r)^6) + eps
  // for r^2 < 2^(1/3) sigma^2, 0 beyond (C1 there).
  // ---------------------------------------------------------------------
  constexpr double FENE_CLAMP = 0.1;
  constexpr double CUBEROOT2 = 1.25992104989487316476;    // 2^(1/3), as LAMMPS's MY_CUBEROOT2

  GEOMINT_INLINE double fene_log_arg(double r0, double r)
  {
    return 1.0 - (r * r) / (r0 * r0);
  }

  GEOMINT_INLINE bool wca_inside(double sigma, double r)
  {
    return r * r < CUBEROOT2 * sigma * sigma;
  }

  // g = 2 (sigma/r)^6 - 1: the WCA energy is eps g^2 inside
  GEOMINT_INLINE double wca_g(double sigma, double r)
  {
    const double s2 = (sigma * sigma) / (r * r);
    return 2.0 * s2 * s2 * s2 - 1.0;
  }

  GEOMINT_INLINE double wca_energy(double eps, double sigma, double r)
  {
    if (!wca_inside(sigma, r)) return 0.0;
    const double g = wca_g(sigma, r);
    return eps * g * g;
  }

  GEOMINT_INLINE double fene_energy(double k, double r0, double eps, double sigma, double r)
  {
    double u = fene_log_arg(r0, r);
    if (u < FENE_CLAMP) u = FENE_CLAMP;
    return -0.5 * k * r0 * r0 * std::log(u) + wca_energy(eps, sigma, r);
  }

  // Delta of the WCA part: inside at both ends Delta(eps g^2) = eps (g + g') Delta g,
  // Delta g = 2 sigma^6 Q_6 (the cancellation-free inverse-power quotient, dg.h:
  // spelled out here for r^-6 to keep this header free of dg.h)
  GEOMINT_INLINE double wca_quotient(double eps, double sigma, double r, double rn)
  {
    const bool in = wca_inside(sigma, r), in_new = wca_inside(sigma, rn);
    if (!in && !in_new) return 0.0;
    if (in != in_new)
      return crossing_quotient(r, rn, wca_energy(eps, sigma, r), wca_energy(eps, sigma, rn));
    const double a = 1.0 / rn, b = 1.0 / r;
    const double a2 = a * a, b2 = b * b;
    // (a^6 - b^6)/(a - b) = (a^2 + ab + b^2)(a^3 + b^3); Q_6 = -a b times that
    const double q6 = -a * b * (a2 + a * b + b2) * (a2 * a + b2 * b);
    const double s2 = sigma * sigma, s6 = s2 * s2 * s2;
    return eps * (wca_g(sigma, r) + wca_g(sigma, rn)) * 2.0 * s6 * q6;
  }

  // Delta of the (clamped) logarithm: unclamped at both ends,
  //   ln(u') - ln(u) = log1p(w), w = (u' - u)/u = -(r' - r)(r' + r)/(R0^2 u),
  // so Delta = K/2 (r + r') log1p(w)/w / u, without cancellation at any h
  // (h = 0: K r/u = V'(r)).  Clamped at both ends: 0.  Across the clamp: the
  // difference quotient of the clamped values (V bends there).
  GEOMINT_INLINE double fene_log_quotient(double k, double r0, double r, double rn)
  {
    const double u = fene_log_arg(r0, r), un = fene_log_arg(r0, rn);
    const bool cu = u < FENE_CLAMP, cun = un < FENE_CLAMP;
    if (cu && cun) return 0.0;
    if (cu || cun) {
      const double uc = cu ? FENE_CLAMP : u, ucn = cun ? FENE_CLAMP : un;
      return -0.5 * k * r0 * r0 * std::log(ucn / uc) / (rn - r);
    }
    const double w = -(rn - r) * (rn + r) / (r0 * r0 * u);
    return 0.5 * k * (r + rn) * log1p_ratio(w) / u;
  }

  GEOMINT_INLINE double fene_quotient(double k, double r0, double eps, double sigma, double r,
                                      double rn)
  {
    return fene_log_quotient(k, r0, r, rn) + wca_quotient(eps, sigma, r, rn);
  }

  // ---------------------------------------------------------------------
  // Damped shifted force Coulomb (pair coul/dsf, lj/cut/coul/dsf), as LAMMPS
  // computes its energy: with E(x) the polynomial approximation of erfc(x) of
  // Abramowitz and Stegun (7.1.26, |E - erfc| < 1.5e-7) that those styles use,
  //   V(r) = qq [E(alpha r)/r - e_shift - r f_shift] - (1 - factor_coul) qq/r
  // (qq = qqrd2e q_i q_j; e_shift and f_shift from the exact erfc at the
  // cutoff, as the styles' init_style()).  Note: the force of those styles
  // uses the derivative of the exact erfc with the approximate erfc, so it is
  // not quite -dV/dr (by up to qq alpha/r * DSF_FORCE_MISMATCH); the discrete
  // gradient is that of the energy they report, which is what fix dg/nve
  // conserves.  V does not vanish exactly at the cutoff either (by
  // qq (E - erfc)(alpha rc)/rc): a pair crossing it takes that step in the
  // energy, like the parent style's energy does; the DG styles remove that
  // step (dsf_continuity_shift).
  // ---------------------------------------------------------------------
  constexpr double DSF_P = 0.3275911;
  constexpr double DSF_A1 = 0.254829592;
  constexpr double DSF_A2 = -0.284496736;
  constexpr double DSF_A3 = 1.421413741;
  constexpr double DSF_A4 = -1.453152027;
  constexpr double DSF_A5 = 1.061405429;
  constexpr double SQRT_PI = 1.77245385090551602729;
  // max over x >= 0 of |E'(x) - erfc'(x)| (at x = 0: 7.19e-6; test_dg_radial checks it)
  constexpr double DSF_FORCE_MISMATCH = 7.2e-6;

  // E(x) = t (A1 + t (A2 + ... + t A5)) exp(-x^2), t = 1/(1 + p x)
  GEOMINT_INLINE double dsf_erfc(double x)
  {
    const double t = 1.0 / (1.0 + DSF_P * x);
    return t * (DSF_A1 + t * (DSF_A2 + t * (DSF_A3 + t * (DSF_A4 + t * DSF_A5)))) *
        std::exp(-x * x);
  }

  // E'(x), the exact derivative of the approximation
  GEOMINT_INLINE double dsf_erfc_derivative(double x)
  {
    const double t = 1.0 / (1.0 + DSF_P * x);
    const double s = t * (DSF_A1 + t * (DSF_A2 + t * (DSF_A3 + t * (DSF_A4 + t * DSF_A5))));
    const double ds_dt =
        DSF_A1 + t * (2.0 * DSF_A2 + t * (3.0 * DSF_A3 + t * (4.0 * DSF_A4 + t * 5.0 * DSF_A5)));
    return (-DSF_P * t * t * ds_dt - 2.0 * x * s) * std::exp(-x * x);
  }

  // the shifts of the styles' init_style() (exact erfc at the cutoff rc)
  GEOMINT_INLINE void dsf_shifts(double alpha, double rc, double &e_shift, double &f_shift)
  {
    const double erfcc = std::erfc(alpha * rc);
    const double erfcd = std::exp(-alpha * alpha * rc * rc);
    f_shift = -(erfcc / (rc * rc) + 2.0 / SQRT_PI * alpha * erfcd / rc);
    e_shift = erfcc / rc - f_shift * rc;
  }

  // V(r) inside the cutoff, in the styles' own arithmetic
  GEOMINT_INLINE double dsf_energy(double alpha, double e_shift, double f_shift, double qq,
                                   double factor_coul, double r)
  {
    const double prefactor = qq / r;
    double v = prefactor * (dsf_erfc(alpha * r) - r * e_shift - r * r * f_shift);
    if (factor_coul < 1.0) v -= (1.0 - factor_coul) * prefactor;
    return v;
  }

  // Delta between r and r', both inside the cutoff:
  //   qq (Delta G - f_shift) + (1 - factor_coul) qq/(r r'),  G(r) = E(alpha r)/r
  // (the constant e_shift cancels; Delta(1/r) = -1/(r r') exactly); Delta G by
  // radial_quotient with G' = alpha E'(alpha r)/r - E(alpha r)/r^2
  GEOMINT_INLINE double dsf_quotient(double alpha, double f_shift, double qq, double factor_coul,
                                     double r, double rn)
  {
    const double g = dsf_erfc(alpha * r) / r, gn = dsf_erfc(alpha * rn) / rn;
    const double vscale = std::fabs(g) > std::fabs(gn) ? std::fabs(g) : std::fabs(gn);
    const double dg = radial_quotient(r, rn, g, gn, vscale, [alpha](double m) {
      return (alpha * dsf_erfc_derivative(alpha * m) - dsf_erfc(alpha * m) / m) / m;
    });
    double delta = qq * (dg - f_shift);
    if (factor_coul < 1.0) delta += (1.0 - factor_coul) * qq / (r * rn);
    return delta;
  }

  // dV/dr inside the cutoff
  GEOMINT_INLINE double dsf_derivative(double alpha, double f_shift, double qq,
                                       double factor_coul, double r)
  {
    double d = qq * ((alpha * dsf_erfc_derivative(alpha * r) - dsf_erfc(alpha * r) / r) / r -
                     f_shift);
    if (factor_coul < 1.0) d += (1.0 - factor_coul) * qq / (r * r);
    return d;
  }

  // The parents' energy steps at the cutoff by qq (E - erfc)(alpha rc)/rc (up to
  // 1.5e-7 qq/rc): E in the energy, the exact erfc in e_shift.  A discontinuous
  // V has no discrete-gradient step across the jump (the fixed point of fix
  // dg/nve stalls at ~1e-7 A when a pair sits at the cutoff), so the DG styles
  // use V - qq * dsf_continuity_shift inside the cutoff, which vanishes there,
  // and report that energy in compute() too.
  GEOMINT_INLINE double dsf_continuity_shift(double alpha, double rc)
  {
    return (dsf_erfc(alpha * rc) - std::erfc(alpha * rc)) / rc;
  }

  // the self energy the styles add per atom i (constant while the charges are)
  GEOMINT_INLINE double dsf_self_energy(double alpha, double e_shift, double qqrd2e, double qi)
  {
    return -(e_shift / 2.0 + alpha / SQRT_PI) * qi * qi * qqrd2e;
  }

  // ---------------------------------------------------------------------
  // The pair terms of the DG pair styles, one function per style, called by
  // the CPU style and its /kk variant alike: the quotient and the energies
  // at both ends (V = 0 beyond the cutoff) of one pair, in, in_new: inside
  // the style's cutoff at the old and the new positions (one of them is).
  // ---------------------------------------------------------------------

  // pair lj/cut/dg in squared distances: q = (V(s') - V(s)) / (s' - s);
  // c12, c6, off: 4 eps sigma^12, 4 eps sigma^6 and the offset, times
  // factor_lj (the offset cancels between two ends inside).  T, M: double
  // and bool, or a vector of doubles and its comparison mask (lanes of
  // pairs, lanes.h: both sides of each choice computed, the same numbers)
  template <class T, class M>
  GEOMINT_FORCE_INLINE void lj_cut_pair_sq(const T &c12, const T &c6, const T &off, const T &rsq,
                                     const T &rnsq, const M &in, const M &in_new, T &q, T &vo,
                                     T &vn)
  {
    const T u = 1.0 / rsq, w = 1.0 / rnsq;
    const T r6o = u * u * u, r6n = w * w * w;
    vo = in ? r6o * (c12 * r6o - c6) - off : T{} + 0.0;
    vn = in_new ? r6n * (c12 * r6n - c6) - off : T{} + 0.0;
    q = (in && in_new) ? lj_quotient_sq(c12, c6, u, w)
                       : (vn - vo) / (rnsq - rsq);    // crossing the cutoff: one end is 0
  }

  // pair morse/dg: Delta = (V(r') - V(r)) / (r' - r), V = factor (morse - offset)
  GEOMINT_INLINE void morse_pair(double d0, double alpha, double r0, double offset, double factor,
                                 double r, double rn, bool in, bool in_new, double &delta,
                                 double &vo, double &vn)
  {
    vo = in ? factor * (morse_pair_energy(d0, alpha, r0, r) - offset) : 0.0;
    vn = in_new ? factor * (morse_pair_energy(d0, alpha, r0, rn) - offset) : 0.0;
    delta = (in && in_new) ? factor * morse_quotient(d0, alpha, r0, r, rn)
                           : crossing_quotient(r, rn, vo, vn);
  }

  // x clamped to [0, 1] (NaN stays NaN)
  GEOMINT_INLINE double clamp01(double x)
  {
    return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
  }

  // the taper of pair lj/mdf, s(x) = 1 - 10 x^3 + 15 x^4 - 6 x^5 on the clamped x
  GEOMINT_INLINE double mdf_taper(double x)
  {
    x = clamp01(x);
    return 1.0 + x * x * x * (-10.0 + x * (15.0 - 6.0 * x));
  }

  // pair lj/mdf/dg: V = U(r) s(r), x = (r - rin)/width, the product quotient
  // Delta(U s) = Delta U (s + s')/2 + Delta s (U + U')/2 with cancellation-free
  // Delta U (inverse powers) and Delta s (powers of the clamped x); c12, c6
  // times factor_lj; s = 0 beyond the cutoff
  GEOMINT_INLINE void lj_mdf_pair(double c12, double c6, double rin, double width, double r,
                                  double rn, double &delta, double &vo, double &vn)
  {
    const double r6o = 1.0 / (r * r * r * r * r * r), r6n = 1.0 / (rn * rn * rn * rn * rn * rn);
    const double u = r6o * (c12 * r6o - c6), un = r6n * (c12 * r6n - c6);
    const double x = (r - rin) / width, xn = (rn - rin) / width;
    const double s = mdf_taper(x), sn = mdf_taper(xn);
    const double du = lj_quotient(c12, c6, r, rn);
    // Delta s = (s(xc') - s(xc)) / (r' - r), xc clamped to [0, 1]
    const double xc = clamp01(x), xcn = clamp01(xn);
    double ds = 0.0;
    if (xc != xcn) {
      const double poly = -10.0 * power_quotient(xc, xcn, 3) + 15.0 * power_quotient(xc, xcn, 4) -
          6.0 * power_quotient(xc, xcn, 5);
      // unclamped: (x' - x)/(r' - r) = 1/width exactly (no cancellation)
      const bool inside = x >= 0.0 && x <= 1.0 && xn >= 0.0 && xn <= 1.0;
      ds = poly * (inside ? 1.0 / width : (xcn - xc) / (rn - r));
    } else if (x > 0.0 && x < 1.0) {
      ds = (-30.0 * x * x + 60.0 * x * x * x - 30.0 * x * x * x * x) / width;    // s'(r)
    }
    delta = 0.5 * du * (s + sn) + 0.5 * ds * (u + un);
    vo = u * s;
    vn = un * sn;
  }

  // the LJ part of pair lj/cut/coul/dsf/dg (in that style's arithmetic):
  // added to delta, vo, vn where inside cut_ljsq at either end
  GEOMINT_INLINE void lj_cut_coul_lj_part(double lj3, double lj4, double offset, double factor,
                                          double cut_ljsq, double rsq, double rnsq, double r,
                                          double rn, double &delta, double &vo, double &vn)
  {
    const bool in = rsq < cut_ljsq, in_new = rnsq < cut_ljsq;
    if (!in && !in_new) return;
    const double r2o = 1.0 / rsq, r6o = r2o * r2o * r2o;
    const double r2n = 1.0 / rnsq, r6n = r2n * r2n * r2n;
    const double lo = in ? factor * (r6o * (lj3 * r6o - lj4) - offset) : 0.0;
    const double ln = in_new ? factor * (r6n * (lj3 * r6n - lj4) - offset) : 0.0;
    vo += lo;
    vn += ln;
    delta += (in && in_new) ? lj_quotient(factor * lj3, factor * lj4, r, rn)
                            : crossing_quotient(r, rn, lo, ln);
  }

  // the Coulomb part of pair coul/dsf/dg and lj/cut/coul/dsf/dg: the parents'
  // energy less qq cshift inside the cutoff (continuous there), its quotient;
  // added to delta, vo, vn where inside cut_coulsq at either end
  GEOMINT_INLINE void dsf_pair(double alpha, double e_shift, double f_shift, double cut_coulsq,
                               double cshift, double qq, double factor_coul, double rsq,
                               double rnsq, double r, double rn, double &delta, double &vo,
                               double &vn)
  {
    const bool in = rsq < cut_coulsq, in_new = rnsq < cut_coulsq;
    if (!in && !in_new) return;
    const double co = in ? dsf_energy(alpha, e_shift, f_shift, qq, factor_coul, r) - qq * cshift
                         : 0.0;
    const double cn =
        in_new ? dsf_energy(alpha, e_shift, f_shift, qq, factor_coul, rn) - qq * cshift : 0.0;
    vo += co;
    vn += cn;
    delta += (in && in_new) ? dsf_quotient(alpha, f_shift, qq, factor_coul, r, rn)
                            : crossing_quotient(r, rn, co, cn);    // (inside at one end)
  }

}    // namespace dg
}    // namespace geomint

#endif
