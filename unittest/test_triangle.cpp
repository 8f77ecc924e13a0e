// Kernel tests for in-triangle points: lib/geomint/triangle.h and
// lib/geomint/mesh_table.h alone, no LAMMPS.
// Exact identities are checked to round-off: tolerances are a small multiple
// of the double epsilon times the scale of the quantity.  Where the
// inward nudge (LAMBDA_EPS = 1e-10 in barycentrics at every edge event) enters,
// the tolerance is a small multiple of LAMBDA_EPS times the edge length per event.
#include "geomint/mesh_table.h"
#include "geomint/triangle.h"

#include "vec3.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace geomint;

namespace {

constexpr double EPS = std::numeric_limits<double>::epsilon();

using namespace geomint_test;    // V3, add, sub, mul, dot, cross, norm, unit, to_v3

bool finite3(const double *p)
{
  return std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2]);
}

double uniform(std::mt19937_64 &rng, double a, double b)
{
  return std::uniform_real_distribution<double>(a, b)(rng);
}

V3 random_unit(std::mt19937_64 &rng)
{
  std::normal_distribution<double> g;
  V3 u = {g(rng), g(rng), g(rng)};
  return unit(u);
}

// a uniformly random rotation (unit quaternion from four normals)
struct Rotation {
  double q[3][3];
  V3 operator()(const V3 &a) const
  {
    V3 r;
    for (int i = 0; i < 3; i++) r[i] = q[i][0] * a[0] + q[i][1] * a[1] + q[i][2] * a[2];
    return r;
  }
};

Rotation random_rotation(std::mt19937_64 &rng)
{
  std::normal_distribution<double> g;
  double w = g(rng), x = g(rng), y = g(rng), z = g(rng);
  const double s = 1.0 / std::sqrt(w * w + x * x + y * y + z * z);
  w *= s, x *= s, y *= s, z *= s;
  Rotation R;
  R.q[0][0] = 1 - 2 * (y * y + z * z), R.q[0][1] = 2 * (x * y - z * w), R.q[0][2] = 2 * (x * z + y * w);
  R.q[1][0] = 2 * (x * y + z * w), R.q[1][1] = 1 - 2 * (x * x + z * z), R.q[1][2] = 2 * (y * z - x * w);
  R.q[2][0] = 2 * (x * z - y * w), R.q[2][1] = 2 * (y * z + x * w), R.q[2][2] = 1 - 2 * (x * x + y * y);
  return R;
}

struct Tri {
  V3 R[3];
  double L;       // longest edge
  double size;    // max(L, largest |R_i|): the scale of absolute round-off
};

Tri make_tri(const V3 &a, const V3 &b, const V3 &c)
{
  Tri T;
  T.R[0] = a, T.R[1] = b, T.R[2] = c;
  T.L = std::max(norm(sub(b, a)), std::max(norm(sub(c, a)), norm(sub(c, b))));
  T.size = std::max(T.L, std::max(norm(a), std::max(norm(b), norm(c))));
  return T;
}

// random well-shaped triangle (2 area >= 0.2 L^2) of longest edge ~L, randomly
// rotated and shifted by up to 2L
Tri random_triangle(std::mt19937_64 &rng, double L)
{
  while (true) {
    V3 p[3];
    for (auto &q : p) q = {uniform(rng, -L, L), uniform(rng, -L, L), 0.0};
    const Tri flat = make_tri(p[0], p[1], p[2]);
    if (norm(cross(sub(p[1], p[0]), sub(p[2], p[0]))) < 0.2 * flat.L * flat.L) continue;
    const Rotation Q = random_rotation(rng);
    const V3 shift = {uniform(rng, -2 * L, 2 * L), uniform(rng, -2 * L, 2 * L),
                      uniform(rng, -2 * L, 2 * L)};
    return make_tri(add(Q(p[0]), shift), add(Q(p[1]), shift), add(Q(p[2]), shift));
  }
}

TriFrame frame_of(const Tri &T)
{
  TriFrame F;
  tri_frame(T.R[0].data(), T.R[1].data(), T.R[2].data(), F);
  return F;
}

V3 normal_of(const Tri &T) { return unit(cross(sub(T.R[1], T.R[0]), sub(T.R[2], T.R[0]))); }

// independent barycentric gradients: grad l_k = N x (R_{k+2} - R_{k+1}) / |N|^2
V3 grad_lambda(const Tri &T, int k)
{
  const V3 N = cross(sub(T.R[1], T.R[0]), sub(T.R[2], T.R[0]));
  return mul(1.0 / dot(N, N), cross(N, sub(T.R[(k + 2) % 3], T.R[(k + 1) % 3])));
}

// a random point of the simplex with every l_k >= lo
void random_lambda(std::mt19937_64 &rng, double lam[3], double lo = 0.0)
{
  double a = uniform(rng, 0, 1), b = uniform(rng, 0, 1);
  if (a + b > 1) a = 1 - a, b = 1 - b;
  const double s = 1 - 3 * lo;
  lam[1] = lo + s * a;
  lam[2] = lo + s * b;
  lam[0] = 1.0 - lam[1] - lam[2];
}

// a random vector in the plane of T, of length speed
V3 random_inplane(std::mt19937_64 &rng, const Tri &T, double speed)
{
  const V3 n = normal_of(T);
  V3 u = random_unit(rng);
  u = sub(u, mul(dot(u, n), n));
  return mul(speed / norm(u), u);
}

}    // namespace

/* ----------------------------------------------------------------------
   triangle frame, metric and projection
------------------------------------------------------------------------- */

// Pu is the orthogonal projection onto the plane: in the plane, idempotent,
// A^T P u = A^T u, equal to u - (u.n)n; ldot are the barycentric rates
// grad(l_k).u with sum 0; over scales 1e-3..1e3 and random orientations.
TEST(TriangleFrame, ProjectionIsTheOrthogonalProjectionOntoThePlane)
{
  std::mt19937_64 rng(20240611);
  double w_plane = 0, w_idem = 0, w_atu = 0, w_orth = 0, w_ldot = 0, w_sum = 0;
  for (int trial = 0; trial < 3000; trial++) {
    const double L = std::pow(10.0, uniform(rng, -3, 3));
    const Tri T = random_triangle(rng, L);
    const TriFrame F = frame_of(T);
    ASSERT_FALSE(tri_degenerate(F));
    const V3 n = normal_of(T);
    const double speed = std::pow(10.0, uniform(rng, -3, 3));
    const V3 u = mul(speed, random_unit(rng));
    double ldot[3], pu[3], ldot2[3], ppu[3];
    tri_project(F, u.data(), ldot, pu);
    tri_project(F, pu, ldot2, ppu);
    const V3 P = to_v3(pu), PP = to_v3(ppu);
    w_plane = std::max(w_plane, std::fabs(dot(P, n)) / speed);
    w_idem = std::max(w_idem, norm(sub(PP, P)) / speed);
    double a[2], b[2];
    tri_at(F, u.data(), a);
    tri_at(F, pu, b);
    w_atu = std::max(w_atu, std::max(std::fabs(a[0] - b[0]), std::fabs(a[1] - b[1])) / (L * speed));
    w_orth = std::max(w_orth, norm(sub(P, sub(u, mul(dot(u, n), n)))) / speed);
    for (int k = 0; k < 3; k++)
      w_ldot = std::max(w_ldot, std::fabs(ldot[k] - dot(grad_lambda(T, k), u)) * L / speed);
    const double lmax = std::max(std::fabs(ldot[0]), std::max(std::fabs(ldot[1]), std::fabs(ldot[2])));
    w_sum = std::max(w_sum, std::fabs(ldot[0] + ldot[1] + ldot[2]) / lmax);
  }
  // well-shaped triangles: cond(G) <= ~25, so a few tens of ulps at most
  EXPECT_LE(w_plane, 64 * EPS);
  EXPECT_LE(w_idem, 64 * EPS);
  EXPECT_LE(w_atu, 64 * EPS);
  EXPECT_LE(w_orth, 64 * EPS);
  EXPECT_LE(w_ldot, 256 * EPS);
  EXPECT_LE(w_sum, 4 * EPS);
}

// for in-plane u = alpha e2 + beta e3: tri_from_at(tri_at(u)) = u with
// ldot = (-alpha-beta, alpha, beta)
TEST(TriangleFrame, FromAtInvertsAtOnInPlaneVectors)
{
  std::mt19937_64 rng(77);
  double worst_u = 0, worst_l = 0;
  for (int trial = 0; trial < 3000; trial++) {
    const double L = std::pow(10.0, uniform(rng, -3, 3));
    const Tri T = random_triangle(rng, L);
    const TriFrame F = frame_of(T);
    const double alpha = uniform(rng, -1, 1), beta = uniform(rng, -1, 1);
    const V3 u = add(mul(alpha, sub(T.R[1], T.R[0])), mul(beta, sub(T.R[2], T.R[0])));
    double w[2], ldot[3], back[3];
    tri_at(F, u.data(), w);
    tri_from_at(F, w, ldot, back);
    worst_u = std::max(worst_u, norm(sub(to_v3(back), u)) / (L * (std::fabs(alpha) + std::fabs(beta))));
    const double ref[3] = {-alpha - beta, alpha, beta};
    for (int k = 0; k < 3; k++) worst_l = std::max(worst_l, std::fabs(ldot[k] - ref[k]));
  }
  EXPECT_LE(worst_u, 64 * EPS);
  EXPECT_LE(worst_l, 128 * EPS);
}

