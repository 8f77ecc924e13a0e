// Kernel tests for the discrete gradients: lib/geomint/dg.h alone, no LAMMPS.
// Exact identities (the DG identity,
// telescoping, momentum) are checked to round-off: tolerances are a small
// multiple of the double epsilon times the scale of the quantities that enter.
// Where the kernel replaces a degenerate quotient by the midpoint derivative
// (five-point central difference with step h = DERIV_STEP d), the
// tolerance is that difference's error, its O(h^4) truncation measured on the
// spot from D(h) - D(h/2), plus round-off of V over h.
#include "geomint/dg.h"

#include "vec3.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <random>

using namespace geomint;

namespace {

constexpr double EPS = std::numeric_limits<double>::epsilon();
constexpr double PI = 3.14159265358979323846;
constexpr int VARIANTS[3] = {dg::SYM, dg::LEFT, dg::RIGHT};
const char *const VARIANT_NAME[3] = {"sym", "left", "right"};

using namespace geomint_test;    // V3, add, sub, mul, dot, cross, norm, unit, to_v3


double uniform(std::mt19937_64 &rng, double a, double b)
{
  return std::uniform_real_distribution<double>(a, b)(rng);
}
double log_uniform(std::mt19937_64 &rng, double lo, double hi)
{
  return std::pow(10.0, uniform(rng, std::log10(lo), std::log10(hi)));
}

V3 random_unit(std::mt19937_64 &rng)
{
  std::normal_distribution<double> g;
  const V3 u = {g(rng), g(rng), g(rng)};
  return mul(1.0 / norm(u), u);
}

// a random unit vector making an angle in [amin, 180 - amin] degrees with the unit vector u
V3 random_unit_at_angle(std::mt19937_64 &rng, const V3 &u, double amin_deg)
{
  const double cmax = std::cos(amin_deg * PI / 180.0);
  while (true) {
    const V3 v = random_unit(rng);
    if (std::fabs(dot(u, v)) <= cmax) return v;
  }
}

/* ----------------------------------------------------------------------
   the two bonded geometries: angle (3 distances, 3 atoms i j k) and
   dihedral (6 distances, 4 atoms i j k l)
------------------------------------------------------------------------- */

template <int N> struct Geo;

template <> struct Geo<3> {
  static constexpr int NATOM = 3;
  static auto pairs() -> const int (&)[3][2] { return dg::ANGLE_PAIRS; }
  static double cos(const double *d) { return dg::angle_cos(d[0], d[1], d[2]); }
  // dC/d(a, b, c) of C = (a^2 + b^2 - c^2) / (2 a b)
  static void dcos(const double *d, double g[3])
  {
    const double a = d[0], b = d[1], c = d[2];
    g[0] = (a * a - b * b + c * c) / (2 * a * a * b);
    g[1] = (b * b - a * a + c * c) / (2 * a * b * b);
    g[2] = -c / (a * b);
  }
  // round-off of angle_cos: the numerator cancels, eps (a^2 + b^2 + c^2) / (2ab)
  static double cos_noise(const double *d)
  {
    return 8 * EPS * (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) / (2 * d[0] * d[1]);
  }
  // independent: the cos of the angle at j from the dot product
  static double cart_cos(const double (&x)[3][3])
  {
    const V3 u = sub(to_v3(x[0]), to_v3(x[1])), v = sub(to_v3(x[2]), to_v3(x[1]));
    return dot(u, v) / (norm(u) * norm(v));
  }
  // a well-shaped angle: legs L..1.5 L, opening amin..180-amin degrees
  static void random_config(std::mt19937_64 &rng, double L, double (&x)[3][3], double amin = 25.0)
  {
    const V3 j = {uniform(rng, -3 * L, 3 * L), uniform(rng, -3 * L, 3 * L), uniform(rng, -3 * L, 3 * L)};
    const V3 u = random_unit(rng), v = random_unit_at_angle(rng, u, amin);
    const V3 i = add(j, mul(L * uniform(rng, 1.0, 1.5), u));
    const V3 k = add(j, mul(L * uniform(rng, 1.0, 1.5), v));
    for (int d = 0; d < 3; d++) x[0][d] = i[d], x[1][d] = j[d], x[2][d] = k[d];
  }
};

template <> struct Geo<6> {
  static constexpr int NATOM = 4;
  static auto pairs() -> const int (&)[6][2] { return dg::DIHEDRAL_PAIRS; }
  static double cos(const double *d) { return dg::dihedral_cos(d); }
  // dC/dd_k from Lemma 4 in the squared distances A..F = ij, jk, kl, ik, jl, il:
  // C = num / sqrt(r1 r2), dC/dd_k = 2 d_k dC/dS_k
  static void dcos(const double *d, double g[6])
  {
    const double A = d[0] * d[0], B = d[1] * d[1], Cc = d[2] * d[2];
    const double D = d[3] * d[3], E = d[4] * d[4], F = d[5] * d[5];
    const double u = A + B - D, w = B + Cc - E;
    const double num = w * u - 2 * B * (B + F - E - D);
    const double r1 = 4 * B * A - u * u, r2 = 4 * B * Cc - w * w;
    const double s = 1.0 / std::sqrt(r1 * r2), c = num * s;
    const double dnum[6] = {w, u + w - 4 * B - 2 * F + 2 * E + 2 * D, u, 2 * B - w, 2 * B - u, -2 * B};
    const double dr1[6] = {4 * B - 2 * u, 4 * A - 2 * u, 0, 2 * u, 0, 0};
    const double dr2[6] = {0, 4 * Cc - 2 * w, 4 * B - 2 * w, 0, 2 * w, 0};
    for (int k = 0; k < 6; k++)
      g[k] = 2 * d[k] * (dnum[k] * s - 0.5 * c * (dr1[k] / r1 + dr2[k] / r2));
  }
  // round-off of dihedral_cos: the radicands are 4 |R|^2 |R'|^2 sin^2 of the bond
  // angles at j and k, so eps (1/s_j^2 + 1/s_k^2 + 1/(s_j s_k)) (see the Geometry tests)
  static double cos_noise(const double *d)
  {
    const double A = d[0] * d[0], B = d[1] * d[1], Cc = d[2] * d[2], D = d[3] * d[3], E = d[4] * d[4];
    const double u = A + B - D, w = B + Cc - E;
    const double sj2 = (4 * B * A - u * u) / (4 * A * B), sk2 = (4 * B * Cc - w * w) / (4 * B * Cc);
    if (!(sj2 > 0 && sk2 > 0)) return 1.0;
    return 16 * EPS * (1 / sj2 + 1 / sk2 + 1 / std::sqrt(sj2 * sk2));
  }
  // independent: IUPAC cos phi = <m, n> / (|m| |n|), m = R_ij x R_jk, n = R_jk x R_kl
  static double cart_cos(const double (&x)[4][3])
  {
    const V3 Rij = sub(to_v3(x[1]), to_v3(x[0])), Rjk = sub(to_v3(x[2]), to_v3(x[1]));
    const V3 Rkl = sub(to_v3(x[3]), to_v3(x[2]));
    const V3 m = cross(Rij, Rjk), n = cross(Rjk, Rkl);
    return dot(m, n) / (norm(m) * norm(n));
  }
  // a well-shaped dihedral: bonds L..1.5 L, bond angles amin..180-amin degrees, any phi
  static void random_config(std::mt19937_64 &rng, double L, double (&x)[4][3], double amin = 25.0)
  {
    const V3 j = {uniform(rng, -3 * L, 3 * L), uniform(rng, -3 * L, 3 * L), uniform(rng, -3 * L, 3 * L)};
    const V3 u = random_unit(rng);
    const V3 k = add(j, mul(L * uniform(rng, 1.0, 1.5), u));
    const V3 i = add(j, mul(L * uniform(rng, 1.0, 1.5), random_unit_at_angle(rng, u, amin)));
    const V3 l = add(k, mul(L * uniform(rng, 1.0, 1.5), random_unit_at_angle(rng, u, amin)));
    for (int d = 0; d < 3; d++) x[0][d] = i[d], x[1][d] = j[d], x[2][d] = k[d], x[3][d] = l[d];
  }
};

/* ----------------------------------------------------------------------
   potentials of the cosine: V(d) = f(C(d))
------------------------------------------------------------------------- */

// angle cosine/squared: K (C - C0)^2
struct CosSquared {
  double K, C0;
  double f(double c) const { return K * (c - C0) * (c - C0); }
  double df(double c) const { return 2 * K * (c - C0); }
  double scale() const { return K * (1 + std::fabs(C0)) * (1 + std::fabs(C0)); }
  static CosSquared random(std::mt19937_64 &rng)
  {
    return {log_uniform(rng, 0.1, 100.0), std::cos(uniform(rng, 90.0, 130.0) * PI / 180.0)};
  }
};

// angle harmonic: K (theta - theta0)^2, theta = acos of the clamped cos
struct HarmonicTheta {
  double K, th0;
  static double theta(double c) { return std::acos(c < -1.0 ? -1.0 : c > 1.0 ? 1.0 : c); }
  double f(double c) const { return K * (theta(c) - th0) * (theta(c) - th0); }
  double df(double c) const { return -2 * K * (theta(c) - th0) / std::sqrt(1 - c * c); }
  double scale() const { return K * PI * PI; }
  static HarmonicTheta random(std::mt19937_64 &rng)
  {
    return {log_uniform(rng, 0.1, 100.0), uniform(rng, 90.0, 130.0) * PI / 180.0};
  }
};

// dihedral nharmonic with the butane torsion of Grimm et al., eq. (30):
// U(phi) = K (1.116 - 1.462 c - 1.578 c^2 + 0.368 c^3 + 3.156 c^4 + 3.788 c^5), c = cos phi
struct Butane {
  double K;
  static constexpr double A[6] = {1.116, -1.462, -1.578, 0.368, 3.156, 3.788};
  double f(double c) const
  {
    double s = 0;
    for (int n = 5; n >= 0; n--) s = s * c + A[n];
    return K * s;
  }
  double df(double c) const
  {
    double s = 0;
    for (int n = 5; n >= 1; n--) s = s * c + n * A[n];
    return K * s;
  }
  double scale() const { return K * 11.468; }    // K sum |a_n|
  static Butane random(std::mt19937_64 &rng) { return {log_uniform(rng, 0.1, 10.0)}; }
};
constexpr double Butane::A[6];

template <int N, class F> struct Pot {
  static constexpr int NATOM = Geo<N>::NATOM;
  F fn;
  double operator()(const double *d) const { return fn.f(Geo<N>::cos(d)); }
  // the analytic gradient with respect to the distances (chain rule)
  void grad(const double *d, double g[N]) const
  {
    Geo<N>::dcos(d, g);
    const double dfdc = fn.df(Geo<N>::cos(d));
    for (int k = 0; k < N; k++) g[k] *= dfdc;
  }
  // the same V from the Cartesian positions, independently of the distance formulas
  double cart(const double (&x)[NATOM][3]) const { return fn.f(Geo<N>::cart_cos(x)); }
  double scale() const { return fn.scale(); }
  // round-off of one evaluation of V at distances d
  double noise(const double *d) const
  {
    return std::fabs(fn.df(Geo<N>::cos(d))) * Geo<N>::cos_noise(d) + 8 * EPS * fn.scale();
  }
};

/* ----------------------------------------------------------------------
   error bounds
------------------------------------------------------------------------- */

// the five-point central difference of V along d_k at `state` with step h, the
// formula the kernel uses for a degenerate segment
template <int N, class P> double five_point(const P &pot, const double *state, int k, double h)
{
  double s[N];
  std::copy(state, state + N, s);
  auto at = [&](double t) {
    s[k] = state[k] + t;
    return pot(s);
  };
  return (8 * (at(h) - at(-h)) - (at(2 * h) - at(-2 * h))) / (12 * h);
}

// Bound on the error of the kernel's derivative for a degenerate segment (the
// five-point difference with h = DERIV_STEP * scale_k): its O(h^4) truncation,
// measured as 16/15 |D(h) - D(h/2)| (path states can be close to a singular
// tuple, so no a-priori derivative bound is trusted), plus its round-off 18/12
// noise / h and that of D(h/2)
template <int N, class P> double fd_bound(const P &pot, const double *state, int k, double scale_k)
{
  const double h = dg::DERIV_STEP * scale_k;
  const double d1 = five_point<N>(pot, state, k, h), d2 = five_point<N>(pot, state, k, 0.5 * h);
  return 2 * std::fabs(d1 - d2) + 8 * pot.noise(state) / h;
}

// |d3V/dd_k^3| at `state`, central stencil with step 1e-3 d_k (sizes a tolerance only)
template <int N, class P> double third_derivative(const P &pot, const double *state, int k)
{
  const double H = 1e-3 * state[k];
  double s[N];
  std::copy(state, state + N, s);
  auto at = [&](double t) {
    s[k] = state[k] + t;
    return pot(s);
  };
  return std::fabs((at(2 * H) - 2 * at(H) + 2 * at(-H) - at(-2 * H)) / (2 * H * H * H));
}

// the path states whose coordinate k the kernel differentiates for a
// degenerate segment: LEFT (d'_0..d'_{k-1}, m, d_{k+1}..), RIGHT (d_0..d_{k-1},
// m, d'_{k+1}..), m the midpoint of the segment
template <int N> void segment_states(const double *d, const double *dn, int k, double *sl, double *sr)
{
  for (int j = 0; j < N; j++) {
    sl[j] = j < k ? dn[j] : d[j];
    sr[j] = j < k ? d[j] : dn[j];
  }
  sl[k] = sr[k] = 0.5 * (d[k] + dn[k]);
}

// the part of the identity residual allowed for degenerate segments (the only
// ones that do not telescope exactly): for every k the kernel treats as
// degenerate, |dx| times the derivative error, the midpoint rule's own
// |dx|^3/24 |V3| (V3 the third derivative), and the round-off of the two path
// values the quotient does not reuse; doubled, at the worse of the two states
template <int N, class P> double degenerate_allowance(const P &pot, const double *d, const double *dn)
{
  double a = 0;
  for (int k = 0; k < N; k++) {
    const double dx = std::fabs(dn[k] - d[k]), scale = std::max(std::fabs(d[k]), std::fabs(dn[k]));
    if (dx > dg::DEGENERATE_REL * scale) continue;
    double sl[N], sr[N], worst = 0;
    segment_states<N>(d, dn, k, sl, sr);
    for (const double *s : {sl, sr})
      worst = std::max(worst, dx * fd_bound<N>(pot, s, k, scale) +
                                  dx * dx * dx / 24 * third_derivative<N>(pot, s, k) + 2 * pot.noise(s));
    a += 2 * worst;
  }
  return a;
}

// the round-off scale of the telescoping sum: |V(d)|, |V(d')| and every term
template <int N> double telescoping_scale(double vo, double vn, const double *delta, const double *d,
                                          const double *dn)
{
  double s = std::fabs(vo) + std::fabs(vn);
  for (int k = 0; k < N; k++) s += std::fabs(delta[k] * (dn[k] - d[k]));
  return s;
}

/* ----------------------------------------------------------------------
   helpers for a term in Cartesian coordinates
------------------------------------------------------------------------- */

template <int N> struct Term {
  static constexpr int NATOM = Geo<N>::NATOM;
  double xo[NATOM][3], xn[NATOM][3];
  double d[N], dn[N];
  double L;
  void set_distances()
  {
    dg::distances(Geo<N>::pairs(), xo, d);
    dg::distances(Geo<N>::pairs(), xn, dn);
  }
  // DG forces f = -grad(xo, xn) of the variant; returns the quotients in delta
  template <class P>
  void forces(const P &pot, int variant, double delta[N], double (&f)[NATOM][3], double *vo,
              double *vn) const
  {
    dg::path_dg<N>(d, dn, pot, variant, delta, vo, vn);
    for (auto &fi : f) fi[0] = fi[1] = fi[2] = 0.0;
    dg::scatter_forces(Geo<N>::pairs(), xo, xn, delta, f);
  }
};

template <int N> Term<N> random_term(std::mt19937_64 &rng, double smin, double smax)
{
  Term<N> t;
  t.L = log_uniform(rng, 0.1, 10.0);
  Geo<N>::random_config(rng, t.L, t.xo);
  const double s = log_uniform(rng, smin, smax) * t.L;
  std::normal_distribution<double> g;
  for (int i = 0; i < Term<N>::NATOM; i++)
    for (int c = 0; c < 3; c++) t.xn[i][c] = t.xo[i][c] + s * g(rng);
  t.set_distances();
  return t;
}

struct CartChecks {
  double identity, momentum, angular;    // residuals over their round-off scales, in units of EPS
};

// the DG identity <-F, q' - q> = V(q') - V(q), sum F = 0, sum (q' + q) x F = 0,
// each residual over its round-off scale (allowance for degenerate segments subtracted)
template <int N, class P> CartChecks check_cartesian(const Term<N> &t, const P &pot, int variant)
{
  constexpr int NATOM = Geo<N>::NATOM;
  double delta[N], f[NATOM][3], vo, vn;
  t.forces(pot, variant, delta, f, &vo, &vn);
  double work = 0, sfq = 0, fsum[3] = {0, 0, 0}, fabs_sum = 0, lmom[3] = {0, 0, 0}, lscale = 0;
  for (int i = 0; i < NATOM; i++) {
    for (int c = 0; c < 3; c++) {
      if (!std::isfinite(f[i][c])) return {1e300, 1e300, 1e300};
      work -= f[i][c] * (t.xn[i][c] - t.xo[i][c]);
      sfq += std::fabs(f[i][c]) * (std::fabs(t.xn[i][c]) + std::fabs(t.xo[i][c]));
      fsum[c] += f[i][c];
    }
    const V3 s = add(to_v3(t.xn[i]), to_v3(t.xo[i]));
    const V3 tq = cross(s, to_v3(f[i]));
    for (int c = 0; c < 3; c++) lmom[c] += tq[c];
  }
  const auto &pairs = Geo<N>::pairs();
  for (int p = 0; p < N; p++) {
    fabs_sum += std::fabs(delta[p]);
    const V3 sa = add(to_v3(t.xn[pairs[p][0]]), to_v3(t.xo[pairs[p][0]]));
    const V3 sb = add(to_v3(t.xn[pairs[p][1]]), to_v3(t.xo[pairs[p][1]]));
    lscale += std::fabs(delta[p]) * (norm(sa) + norm(sb));
  }
  double scale = telescoping_scale<N>(vo, vn, delta, t.d, t.dn) + sfq;
  for (int p = 0; p < N; p++) scale += std::fabs(delta[p]) * (t.d[p] + t.dn[p]);
  const double allow = degenerate_allowance<N>(pot, t.d, t.dn);
  CartChecks r;
  r.identity = std::max(0.0, std::fabs(work - (vn - vo)) - allow) / (scale * EPS);
  r.momentum = std::max(std::fabs(fsum[0]), std::max(std::fabs(fsum[1]), std::fabs(fsum[2]))) /
      (fabs_sum * EPS);
  r.angular = norm(to_v3(lmom)) / (lscale * EPS);
  return r;
}

// naive difference quotients, the references for well-separated arguments
double lj_energy(double lj1, double lj2, double r) { return lj1 * std::pow(r, -12) - lj2 * std::pow(r, -6); }
double lj_terms(double lj1, double lj2, double r) { return lj1 * std::pow(r, -12) + lj2 * std::pow(r, -6); }
double lj_deriv(double lj1, double lj2, double r)
{
  return -12 * lj1 * std::pow(r, -13) + 6 * lj2 * std::pow(r, -7);
}
double lj_deriv_terms(double lj1, double lj2, double r)
{
  return 12 * lj1 * std::pow(r, -13) + 6 * lj2 * std::pow(r, -7);
}

}    // namespace

