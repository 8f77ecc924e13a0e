// The midpoint discrete gradient of bonded terms (lib/geomint/dg.h midpoint_dg)
// and the Cartesian term energies it uses (lib/geomint/dg_terms.h), alone:
// gradients against finite differences, the DG identity, momentum and angular
// momentum, symmetry, second order, and adversarial geometry (straight angles,
// coincident atoms, planar and collinear terms, tiny and huge steps), where
// nothing may be NaN or Inf.  Tolerances are multiples of the round-off of the
// quantities compared.
#include "geomint/dg.h"
#include "geomint/dg_terms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace {

using namespace geomint::dg;

constexpr double EPS = std::numeric_limits<double>::epsilon();

double uniform(std::mt19937_64 &rng, double a, double b)
{
  return std::uniform_real_distribution<double>(a, b)(rng);
}

// the potentials under test, as energy(x, grad) of NATOM atoms
struct Angles {
  static constexpr int N = 3;
  int kind;    // 0 harmonic, 1 cosine/squared
  double operator()(const double (&x)[3][3], double (*g)[3]) const
  {
    if (kind == 0) return angle_energy(x, g, AngleHarmonic{40.0, 1.9});
    return angle_energy(x, g, AngleCosineSquared{25.0, std::cos(1.95)});
  }
};

const double BUTANE[6] = {2.2, -2.9, -3.1, 0.73, 6.3, 7.5};
struct Dihedrals {
  static constexpr int N = 4;
  int kind;    // 0 cos polynomial (butane), 1 OPLS
  double operator()(const double (&x)[4][3], double (*g)[3]) const
  {
    if (kind == 0) return dihedral_energy(x, g, DihedralCosPolynomial{BUTANE, 6});
    return dihedral_energy(x, g, DihedralOPLS{0.7, -0.08, 0.14, 0.05});
  }
};

// a random term: bonds of length ~1.0-1.6 in random directions
template <int N> void random_term(std::mt19937_64 &rng, double (&x)[N][3])
{
  for (int d = 0; d < 3; d++) x[0][d] = uniform(rng, -2.0, 2.0);
  for (int a = 1; a < N; a++) {
    double u[3], n = 0.0;
    do {
      n = 0.0;
      for (int d = 0; d < 3; d++) {
        u[d] = uniform(rng, -1.0, 1.0);
        n += u[d] * u[d];
      }
    } while (n > 1.0 || n < 1e-2);
    const double len = uniform(rng, 1.0, 1.6) / std::sqrt(n);
    for (int d = 0; d < 3; d++) x[a][d] = x[a - 1][d] + len * u[d];
    if (a >= 2) {    // a generic term: bond angles between 25 and 155 degrees
      double b1[3], b2[3];
      for (int d = 0; d < 3; d++) {
        b1[d] = x[a - 2][d] - x[a - 1][d];
        b2[d] = x[a][d] - x[a - 1][d];
      }
      const double c = dot3(b1, b2) / std::sqrt(dot3(b1, b1) * dot3(b2, b2));
      if (std::fabs(c) > std::cos(25.0 * M_PI / 180.0)) a--;    // draw this atom again
    }
  }
}

// five-point central difference: truncation h^4 V^(5) / 30, rounding ~ eps V / h
template <int N, class E> double fd_gradient(const E &energy, const double (&x)[N][3], int a, int d)
{
  const double h = 1e-3;
  auto at = [&](double t) {
    double xs[N][3];
    std::copy(&x[0][0], &x[0][0] + 3 * N, &xs[0][0]);
    xs[a][d] += t;
    return energy(xs, nullptr);
  };
  return (8.0 * (at(h) - at(-h)) - (at(2 * h) - at(-2 * h))) / (12.0 * h);
}

struct Checks {
  double identity;    // |<f, dx> + (V' - V)| / round-off scale
  double momentum;    // |sum f| / (sum |f|) / eps
  double torque;      // |sum xm x f| / (sum |xm||f|) / eps
  bool finite;
};