// r(lambda) = R1 + (R2-R1) l2 + (R3-R1) l3 gives the vertices at unit
// barycentrics and sum_k l_k R_k in general; G and det are A^T A
TEST(TriangleFrame, PointAndMetricMatchTheirDefinitions)
{
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 500; trial++) {
    const Tri T = random_triangle(rng, std::pow(10.0, uniform(rng, -3, 3)));
    const TriFrame F = frame_of(T);
    const double tol = 4 * EPS * T.size;
    for (int k = 0; k < 3; k++) {
      double lam[3] = {0, 0, 0}, x[3];
      lam[k] = 1.0;
      tri_point(F, lam, x);
      EXPECT_LE(norm(sub(to_v3(x), T.R[k])), tol) << "vertex " << k;
    }
    double lam[3], x[3];
    random_lambda(rng, lam);
    tri_point(F, lam, x);
    const V3 ref = add(add(mul(lam[0], T.R[0]), mul(lam[1], T.R[1])), mul(lam[2], T.R[2]));
    EXPECT_LE(norm(sub(to_v3(x), ref)), tol);
    const V3 e2 = sub(T.R[1], T.R[0]), e3 = sub(T.R[2], T.R[0]);
    const double L2 = T.L * T.L;
    EXPECT_NEAR(F.g11, dot(e2, e2), 4 * EPS * L2);
    EXPECT_NEAR(F.g12, dot(e2, e3), 4 * EPS * L2);
    EXPECT_NEAR(F.g22, dot(e3, e3), 4 * EPS * L2);
    const double area2 = norm(cross(e2, e3));    // sqrt(det G) = 2 area
    EXPECT_NEAR(F.det, area2 * area2, 32 * EPS * L2 * L2);
    EXPECT_NEAR(F.l2max, L2, 8 * EPS * L2);
    EXPECT_FALSE(tri_degenerate(F));
  }
}

TEST(TriangleFrame, DegenerateTrianglesAreDetected)
{
  const double a[3] = {0.3, -1.0, 2.0}, b[3] = {1.3, 0.0, 2.5}, c[3] = {3.3, 2.0, 3.5};
  TriFrame F;
  tri_frame(a, b, c, F);    // collinear: c - a = 3 (b - a)
  EXPECT_TRUE(tri_degenerate(F));
  tri_frame(a, a, b, F);    // two equal vertices
  EXPECT_TRUE(tri_degenerate(F));
  tri_frame(a, a, a, F);    // a point (0 <= 0)
  EXPECT_TRUE(tri_degenerate(F));
  // a needle with height 1e-9 of its length: 2 area / L^2 = 1e-9 > 1e-12, fine
  // (g11 g22 - g12^2 would give 1 * 0.25 - 0.5^2 = 0 here)
  const double d[3] = {0, 0, 0}, e[3] = {1, 0, 0}, f[3] = {0.5, 1e-9, 0};
  tri_frame(d, e, f, F);
  EXPECT_FALSE(tri_degenerate(F));
  EXPECT_NEAR(F.det, 1e-18, 1e-18 * 4 * EPS);
  const double g[3] = {0.5, 1e-14, 0};    // 2 area / L^2 = 1e-14: degenerate
  tri_frame(d, e, g, F);
  EXPECT_TRUE(tri_degenerate(F));
}

// random collinear triples (rounded: not exactly on a line) are all degenerate,
// and thin but legal triangles (2 area / L^2 from 1e-6 to 1e-11, above the
// threshold 2 area / L^2 = 1e-12, i.e. det G = DEGENERATE_DET L^4) are not,
// with det G = (2 area)^2 to a relative error of ~eps L^2 / (2 area)
TEST(TriangleFrame, DegeneracyIsResolvedDownToTheThreshold)
{
  std::mt19937_64 rng(6);
  int missed = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const V3 a = {uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)};
    const V3 dir = random_unit(rng);
    const V3 b = add(a, mul(uniform(rng, -2, 2), dir)), c = add(a, mul(uniform(rng, -2, 2), dir));
    TriFrame F;
    tri_frame(a.data(), b.data(), c.data(), F);
    missed += !tri_degenerate(F);
  }
  EXPECT_EQ(missed, 0);
  for (double h : {1e-6, 1e-8, 1e-9, 1e-10, 1e-11}) {
    int flagged = 0;
    double worst = 0;
    for (int trial = 0; trial < 2000; trial++) {
      const Rotation Q = random_rotation(rng);
      const V3 a = {uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)};
      const double x = uniform(rng, 0.1, 0.9);
      const V3 b = add(a, Q({1, 0, 0})), c = add(a, Q({x, h, 0}));
      TriFrame F;
      tri_frame(a.data(), b.data(), c.data(), F);
      flagged += tri_degenerate(F);
      const double area2 = norm(cross(sub(b, a), sub(c, a)));
      worst = std::max(worst, std::fabs(F.det - area2 * area2) / (area2 * area2));
    }
    EXPECT_EQ(flagged, 0) << "2 area / L^2 = " << h;
    EXPECT_LE(worst, 64 * EPS / h) << "2 area / L^2 = " << h;
  }
}

/* ----------------------------------------------------------------------
   the inward clamp
------------------------------------------------------------------------- */

TEST(Clamp, LeavesInteriorPointsUnchanged)
{
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 10000; trial++) {
    double lam[3];
    random_lambda(rng, lam, LAMBDA_EPS);
    const double before[3] = {lam[0], lam[1], lam[2]};
    clamp_barycentric(lam);
    for (int k = 0; k < 3; k++) ASSERT_EQ(lam[k], before[k]) << "trial " << trial << " k " << k;
  }
  double exact[3] = {LAMBDA_EPS, LAMBDA_EPS, 1.0 - 2 * LAMBDA_EPS};
  exact[0] = 1.0 - exact[1] - exact[2];
  const double copy[3] = {exact[0], exact[1], exact[2]};
  clamp_barycentric(exact);
  for (int k = 0; k < 3; k++) EXPECT_EQ(exact[k], copy[k]);
}

// points on or just outside an edge or a vertex: the result sums to 1, every
// l_k >= eps (to round-off), only the small entries and the largest change,
// and the largest pays exactly what was added
TEST(Clamp, NudgesBoundaryPointsInside)
{
  std::mt19937_64 rng(12);
  double worst_sum = 0, worst_low = 0, worst_budget = 0;
  for (int trial = 0; trial < 20000; trial++) {
    double lam[3];
    random_lambda(rng, lam);
    const int nsmall = 1 + trial % 2;    // an edge or a vertex
    const int k0 = static_cast<int>(rng() % 3);
    for (int s = 0; s < nsmall; s++) {
      const int k = (k0 + s) % 3;
      const double r = uniform(rng, 0, 1);
      lam[k] = r < 0.2 ? 0.0 : r < 0.4 ? -0.0 : uniform(rng, -3e-10, 2e-10);
    }
    // renormalise through l1 (as the drift does) or leave the sum slightly off
    if (trial % 3) lam[0] = 1.0 - lam[1] - lam[2];
    const double before[3] = {lam[0], lam[1], lam[2]};
    const double sum_before = before[0] + before[1] + before[2];
    clamp_barycentric(lam);
    EXPECT_EQ(lam[0], 1.0 - lam[1] - lam[2]);
    worst_sum = std::max(worst_sum, std::fabs(lam[0] + lam[1] + lam[2] - 1.0));
    for (int k = 0; k < 3; k++) worst_low = std::max(worst_low, LAMBDA_EPS - lam[k]);
    // entries that were >= eps and are not the largest are untouched (l1 up to round-off)
    int kmax = 0;
    for (int k = 1; k < 3; k++)
      if (before[k] > before[kmax]) kmax = k;
    for (int k = 0; k < 3; k++) {
      if (k == kmax || before[k] < LAMBDA_EPS) continue;
      if (k == 0)
        EXPECT_NEAR(lam[k], before[k] + (1.0 - sum_before), 4 * EPS);
      else
        EXPECT_EQ(lam[k], before[k]);
    }
    // what the small entries gained is what the largest lost
    double gained = 0;
    for (int k = 0; k < 3; k++)
      if (before[k] < LAMBDA_EPS) gained += LAMBDA_EPS - before[k];
    // (l1 is recomputed from l2, l3, so it also absorbs 1 - sum_before)
    worst_budget = std::max(worst_budget, std::fabs((before[kmax] - lam[kmax]) - gained +
                                                    (kmax == 0 ? 1.0 - sum_before : 0.0)));
  }
  EXPECT_LE(worst_sum, 2 * EPS);
  EXPECT_LE(worst_low, 2 * EPS);
  EXPECT_LE(worst_budget, 4 * EPS);
}

/* ----------------------------------------------------------------------
   closest point on a triangle
------------------------------------------------------------------------- */

namespace {

// checks one query: lambda in the simplex, dist2 = |r(lambda) - p|^2, and
// r(lambda) satisfies the exact optimality condition of the closest point of a
// convex set, (p - q).(R_i - q) <= 0 at the three vertices; returns q
V3 check_closest(const Tri &T, const V3 &p, double lam[3], double &dist2)
{
  dist2 = closest_point_triangle(p.data(), T.R[0].data(), T.R[1].data(), T.R[2].data(), lam);
  const double scale = std::max(T.size, norm(p));
  for (int k = 0; k < 3; k++) EXPECT_GE(lam[k], -4 * EPS) << "k " << k;
  EXPECT_NEAR(lam[0] + lam[1] + lam[2], 1.0, 4 * EPS);
  const V3 q = add(add(mul(lam[0], T.R[0]), mul(lam[1], T.R[1])), mul(lam[2], T.R[2]));
  const double d = norm(sub(p, q));
  EXPECT_NEAR(std::sqrt(dist2), d, 16 * EPS * scale);
  for (int k = 0; k < 3; k++)
    EXPECT_LE(dot(sub(p, q), sub(T.R[k], q)), 64 * EPS * scale * scale) << "vertex " << k;
  return q;
}

}    // namespace

