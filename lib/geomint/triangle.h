// GEOMINT in-triangle point kernels of the BAGOGAB splitting (doc/fix_bagogab.rst,
// "In-triangle points"): triangle frame and metric, barycentric projection,
// the inward clamp, closest point on a triangle, edge transfer and border
// reflection of the in-plane velocity, and the exact piecewise G drift over a
// frozen mesh with recoil on the vertices.
//
// Notation: a point in triangle (R1,R2,R3) sits at r = R1 + A lambda with
// A = [R2-R1, R3-R1] and barycentrics lambda = (l1,l2,l3), l1 = 1-l2-l3.
// G = A^T A is the metric; v is the in-plane velocity, v = A ldot.
#ifndef GEOMINT_TRIANGLE_H
#define GEOMINT_TRIANGLE_H

#include "geomint_inline.h"

#include <cmath>
#include <cstdint>

namespace geomint {

// barycentrics are kept >= LAMBDA_EPS between events (the inward nudge)
constexpr double LAMBDA_EPS = 1e-10;
// a G half-step with more straight segments than this is an error
constexpr int MAX_SEGMENTS = 1000;
// det G <= DEGENERATE_DET * l^4 (l = longest edge) is a degenerate triangle
constexpr double DEGENERATE_DET = 1e-24;

GEOMINT_INLINE double dot3(const double a[3], const double b[3])
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

GEOMINT_INLINE void sub3(const double a[3], const double b[3], double out[3])
{
  out[0] = a[0] - b[0];
  out[1] = a[1] - b[1];
  out[2] = a[2] - b[2];
}

// the frame of a triangle: R1, the edge vectors e2 = R2-R1, e3 = R3-R1 and G
struct TriFrame {
  double r1[3], e2[3], e3[3];
  double g11, g12, g22, det;
  double inv_det;  // 1/det (0 for a degenerate triangle)
  double l2max;    // squared longest edge
};

GEOMINT_INLINE void tri_frame(const double R1[3], const double R2[3], const double R3[3],
                              TriFrame &F)
{
  for (int d = 0; d < 3; d++) {
    F.r1[d] = R1[d];
    F.e2[d] = R2[d] - R1[d];
    F.e3[d] = R3[d] - R1[d];
  }
  F.g11 = dot3(F.e2, F.e2);
  F.g12 = dot3(F.e2, F.e3);
  F.g22 = dot3(F.e3, F.e3);
  // det G = |e2 x e3|^2 (Lagrange's identity): unlike g11 g22 - g12^2, whose
  // cancellation leaves an absolute error ~eps l^4, this keeps det accurate
  // for thin triangles and ~0 for collinear ones, so tri_degenerate works
  const double nx = F.e2[1] * F.e3[2] - F.e2[2] * F.e3[1];
  const double ny = F.e2[2] * F.e3[0] - F.e2[0] * F.e3[2];
  const double nz = F.e2[0] * F.e3[1] - F.e2[1] * F.e3[0];
  F.det = nx * nx + ny * ny + nz * nz;
  double e23[3];
  sub3(R3, R2, e23);
  const double g33 = dot3(e23, e23);
  F.inv_det = F.det > 0.0 ? 1.0 / F.det : 0.0;
  F.l2max = F.g11 > F.g22 ? F.g11 : F.g22;
  if (g33 > F.l2max) F.l2max = g33;
}

GEOMINT_INLINE bool tri_degenerate(const TriFrame &F)
{
  return !(F.det > DEGENERATE_DET * F.l2max * F.l2max);
}

// r(lambda) = R1 + (R2-R1) l2 + (R3-R1) l3: the one formula for a point's position
GEOMINT_INLINE void tri_point(const TriFrame &F, const double lam[3], double x[3])
{
  for (int d = 0; d < 3; d++) x[d] = F.r1[d] + F.e2[d] * lam[1] + F.e3[d] * lam[2];
}

// w = A^T u
GEOMINT_INLINE void tri_at(const TriFrame &F, const double u[3], double w[2])
{
  w[0] = dot3(F.e2, u);
  w[1] = dot3(F.e3, u);
}

// the in-plane vector u with A^T u = w: ldot = G^-1 w (ldot1 = -ldot2-ldot3), u = A ldot
GEOMINT_INLINE void tri_from_at(const TriFrame &F, const double w[2], double ldot[3], double u[3])
{
  const double inv = F.inv_det;
  ldot[1] = (F.g22 * w[0] - F.g12 * w[1]) * inv;
  ldot[2] = (F.g11 * w[1] - F.g12 * w[0]) * inv;
  ldot[0] = -ldot[1] - ldot[2];
  for (int d = 0; d < 3; d++) u[d] = F.e2[d] * ldot[1] + F.e3[d] * ldot[2];
}

// proj(u): the barycentric rates ldot of u and its in-plane part Pu = A ldot
GEOMINT_INLINE void tri_project(const TriFrame &F, const double u[3], double ldot[3], double pu[3])
{
  double w[2];
  tri_at(F, u, w);
  tri_from_at(F, w, ldot, pu);
}

// inward nudge: every l_k < eps becomes eps, the amount added is taken from
// the largest l, and then l1 = 1 - l2 - l3
GEOMINT_INLINE void clamp_barycentric(double lam[3])
{
  // nothing below eps (nearly always): only l1 = 1 - l2 - l3; the test is
  // branch-free, and the result the same as the general path's
  if (!((lam[0] < LAMBDA_EPS) | (lam[1] < LAMBDA_EPS) | (lam[2] < LAMBDA_EPS))) {
    lam[0] = 1.0 - lam[1] - lam[2];
    return;
  }
  double added = 0.0;
  int kmax = 0;
  for (int k = 0; k < 3; k++) {
    if (lam[k] < LAMBDA_EPS) {
      added += LAMBDA_EPS - lam[k];
      lam[k] = LAMBDA_EPS;
    }
    if (lam[k] > lam[kmax]) kmax = k;
  }
  lam[kmax] -= added;
  lam[0] = 1.0 - lam[1] - lam[2];
}

// closest point of triangle (a,b,c) to p, as barycentrics (Voronoi regions of
// the vertices, edges and face, as in Ericson, Real-Time Collision Detection
// 5.1.5); returns the squared distance
GEOMINT_INLINE double closest_point_triangle(const double p[3], const double a[3],
                                             const double b[3], const double c[3], double lam[3])
{
  double ab[3], ac[3], ap[3], bp[3], cp[3];
  sub3(b, a, ab);
  sub3(c, a, ac);
  sub3(p, a, ap);
  sub3(p, b, bp);
  sub3(p, c, cp);
  const double d1 = dot3(ab, ap), d2 = dot3(ac, ap);
  const double d3 = dot3(ab, bp), d4 = dot3(ac, bp);
  const double d5 = dot3(ab, cp), d6 = dot3(ac, cp);
  const double vc = d1 * d4 - d3 * d2;
  const double vb = d5 * d2 - d1 * d6;
  const double va = d3 * d6 - d5 * d4;
  double s, t;    // closest = a + s ab + t ac
  if (d1 <= 0.0 && d2 <= 0.0) {
    s = 0.0, t = 0.0;
  } else if (d3 >= 0.0 && d4 <= d3) {
    s = 1.0, t = 0.0;
  } else if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
    s = d1 / (d1 - d3), t = 0.0;
  } else if (d6 >= 0.0 && d5 <= d6) {
    s = 0.0, t = 1.0;
  } else if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
    s = 0.0, t = d2 / (d2 - d6);
  } else if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {
    t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    s = 1.0 - t;
  } else {
    const double inv = 1.0 / (va + vb + vc);
    s = vb * inv;
    t = vc * inv;
  }
  lam[1] = s;
  lam[2] = t;
  lam[0] = 1.0 - s - t;
  double dist2 = 0.0;
  for (int d = 0; d < 3; d++) {
    const double q = a[d] + ab[d] * s + ac[d] * t - p[d];
    dist2 += q * q;
  }
  return dist2;
}