template <int N, class E>
Checks check(const E &energy, const double (&xo)[N][3], const double (&xn)[N][3])
{
  double f[N][3] = {}, xmid[N][3], gm[N][3];
  double vo = 0.0, vn = 0.0;
  midpoint_dg(xo, xn, energy, f, vo, vn);
  for (int a = 0; a < N; a++)
    for (int d = 0; d < 3; d++) xmid[a][d] = 0.5 * (xo[a][d] + xn[a][d]);
  energy(xmid, gm);
  Checks c{0.0, 0.0, 0.0, std::isfinite(vo) && std::isfinite(vn)};
  // the round-off scale of the identity: |V|, |V'| and the terms of <grad, dx>
  // and <correction, dx> (correction = -f - grad V(xm))
  double fdx = 0.0, scale = std::fabs(vo) + std::fabs(vn), fsum[3] = {0, 0, 0}, fabs_sum = 0.0;
  double tq[3] = {0, 0, 0}, tq_scale = 0.0;
  for (int a = 0; a < N; a++) {
    double xm[3], fa = 0.0, xa = 0.0;
    for (int d = 0; d < 3; d++) {
      c.finite = c.finite && std::isfinite(f[a][d]);
      const double dx = xn[a][d] - xo[a][d];
      fdx += f[a][d] * dx;
      scale += std::fabs(gm[a][d] * dx) + std::fabs((f[a][d] + gm[a][d]) * dx);
      fsum[d] += f[a][d];
      xm[d] = 0.5 * (xo[a][d] + xn[a][d]);
      fa += f[a][d] * f[a][d];
      xa += xm[d] * xm[d];
    }
    double t[3];
    cross3(xm, f[a], t);
    for (int d = 0; d < 3; d++) tq[d] += t[d];
    fabs_sum += std::sqrt(fa);
    tq_scale += std::sqrt(fa * xa);
  }
  c.identity = std::fabs(fdx + (vn - vo)) / (EPS * scale);
  c.momentum = fabs_sum > 0.0 ? std::sqrt(fsum[0] * fsum[0] + fsum[1] * fsum[1] + fsum[2] * fsum[2]) /
          (EPS * fabs_sum) : 0.0;
  c.torque = tq_scale > 0.0 ? std::sqrt(tq[0] * tq[0] + tq[1] * tq[1] + tq[2] * tq[2]) /
          (EPS * tq_scale) : 0.0;
  return c;
}

template <class E> void gradients_match_finite_differences(const E &energy, int trials)
{
  constexpr int N = E::N;
  std::mt19937_64 rng(11);
  double worst = 0.0;
  for (int t = 0; t < trials; t++) {
    double x[N][3], g[N][3];
    random_term(rng, x);
    energy(x, g);
    double gmax = 0.0;
    for (int a = 0; a < N; a++)
      for (int d = 0; d < 3; d++) gmax = std::max(gmax, std::fabs(g[a][d]));
    for (int a = 0; a < N; a++)
      for (int d = 0; d < 3; d++)
        worst = std::max(worst, std::fabs(g[a][d] - fd_gradient(energy, x, a, d)) / (gmax + 1.0));
  }
  // central differences with h = 1e-5: truncation ~ h^2 V''' ~ 1e-9, rounding ~ eps V / h ~ 1e-10
  EXPECT_LT(worst, 1e-7);
}

}    // namespace

TEST(MidpointDG, TermGradientsMatchFiniteDifferences)
{
  gradients_match_finite_differences(Angles{0}, 300);
  gradients_match_finite_differences(Angles{1}, 300);
  gradients_match_finite_differences(Dihedrals{0}, 300);
  gradients_match_finite_differences(Dihedrals{1}, 300);
}

TEST(MidpointDG, OPLSRecursionIsTheCosineSeries)
{
  std::mt19937_64 rng(3);
  const DihedralOPLS u{0.7, -0.08, 0.14, 0.05};
  for (int t = 0; t < 200; t++) {
    const double phi = uniform(rng, -M_PI, M_PI);
    double dudphi;
    const double v = u(std::cos(phi), std::sin(phi), dudphi);
    const double ref = u.k1 * (1 + std::cos(phi)) + u.k2 * (1 - std::cos(2 * phi)) +
        u.k3 * (1 + std::cos(3 * phi)) + u.k4 * (1 - std::cos(4 * phi));
    const double dref = -u.k1 * std::sin(phi) + 2 * u.k2 * std::sin(2 * phi) -
        3 * u.k3 * std::sin(3 * phi) + 4 * u.k4 * std::sin(4 * phi);
    EXPECT_NEAR(v, ref, 32 * EPS);
    EXPECT_NEAR(dudphi, dref, 64 * EPS);
  }
}

// the sign of phi as LAMMPS's dihedral charmm: a right-handed twist about the
// central bond 1->2, seen from atom 1, is positive
TEST(MidpointDG, DihedralAngleHasTheLammpsSign)
{
  const double x[4][3] = {{1, 0, 0}, {0, 0, 0}, {0, 0, 1}, {0, 1, 1}};
  double c, s;
  dihedral_geom(x, c, s, nullptr);
  EXPECT_NEAR(c, 0.0, EPS);
  // LAMMPS: s = |G| (A . H) / (|A||B|) with F = x0-x1, G = x1-x2, H = x3-x2, A = F x G
  const double F[3] = {1, 0, 0}, G[3] = {0, 0, -1}, H[3] = {0, 1, 0};
  double A[3], B[3];
  cross3(F, G, A);
  cross3(H, G, B);
  const double sref = 1.0 * dot3(A, H) / std::sqrt(dot3(A, A) * dot3(B, B));
  EXPECT_NEAR(s, sref, EPS);
  EXPECT_NEAR(std::fabs(s), 1.0, EPS);
}