/* ----------------------------------------------------------------------
   closed-form quotients
------------------------------------------------------------------------- */

// (b^n - a^n) / (b - a) and (r'^-n - r^-n) / (r' - r) against the naive
// quotient for |b - a| >= 5 %: agreement to the naive quotient's own
// conditioning (b^n + a^n) / |b^n - a^n| plus n ulps, i.e. ~1e-13
TEST(Quotients, PowerQuotientsMatchTheNaiveQuotientForSeparatedArguments)
{
  std::mt19937_64 rng(101);
  double worst_p = 0, worst_i = 0, worst_rel = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const int n = 1 + trial % 14;
    const double a = log_uniform(rng, 0.1, 10.0);
    const double b = a * (uniform(rng, 0, 1) < 0.5 ? uniform(rng, 1.05, 2.0) : uniform(rng, 0.5, 0.95));
    const double bn = std::pow(b, n), an = std::pow(a, n);
    const double naive = (bn - an) / (b - a);
    const double cond = (bn + an) / std::fabs(bn - an);
    const double pq = dg::power_quotient(a, b, n);
    worst_p = std::max(worst_p, std::fabs(pq - naive) / (std::fabs(naive) * (2 * n + 4 * cond + 4) * EPS));
    worst_rel = std::max(worst_rel, std::fabs(pq - naive) / std::fabs(naive));
    // r = a, r' = b
    const double ibn = std::pow(b, -n), ian = std::pow(a, -n);
    const double inaive = (ibn - ian) / (b - a);
    const double icond = (ibn + ian) / std::fabs(ibn - ian);
    const double iq = dg::inverse_power_quotient(a, b, n);
    worst_i = std::max(worst_i, std::fabs(iq - inaive) / (std::fabs(inaive) * (2 * n + 4 * icond + 8) * EPS));
    worst_rel = std::max(worst_rel, std::fabs(iq - inaive) / std::fabs(inaive));
  }
  EXPECT_LE(worst_p, 1.0);
  EXPECT_LE(worst_i, 1.0);
  EXPECT_LE(worst_rel, 1e-13);
  // n = 0: b^0 - a^0 = 0
  EXPECT_EQ(dg::power_quotient(0.7, 1.3, 0), 0.0);
}