// points built in each Voronoi region, with a random offset along the normal:
// the closest point is the vertex, the foot on the edge, or the foot on the face
TEST(ClosestPoint, EachVoronoiRegionGivesItsAnalyticFoot)
{
  std::mt19937_64 rng(31);
  int nreg[7] = {0, 0, 0, 0, 0, 0, 0};
  for (int trial = 0; trial < 2000; trial++) {
    const Tri T = random_triangle(rng, std::pow(10.0, uniform(rng, -2, 2)));
    const V3 n = normal_of(T);
    const double L = T.L, tol = 64 * EPS * T.size;
    const double h = uniform(rng, -L, L);    // off the plane
    const int region = trial % 7;            // 0-2 vertex, 3-5 edge opposite k, 6 face
    V3 p, foot;
    double lref[3] = {0, 0, 0};
    if (region < 3) {
      const int i = region, j = (i + 1) % 3, k = (i + 2) % 3;
      // a direction with d.(R_j-R_i) < 0 and d.(R_k-R_i) < 0: inside the vertex's normal cone
      const V3 uj = unit(sub(T.R[j], T.R[i])), uk = unit(sub(T.R[k], T.R[i]));
      const double s = uniform(rng, 0.05, 0.95);
      V3 d = mul(-1.0, add(mul(s, uj), mul(1 - s, uk)));
      // tilt it inside the cone's opening: add a multiple of the outward normals
      const V3 nj = unit(sub(uj, mul(dot(uj, uk), uk))), nk = unit(sub(uk, mul(dot(uk, uj), uj)));
      d = sub(d, add(mul(uniform(rng, 0, 0.5), nj), mul(uniform(rng, 0, 0.5), nk)));
      if (!(dot(d, uj) < 0 && dot(d, uk) < 0)) continue;
      foot = T.R[i];
      lref[i] = 1.0;
      p = add(add(foot, mul(uniform(rng, 0.01, 2) * L / norm(d), d)), mul(h, n));
    } else if (region < 6) {
      const int k = region - 3, a = (k + 1) % 3, b = (k + 2) % 3;
      const double t = uniform(rng, 0.02, 0.98);
      foot = add(mul(1 - t, T.R[a]), mul(t, T.R[b]));
      const V3 e = unit(sub(T.R[b], T.R[a]));
      V3 nout = sub(T.R[a], T.R[k]);
      nout = unit(sub(nout, mul(dot(nout, e), e)));
      lref[a] = 1 - t, lref[b] = t;
      p = add(add(foot, mul(uniform(rng, 0.01, 2) * L, nout)), mul(h, n));
    } else {
      random_lambda(rng, lref, 0.01);
      foot = add(add(mul(lref[0], T.R[0]), mul(lref[1], T.R[1])), mul(lref[2], T.R[2]));
      p = add(foot, mul(h, n));
    }
    nreg[region]++;
    double lam[3], dist2;
    const V3 q = check_closest(T, p, lam, dist2);
    EXPECT_LE(norm(sub(q, foot)), tol) << "region " << region;
    for (int k = 0; k < 3; k++) EXPECT_NEAR(lam[k], lref[k], 1e-12) << "region " << region;
    EXPECT_NEAR(std::sqrt(dist2), norm(sub(p, foot)), tol) << "region " << region;
    if (region < 6) {    // vertex and edge feet are exactly on the boundary
      int zeros = 0;    // l1 = 1 - s - t is zero only to round-off on the edge R2-R3
      for (int k = 0; k < 3; k++) zeros += std::fabs(lam[k]) <= 2 * EPS;
      EXPECT_EQ(zeros, region < 3 ? 2 : 1) << "region " << region;
    }
  }
  for (int r = 0; r < 7; r++) EXPECT_GT(nreg[r], 200) << "region " << r;
}

// random points around the triangle against a dense sampling of it: the
// returned distance is never beaten by a sample and is within the sampling
// resolution of the best sample
TEST(ClosestPoint, MatchesBruteForceSampling)
{
  std::mt19937_64 rng(32);
  const int N = 300;    // samples l2 = i/N, l3 = j/N; covering radius <= L/N
  for (int trial = 0; trial < 40; trial++) {
    const Tri T = random_triangle(rng, 1.0);
    std::vector<V3> samples;
    for (int i = 0; i <= N; i++)
      for (int j = 0; i + j <= N; j++) {
        const double l2 = double(i) / N, l3 = double(j) / N;
        samples.push_back(add(T.R[0], add(mul(l2, sub(T.R[1], T.R[0])), mul(l3, sub(T.R[2], T.R[0])))));
      }
    const V3 c = mul(1.0 / 3, add(T.R[0], add(T.R[1], T.R[2])));
    for (int q = 0; q < 10; q++) {
      const V3 p = add(c, mul(uniform(rng, 0, 2) * T.L, random_unit(rng)));
      double lam[3], dist2;
      check_closest(T, p, lam, dist2);
      const double d = std::sqrt(dist2);
      double best = 1e300;
      for (const V3 &s : samples) best = std::min(best, norm(sub(p, s)));
      EXPECT_LE(d, best + 16 * EPS * T.size);
      EXPECT_LE(best - d, T.L / N);
    }
  }
}

/* ----------------------------------------------------------------------
   edge frame, reflection, transfer
------------------------------------------------------------------------- */

namespace {

// a folded hinge: T = (Ra, Rb, Rk), neighbour T' = (Rb, Ra, Rc) with the
// dihedral fold phi (phi = 0: flat, Rc on the other side of the edge from Rk)
struct Hinge {
  V3 Ra, Rb, Rk, Rc;
};

Hinge random_hinge(std::mt19937_64 &rng, double phi)
{
  const Tri T = random_triangle(rng, 1.0);
  Hinge H;
  H.Ra = T.R[0], H.Rb = T.R[1], H.Rk = T.R[2];
  const V3 e = unit(sub(H.Rb, H.Ra));
  V3 nout = sub(H.Ra, H.Rk);
  nout = unit(sub(nout, mul(dot(nout, e), e)));
  const V3 w = normal_of(T);
  const double along = uniform(rng, -0.3, 1.3) * norm(sub(H.Rb, H.Ra)), height = uniform(rng, 0.2, 1.0);
  H.Rc = add(H.Ra, add(mul(along, e), mul(height, add(mul(std::cos(phi), nout), mul(std::sin(phi), w)))));
  return H;
}

// n_in of the neighbour as the drift computes it: unit(perp(Rc - Ra))
V3 inward_normal(const V3 &Ra, const V3 &e, const V3 &Rc)
{
  V3 n = sub(Rc, Ra);
  n = sub(n, mul(dot(n, e), e));
  return unit(n);
}

}    // namespace

TEST(EdgeFrame, IsOrthonormalInPlaneAndOutward)
{
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 2000; trial++) {
    const Tri T = random_triangle(rng, std::pow(10.0, uniform(rng, -3, 3)));
    const int k = trial % 3, a = (k + 1) % 3, b = (k + 2) % 3;
    double e[3], n[3];
    edge_frame(T.R[a].data(), T.R[b].data(), T.R[k].data(), e, n);
    const V3 E = to_v3(e), Nn = to_v3(n), w = normal_of(T);
    EXPECT_NEAR(norm(E), 1.0, 4 * EPS);
    EXPECT_NEAR(norm(Nn), 1.0, 4 * EPS);
    EXPECT_NEAR(dot(E, Nn), 0.0, 16 * EPS);
    EXPECT_NEAR(dot(Nn, w), 0.0, 64 * EPS);
    EXPECT_LE(norm(sub(E, unit(sub(T.R[b], T.R[a])))), 4 * EPS);
    EXPECT_LT(dot(Nn, sub(T.R[k], T.R[a])), 0.0);    // away from the opposite vertex
    // n is the outward normal: grad l_k = -n / height_k
    const double height = norm(cross(sub(T.R[b], T.R[a]), sub(T.R[k], T.R[a]))) / norm(sub(T.R[b], T.R[a]));
    EXPECT_LE(norm(add(grad_lambda(T, k), mul(1.0 / height, Nn))), 256 * EPS / height);
  }
}

TEST(EdgeFrame, ReflectionIsSpecularAndKeepsTheSpeed)
{
  std::mt19937_64 rng(42);
  double w_speed = 0, w_e = 0, w_n = 0, w_plane = 0, w_twice = 0;
  for (int trial = 0; trial < 5000; trial++) {
    const Tri T = random_triangle(rng, 1.0);
    const int k = trial % 3, a = (k + 1) % 3, b = (k + 2) % 3;
    double e[3], n[3];
    edge_frame(T.R[a].data(), T.R[b].data(), T.R[k].data(), e, n);
    const double speed = std::pow(10.0, uniform(rng, -3, 3));
    const V3 v0 = random_inplane(rng, T, speed);
    double v[3] = {v0[0], v0[1], v0[2]};
    reflect_velocity(v, n);
    const V3 v1 = to_v3(v);
    w_speed = std::max(w_speed, std::fabs(norm(v1) - speed) / speed);
    w_e = std::max(w_e, std::fabs(dot(v1, to_v3(e)) - dot(v0, to_v3(e))) / speed);
    w_n = std::max(w_n, std::fabs(dot(v1, to_v3(n)) + dot(v0, to_v3(n))) / speed);
    w_plane = std::max(w_plane, std::fabs(dot(v1, normal_of(T))) / speed);
    reflect_velocity(v, n);
    w_twice = std::max(w_twice, norm(sub(to_v3(v), v0)) / speed);
  }
  // e and n carry relative errors up to ~eps |Ra - Rk| / height (<= ~10 here)
  EXPECT_LE(w_speed, 16 * EPS);
  EXPECT_LE(w_e, 64 * EPS);
  EXPECT_LE(w_n, 64 * EPS);
  EXPECT_LE(w_plane, 256 * EPS);
  EXPECT_LE(w_twice, 64 * EPS);
}