namespace {
template <class E> void identities_over_random_steps(const E &energy, std::uint64_t seed)
{
  constexpr int N = E::N;
  std::mt19937_64 rng(seed);
  double wi = 0.0, wm = 0.0, wt = 0.0;
  bool finite = true;
  for (int t = 0; t < 3000; t++) {
    double xo[N][3], xn[N][3];
    random_term(rng, xo);
    // steps from 1e-14 to 0.5 of a bond length, per atom
    const double step = std::pow(10.0, uniform(rng, -14.0, -0.3));
    for (int a = 0; a < N; a++)
      for (int d = 0; d < 3; d++) xn[a][d] = xo[a][d] + step * uniform(rng, -1.0, 1.0);
    const Checks c = check(energy, xo, xn);
    finite = finite && c.finite;
    wi = std::max(wi, c.identity);
    wm = std::max(wm, c.momentum);
    wt = std::max(wt, c.torque);
  }
  EXPECT_TRUE(finite);
  // the identity: the correction makes <f, dx> = -(V' - V) by construction, so only
  // the round-off of the sums remains (a few eps of the largest term)
  EXPECT_LT(wi, 64.0);
  // momentum: the central correction sums to zero exactly; the gradient's own
  // sum to zero and torque-freeness are round-off of the term formulas
  EXPECT_LT(wm, 256.0);
  EXPECT_LT(wt, 256.0);
}
}    // namespace

TEST(MidpointDG, IdentityAndMomentaHoldToRoundOff)
{
  identities_over_random_steps(Angles{0}, 21);
  identities_over_random_steps(Angles{1}, 22);
  identities_over_random_steps(Dihedrals{0}, 23);
  identities_over_random_steps(Dihedrals{1}, 24);
}

TEST(MidpointDG, IsSymmetricAndEqualsTheGradientAtCoincidence)
{
  std::mt19937_64 rng(5);
  const Dihedrals e{0};
  for (int t = 0; t < 200; t++) {
    double xo[4][3], xn[4][3], f1[4][3] = {}, f2[4][3] = {}, f0[4][3] = {}, g[4][3];
    random_term(rng, xo);
    for (int a = 0; a < 4; a++)
      for (int d = 0; d < 3; d++) xn[a][d] = xo[a][d] + 0.05 * uniform(rng, -1.0, 1.0);
    double vo, vn;
    midpoint_dg(xo, xn, e, f1, vo, vn);
    midpoint_dg(xn, xo, e, f2, vo, vn);
    midpoint_dg(xo, xo, e, f0, vo, vn);
    e(xo, g);
    double fmax = 0.0;
    for (int a = 0; a < 4; a++)
      for (int d = 0; d < 3; d++) fmax = std::max(fmax, std::fabs(f1[a][d]) + std::fabs(g[a][d]));
    for (int a = 0; a < 4; a++)
      for (int d = 0; d < 3; d++) {
        EXPECT_NEAR(f1[a][d], f2[a][d], 64 * EPS * fmax);
        EXPECT_EQ(f0[a][d], -g[a][d]);
      }
  }
}

// |DG - grad V(xm)| = O(|dx|^2): halving the step quarters the difference
TEST(MidpointDG, IsSecondOrder)
{
  std::mt19937_64 rng(6);
  const Dihedrals e{1};
  int quartered = 0, trials = 100;
  for (int t = 0; t < trials; t++) {
    double xo[4][3], dir[4][3];
    random_term(rng, xo);
    for (int a = 0; a < 4; a++)
      for (int d = 0; d < 3; d++) dir[a][d] = uniform(rng, -1.0, 1.0);
    double err[2];
    for (int k = 0; k < 2; k++) {
      const double h = k == 0 ? 2e-3 : 1e-3;
      double xn[4][3], xm[4][3], f[4][3] = {}, g[4][3], vo, vn;
      for (int a = 0; a < 4; a++)
        for (int d = 0; d < 3; d++) {
          xn[a][d] = xo[a][d] + h * dir[a][d];
          xm[a][d] = xo[a][d] + 0.5 * h * dir[a][d];
        }
      midpoint_dg(xo, xn, e, f, vo, vn);
      e(xm, g);
      err[k] = 0.0;
      for (int a = 0; a < 4; a++)
        for (int d = 0; d < 3; d++) err[k] = std::max(err[k], std::fabs(f[a][d] + g[a][d]));
    }
    if (err[0] / err[1] > 3.0 && err[0] / err[1] < 5.0) quartered++;
  }
  EXPECT_GE(quartered, 90);
}