// for r' = r (1 + 1e-11) the closed forms equal the derivative at the midpoint
// (the difference is O(n^3 1e-22)) to a few ulps per power, while the naive
// quotient has lost ~5 digits
TEST(Quotients, ClosedFormsStayAccurateForNearlyEqualArguments)
{
  std::mt19937_64 rng(102);
  double worst_p = 0, worst_i = 0, worst_lj = 0, worst_h = 0, naive_loss = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const int n = 1 + trial % 12;
    const double r = log_uniform(rng, 0.1, 10.0);
    const double rn = r * (1 + (trial % 2 ? 1e-11 : -1e-11));
    const double m = 0.5 * (r + rn);
    const double dp = n * std::pow(m, n - 1), di = -n * std::pow(m, -n - 1);
    worst_p = std::max(worst_p, std::fabs(dg::power_quotient(r, rn, n) - dp) / (std::fabs(dp) * 4 * n * EPS));
    const double iq = dg::inverse_power_quotient(r, rn, n);
    worst_i = std::max(worst_i, std::fabs(iq - di) / (std::fabs(di) * 4 * (n + 2) * EPS));
    const double naive = (std::pow(rn, -n) - std::pow(r, -n)) / (rn - r);
    naive_loss = std::max(naive_loss, std::fabs(naive - di) / std::fabs(di));

    const double sig = uniform(rng, 0.5, 2.0), eps = log_uniform(rng, 0.1, 10.0);
    const double lj1 = 4 * eps * std::pow(sig, 12), lj2 = 4 * eps * std::pow(sig, 6);
    const double R = sig * uniform(rng, 0.8, 2.5);
    const double Rn = R * (1 + (trial % 2 ? 1e-11 : -1e-11)), Rm = 0.5 * (R + Rn);
    const double dlj = lj_deriv(lj1, lj2, Rm);
    worst_lj = std::max(worst_lj, std::fabs(dg::lj_quotient(lj1, lj2, R, Rn) - dlj) /
                                      (lj_deriv_terms(lj1, lj2, Rm) * 4 * 14 * EPS));
    const double k = log_uniform(rng, 0.1, 100.0), r0 = R * uniform(rng, 0.5, 1.5);
    worst_h = std::max(worst_h, std::fabs(dg::harmonic_quotient(k, r0, R, Rn) - 2 * k * (Rm - r0)) /
                                    (k * (R + Rn + 2 * r0) * 4 * EPS));
  }
  EXPECT_LE(worst_p, 1.0);
  EXPECT_LE(worst_i, 1.0);
  EXPECT_LE(worst_lj, 1.0);
  EXPECT_LE(worst_h, 1.0);
  // the situation is the one the closed forms are for: the naive quotient is off by > 1e-7
  EXPECT_GE(naive_loss, 1e-7);
}