// a transfer keeps |v| and v.e, lands in the neighbour's plane pointing into it
TEST(EdgeFrame, TransferKeepsSpeedAndAlongEdgeVelocity)
{
  std::mt19937_64 rng(43);
  double w_speed = 0, w_e = 0, w_plane = 0;
  for (int trial = 0; trial < 5000; trial++) {
    const double phi = uniform(rng, -2.9, 2.9);
    const Hinge H = random_hinge(rng, phi);
    double e[3], nout[3];
    edge_frame(H.Ra.data(), H.Rb.data(), H.Rk.data(), e, nout);
    const V3 E = to_v3(e), nin = inward_normal(H.Ra, E, H.Rc);
    const Tri T = make_tri(H.Ra, H.Rb, H.Rk), T2 = make_tri(H.Rb, H.Ra, H.Rc);
    V3 v0 = random_inplane(rng, T, 1.0);
    if (dot(v0, to_v3(nout)) < 0) v0 = mul(-1.0, v0);    // heading out through the edge
    double v[3] = {v0[0], v0[1], v0[2]};
    transfer_velocity(v, e, nout, nin.data());
    const V3 v1 = to_v3(v);
    w_speed = std::max(w_speed, std::fabs(norm(v1) - 1.0));
    w_e = std::max(w_e, std::fabs(dot(v1, E) - dot(v0, E)));
    w_plane = std::max(w_plane, std::fabs(dot(v1, normal_of(T2))));
    EXPECT_GT(dot(v1, nin), 0.0);    // into the neighbour
    EXPECT_NEAR(dot(v1, nin), dot(v0, to_v3(nout)), 64 * EPS);
  }
  EXPECT_LE(w_speed, 16 * EPS);
  EXPECT_LE(w_e, 64 * EPS);
  EXPECT_LE(w_plane, 256 * EPS);
}

TEST(EdgeFrame, TransferOnAFlatHingeIsTheIdentity)
{
  std::mt19937_64 rng(44);
  double worst = 0;
  for (int trial = 0; trial < 5000; trial++) {
    const Hinge H = random_hinge(rng, 0.0);
    double e[3], nout[3];
    edge_frame(H.Ra.data(), H.Rb.data(), H.Rk.data(), e, nout);
    const V3 nin = inward_normal(H.Ra, to_v3(e), H.Rc);
    const double speed = std::pow(10.0, uniform(rng, -3, 3));
    const V3 v0 = random_inplane(rng, make_tri(H.Ra, H.Rb, H.Rk), speed);
    double v[3] = {v0[0], v0[1], v0[2]};
    transfer_velocity(v, e, nout, nin.data());
    worst = std::max(worst, norm(sub(to_v3(v), v0)) / speed);
  }
  EXPECT_LE(worst, 256 * EPS);
}

// across a folded edge and back, with the back frame computed as the drift
// would in the neighbour (edge_frame from its side; n_in towards Rk): identity
TEST(EdgeFrame, TransferThereAndBackIsTheIdentity)
{
  std::mt19937_64 rng(45);
  double worst = 0;
  for (int trial = 0; trial < 5000; trial++) {
    const Hinge H = random_hinge(rng, uniform(rng, -2.9, 2.9));
    double e[3], nout[3];
    edge_frame(H.Ra.data(), H.Rb.data(), H.Rk.data(), e, nout);
    const V3 nin = inward_normal(H.Ra, to_v3(e), H.Rc);
    const V3 v0 = random_inplane(rng, make_tri(H.Ra, H.Rb, H.Rk), 1.0);
    double v[3] = {v0[0], v0[1], v0[2]};
    transfer_velocity(v, e, nout, nin.data());
    // in T' = (Rb, Ra, Rc) the shared edge is opposite Rc, run from Rb to Ra
    double e2[3], nout2[3];
    edge_frame(H.Rb.data(), H.Ra.data(), H.Rc.data(), e2, nout2);
    EXPECT_LE(norm(add(to_v3(nout2), nin)), 64 * EPS);    // n_out' = -n_in
    const V3 nin2 = inward_normal(H.Rb, to_v3(e2), H.Rk);
    EXPECT_LE(norm(add(nin2, to_v3(nout))), 64 * EPS);    // n_in' = -n_out
    transfer_velocity(v, e2, nout2, nin2.data());
    worst = std::max(worst, norm(sub(to_v3(v), v0)));
  }
  EXPECT_LE(worst, 64 * EPS);
}

/* ----------------------------------------------------------------------
   the exact piecewise G drift over small meshes
------------------------------------------------------------------------- */

namespace {

std::string mesh_text(const std::vector<std::array<int, 3>> &tris)
{
  std::string s = "# test mesh\n" + std::to_string(tris.size()) + " triangles\n\nTriangles\n\n";
  for (size_t t = 0; t < tris.size(); t++)
    s += std::to_string(t + 1) + " " + std::to_string(tris[t][0]) + " " + std::to_string(tris[t][1]) +
        " " + std::to_string(tris[t][2]) + "\n";
  return s;
}

// the Mesh interface of g_drift_frame: atom tag j+1 sits at local index j
struct TestMesh {
  std::vector<V3> x;
  MeshTable table;
  std::vector<char> absent;                     // image() fails for these tags
  mutable std::vector<V3> dp;                   // recoil momenta
  mutable std::vector<std::pair<int, int>> events;    // (tri, k) of every edge reached
  mutable std::vector<std::pair<int, double>> recoils;    // (j, c) of every recoil call

  TestMesh(const std::vector<std::array<int, 3>> &tris, const std::vector<V3> &pos)
      : x(pos), absent(pos.size() + 1, 0), dp(pos.size(), V3{0, 0, 0})
  {
    const std::string err = parse_mesh(mesh_text(tris), "test.mesh", table);
    EXPECT_EQ(err, "");
  }
  const double *pos(int j) const { return x[j].data(); }
  int64_t tag(int t, int k) const { return table.corner(t, k); }
  int neighbor(int t, int k) const
  {
    events.emplace_back(t, k);
    return table.adj[3 * t + k];
  }
  int apex(int t, int k) const { return table.apex[3 * t + k]; }
  int image(int64_t tag) const
  {
    return tag >= 1 && tag <= int64_t(x.size()) && !absent[tag] ? int(tag - 1) : -1;
  }
  void recoil(int j, double c, const double v[3]) const
  {
    for (int d = 0; d < 3; d++) dp[j][d] += c * v[d];
    recoils.emplace_back(j, c);
  }
  void reset() const
  {
    std::fill(dp.begin(), dp.end(), V3{0, 0, 0});
    events.clear();
    recoils.clear();
  }
  Tri triangle(int t) const
  {
    return make_tri(x[tag(t, 0) - 1], x[tag(t, 1) - 1], x[tag(t, 2) - 1]);
  }
  double longest_edge() const
  {
    double L = 0;
    for (int t = 0; t < table.ntri; t++) L = std::max(L, triangle(t).L);
    return L;
  }
};

struct Point {
  int tri;
  int vtx[3];
  double lam[3];
  double v[3];
};

Point make_point(const TestMesh &M, int tri, const double lam[3], const V3 &v)
{
  Point P;
  P.tri = tri;
  for (int k = 0; k < 3; k++) {
    P.vtx[k] = int(M.tag(tri, k) - 1);
    P.lam[k] = lam[k];
    P.v[k] = v[k];
  }
  return P;
}

V3 position(const TestMesh &M, const Point &P)
{
  TriFrame F;
  tri_frame(M.pos(P.vtx[0]), M.pos(P.vtx[1]), M.pos(P.vtx[2]), F);
  double x[3];
  tri_point(F, P.lam, x);
  return to_v3(x);
}

// g_drift_frame from the vertex positions (the fixes keep the frame; a
// degenerate start triangle is G_DEGENERATE)
GDriftResult drift(const TestMesh &M, Point &P, double m, double tau)
{
  TriFrame F;
  tri_frame(M.pos(P.vtx[0]), M.pos(P.vtx[1]), M.pos(P.vtx[2]), F);
  if (tri_degenerate(F)) return GDriftResult{G_DEGENERATE, 0, 0, 0};
  return g_drift_frame(M, P.tri, P.vtx, F, P.lam, P.v, m, tau);
}

// the invariants of a point between steps: a triangle, its corners, barycentrics
// at least LAMBDA_EPS that sum to 1, and an in-plane velocity
void expect_valid(const TestMesh &M, const Point &P, const char *where)
{
  ASSERT_GE(P.tri, 0) << where;
  ASSERT_LT(P.tri, M.table.ntri) << where;
  for (int k = 0; k < 3; k++) EXPECT_EQ(P.vtx[k], M.tag(P.tri, k) - 1) << where;
  EXPECT_TRUE(finite3(P.lam) && finite3(P.v)) << where;
  for (int k = 0; k < 3; k++) EXPECT_GE(P.lam[k], LAMBDA_EPS - 4 * EPS) << where << " k " << k;
  EXPECT_EQ(P.lam[0], 1.0 - P.lam[1] - P.lam[2]) << where;
  const V3 v = to_v3(P.v);
  EXPECT_LE(std::fabs(dot(v, normal_of(M.triangle(P.tri)))), 64 * EPS * norm(v)) << where;
}

double speed(const Point &P) { return norm(to_v3(P.v)); }

// a fixed rotation and shift so that no test mesh is axis-aligned
std::vector<V3> placed(const std::vector<V3> &pos, uint64_t seed)
{
  std::mt19937_64 rng(seed);
  const Rotation Q = random_rotation(rng);
  const V3 shift = {0.7, -1.3, 2.1};
  std::vector<V3> out;
  for (const V3 &p : pos) out.push_back(add(Q(p), shift));
  return out;
}

// one triangle, rotated off the axes
TestMesh single_triangle()
{
  return TestMesh({{1, 2, 3}}, placed({{0, 0, 0}, {2, 0, 0}, {0.5, 1.5, 0}}, 1));
}

// a flat unit square of two triangles sharing the diagonal 1-3
TestMesh flat_square()
{
  return TestMesh({{1, 2, 3}, {3, 4, 1}}, placed({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}, 2));
}

// the hinge along 1-2 with a 50 degree fold; the neighbour lists
// its corners in another order
const double C50 = std::cos(50 * M_PI / 180), S50 = std::sin(50 * M_PI / 180);
TestMesh folded_hinge()
{
  return TestMesh({{1, 2, 3}, {4, 2, 1}},
                  placed({{0, 0, 0}, {1.5, 0, 0}, {0.4, 1.2, 0}, {0.9, -0.6 * C50, 0.6 * S50}}, 3));
}

// a random start in triangle t with a random in-plane velocity of length s
Point random_point(std::mt19937_64 &rng, const TestMesh &M, int t, double s)
{
  double lam[3];
  random_lambda(rng, lam, 1e-3);
  return make_point(M, t, lam, random_inplane(rng, M.triangle(t), s));
}

// the recoil identities of one drift of length tau with |v| = s:
// sum_j dP_j = 0 (sum_k ldot_k = 0) and sum_j R_j.dP_j = m |v|^2 tau
// (sum_k ldot_k R_k = v on every segment)
void expect_recoil_balance(const TestMesh &M, double m, double s, double tau, const char *where)
{
  V3 total = {0, 0, 0};
  double virial = 0, scale = 0;
  for (size_t j = 0; j < M.x.size(); j++) {
    total = add(total, M.dp[j]);
    virial += dot(M.x[j], M.dp[j]);
    scale = std::max(scale, norm(M.dp[j]));
  }
  EXPECT_LE(norm(total), 16 * EPS * std::max(scale, m * s * tau)) << where;
  double rmax = 0;
  for (const V3 &r : M.x) rmax = std::max(rmax, norm(r));
  EXPECT_NEAR(virial, m * s * s * tau, 64 * EPS * rmax * scale * M.x.size() + 1e-13 * m * s * s * tau)
      << where;
}

}    // namespace