// unit vector e along the edge Ra->Rb and the in-plane unit normal of the edge
// that points away from the opposite vertex Rk: n = unit(perp(Ra - Rk))
GEOMINT_INLINE void edge_frame(const double Ra[3], const double Rb[3], const double Rk[3],
                               double e[3], double n[3])
{
  sub3(Rb, Ra, e);
  const double inv_e = 1.0 / std::sqrt(dot3(e, e));
  for (int d = 0; d < 3; d++) e[d] *= inv_e;
  sub3(Ra, Rk, n);
  const double ue = dot3(n, e);
  for (int d = 0; d < 3; d++) n[d] -= ue * e[d];
  const double inv_n = 1.0 / std::sqrt(dot3(n, n));
  for (int d = 0; d < 3; d++) n[d] *= inv_n;
}

// specular in-plane reflection at a border edge with outward normal n
GEOMINT_INLINE void reflect_velocity(double v[3], const double n[3])
{
  const double vn = 2.0 * dot3(v, n);
  for (int d = 0; d < 3; d++) v[d] -= vn * n[d];
}

// transfer across an interior edge: keep the along-edge part (v.e) and carry
// the outward normal part into the neighbour's plane along its inward normal
GEOMINT_INLINE void transfer_velocity(double v[3], const double e[3], const double n_out[3],
                                      const double n_in[3])
{
  const double ve = dot3(v, e), vn = dot3(v, n_out);
  for (int d = 0; d < 3; d++) v[d] = ve * e[d] + vn * n_in[d];
}

// counts of one G drift
struct GDriftResult {
  int status;         // G_OK or an error code
  int segments;       // straight segments of this drift
  int transfers;      // interior edges crossed
  int reflections;    // border edges hit
};

enum GDriftStatus { G_OK = 0, G_TOO_MANY_SEGMENTS, G_MISSING_VERTEX, G_DEGENERATE };