// straight angles, coincident atoms, collinear and planar terms, a bond through
// zero length, huge steps: finite, and the identity and momenta still hold
TEST(MidpointDG, AdversarialGeometryStaysFiniteAndExact)
{
  const double straight3[3][3] = {{-1.5, 0, 0}, {0, 0, 0}, {1.4, 0, 0}};
  const double folded3[3][3] = {{1.5, 0, 0}, {0, 0, 0}, {1.4, 0, 0}};
  const double coincident3[3][3] = {{0, 0, 0}, {0, 0, 0}, {1.4, 0.2, 0}};
  const double collinear4[4][3] = {{-1.5, 0, 0}, {0, 0, 0}, {1.5, 0, 0}, {3.0, 0, 0}};
  const double straight4[4][3] = {{-1.5, 0, 0}, {0, 0, 0}, {1.5, 0, 0}, {2.0, 1.4, 0}};
  const double trans4[4][3] = {{-0.5, 1.4, 0}, {0, 0, 0}, {1.5, 0, 0}, {2.0, -1.4, 0}};
  const double coincident4[4][3] = {{0, 0, 0}, {0, 0, 0}, {1.5, 0, 0}, {2.0, 1.4, 0}};
  std::mt19937_64 rng(8);
  auto run = [&](const auto &energy, const auto &base) {
    constexpr int N = std::remove_reference<decltype(energy)>::type::N;
    double worst = 0.0;
    for (int t = 0; t < 400; t++) {
      double xo[N][3], xn[N][3];
      // exactly the degenerate geometry at one end, or at both ends of a move
      // along it (a rigid or an in-plane step), or through it
      const int mode = t % 4;
      const double step = std::pow(10.0, uniform(rng, -12.0, 0.3));
      for (int a = 0; a < N; a++)
        for (int d = 0; d < 3; d++) {
          const double r = step * uniform(rng, -1.0, 1.0);
          xo[a][d] = base[a][d] - (mode == 2 ? r : 0.0);
          xn[a][d] = base[a][d] + (mode == 1 ? (d == 0 ? r : 0.0) : (mode == 3 ? 0.0 : r));
          if (mode == 3) xo[a][d] = base[a][d] + (d == 2 ? 0.0 : r);
        }
      const Checks c = check(energy, xo, xn);
      EXPECT_TRUE(c.finite) << "mode " << mode << " step " << step;
      worst = std::max(worst, c.identity);
      EXPECT_LT(c.momentum, 256.0);
    }
    EXPECT_LT(worst, 64.0);
  };
  for (int kind = 0; kind < 2; kind++) {
    run(Angles{kind}, straight3);
    run(Angles{kind}, folded3);
    run(Angles{kind}, coincident3);
    run(Dihedrals{kind}, collinear4);
    run(Dihedrals{kind}, straight4);
    run(Dihedrals{kind}, trans4);
    run(Dihedrals{kind}, coincident4);
  }
}

// the paper's distance DG (dg sym/left/right) on tuples that no geometry
// realises (triangle inequalities violated, as the mixed old/new path states
// can be), on straight and folded angles and on a vanishing distance: finite
TEST(PathDGRobustness, NonRealisableAndDegenerateTuplesStayFinite)
{
  std::mt19937_64 rng(31);
  const auto dihedral = [](const double *d) {
    double dudphi;
    return DihedralCosPolynomial{BUTANE, 6}(dihedral_cos(d), 0.0, dudphi);
  };
  const auto angle = [](const double *d) {
    double dudc;
    return AngleHarmonic{40.0, 1.9}(clamp1(angle_cos(d[0], d[1], d[2])), dudc);
  };
  for (int t = 0; t < 2000; t++) {
    double d[6], dn[6], delta[6], vo, vn;
    for (int k = 0; k < 6; k++) {
      d[k] = uniform(rng, 0.0, 4.0);    // anything, including 0 and impossible triples
      dn[k] = t % 3 == 0 ? d[k] : uniform(rng, 0.0, 4.0);
    }
    if (t % 5 == 0) d[3] = d[0] + d[1];    // straight angle i-j-k
    if (t % 7 == 0) dn[4] = std::fabs(dn[1] - dn[2]);    // folded angle j-k-l
    for (int variant : {SYM, LEFT, RIGHT}) {
      path_dg<6>(d, dn, dihedral, variant, delta, &vo, &vn);
      for (int k = 0; k < 6; k++) EXPECT_TRUE(std::isfinite(delta[k])) << t;
      EXPECT_TRUE(std::isfinite(vo) && std::isfinite(vn)) << t;
      path_dg<3>(d, dn, angle, variant, delta, &vo, &vn);
      for (int k = 0; k < 3; k++) EXPECT_TRUE(std::isfinite(delta[k])) << t;
    }
  }
}