// (1) one triangle, all borders: reflections only; lambda stays in the
// simplex, r(lambda) in the triangle, v in its plane, |v| kept
TEST(GDrift, SingleTriangleOnlyReflects)
{
  std::mt19937_64 rng(101);
  const TestMesh M = single_triangle();
  const double L = M.longest_edge();
  Point P = random_point(rng, M, 0, 1.0);
  int reflections = 0;
  for (int step = 0; step < 3000; step++) {
    // a new random velocity now and then, as O would give
    if (step % 10 == 0) {
      const V3 v = random_inplane(rng, M.triangle(0), std::pow(10.0, uniform(rng, -1, 1)));
      for (int d = 0; d < 3; d++) P.v[d] = v[d];
    }
    const double s0 = speed(P), tau = uniform(rng, 0, 3) * L / s0;
    M.reset();
    const GDriftResult r = drift(M, P, 1.0, tau);
    ASSERT_EQ(r.status, G_OK);
    EXPECT_EQ(r.transfers, 0);
    EXPECT_EQ(r.reflections, r.segments - 1);
    EXPECT_EQ(int(M.events.size()), r.reflections);
    reflections += r.reflections;
    expect_valid(M, P, "single triangle");
    EXPECT_NEAR(speed(P), s0, 8 * EPS * s0 * r.segments);
    double lam[3];
    const Tri T = M.triangle(0);
    const double d2 = closest_point_triangle(position(M, P).data(), T.R[0].data(), T.R[1].data(),
                                             T.R[2].data(), lam);
    EXPECT_LE(std::sqrt(d2), 16 * EPS * T.size);
    expect_recoil_balance(M, 1.0, s0, tau, "single triangle");
  }
  EXPECT_GT(reflections, 3000);
}

// (1') the drift against an independent billiard in Cartesian coordinates
// (ray-segment intersection in the plane); agree to the nudges, O(LAMBDA_EPS L) per event
TEST(GDrift, SingleTriangleMatchesACartesianBilliard)
{
  std::mt19937_64 rng(102);
  const TestMesh M = single_triangle();
  const Tri T = M.triangle(0);
  const V3 nrm = normal_of(T);
  double worst_x = 0, worst_v = 0;
  for (int trial = 0; trial < 500; trial++) {
    Point P = random_point(rng, M, 0, 1.0);
    V3 x = position(M, P), v = to_v3(P.v);
    const double tau = uniform(rng, 0, 20);
    M.reset();
    const GDriftResult r = drift(M, P, 1.0, tau);
    ASSERT_EQ(r.status, G_OK);
    double trem = tau;
    int events = 0;
    while (true) {
      double tbest = 1e300;
      int ebest = -1;
      for (int k = 0; k < 3; k++) {
        const V3 A = T.R[(k + 1) % 3], B = T.R[(k + 2) % 3];
        V3 out = cross(sub(B, A), nrm);    // either side; orient away from R_k
        if (dot(out, sub(T.R[k], A)) > 0) out = mul(-1.0, out);
        out = unit(out);
        const double vn = dot(v, out);
        if (vn <= 0) continue;
        const double t = std::max(0.0, dot(sub(A, x), out) / vn);
        if (t < tbest) tbest = t, ebest = k;
      }
      if (tbest >= trem) {
        x = add(x, mul(trem, v));
        break;
      }
      x = add(x, mul(tbest, v));
      trem -= tbest;
      const V3 A = T.R[(ebest + 1) % 3], B = T.R[(ebest + 2) % 3];
      V3 out = unit(cross(sub(B, A), nrm));
      v = sub(v, mul(2 * dot(v, out), out));
      events++;
    }
    EXPECT_EQ(events, r.reflections);
    worst_x = std::max(worst_x, norm(sub(position(M, P), x)) / (T.L * (1 + r.reflections)));
    worst_v = std::max(worst_v, norm(sub(to_v3(P.v), v)));
  }
  // each nudge moves the point by <= 2 LAMBDA_EPS L; the velocities are unaffected
  EXPECT_LE(worst_x, 4 * LAMBDA_EPS);
  EXPECT_LE(worst_v, 1e-12);
}

// (2) a flat square: transfers across the diagonal leave v unchanged and the
// path straight (up to the nudges) until the border
TEST(GDrift, FlatSquareTransfersAreInvisible)
{
  std::mt19937_64 rng(103);
  const TestMesh M = flat_square();
  int transfers = 0;
  for (int trial = 0; trial < 2000; trial++) {
    const int t0 = trial % 2;
    Point P = random_point(rng, M, t0, std::pow(10.0, uniform(rng, -1, 1)));
    const V3 x0 = position(M, P), v0 = to_v3(P.v);
    const double s0 = norm(v0);
    // the time to the square's border along the straight line, from the
    // square's own coordinates (corner x[0], sides x[1]-x[0], x[3]-x[0])
    const V3 ex = sub(M.x[1], M.x[0]), ey = sub(M.x[3], M.x[0]);
    const double px = dot(sub(x0, M.x[0]), ex), py = dot(sub(x0, M.x[0]), ey);
    const double vx = dot(v0, ex), vy = dot(v0, ey);
    double texit = 1e300;
    if (vx > 0) texit = std::min(texit, (1 - px) / vx);
    if (vx < 0) texit = std::min(texit, -px / vx);
    if (vy > 0) texit = std::min(texit, (1 - py) / vy);
    if (vy < 0) texit = std::min(texit, -py / vy);
    const double tau = uniform(rng, 0, 0.999) * texit;
    M.reset();
    const GDriftResult r = drift(M, P, 1.0, tau);
    ASSERT_EQ(r.status, G_OK);
    EXPECT_EQ(r.reflections, 0);
    EXPECT_LE(r.transfers, 1);
    transfers += r.transfers;
    expect_valid(M, P, "flat square");
    EXPECT_LE(norm(sub(to_v3(P.v), v0)), 64 * EPS * s0);
    EXPECT_LE(norm(sub(position(M, P), add(x0, mul(tau, v0)))), 4 * LAMBDA_EPS * 1.5 * r.transfers + 64 * EPS * 4);
    // which triangle: the side of the diagonal 1-3 (px > py is triangle 1 2 3)
    const V3 xe = position(M, P);
    const double qx = dot(sub(xe, M.x[0]), ex), qy = dot(sub(xe, M.x[0]), ey);
    if (std::fabs(qx - qy) > 1e-8) { EXPECT_EQ(P.tri, qx > qy ? 0 : 1); }
    expect_recoil_balance(M, 1.0, s0, tau, "flat square");
  }
  EXPECT_GT(transfers, 300);
}