// Exact piecewise drift of one point over a frozen mesh for a time tau: straight
// segments in the plane of the current triangle, an edge transfer (velocity
// rotated about the edge into the neighbour's plane) or a border reflection at
// each edge reached, and the recoil m ldot_k v dt of every segment on the
// corners of its triangle.  On entry: tri (the triangle, 0-based), vtx[3] (local
// indices of its vertices, closest images), F (its frame, not degenerate),
// lam (barycentrics in the simplex), v (velocity; projected in-plane at the
// start).  On exit the same for the triangle the point ends in, with v
// in-plane.
//
// Mesh supplies, for the point being moved:
//   const double *pos(int j)                 position of local atom j
//   int64_t tag(int tri, int k)              atom ID of local vertex k of tri
//   int neighbor(int tri, int k)             triangle across the edge opposite k, -1 at a border
//   int apex(int tri, int k)                 local index, in that neighbour, of its third vertex
//   int image(int64_t tag)                   closest image (local index) of that atom, -1 if absent
//   void recoil(int j, double c, const double v[3])   momentum c*v onto vertex j (if integrated)
template <class Mesh>
GEOMINT_INLINE GDriftResult g_drift_frame(const Mesh &mesh, int &tri, int vtx[3], TriFrame &F,
                                          double lam[3], double v[3], double m, double tau)
{
  GDriftResult res = {G_OK, 0, 0, 0};
  double ldot[3], pv[3];
  double trem = tau;
  while (true) {
    tri_project(F, v, ldot, pv);
    for (int d = 0; d < 3; d++) v[d] = pv[d];
    if (++res.segments > MAX_SEGMENTS) {
      res.status = G_TOO_MANY_SEGMENTS;
      return res;
    }

    // the first edge the straight path reaches (exact tie: smaller vertex tag);
    // edges that the path cannot reach within trem are screened out without a
    // division, for the three edges at once and without branches (most
    // segments reach no edge: the exact search runs for candidates only)
    int kstar = -1;
    double thit = 0.0;
    bool cand[3];
    for (int k = 0; k < 3; k++) cand[k] = (ldot[k] < 0.0) & !(lam[k] + ldot[k] * trem >= 0.0);
    if (cand[0] | cand[1] | cand[2]) {
      for (int k = 0; k < 3; k++) {
        if (!cand[k]) continue;
        double t = -lam[k] / ldot[k];
        if (t < 0.0) t = 0.0;
        if (kstar < 0 || t < thit || (t == thit && mesh.tag(tri, k) < mesh.tag(tri, kstar))) {
          kstar = k;
          thit = t;
        }
      }
    }
    const bool event = kstar >= 0 && thit < trem;
    const double dt = event ? thit : trem;
    lam[1] += ldot[1] * dt;
    lam[2] += ldot[2] * dt;
    lam[0] = 1.0 - lam[1] - lam[2];
    for (int k = 0; k < 3; k++) mesh.recoil(vtx[k], m * ldot[k] * dt, v);
    if (!event) break;

    trem -= dt;
    lam[kstar] = 0.0;
    const int a = (kstar + 1) % 3, b = (kstar + 2) % 3;
    double e[3], n_out[3];
    edge_frame(mesh.pos(vtx[a]), mesh.pos(vtx[b]), mesh.pos(vtx[kstar]), e, n_out);
    const int next = mesh.neighbor(tri, kstar);
    if (next < 0) {
      reflect_velocity(v, n_out);
      res.reflections++;
    } else {
      // the neighbour's local order: shared vertices a, b and its apex c
      const int c = mesh.apex(tri, kstar);
      const int64_t tag_a = mesh.tag(tri, a);
      int nvtx[3];
      double nlam[3];
      for (int k = 0; k < 3; k++) {
        if (k == c) {
          nvtx[k] = mesh.image(mesh.tag(next, k));
          if (nvtx[k] < 0) {
            res.status = G_MISSING_VERTEX;
            tri = next;    // report the triangle whose vertex is missing
            return res;
          }
          nlam[k] = 0.0;
        } else if (mesh.tag(next, k) == tag_a) {
          nvtx[k] = vtx[a];
          nlam[k] = lam[a];
        } else {
          nvtx[k] = vtx[b];
          nlam[k] = lam[b];
        }
      }
      double Ra[3], n_in[3];
      for (int d = 0; d < 3; d++) Ra[d] = mesh.pos(vtx[a])[d];
      sub3(mesh.pos(nvtx[c]), Ra, n_in);
      const double ue = dot3(n_in, e);
      for (int d = 0; d < 3; d++) n_in[d] -= ue * e[d];
      const double inv_n = 1.0 / std::sqrt(dot3(n_in, n_in));
      for (int d = 0; d < 3; d++) n_in[d] *= inv_n;
      transfer_velocity(v, e, n_out, n_in);
      res.transfers++;
      tri = next;
      for (int k = 0; k < 3; k++) {
        vtx[k] = nvtx[k];
        lam[k] = nlam[k];
      }
      tri_frame(mesh.pos(vtx[0]), mesh.pos(vtx[1]), mesh.pos(vtx[2]), F);
      if (tri_degenerate(F)) {
        res.status = G_DEGENERATE;
        return res;
      }
    }
    clamp_barycentric(lam);
  }
  // v is in-plane: the last segment started with a projection
  clamp_barycentric(lam);
  return res;
}

}    // namespace geomint

#endif