// the LJ and harmonic quotients against the naive (V(r') - V(r)) / (r' - r)
// for separated r, r' (also across the minimum, where Delta ~ 0: the tolerance
// is the naive quotient's round-off, eps (|V| + |V'|) / |r' - r|, plus the
// closed form's, eps times the sum of its terms)
TEST(Quotients, LjAndHarmonicMatchTheNaiveQuotient)
{
  std::mt19937_64 rng(103);
  double worst_lj = 0, worst_h = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const double sig = uniform(rng, 0.5, 2.0), eps = log_uniform(rng, 0.1, 10.0);
    const double lj1 = 4 * eps * std::pow(sig, 12), lj2 = 4 * eps * std::pow(sig, 6);
    const double r = sig * uniform(rng, 0.8, 2.5);
    double rn = sig * uniform(rng, 0.8, 2.5);
    if (std::fabs(rn - r) < 0.05 * r) rn = r * 1.05;
    const double naive = (lj_energy(lj1, lj2, rn) - lj_energy(lj1, lj2, r)) / (rn - r);
    // |lj1 Q12| + |lj2 Q6| (Q_n < 0)
    const double terms =
        -lj1 * dg::inverse_power_quotient(r, rn, 12) - lj2 * dg::inverse_power_quotient(r, rn, 6);
    const double tol = 8 * EPS * (lj_terms(lj1, lj2, r) + lj_terms(lj1, lj2, rn)) / std::fabs(rn - r) +
        64 * EPS * std::fabs(terms);
    worst_lj = std::max(worst_lj, std::fabs(dg::lj_quotient(lj1, lj2, r, rn) - naive) / tol);
    const double k = log_uniform(rng, 0.1, 100.0), r0 = sig * uniform(rng, 0.8, 2.5);
    const double hnaive = (k * (rn - r0) * (rn - r0) - k * (r - r0) * (r - r0)) / (rn - r);
    const double htol = 8 * EPS * k * (r + rn + 2 * r0) * (r + rn + 2 * r0) * 2 / std::fabs(rn - r);
    worst_h = std::max(worst_h, std::fabs(dg::harmonic_quotient(k, r0, r, rn) - hnaive) / htol);
  }
  EXPECT_LE(worst_lj, 1.0);
  EXPECT_LE(worst_h, 1.0);
}

// the squared-distance form (pair lj/cut/dg): (V(s') - V(s)) / (s' - s) with
// s = r^2 is the distance quotient over r + r', to the round-off of the two
// (bound as in the test above, over the positive terms), also for r' = r
TEST(Quotients, LJSquaredDistanceFormIsTheDistanceQuotientOverRPlusRn)
{
  std::mt19937_64 rng(105);
  double worst = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const double sig = log_uniform(rng, 0.5, 4.0), eps = log_uniform(rng, 0.01, 10.0);
    const double lj1 = 4 * eps * std::pow(sig, 12), lj2 = 4 * eps * std::pow(sig, 6);
    const double r = sig * uniform(rng, 0.8, 2.5);
    const double rn = trial % 3 == 0 ? r : trial % 3 == 1 ? r * (1 + 1e-9) : sig * uniform(rng, 0.8, 2.5);
    const double q = dg::lj_quotient_sq(lj1, lj2, 1.0 / (r * r), 1.0 / (rn * rn));
    const double ref = dg::lj_quotient(lj1, lj2, r, rn) / (r + rn);
    const double terms =
        -lj1 * dg::inverse_power_quotient(r, rn, 12) - lj2 * dg::inverse_power_quotient(r, rn, 6);
    worst = std::max(worst, std::fabs(q - ref) / (64 * EPS * terms / (r + rn)));
  }
  EXPECT_LE(worst, 1.0);
}

TEST(Quotients, AreSymmetricInTheTwoDistances)
{
  std::mt19937_64 rng(104);
  double worst_p = 0, worst_i = 0, worst_lj = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const int n = 1 + trial % 12;
    const double r = log_uniform(rng, 0.1, 10.0);
    const double rn = trial % 3 == 0 ? r * (1 + 1e-11) : r * log_uniform(rng, 0.5, 2.0);
    const double p1 = dg::power_quotient(r, rn, n), p2 = dg::power_quotient(rn, r, n);
    worst_p = std::max(worst_p, std::fabs(p1 - p2) / (std::fabs(p1) * 4 * n * EPS));
    const double i1 = dg::inverse_power_quotient(r, rn, n), i2 = dg::inverse_power_quotient(rn, r, n);
    worst_i = std::max(worst_i, std::fabs(i1 - i2) / (std::fabs(i1) * 4 * (n + 2) * EPS));
    const double lj1 = 4 * std::pow(r, 12), lj2 = 4 * std::pow(r, 6);
    const double l1 = dg::lj_quotient(lj1, lj2, r, rn), l2 = dg::lj_quotient(lj1, lj2, rn, r);
    const double lterms =
        -lj1 * dg::inverse_power_quotient(r, rn, 12) - lj2 * dg::inverse_power_quotient(r, rn, 6);
    worst_lj = std::max(worst_lj, std::fabs(l1 - l2) / (lterms * 4 * 14 * EPS));
    const double k = log_uniform(rng, 0.1, 100.0), r0 = r * uniform(rng, 0.5, 1.5);
    ASSERT_EQ(dg::harmonic_quotient(k, r0, r, rn), dg::harmonic_quotient(k, r0, rn, r));
  }
  EXPECT_LE(worst_p, 1.0);
  EXPECT_LE(worst_i, 1.0);
  EXPECT_LE(worst_lj, 1.0);
}

/* ----------------------------------------------------------------------
   pair DG (LaBudde-Greenspan)
------------------------------------------------------------------------- */