// (2) the folded hinge, one deterministic crossing: v.e kept, |v| kept, and the
// end point where the unfolded straight line puts it; the recoil of the two
// segments against the closed form m sum_seg ldot_k v dt from independent
// barycentric gradients
TEST(GDrift, FoldedHingeCrossingMatchesTheUnfoldedLine)
{
  const TestMesh M = folded_hinge();
  const V3 A = M.x[0], B = M.x[1], C = M.x[2], D = M.x[3];
  const V3 e = unit(sub(B, A));
  V3 nout = sub(A, C);
  nout = unit(sub(nout, mul(dot(nout, e), e)));    // out of T1 = (A,B,C)
  const V3 nin = inward_normal(A, e, D);             // into T2 = (D,B,A)
  // start at A + 0.75 e - 0.1 nout... i.e. 0.1 inside T1, moving with v = 0.1 e + nout
  const V3 x0 = add(A, sub(mul(0.75, e), mul(0.1, nout)));
  const V3 v0 = add(mul(0.1, e), nout);
  const Tri T1 = M.triangle(0), T2 = M.triangle(1);
  double lam[3];
  for (int k = 0; k < 3; k++) lam[k] = dot(grad_lambda(T1, k), sub(x0, T1.R[(k + 1) % 3]));
  lam[0] = 1.0 - lam[1] - lam[2];
  Point P = make_point(M, 0, lam, v0);
  const double m = 1.7, tau = 0.3;
  const GDriftResult r = drift(M, P, m, tau);
  ASSERT_EQ(r.status, G_OK);
  EXPECT_EQ(r.transfers, 1);
  EXPECT_EQ(r.reflections, 0);
  EXPECT_EQ(r.segments, 2);
  EXPECT_EQ(P.tri, 1);
  expect_valid(M, P, "hinge crossing");
  const V3 v1 = to_v3(P.v);
  EXPECT_NEAR(norm(v1), norm(v0), 8 * EPS);
  EXPECT_NEAR(dot(v1, e), 0.1, 8 * EPS);
  EXPECT_LE(norm(sub(v1, add(mul(0.1, e), nin))), 16 * EPS);
  // unfolded: the crossing at A + 0.76 e at t = 0.1, then 0.2 along v1
  const V3 xref = add(A, add(mul(0.78, e), mul(0.2, nin)));
  EXPECT_LE(norm(sub(position(M, P), xref)), 4 * LAMBDA_EPS * T1.L);
  // recoil: segment 1 in T1 for 0.1 with v0, segment 2 in T2 for 0.2 with v1
  std::vector<V3> ref(4, V3{0, 0, 0});
  for (int k = 0; k < 3; k++) {
    const int j1 = int(M.tag(0, k) - 1), j2 = int(M.tag(1, k) - 1);
    ref[j1] = add(ref[j1], mul(m * dot(grad_lambda(T1, k), v0) * 0.1, v0));
    ref[j2] = add(ref[j2], mul(m * dot(grad_lambda(T2, k), v1) * 0.2, v1));
  }
  // ~1 in size; round-off of the hit time and of two projections
  for (int j = 0; j < 4; j++)
    EXPECT_LE(norm(sub(M.dp[j], ref[j])), 256 * EPS * m * tau * dot(v0, v0)) << "vertex " << j + 1;
  EXPECT_TRUE(norm(M.dp[2]) > 0 && norm(M.dp[3]) > 0);    // both apexes recoil
  expect_recoil_balance(M, m, norm(v0), tau, "hinge crossing");
}

// (2) random drifts on the folded hinge: transfers and reflections happen,
// |v| is kept, and at every single-transfer drift v.e is kept
TEST(GDrift, FoldedHingeRandomDrifts)
{
  std::mt19937_64 rng(104);
  const TestMesh M = folded_hinge();
  const V3 e = unit(sub(M.x[1], M.x[0]));
  int transfers = 0, reflections = 0, checked_e = 0;
  for (int trial = 0; trial < 3000; trial++) {
    const double s = std::pow(10.0, uniform(rng, -1, 1));
    Point P = random_point(rng, M, trial % 2, s);
    const double s0 = speed(P), ve0 = dot(to_v3(P.v), e);
    const double tau = uniform(rng, 0, 3) / s0;
    M.reset();
    const GDriftResult r = drift(M, P, 1.0, tau);
    ASSERT_EQ(r.status, G_OK);
    transfers += r.transfers;
    reflections += r.reflections;
    expect_valid(M, P, "hinge");
    EXPECT_NEAR(speed(P), s0, 16 * EPS * s0 * r.segments);
    if (r.transfers == 1 && r.reflections == 0) {
      EXPECT_NEAR(dot(to_v3(P.v), e), ve0, 16 * EPS * s0);
      checked_e++;
    }
    expect_recoil_balance(M, 1.0, s0, tau, "hinge");
  }
  EXPECT_GT(transfers, 1000);
  EXPECT_GT(reflections, 1000);
  EXPECT_GT(checked_e, 100);
}

// (3) one segment: dP_k = m ldot_k v tau, with ldot_k = grad(l_k).v from the
// independent gradients; the recoil sums to zero
TEST(GDrift, SingleSegmentRecoilIsTheClosedForm)
{
  std::mt19937_64 rng(105);
  const TestMesh M = single_triangle();
  const Tri T = M.triangle(0);
  for (int trial = 0; trial < 2000; trial++) {
    Point P = random_point(rng, M, 0, 1.0);
    const V3 v0 = to_v3(P.v);
    // time to the first edge, along the straight path
    double thit = 1e300;
    for (int k = 0; k < 3; k++) {
      const double rate = dot(grad_lambda(T, k), v0);
      if (rate < 0) thit = std::min(thit, -P.lam[k] / rate);
    }
    const double m = uniform(rng, 0.1, 10), tau = uniform(rng, 0, 0.99) * thit;
    M.reset();
    const GDriftResult r = drift(M, P, m, tau);
    ASSERT_EQ(r.status, G_OK);
    ASSERT_EQ(r.segments, 1);
    V3 total = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
      const V3 ref = mul(m * dot(grad_lambda(T, k), v0) * tau, v0);
      EXPECT_LE(norm(sub(M.dp[k], ref)), 64 * EPS * m * tau / T.L) << "k " << k;
      total = add(total, M.dp[k]);
    }
    EXPECT_LE(norm(total), 16 * EPS * m * tau / T.L * 3);
    // the full tensor: sum_k R_k (x) dP_k = m v (x) v tau
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 3; b++) {
        double s = 0;
        for (int k = 0; k < 3; k++) s += T.R[k][a] * M.dp[k][b];
        EXPECT_NEAR(s, m * v0[a] * v0[b] * tau, 256 * EPS * m * tau * T.size / T.L);
      }
  }
}

// (4) time reversal: drift tau, reverse v, drift tau.  Without an edge event
// the start comes back to round-off.  With events the inward nudge
// (each clamp moves lambda by up to 2 LAMBDA_EPS) makes the piecewise drift
// reversible only to O(LAMBDA_EPS L) per event, not to round-off.
namespace {
void check_reversal(const TestMesh &M, uint64_t seed, int &with_events, double &worst_event_err,
                    double &worst_plain_err)
{
  std::mt19937_64 rng(seed);
  const double L = M.longest_edge();
  for (int trial = 0; trial < 2000; trial++) {
    Point P = random_point(rng, M, trial % M.table.ntri, 1.0);
    // start from a state the drift itself would store: in-plane v, clamped lambda
    drift(M, P, 1.0, 0.0);
    const Point S = P;
    const V3 xs = position(M, S);
    const double tau = trial % 4 == 0 ? uniform(rng, 0, 0.01) * L : uniform(rng, 0, 3) * L;
    const GDriftResult r1 = drift(M, P, 1.0, tau);
    for (int d = 0; d < 3; d++) P.v[d] = -P.v[d];
    const GDriftResult r2 = drift(M, P, 1.0, tau);
    ASSERT_EQ(r1.status, G_OK);
    ASSERT_EQ(r2.status, G_OK);
    const int events = r1.reflections + r1.transfers + r2.reflections + r2.transfers;
    const double dx = norm(sub(position(M, P), xs)) / L;
    const double dv = norm(add(to_v3(P.v), to_v3(S.v)));
    EXPECT_LE(dv, 64 * EPS * (1 + events));
    EXPECT_EQ(r1.reflections, r2.reflections);
    EXPECT_EQ(r1.transfers, r2.transfers);
    if (events == 0) {
      EXPECT_EQ(P.tri, S.tri);
      worst_plain_err = std::max(worst_plain_err, dx);
      for (int k = 0; k < 3; k++) EXPECT_NEAR(P.lam[k], S.lam[k], 16 * EPS);
    } else {
      with_events++;
      worst_event_err = std::max(worst_event_err, dx / events);
      // same triangle unless the start is within the nudges of an edge
      if (std::min(S.lam[0], std::min(S.lam[1], S.lam[2])) > 1e-8) { EXPECT_EQ(P.tri, S.tri); }
    }
    EXPECT_LE(dx, 4 * LAMBDA_EPS * events + 64 * EPS) << "trial " << trial << " events " << events;
  }
}
}    // namespace

TEST(GDrift, ReversingTheVelocityRetracesThePath)
{
  int n_flat = 0, n_fold = 0;
  double ev_flat = 0, ev_fold = 0, plain = 0;
  check_reversal(flat_square(), 106, n_flat, ev_flat, plain);
  check_reversal(folded_hinge(), 107, n_fold, ev_fold, plain);
  EXPECT_GT(n_flat, 1000);
  EXPECT_GT(n_fold, 1000);
  EXPECT_LE(plain, 64 * EPS);
  RecordProperty("worst_reversal_error_per_event_flat", std::to_string(ev_flat));
  RecordProperty("worst_reversal_error_per_event_folded", std::to_string(ev_fold));
  std::printf("[          ] reversal error / (L events): flat %.3g, folded %.3g (LAMBDA_EPS = %.0e)\n",
              ev_flat, ev_fold, LAMBDA_EPS);
}