namespace {

constexpr int PAIR[1][2] = {{0, 1}};

struct PairConfig {
  double xo[2][3], xn[2][3];
  double r, rn;
};

// a pair at 0.85..2.5 sig, shifted by up to 3 sig, both atoms displaced by s sig
PairConfig random_pair(std::mt19937_64 &rng, double sig, double smin, double smax)
{
  PairConfig p;
  const V3 a = {uniform(rng, -3 * sig, 3 * sig), uniform(rng, -3 * sig, 3 * sig),
                uniform(rng, -3 * sig, 3 * sig)};
  const V3 b = add(a, mul(sig * uniform(rng, 0.85, 2.5), random_unit(rng)));
  const double s = sig * log_uniform(rng, smin, smax);
  std::normal_distribution<double> g;
  for (int c = 0; c < 3; c++) {
    p.xo[0][c] = a[c], p.xo[1][c] = b[c];
    p.xn[0][c] = a[c] + s * g(rng), p.xn[1][c] = b[c] + s * g(rng);
  }
  double d[1];
  dg::distances(PAIR, p.xo, d);
  p.r = d[0];
  dg::distances(PAIR, p.xn, d);
  p.rn = d[0];
  return p;
}

// residuals of the DG identity, sum F = 0 and sum (q'+q) x F = 0 for one pair
// quotient, over their round-off scales in units of EPS.  vterms: |V| scale at
// r and r'; dterms: |V'| scale at r and r'.
CartChecks check_pair(const PairConfig &p, double delta, double dv, double vterms, double dterms)
{
  double f[2][3] = {{0, 0, 0}, {0, 0, 0}};
  dg::scatter_forces(PAIR, p.xo, p.xn, &delta, f);
  double work = 0, qsum = 0;
  for (int i = 0; i < 2; i++)
    for (int c = 0; c < 3; c++) {
      work -= f[i][c] * (p.xn[i][c] - p.xo[i][c]);
      qsum += std::fabs(p.xn[i][c]) + std::fabs(p.xo[i][c]);
    }
  CartChecks r;
  const double scale = vterms + (std::fabs(delta) + dterms) * (qsum + p.r + p.rn);
  r.identity = std::fabs(work - dv) / (scale * EPS);
  double fs = 0;
  for (int c = 0; c < 3; c++) fs = std::max(fs, std::fabs(f[0][c] + f[1][c]));
  r.momentum = fs / (std::fabs(delta) * EPS);
  V3 l = {0, 0, 0};
  double ls = 0;
  for (int i = 0; i < 2; i++) {
    const V3 s = add(to_v3(p.xn[i]), to_v3(p.xo[i]));
    l = add(l, cross(s, to_v3(f[i])));
    ls += norm(s) * std::fabs(delta);
  }
  r.angular = norm(l) / (ls * EPS);
  return r;
}

}    // namespace

// <grad, q' - q> = V(q') - V(q) for LJ 12-6 and harmonic pairs between random
// old and new positions (displacements 1e-13..0.2 sig, so also r' ~ r), sum F = 0
// and sum (q'_i + q_i) x F_i = 0, all to round-off
TEST(PairDG, IdentityAndMomentaHoldToRoundOff)
{
  std::mt19937_64 rng(201);
  CartChecks lj = {0, 0, 0}, h = {0, 0, 0};
  for (int trial = 0; trial < 20000; trial++) {
    const double sig = log_uniform(rng, 0.3, 3.0), eps = log_uniform(rng, 0.1, 10.0);
    const double lj1 = 4 * eps * std::pow(sig, 12), lj2 = 4 * eps * std::pow(sig, 6);
    const PairConfig p = random_pair(rng, sig, 1e-13, 0.2);
    const double dlj = dg::lj_quotient(lj1, lj2, p.r, p.rn);
    const CartChecks a = check_pair(p, dlj, lj_energy(lj1, lj2, p.rn) - lj_energy(lj1, lj2, p.r),
                                    lj_terms(lj1, lj2, p.r) + lj_terms(lj1, lj2, p.rn),
                                    lj_deriv_terms(lj1, lj2, p.r) + lj_deriv_terms(lj1, lj2, p.rn));
    lj.identity = std::max(lj.identity, a.identity);
    lj.momentum = std::max(lj.momentum, a.momentum);
    lj.angular = std::max(lj.angular, a.angular);
    const double k = log_uniform(rng, 0.1, 100.0), r0 = sig * uniform(rng, 0.8, 2.0);
    const double dh = dg::harmonic_quotient(k, r0, p.r, p.rn);
    const double vo = k * (p.r - r0) * (p.r - r0), vn = k * (p.rn - r0) * (p.rn - r0);
    const CartChecks b = check_pair(p, dh, vn - vo, vo + vn,
                                    2 * k * (std::fabs(p.r - r0) + std::fabs(p.rn - r0)));
    h.identity = std::max(h.identity, b.identity);
    h.momentum = std::max(h.momentum, b.momentum);
    h.angular = std::max(h.angular, b.angular);
  }
  EXPECT_LE(lj.identity, 1.0);
  EXPECT_LE(lj.momentum, 0.0);    // +x on one atom, -x on the other: exactly 0
  EXPECT_LE(lj.angular, 4.0);
  EXPECT_LE(h.identity, 1.0);
  EXPECT_LE(h.momentum, 0.0);
  EXPECT_LE(h.angular, 4.0);
}

// at q' = q the pair DG is the exact gradient: Delta = dV/dr and the force on
// the second atom -dV/dr R/r
TEST(PairDG, EqualsTheExactGradientAtCoincidence)
{
  std::mt19937_64 rng(202);
  double worst_d = 0, worst_f = 0, worst_h = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const double sig = log_uniform(rng, 0.3, 3.0), eps = log_uniform(rng, 0.1, 10.0);
    const double lj1 = 4 * eps * std::pow(sig, 12), lj2 = 4 * eps * std::pow(sig, 6);
    PairConfig p = random_pair(rng, sig, 1e-3, 1e-3);
    std::copy(&p.xo[0][0], &p.xo[0][0] + 6, &p.xn[0][0]);
    const double r = p.r;
    const double delta = dg::lj_quotient(lj1, lj2, r, r);
    const double ref = lj_deriv(lj1, lj2, r), terms = lj_deriv_terms(lj1, lj2, r);
    worst_d = std::max(worst_d, std::fabs(delta - ref) / (terms * EPS));
    double f[2][3] = {{0, 0, 0}, {0, 0, 0}};
    dg::scatter_forces(PAIR, p.xo, p.xn, &delta, f);
    const V3 R = sub(to_v3(p.xo[1]), to_v3(p.xo[0]));
    for (int c = 0; c < 3; c++) {
      worst_f = std::max(worst_f, std::fabs(f[1][c] - (-ref * R[c] / r)) / (terms * EPS));
      worst_f = std::max(worst_f, std::fabs(f[0][c] - (ref * R[c] / r)) / (terms * EPS));
    }
    const double k = log_uniform(rng, 0.1, 100.0), r0 = sig * uniform(rng, 0.8, 2.0);
    worst_h = std::max(worst_h, std::fabs(dg::harmonic_quotient(k, r0, r, r) - 2 * k * (r - r0)) /
                                    (2 * k * (r + r0) * EPS));
  }
  EXPECT_LE(worst_d, 16.0);
  EXPECT_LE(worst_f, 16.0);
  EXPECT_LE(worst_h, 4.0);
}

/* ----------------------------------------------------------------------
   path DGs for angles (N = 3) and dihedrals (N = 6)
------------------------------------------------------------------------- */

namespace {

struct PathWorst {
  double telescoping = 0, identity = 0, momentum = 0, angular = 0;
};

// the telescoping identity in distances, and the Cartesian DG identity and
// momenta, for random terms with displacements 1e-13..0.2 L (so some segments
// are degenerate) and every variant
template <int N, class F> PathWorst identities(std::uint64_t seed, int trials)
{
  std::mt19937_64 rng(seed);
  PathWorst w;
  for (int trial = 0; trial < trials; trial++) {
    const Term<N> t = random_term<N>(rng, 1e-13, 0.2);
    const Pot<N, F> pot = {F::random(rng)};
    for (int v = 0; v < 3; v++) {
      double delta[N], vo, vn;
      dg::path_dg<N>(t.d, t.dn, pot, VARIANTS[v], delta, &vo, &vn);
      EXPECT_EQ(vo, pot(t.d));
      EXPECT_EQ(vn, pot(t.dn));
      double sum = 0;
      for (int k = 0; k < N; k++) {
        EXPECT_TRUE(std::isfinite(delta[k])) << VARIANT_NAME[v];
        sum += delta[k] * (t.dn[k] - t.d[k]);
      }
      const double res = std::fabs(sum - (vn - vo)) - degenerate_allowance<N>(pot, t.d, t.dn);
      w.telescoping = std::max(w.telescoping,
                               std::max(0.0, res) / (telescoping_scale<N>(vo, vn, delta, t.d, t.dn) * EPS));
      const CartChecks c = check_cartesian<N>(t, pot, VARIANTS[v]);
      w.identity = std::max(w.identity, c.identity);
      w.momentum = std::max(w.momentum, c.momentum);
      w.angular = std::max(w.angular, c.angular);
    }
  }
  return w;
}

template <int N> void expect_identities(const PathWorst &w, const char *name)
{
  EXPECT_LE(w.telescoping, 4.0 * N) << name;
  EXPECT_LE(w.identity, 1.0 * N) << name;
  EXPECT_LE(w.momentum, 1.0 * N) << name;
  EXPECT_LE(w.angular, 1.0 * N) << name;
}

}    // namespace