// (5) a path aimed exactly at a vertex: both edges are hit at the same time,
// the edge opposite the smaller tag is taken, and the point comes out in the
// triangle across the vertex, finite and inside.  A fan of four right
// triangles around O: T1 = (O,P1,P2) ... T4 = (O,P4,P1); the path runs from
// inside T1 straight through O into T3.
namespace {
TestMesh fan(bool p1_first)
{
  // tags: O = 1; p1_first puts P1 (tag 2) before P2 (tag 3), else the reverse
  const int o = 1, p1 = p1_first ? 2 : 3, p2 = p1_first ? 3 : 2, p3 = 4, p4 = 5;
  std::vector<V3> pos(5);
  pos[o - 1] = {0, 0, 0};
  pos[p1 - 1] = {1, -1, 0};
  pos[p2 - 1] = {1, 1, 0};
  pos[p3 - 1] = {-1, 1, 0};
  pos[p4 - 1] = {-1, -1, 0};
  return TestMesh({{o, p1, p2}, {o, p2, p3}, {o, p3, p4}, {o, p4, p1}}, pos);
}
}    // namespace

TEST(GDrift, VertexHitTakesTheEdgeOppositeTheSmallerTag)
{
  for (int variant = 0; variant < 2; variant++) {
    const bool p1_first = variant == 0;
    const TestMesh M = fan(p1_first);
    // in T1 = (O,P1,P2): l_P1 = l_P2 = 1/4 at (0.5, 0); v = (-1,0,0) gives
    // ldot_P1 = ldot_P2 = -1/2 exactly, both hit at t = 1/2 exactly
    const double lam[3] = {0.5, 0.25, 0.25};
    Point P = make_point(M, 0, lam, {-1, 0, 0});
    const GDriftResult r = drift(M, P, 1.0, 1.0);
    ASSERT_EQ(r.status, G_OK);
    ASSERT_GE(M.events.size(), 1u);
    // first event in T1: k = 1 is P1 (the corner with tag p1), k = 2 is P2
    const int ksmall = M.tag(0, 1) < M.tag(0, 2) ? 1 : 2;
    EXPECT_EQ(M.events[0].first, 0);
    EXPECT_EQ(M.events[0].second, ksmall) << "variant " << variant;
    // opposite P1 is the edge O-P2 into T2; opposite P2 is O-P1 into T4
    const int via = p1_first ? 1 : 3;
    EXPECT_EQ(M.table.adj[3 * 0 + ksmall], via);
    ASSERT_EQ(M.events.size(), 2u);    // the vertex, then the nudge-long hop into T3
    EXPECT_EQ(M.events[1].first, via);
    EXPECT_EQ(r.transfers, 2);
    EXPECT_EQ(r.reflections, 0);
    EXPECT_EQ(P.tri, 2);
    expect_valid(M, P, "vertex tie");
    EXPECT_LE(norm(sub(to_v3(P.v), {-1, 0, 0})), 4 * EPS);
    EXPECT_LE(norm(sub(position(M, P), {-0.5, 0, 0})), 8 * LAMBDA_EPS);
    // the hop through the middle triangle is the nudge: it starts at
    // l = eps on the edge it leaves through, with ldot = -1/2 there and 0 on O,
    // so it lasts 2 eps and recoils (0, -eps, +eps) in that triangle's corner
    // order (O first); a zero-length hop would mean no nudge
    ASSERT_EQ(M.recoils.size(), 9u);    // three segments, three corners each
    const double hop[3] = {M.recoils[3].second, M.recoils[4].second, M.recoils[5].second};
    const double sign = p1_first ? 1.0 : -1.0;    // T2 = (O,P2,P3) or T4 = (O,P4,P1)
    EXPECT_EQ(M.recoils[3].first, 0);
    EXPECT_NEAR(hop[0], 0.0, 1e-6 * LAMBDA_EPS);
    EXPECT_NEAR(hop[1], -sign * LAMBDA_EPS, 1e-6 * LAMBDA_EPS);
    EXPECT_NEAR(hop[2], sign * LAMBDA_EPS, 1e-6 * LAMBDA_EPS);
  }
}

// a border corner: the right angle of one triangle, hit head on along the
// bisector: a tie, two reflections in tag order, v exactly reversed
TEST(GDrift, BorderCornerHitReflectsTwiceInTagOrder)
{
  for (int variant = 0; variant < 2; variant++) {
    // corner (0,0,0) has tag 1; legs (1,0,0) and (0,1,0) have tags 2,3 or 3,2
    // the corner list is 1 2 3 or 1 3 2: the smaller tag is local corner 1 or 2
    const std::vector<V3> pos = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const TestMesh M({variant ? std::array<int, 3>{1, 3, 2} : std::array<int, 3>{1, 2, 3}}, pos);
    const double lam[3] = {0.5, 0.25, 0.25};
    Point P = make_point(M, 0, lam, {-1, -1, 0});
    const GDriftResult r = drift(M, P, 1.0, 0.5);    // reach the corner at 0.25, come back
    ASSERT_EQ(r.status, G_OK);
    EXPECT_EQ(r.reflections, 2);
    ASSERT_EQ(M.events.size(), 2u);
    EXPECT_EQ(M.events[0].second, variant ? 2 : 1);    // the corner with tag 2 first
    EXPECT_EQ(M.events[1].second, variant ? 1 : 2);
    expect_valid(M, P, "border corner");
    EXPECT_LE(norm(sub(to_v3(P.v), {1, 1, 0})), 8 * EPS);
    EXPECT_LE(norm(sub(position(M, P), {0.25, 0.25, 0})), 8 * LAMBDA_EPS);
  }
}

// (6) the error codes
TEST(GDrift, HugeTimeStepGivesTooManySegments)
{
  const TestMesh M = single_triangle();
  std::mt19937_64 rng(108);
  Point P = random_point(rng, M, 0, 1.0);
  GDriftResult r = drift(M, P, 1.0, 1e6);
  EXPECT_EQ(r.status, G_TOO_MANY_SEGMENTS);
  EXPECT_EQ(r.segments, MAX_SEGMENTS + 1);
  EXPECT_EQ(r.reflections, MAX_SEGMENTS);
  // a long but legal drift (mean free path ~0.8 here) stays under the cap
  Point Q = random_point(rng, M, 0, 1.0);
  r = drift(M, Q, 1.0, 100.0);
  EXPECT_EQ(r.status, G_OK);
  EXPECT_GT(r.reflections, 50);
  EXPECT_LT(r.segments, MAX_SEGMENTS);
}

TEST(GDrift, DegenerateTrianglesAreReported)
{
  // collinear start triangle: nothing moves
  const TestMesh M({{1, 2, 3}}, {{0, 0, 0}, {1, 1, 1}, {3, 3, 3}});
  const double lam[3] = {0.2, 0.3, 0.5};
  Point P = make_point(M, 0, lam, {1, 0, 0});
  const Point S = P;
  const GDriftResult r = drift(M, P, 1.0, 0.1);
  EXPECT_EQ(r.status, G_DEGENERATE);
  EXPECT_EQ(r.segments, 0);
  EXPECT_EQ(P.tri, S.tri);
  for (int k = 0; k < 3; k++) EXPECT_EQ(P.lam[k], S.lam[k]);
  for (const V3 &d : M.dp) EXPECT_EQ(norm(d), 0.0);

  // a collinear neighbour reached by a transfer
  const TestMesh H({{1, 2, 3}, {2, 1, 4}}, {{0, 0, 0}, {1, 0, 0}, {0.3, 1, 0}, {2, 0, 0}});
  const double lam2[3] = {0.4, 0.4, 0.2};
  Point Q = make_point(H, 0, lam2, {0, -1, 0});
  const GDriftResult r2 = drift(H, Q, 1.0, 1.0);
  EXPECT_EQ(r2.status, G_DEGENERATE);
  EXPECT_EQ(Q.tri, 1);
}

TEST(GDrift, MissingApexIsReported)
{
  TestMesh M = folded_hinge();
  M.absent[4] = 1;    // the far apex (tag 4) is not on this rank
  const double lam[3] = {0.45, 0.45, 0.1};
  Point P = make_point(M, 0, lam, {0, 0, 0});
  // head for the shared edge 1-2 (opposite corner 3 of triangle 1)
  const Tri T = M.triangle(0);
  const V3 v = mul(-1.0, grad_lambda(T, 2));
  for (int d = 0; d < 3; d++) P.v[d] = v[d];
  const GDriftResult r = drift(M, P, 1.0, 10.0);
  EXPECT_EQ(r.status, G_MISSING_VERTEX);
  EXPECT_EQ(P.tri, 1);
}

/* ----------------------------------------------------------------------
   mesh file parser and adjacency
------------------------------------------------------------------------- */

namespace {
// adjacency checks for any table: symmetric, apex is the neighbour's third
// vertex, the two triangles really share the edge; returns the border count
int check_adjacency(const MeshTable &T)
{
  int border = 0;
  for (int t = 0; t < T.ntri; t++)
    for (int k = 0; k < 3; k++) {
      const int u = T.adj[3 * t + k];
      if (u < 0) {
        border++;
        EXPECT_EQ(T.apex[3 * t + k], -1);
        continue;
      }
      EXPECT_LT(u, T.ntri);
      const int c = T.apex[3 * t + k];
      EXPECT_GE(c, 0);
      EXPECT_LT(c, 3);
      EXPECT_EQ(T.adj[3 * u + c], t) << "t " << t << " k " << k;
      EXPECT_EQ(T.apex[3 * u + c], k) << "t " << t << " k " << k;
      const int64_t a = T.corner(t, (k + 1) % 3), b = T.corner(t, (k + 2) % 3);
      const int64_t a2 = T.corner(u, (c + 1) % 3), b2 = T.corner(u, (c + 2) % 3);
      EXPECT_TRUE((a == a2 && b == b2) || (a == b2 && b == a2)) << "t " << t << " k " << k;
      const int64_t apex = T.corner(u, c);
      EXPECT_TRUE(apex != a && apex != b && apex != T.corner(t, k));
    }
  EXPECT_EQ(border, T.nborder);
  return border;
}
}    // namespace

TEST(MeshFile, ValidFileParsesWithCommentsBlankLinesAndAnyOrder)
{
  // a strip of 5 triangles on atoms 11..17, lines out of order, CRLF on one line
  const std::string text =
      "LAMMPS-style first line, always skipped: 99 triangles\n"
      "\n"
      "   # a comment line\n"
      "5 triangles   # the header\n"
      "\n"
      "Triangles  # the section\n"
      "\n"
      "3 13 14 15\n"
      "1 11 12 13   # first\n"
      "\t5 15 16 17\r\n"
      "\n"
      "# between lines\n"
      "2 12 13 14\n"
      "4 14 15 16\n"
      "\n";
  MeshTable T;
  ASSERT_EQ(parse_mesh(text, "strip.mesh", T), "");
  ASSERT_EQ(T.ntri, 5);
  for (int t = 0; t < 5; t++)
    for (int k = 0; k < 3; k++) EXPECT_EQ(T.corner(t, k), 11 + t + k);
  // interior edges (12,13) (13,14) (14,15) (15,16); border 3n - 2(n-1) = n + 2
  EXPECT_EQ(check_adjacency(T), 7);
  EXPECT_EQ(T.nborder, 7);
  for (int t = 0; t < 5; t++) {
    EXPECT_EQ(T.adj[3 * t + 0], t + 1 < 5 ? t + 1 : -1);    // opposite the first corner
    EXPECT_EQ(T.adj[3 * t + 1], -1);                        // (first, third) is a border
    EXPECT_EQ(T.adj[3 * t + 2], t > 0 ? t - 1 : -1);        // opposite the third corner
    if (t + 1 < 5) { EXPECT_EQ(T.apex[3 * t + 0], 2); }
    if (t > 0) { EXPECT_EQ(T.apex[3 * t + 2], 0); }
  }
  EXPECT_EQ(T.vertices(), (std::vector<int64_t>{11, 12, 13, 14, 15, 16, 17}));
}

TEST(MeshFile, ClosedOctahedronHasNoBorder)
{
  const std::string text = "# octahedron, mixed orientations\n8 triangles\nTriangles\n"
                           "1 1 3 5\n2 3 2 5\n3 2 4 5\n4 4 1 5\n5 3 1 6\n6 2 3 6\n7 6 4 2\n8 1 4 6\n";
  MeshTable T;
  ASSERT_EQ(parse_mesh(text, "octa.mesh", T), "");
  EXPECT_EQ(check_adjacency(T), 0);
  EXPECT_EQ(T.nborder, 0);
}

TEST(MeshFile, LargeTagsAndManyTriangles)
{
  // a 30 x 20 grid of squares, split in two, with 64-bit atom IDs
  const int nx = 30, ny = 20;
  const int64_t base = int64_t(1) << 40;
  auto id = [&](int i, int j) { return base + int64_t(j) * (nx + 1) + i; };
  std::string text = "# grid\n" + std::to_string(2 * nx * ny) + " triangles\nTriangles\n";
  int t = 0;
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) {
      text += std::to_string(++t) + " " + std::to_string(id(i, j)) + " " + std::to_string(id(i + 1, j)) +
          " " + std::to_string(id(i + 1, j + 1)) + "\n";
      text += std::to_string(++t) + " " + std::to_string(id(i, j)) + " " +
          std::to_string(id(i + 1, j + 1)) + " " + std::to_string(id(i, j + 1)) + "\n";
    }
  MeshTable T;
  ASSERT_EQ(parse_mesh(text, "grid.mesh", T), "");
  EXPECT_EQ(check_adjacency(T), 2 * (nx + ny));
}

namespace {
// the message of an invalid file: must name the file, and the line if given
void expect_error(const std::string &text, int line, const std::string &what)
{
  MeshTable T;
  const std::string err = parse_mesh(text, "bad.mesh", T);
  ASSERT_NE(err, "") << "accepted:\n" << text;
  const std::string where = line > 0 ? "mesh file bad.mesh line " + std::to_string(line) + ":"
                                     : "mesh file bad.mesh:";
  EXPECT_EQ(err.compare(0, where.size(), where), 0) << "message: " << err << "\nexpected: " << where;
  EXPECT_NE(err.find(what), std::string::npos) << "message: " << err << "\nexpected to contain: " << what;
}
const std::string HEAD2 = "# two triangles\n2 triangles\n\nTriangles\n\n";    // 5 lines
}    // namespace

TEST(MeshFile, ErrorsNameTheFileAndTheLine)
{
  // header
  expect_error("# c\n\nTriangles\n1 1 2 3\n", 3, "header must come before");
  expect_error("# c\n1 1 2 3\n", 2, "expected the header");
  expect_error("# no header at all\n\n# only comments\n", 3, "end of file: no 'N triangles' header");
  expect_error("", 1, "end of file: no 'N triangles' header");
  expect_error("# c\n0 triangles\nTriangles\n", 2, "positive integer");
  expect_error("# c\n\n-4 triangles\nTriangles\n", 3, "positive integer");
  expect_error("# c\n2.5 triangles\n", 2, "positive integer");
  expect_error("# c\ntwo triangles\n", 2, "positive integer");
  expect_error("# c\n2 triangles\n3 triangles\n", 3, "appears twice");
  expect_error("# c\n1 triangles\n\n", 3, "end of file: no Triangles section");
  expect_error("# c\n1 triangles\nAtoms\n", 3, "unexpected 'Atoms'");
  // triangle lines (the first is line 6)
  expect_error(HEAD2 + "1 1 2 x\n2 2 3 4\n", 6, "'x' is not an integer");
  expect_error(HEAD2 + "1 1 2 3\n2 2 3.0 4\n", 7, "'3.0' is not an integer");
  expect_error(HEAD2 + "1 1 2 3\n2 2 3 99999999999999999999\n", 7, "is not an integer");
  expect_error(HEAD2 + "1 1 2\n2 2 3 4\n", 6, "found 3 words");
  expect_error(HEAD2 + "1 1 2 3\n2 2 3 4 5\n", 7, "found 5 words");
  expect_error(HEAD2 + "1 1 2 3\n3 2 3 4\n", 7, "outside 1..2");
  expect_error(HEAD2 + "0 1 2 3\n", 6, "outside 1..2");
  expect_error(HEAD2 + "2 1 2 3\n\n# x\n2 2 3 4\n", 9, "triangle id 2 appears twice");
  expect_error(HEAD2 + "1 1 2 1\n", 6, "repeats an atom id");
  expect_error(HEAD2 + "1 1 2 3\n2 4 4 5\n", 7, "repeats an atom id");
  expect_error(HEAD2 + "1 1 2 3\n2 0 3 4\n", 7, "must be positive");
  // line counts and sections
  expect_error(HEAD2 + "1 1 2 3\n\n", 7, "end of file: the Triangles section has 1 lines but the header announces 2");
  expect_error(HEAD2 + "1 1 2 3\n2 2 3 4\n3 3 4 5\n", 8, "more lines");
  expect_error(HEAD2 + "1 1 2 3\n2 2 3 4\n\nBonds\n\n1 1 1 2\n", 9, "unknown section 'Bonds'");
}

TEST(MeshFile, TopologyErrorsNameTheTriangles)
{
  // same vertex set in another order: names both triangles
  expect_error("# c\n3 triangles\nTriangles\n1 1 2 3\n2 2 3 4\n3 3 1 2\n", 0,
               "triangles 1 and 3 have the same three vertices");
  // three triangles on edge 2-3 (listed in every orientation)
  MeshTable T;
  const std::string err =
      parse_mesh("# c\n4 triangles\nTriangles\n1 1 2 3\n2 3 2 4\n3 5 3 2\n4 1 3 6\n", "fin.mesh", T);
  EXPECT_EQ(err.compare(0, 15, "mesh file fin.m"), 0) << err;
  EXPECT_NE(err.find("non-manifold edge 2-3 shared by triangles 1 2 3"), std::string::npos) << err;
}

TEST(MeshFile, ChecksumIdentifiesTheConnectivity)
{
  const std::string a = "# c\n3 triangles\nTriangles\n1 1 2 3\n2 2 3 4\n3 3 4 5\n";
  MeshTable A;
  ASSERT_EQ(parse_mesh(a, "a.mesh", A), "");
  // the closed form sum_t t (a1 + 3 a2 + 7 a3)
  EXPECT_EQ(A.checksum(), uint64_t(1 * (1 + 6 + 21) + 2 * (2 + 9 + 28) + 3 * (3 + 12 + 35)));
  // the same file with lines in another order: the same table
  MeshTable A2;
  ASSERT_EQ(parse_mesh("# c\n3 triangles\nTriangles\n3 3 4 5\n1 1 2 3\n2 2 3 4\n", "a2.mesh", A2), "");
  EXPECT_EQ(A2.checksum(), A.checksum());
  const std::string others[] = {
      "# c\n3 triangles\nTriangles\n1 1 2 3\n2 2 3 4\n3 3 4 6\n",    // another vertex
      "# c\n3 triangles\nTriangles\n1 2 3 4\n2 1 2 3\n3 3 4 5\n",    // ids swapped
      "# c\n3 triangles\nTriangles\n1 1 2 3\n2 2 3 4\n3 4 3 5\n",    // corner order
      "# c\n2 triangles\nTriangles\n1 1 2 3\n2 2 3 4\n"};             // one fewer
  for (const std::string &o : others) {
    MeshTable B;
    ASSERT_EQ(parse_mesh(o, "b.mesh", B), "");
    EXPECT_NE(B.checksum(), A.checksum()) << o;
  }
  // 64-bit tags: stays below the modulus
  MeshTable C;
  ASSERT_EQ(parse_mesh("# c\n1 triangles\nTriangles\n1 4611686018427387904 2 3\n", "c.mesh", C), "");
  EXPECT_LT(C.checksum(), uint64_t(1) << 61);
}