TEST(PathDG, AngleCosSquaredIdentitiesHoldToRoundOff)
{
  expect_identities<3>(identities<3, CosSquared>(301, 3000), "angle cosine/squared");
}

TEST(PathDG, AngleHarmonicThetaIdentitiesHoldToRoundOff)
{
  expect_identities<3>(identities<3, HarmonicTheta>(302, 3000), "angle harmonic (clamped acos)");
}

TEST(PathDG, DihedralButaneIdentitiesHoldToRoundOff)
{
  expect_identities<6>(identities<6, Butane>(303, 3000), "dihedral butane polynomial");
}

namespace {

// SYM(d, d') = SYM(d', d) and LEFT(d, d') = RIGHT(d', d), bit for bit (the same
// path states and quotients, only with both signs flipped), and the SYM forces
// do not change when old and new positions are exchanged
template <int N, class F> void exchange_symmetry(std::uint64_t seed, int trials)
{
  constexpr int NATOM = Geo<N>::NATOM;
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < trials; trial++) {
    const Term<N> t = random_term<N>(rng, 1e-13, 0.2);
    const Pot<N, F> pot = {F::random(rng)};
    double s1[N], s2[N], l1[N], r2[N], vo, vn, vo2, vn2;
    dg::path_dg<N>(t.d, t.dn, pot, dg::SYM, s1, &vo, &vn);
    dg::path_dg<N>(t.dn, t.d, pot, dg::SYM, s2, &vo2, &vn2);
    dg::path_dg<N>(t.d, t.dn, pot, dg::LEFT, l1);
    dg::path_dg<N>(t.dn, t.d, pot, dg::RIGHT, r2);
    EXPECT_EQ(vo, vn2);
    EXPECT_EQ(vn, vo2);
    for (int k = 0; k < N; k++) {
      ASSERT_EQ(s1[k], s2[k]) << "trial " << trial << " k " << k;
      ASSERT_EQ(l1[k], r2[k]) << "trial " << trial << " k " << k;
    }
    Term<N> u = t;
    std::copy(&t.xn[0][0], &t.xn[0][0] + 3 * NATOM, &u.xo[0][0]);
    std::copy(&t.xo[0][0], &t.xo[0][0] + 3 * NATOM, &u.xn[0][0]);
    u.set_distances();
    double f1[NATOM][3], f2[NATOM][3];
    t.forces(pot, dg::SYM, s1, f1, nullptr, nullptr);
    u.forces(pot, dg::SYM, s2, f2, nullptr, nullptr);
    for (int i = 0; i < NATOM; i++)
      for (int c = 0; c < 3; c++) ASSERT_EQ(f1[i][c], f2[i][c]) << "trial " << trial;
  }
}

}    // namespace

TEST(PathDG, SymIsSymmetricAndLeftIsRightReversed)
{
  exchange_symmetry<3, CosSquared>(311, 2000);
  exchange_symmetry<3, HarmonicTheta>(312, 2000);
  exchange_symmetry<6, Butane>(313, 2000);
}

namespace {

// at d' = d every variant gives the same Delta (bit for bit), equal to the
// analytic gradient dV/dd (chain rule) to the truncation error of the
// kernel's central difference; the scattered forces equal -grad_q V of the
// Cartesian formula (dot / cross products) from a Richardson-extrapolated
// central difference, to the kernel's error plus the difference's own
// (|D(h) - D(2h)| bounds the truncation of D(h) by ~15x; round-off eps V / h)
template <int N, class F> void gradient_at_coincidence(std::uint64_t seed, int trials)
{
  constexpr int NATOM = Geo<N>::NATOM;
  std::mt19937_64 rng(seed);
  double worst_d = 0, worst_f = 0;
  for (int trial = 0; trial < trials; trial++) {
    Term<N> t = random_term<N>(rng, 1e-3, 1e-3);
    std::copy(&t.xo[0][0], &t.xo[0][0] + 3 * NATOM, &t.xn[0][0]);
    t.set_distances();
    const Pot<N, F> pot = {F::random(rng)};
    double g[N], tol[N], delta[3][N];
    pot.grad(t.d, g);
    for (int k = 0; k < N; k++)
      tol[k] = fd_bound<N>(pot, t.d, k, t.d[k]) + 1024 * EPS * pot.scale() / t.d[k];
    for (int v = 0; v < 3; v++) {
      dg::path_dg<N>(t.d, t.dn, pot, VARIANTS[v], delta[v]);
      for (int k = 0; k < N; k++) {
        ASSERT_EQ(delta[v][k], delta[0][k]) << VARIANT_NAME[v];
        worst_d = std::max(worst_d, std::fabs(delta[v][k] - g[k]) / tol[k]);
      }
    }
    double f[NATOM][3];
    t.forces(pot, dg::SYM, delta[0], f, nullptr, nullptr);
    double ftol[NATOM];
    for (int i = 0; i < NATOM; i++) ftol[i] = 0;
    for (int p = 0; p < N; p++) {
      ftol[Geo<N>::pairs()[p][0]] += tol[p] + 8 * EPS * std::fabs(delta[0][p]);
      ftol[Geo<N>::pairs()[p][1]] += tol[p] + 8 * EPS * std::fabs(delta[0][p]);
    }
    const double h = 1e-3 * t.L;
    for (int i = 0; i < NATOM; i++)
      for (int c = 0; c < 3; c++) {
        auto V = [&](double dx) {
          double y[NATOM][3];
          std::copy(&t.xo[0][0], &t.xo[0][0] + 3 * NATOM, &y[0][0]);
          y[i][c] += dx;
          return pot.cart(y);
        };
        auto D = [&](double s) { return (8 * (V(s) - V(-s)) - (V(2 * s) - V(-2 * s))) / (12 * s); };
        const double d1 = D(h), d2 = D(2 * h);
        const double tl = ftol[i] + std::fabs(d1 - d2) + 4 * 64 * EPS * pot.scale() / h;
        worst_f = std::max(worst_f, std::fabs(f[i][c] - (-d1)) / tl);
      }
  }
  EXPECT_LE(worst_d, 1.0);
  EXPECT_LE(worst_f, 1.0);
}

}    // namespace

TEST(PathDG, AtCoincidenceEveryVariantIsTheExactGradient)
{
  gradient_at_coincidence<3, CosSquared>(321, 500);
  gradient_at_coincidence<3, HarmonicTheta>(322, 500);
  gradient_at_coincidence<6, Butane>(323, 500);
}

namespace {

// Delta(d, d + s w) - grad V((2d + s w) / 2) is O(s^2) for SYM and O(s) for
// LEFT and RIGHT: halving s divides the (summed) error by 4, resp. 2
template <int N, class F> void order_of_accuracy(std::uint64_t seed, int trials)
{
  std::mt19937_64 rng(seed);
  double err[3][2] = {{0, 0}, {0, 0}, {0, 0}};
  for (int trial = 0; trial < trials; trial++) {
    Term<N> t = random_term<N>(rng, 1e-3, 1e-3);
    const Pot<N, F> pot = {F::random(rng)};
    double w[N];
    for (int k = 0; k < N; k++) w[k] = uniform(rng, -1, 1) * t.d[k];
    for (int level = 0; level < 2; level++) {
      const double s = 4e-3 / (1 << level);
      double dn[N], m[N], g[N], delta[N];
      for (int k = 0; k < N; k++) dn[k] = t.d[k] + s * w[k], m[k] = 0.5 * (t.d[k] + dn[k]);
      pot.grad(m, g);
      for (int v = 0; v < 3; v++) {
        dg::path_dg<N>(t.d, dn, pot, VARIANTS[v], delta);
        for (int k = 0; k < N; k++) err[v][level] += std::fabs(delta[k] - g[k]) * t.d[k] / pot.scale();
      }
    }
  }
  const double sym = err[0][0] / err[0][1], left = err[1][0] / err[1][1], right = err[2][0] / err[2][1];
  EXPECT_NEAR(sym, 4.0, 0.2);
  EXPECT_NEAR(left, 2.0, 0.1);
  EXPECT_NEAR(right, 2.0, 0.1);
}

}    // namespace

TEST(PathDG, SymIsSecondOrderAndLeftRightFirstOrder)
{
  order_of_accuracy<3, CosSquared>(331, 300);
  order_of_accuracy<3, HarmonicTheta>(332, 300);
  order_of_accuracy<6, Butane>(333, 300);
}

/* ----------------------------------------------------------------------
   degenerate segments (d' = d, or |d' - d| < delta d: the derivative at the midpoint)
------------------------------------------------------------------------- */

namespace {

// one distance unchanged (d'_k = d_k exactly) or changed by 1e-12 relative:
// Delta finite, the telescoping identity to round-off, and Delta_k equal to the
// partial derivative at the path state(s) that carry d_k at the segment's
// midpoint (LEFT: earlier coordinates new, later old; RIGHT: the reverse; SYM:
// the mean), to the truncation error of the kernel's central difference
template <int N, class F> void degenerate_segments(std::uint64_t seed, int trials)
{
  std::mt19937_64 rng(seed);
  double worst_tel = 0, worst_partial = 0;
  for (int trial = 0; trial < trials; trial++) {
    const Term<N> t = random_term<N>(rng, 1e-3, 0.05);
    const Pot<N, F> pot = {F::random(rng)};
    for (int k0 = 0; k0 < N; k0++)
      for (int mode = 0; mode < 2; mode++) {
        double dn[N];
        std::copy(t.dn, t.dn + N, dn);
        dn[k0] = mode == 0 ? t.d[k0] : t.d[k0] * (1 + 1e-12);
        const double scale = std::max(t.d[k0], dn[k0]);
        double sl[N], sr[N], gl[N], gr[N];
        segment_states<N>(t.d, dn, k0, sl, sr);
        pot.grad(sl, gl);
        pot.grad(sr, gr);
        const double tol = std::max(fd_bound<N>(pot, sl, k0, scale), fd_bound<N>(pot, sr, k0, scale)) +
            1024 * EPS * pot.scale() / t.d[k0];
        for (int v = 0; v < 3; v++) {
          double delta[N], vo, vn, sum = 0;
          dg::path_dg<N>(t.d, dn, pot, VARIANTS[v], delta, &vo, &vn);
          for (int k = 0; k < N; k++) {
            ASSERT_TRUE(std::isfinite(delta[k])) << VARIANT_NAME[v] << " k0 " << k0;
            sum += delta[k] * (dn[k] - t.d[k]);
          }
          const double res = std::fabs(sum - (vn - vo)) - degenerate_allowance<N>(pot, t.d, dn);
          const double tel = telescoping_scale<N>(vo, vn, delta, t.d, dn) * EPS;
          worst_tel = std::max(worst_tel, std::max(0.0, res) / tel);
          const double ref = VARIANTS[v] == dg::LEFT    ? gl[k0]
                             : VARIANTS[v] == dg::RIGHT ? gr[k0]
                                                        : 0.5 * (gl[k0] + gr[k0]);
          worst_partial = std::max(worst_partial, std::fabs(delta[k0] - ref) / tol);
        }
      }
  }
  EXPECT_LE(worst_tel, 2.0 * N);
  EXPECT_LE(worst_partial, 1.0);
}

// only one atom moves (normally, or by 1e-12 L): the distances between the
// others are bit-identical, and the Cartesian DG identity and momenta still hold
template <int N, class F> void degenerate_cartesian(std::uint64_t seed, int trials)
{
  constexpr int NATOM = Geo<N>::NATOM;
  std::mt19937_64 rng(seed);
  PathWorst w;
  for (int trial = 0; trial < trials; trial++) {
    Term<N> t = random_term<N>(rng, 1e-3, 0.2);
    const Pot<N, F> pot = {F::random(rng)};
    const int moved = trial % NATOM;
    const V3 tiny = mul(1e-12 * t.L, random_unit(rng));
    for (int i = 0; i < NATOM; i++)
      for (int c = 0; c < 3; c++)
        if (i != moved) t.xn[i][c] = t.xo[i][c];
        else if (trial % 2) t.xn[i][c] = t.xo[i][c] + tiny[c];
    t.set_distances();
    int unchanged = 0;
    for (int p = 0; p < N; p++)
      if (Geo<N>::pairs()[p][0] != moved && Geo<N>::pairs()[p][1] != moved) {
        ASSERT_EQ(t.d[p], t.dn[p]);
        unchanged++;
      }
    ASSERT_EQ(unchanged, N == 3 ? 1 : 3);
    for (int v = 0; v < 3; v++) {
      const CartChecks c = check_cartesian<N>(t, pot, VARIANTS[v]);
      w.identity = std::max(w.identity, c.identity);
      w.momentum = std::max(w.momentum, c.momentum);
      w.angular = std::max(w.angular, c.angular);
    }
  }
  EXPECT_LE(w.identity, 1.0 * N);
  EXPECT_LE(w.momentum, 1.0 * N);
  EXPECT_LE(w.angular, 1.0 * N);
}

// around the threshold |d'_k - d_k| = DEGENERATE_REL d_k: above it the identity
// is exact to round-off (telescoping), below it the residual is |d'_k - d_k| times
// the error of the central difference, which the allowance bounds
template <int N, class F> void threshold(std::uint64_t seed, int trials)
{
  std::mt19937_64 rng(seed);
  double worst_regular = 0, worst_degenerate = 0, raw_degenerate = 0;
  for (int trial = 0; trial < trials; trial++) {
    const Term<N> t = random_term<N>(rng, 1e-3, 0.05);
    const Pot<N, F> pot = {F::random(rng)};
    for (int k0 = 0; k0 < N; k0++)
      for (double f : {-0.99, -0.5, 0.5, 0.99, 1.01, 2.0, -1.01, -2.0}) {
        double dn[N];
        std::copy(t.dn, t.dn + N, dn);
        dn[k0] = t.d[k0] * (1 + f * dg::DEGENERATE_REL);
        for (int v = 0; v < 3; v++) {
          double delta[N], vo, vn, sum = 0;
          dg::path_dg<N>(t.d, dn, pot, VARIANTS[v], delta, &vo, &vn);
          for (int k = 0; k < N; k++) sum += delta[k] * (dn[k] - t.d[k]);
          const double scale = telescoping_scale<N>(vo, vn, delta, t.d, dn) * EPS;
          const double res = std::fabs(sum - (vn - vo));
          if (std::fabs(f) > 1) {
            worst_regular = std::max(worst_regular, res / scale);
          } else {
            raw_degenerate = std::max(raw_degenerate, res / scale);
            const double allow = degenerate_allowance<N>(pot, t.d, dn);
            worst_degenerate = std::max(worst_degenerate, std::max(0.0, res - allow) / scale);
          }
        }
      }
  }
  EXPECT_LE(worst_regular, 2.0 * N);
  EXPECT_LE(worst_degenerate, 2.0 * N);
}

}    // namespace

TEST(Degenerate, UnchangedOrTinyDistanceChangesGiveThePartialDerivative)
{
  degenerate_segments<3, CosSquared>(401, 300);
  degenerate_segments<3, HarmonicTheta>(402, 300);
  degenerate_segments<6, Butane>(403, 300);
}

TEST(Degenerate, OneAtomMovedKeepsIdentitiesAndMomenta)
{
  degenerate_cartesian<3, CosSquared>(411, 1000);
  degenerate_cartesian<3, HarmonicTheta>(412, 1000);
  degenerate_cartesian<6, Butane>(413, 1000);
}

TEST(Degenerate, ThresholdResidualIsBoundedByTheCentralDifference)
{
  threshold<3, CosSquared>(421, 200);
  threshold<3, HarmonicTheta>(422, 200);
  threshold<6, Butane>(423, 200);
}

/* ----------------------------------------------------------------------
   cosines from distances
------------------------------------------------------------------------- */

namespace {

double sin_at(const double *apex, const double *a, const double *b)
{
  const V3 u = sub(to_v3(a), to_v3(apex)), v = sub(to_v3(b), to_v3(apex));
  return norm(cross(u, v)) / (norm(u) * norm(v));
}

}    // namespace

// Lemma 4 against <m, n> / (|m| |n|): the distance form cancels like 1/sin^2 of
// the bond angles (its radicands are 4 |R|^2 |R'|^2 sin^2), so the tolerance is
// eps (1/s_j^2 + 1/s_k^2 + 1/(s_j s_k)); for bond angles in 25..155 deg that is
// below 1e-13 absolute
TEST(Geometry, DihedralCosMatchesTheCrossProductDefinition)
{
  std::mt19937_64 rng(501);
  double worst = 0, worst_abs = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const double L = log_uniform(rng, 0.1, 10.0);
    double x[4][3], d[6];
    Geo<6>::random_config(rng, L, x, trial % 2 ? 25.0 : 2.0);
    dg::distances(dg::DIHEDRAL_PAIRS, x, d);
    const double c = dg::dihedral_cos(d), ref = Geo<6>::cart_cos(x);
    const double sj = sin_at(x[1], x[0], x[2]), sk = sin_at(x[2], x[1], x[3]);
    worst = std::max(worst, std::fabs(c - ref) / (EPS * (1 / (sj * sj) + 1 / (sk * sk) + 1 / (sj * sk))));
    if (trial % 2) worst_abs = std::max(worst_abs, std::fabs(c - ref));
  }
  EXPECT_LE(worst, 16.0);
  EXPECT_LE(worst_abs, 1e-13);
}

// IUPAC convention: trans = 180 deg (cos -1), cis = 0 (cos +1)
TEST(Geometry, DihedralCosFollowsTheIupacConvention)
{
  const double trans[4][3] = {{0, 1, 0}, {0, 0, 0}, {1, 0, 0}, {1, -1, 0}};
  const double cis[4][3] = {{0, 1, 0}, {0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
  const double perp[4][3] = {{0, 1, 0}, {0, 0, 0}, {1, 0, 0}, {1, 0, 1}};
  double d[6];
  dg::distances(dg::DIHEDRAL_PAIRS, trans, d);
  EXPECT_NEAR(dg::dihedral_cos(d), -1.0, 4 * EPS);
  EXPECT_NEAR(Geo<6>::cart_cos(trans), -1.0, 4 * EPS);
  dg::distances(dg::DIHEDRAL_PAIRS, cis, d);
  EXPECT_NEAR(dg::dihedral_cos(d), 1.0, 4 * EPS);
  dg::distances(dg::DIHEDRAL_PAIRS, perp, d);
  EXPECT_NEAR(dg::dihedral_cos(d), 0.0, 4 * EPS);
}

// cos is dimensionless: scaling all distances by 2^k (exact) changes nothing,
// bit for bit, also where the radicand floor is active (nearly collinear
// triples), and the result stays finite for (nearly) collinear i-j-k
TEST(Geometry, DihedralCosIsFiniteAndScaleFreeForNearlyCollinearTriples)
{
  std::mt19937_64 rng(502);
  const double scales[] = {std::ldexp(1.0, -40), std::ldexp(1.0, -20), std::ldexp(1.0, -4),
                           std::ldexp(1.0, 4), std::ldexp(1.0, 20), std::ldexp(1.0, 40)};
  for (double defl : {0.0, 1e-15, 1e-12, 1e-9, 1e-6, 1e-3}) {
    double worst = 0;
    for (int trial = 0; trial < 200; trial++) {
      // i - j - k with the angle at j = 180 deg - defl, l anywhere off the axis
      const V3 u = random_unit(rng), p = random_unit_at_angle(rng, u, 30.0);
      const V3 perp = mul(1.0 / norm(sub(p, mul(dot(p, u), u))), sub(p, mul(dot(p, u), u)));
      const V3 j = {uniform(rng, -2, 2), uniform(rng, -2, 2), uniform(rng, -2, 2)};
      const V3 i = sub(j, mul(uniform(rng, 1.0, 1.5), u));
      const V3 dir = add(mul(std::cos(defl), u), mul(std::sin(defl), perp));
      const V3 k = add(j, mul(uniform(rng, 1.0, 1.5), dir));
      const V3 l = add(k, mul(uniform(rng, 1.0, 1.5), random_unit_at_angle(rng, u, 30.0)));
      double x[4][3], d[6], ds[6];
      for (int c = 0; c < 3; c++) x[0][c] = i[c], x[1][c] = j[c], x[2][c] = k[c], x[3][c] = l[c];
      dg::distances(dg::DIHEDRAL_PAIRS, x, d);
      const double c0 = dg::dihedral_cos(d);
      ASSERT_TRUE(std::isfinite(c0)) << "deflection " << defl;
      for (double s : scales) {
        for (int q = 0; q < 6; q++) ds[q] = s * d[q];
        ASSERT_EQ(dg::dihedral_cos(ds), c0) << "deflection " << defl << " scale " << s;
      }
      if (defl >= 1e-6) {
        const double sj = sin_at(x[1], x[0], x[2]), sk = sin_at(x[2], x[1], x[3]);
        worst = std::max(worst, std::fabs(c0 - Geo<6>::cart_cos(x)) /
                                    (EPS * (1 / (sj * sj) + 1 / (sk * sk) + 1 / (sj * sk))));
      }
    }
    EXPECT_LE(worst, 16.0) << "deflection " << defl;
  }
  // exactly collinear, exact distances: the radicand is exactly 0 and floored
  const double line[4][3] = {{-1, 0, 0}, {0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
  double d[6];
  dg::distances(dg::DIHEDRAL_PAIRS, line, d);
  EXPECT_TRUE(std::isfinite(dg::dihedral_cos(d)));
  // the same in SI-like lengths (1e-10) and in large ones (1e4)
  for (double s : {1e-10, 1e4}) {
    double ds[6], x[4][3];
    for (int a = 0; a < 4; a++)
      for (int c = 0; c < 3; c++) x[a][c] = s * line[a][c];
    dg::distances(dg::DIHEDRAL_PAIRS, x, ds);
    EXPECT_TRUE(std::isfinite(dg::dihedral_cos(ds))) << "scale " << s;
  }
}

// (a^2 + b^2 - c^2) / (2ab) against <R_ji, R_jk> / (|R_ji| |R_jk|): the numerator
// cancels, so the tolerance is eps (a^2 + b^2 + c^2) / (2ab)
TEST(Geometry, AngleCosMatchesTheDotProduct)
{
  std::mt19937_64 rng(503);
  double worst = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const double L = log_uniform(rng, 0.1, 10.0);
    double x[3][3], d[3];
    Geo<3>::random_config(rng, L, x, trial % 2 ? 25.0 : 0.5);
    dg::distances(dg::ANGLE_PAIRS, x, d);
    const double c = dg::angle_cos(d[0], d[1], d[2]), ref = Geo<3>::cart_cos(x);
    worst = std::max(worst, std::fabs(c - ref) /
                                (EPS * (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) / (2 * d[0] * d[1])));
  }
  EXPECT_LE(worst, 8.0);
}
