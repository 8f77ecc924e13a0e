/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the per-atom passes of fix bagogab, written once: run by a
   plain loop in fix bagogab (CPU) and by Kokkos parallel_for /
   parallel_reduce in fix bagogab/kk.  LAMMPS-free and Kokkos-free (the
   GEOMINT_INLINE functions are device functions in a Kokkos build); the
   step order and the communication between passes are FixBagogab's.

   A pass is a struct with its step's scalars and
     template <class A> GEOMINT_INLINE void operator()(const A &a, int i, V &acc) const
   (passes that draw noise take the atom's normals xi after i).  `a` is an
   accessor of the atom data (CPU: LAMMPS's arrays, /kk: Kokkos views):

   atoms (every pass)
     double &x(i,k), &v(i,k); double f(i,k)
     int mask(i), type(i); int64_t tag(i); bool use_rmass; double rmass(i)
     double coeff(t, PT_...)          per-type table (FixBagogab::coeff)
     double &delta(i,k)               zero yes: the random velocity changes
     int groupbit; uint32_t seed; int64_t step; double dtf, half_h, kt
   in-triangle points (mesh keyword), in addition
     int intri_bit; double &state(i,k) (triangle id, l1, l2, l3)
     int &vtx(i,k) (corners, then 1 computed / 0 not yet / -1 failed)
     geomint::TriFrame &frame(i); double &wat(i,k); double fc(i,k), dp(i,k)
     const double *pos(j); int corner(t,k) (vertex index q: the IDs' order)
     int neighbor(t,k), apex(t,k); int img_off(q), img_list(o) (the local
     images of vertex q, in the order Domain::closest_image visits them)
     fc_sink(), dp_sink(): an object s with s(j,k) += value (the vertex scatter)
     void fail(i, code, tri): the point is left alone for the rest of the step
     ImageBound image_bound: the edges the closest-image rule allows
------------------------------------------------------------------------- */

#ifndef GEOMINT_BAGOGAB_PASSES_H
#define GEOMINT_BAGOGAB_PASSES_H

#include "geomint/baoab.h"
#include "geomint/geomint_inline.h"
#include "geomint/random.h"
#include "geomint/triangle.h"

#include <cmath>
#include <cstdint>

namespace geomint_bagogab {

// the per-type table: OU c1, s = 1 - c1^2, sigma (per-type masses), dtf/m, m, 1/m
enum { PT_C1, PT_S, PT_SIGMA, PT_DTFM, PT_MASS, PT_INVM, PT_N };

// why a point stopped during a step (the messages are BagogabPoints::failure_message)
enum PointFailure {
  PF_NONE = 0,
  PF_NO_TRIANGLE,
  PF_MISSING_VERTEX,
  PF_DEGENERATE,
  PF_TOO_MANY,
  PF_HALF_BOX
};

// Domain::closest_image finds a point's corners (and the mesh check its edges)
// only while each true edge vector e is the shortest of its periodic images
// e + T.  In a box without tilt that is |e.T| < |T|^2/2 for the box vectors T
// of the periodic dimensions (|e_d| < L_d/2), exactly.  In a tilted box the
// bound is |e| < w/2, w the narrowest distance between opposite periodic
// faces: every lattice vector is at least w long, so that such an edge is the
// shortest image (sufficient, not necessary; exact conditions would need a
// reduced lattice basis, and LAMMPS allows large tilts).  Between
// reneighborings the corners' images stay those found, so that the edges of a
// point's frame change continuously and show an edge that grows past the
// bound (checked with the frame of the step's end, ASecondPass); closest
// images found anew could not.
struct ImageBound {
  int n = 0;                   // box vectors in use (no tilt; 0: none periodic or tilted)
  double t[3][4] = {};         // T and |T|^2/2
  double r2safe = 1e300;       // edges with |e|^2 below are within: min |T|^2/4, or (w/2)^2
  bool tilted = false;         // |e|^2 < r2safe is the whole bound
};

// the first box vector (index) that an edge e reaches, -1 if none (no tilt)
GEOMINT_INLINE int image_bound_reached(const ImageBound &b, const double e[3])
{
  for (int k = 0; k < b.n; k++) {
    const double et = e[0] * b.t[k][0] + e[1] * b.t[k][1] + e[2] * b.t[k][2];
    if (!(std::fabs(et) < b.t[k][3])) return k;
  }
  return -1;
}

// the three edges of a triangle frame, within the bound
GEOMINT_INLINE bool tri_within_image_bound(const ImageBound &b, const geomint::TriFrame &F)
{
  if (F.l2max < b.r2safe) return true;    // (the usual case: one comparison)
  if (b.tilted) return false;
  const double e23[3] = {F.e3[0] - F.e2[0], F.e3[1] - F.e2[1], F.e3[2] - F.e2[2]};
  return image_bound_reached(b, F.e2) < 0 && image_bound_reached(b, F.e3) < 0 &&
      image_bound_reached(b, e23) < 0;
}

// the step's scalars of an atom accessor (FixBagogab::atom_scalars fills them)
struct AtomScalars {
  int groupbit;
  bool use_rmass;
  uint32_t seed;
  int64_t step;
  double dtf, half_h, kt;
  ImageBound image_bound;
};

/* ---------------------------------------------------------------------- */

template <class A> GEOMINT_INLINE double mass_of(const A &a, int i)
{
  return a.use_rmass ? a.rmass(i) : a.coeff(a.type(i), PT_MASS);
}

// velocity change per unit force of B(s h/2)
template <class A> GEOMINT_INLINE double dtfm_of(const A &a, int i, double s)
{
  return a.use_rmass ? (s * a.dtf) / a.rmass(i) : s * a.coeff(a.type(i), PT_DTFM);
}

// velocity noise amplitude sqrt(kT/m (1 - c1^2)) in velocity units
template <class A> GEOMINT_INLINE double sigma_of(const A &a, int i)
{
  const int t = a.type(i);
  return a.use_rmass ? std::sqrt(a.kt * a.coeff(t, PT_S) / a.rmass(i)) : a.coeff(t, PT_SIGMA);
}

template <class A> GEOMINT_INLINE bool in_group(const A &a, int i)
{
  return a.mask(i) & a.groupbit;
}
template <class A> GEOMINT_INLINE bool is_point(const A &a, int i)
{
  return a.mask(i) & a.intri_bit;
}
// a group atom that is not a point (free atoms and mesh vertices)
template <class A> GEOMINT_INLINE bool is_free(const A &a, int i)
{
  return (a.mask(i) & a.groupbit) && !(a.mask(i) & a.intri_bit);
}

template <class A> GEOMINT_INLINE void load3(const A &a, int i, double x[3], double v[3])
{
  for (int k = 0; k < 3; k++) {
    x[k] = a.x(i, k);
    v[k] = a.v(i, k);
  }
}
template <class A> GEOMINT_INLINE void store3(const A &a, int i, const double x[3], const double v[3])
{
  for (int k = 0; k < 3; k++) {
    a.x(i, k) = x[k];
    a.v(i, k) = v[k];
  }
}

// B(s h/2) [then B(s2 h/2), its own addition] with force fi; apply = false
// only sums the kinetic-energy change m (v.dv + |dv|^2/2) of B(s h/2)
template <class A>
GEOMINT_INLINE void kick_atom(const A &a, int i, const double fi[3], double s, double s2, bool apply,
                              double &dke)
{
  const double dtfm = dtfm_of(a, i, s);
  if (!apply) {
    const double dv[3] = {dtfm * fi[0], dtfm * fi[1], dtfm * fi[2]};
    const double vi[3] = {a.v(i, 0), a.v(i, 1), a.v(i, 2)};
    dke += mass_of(a, i) * (geomint::dot3(vi, dv) + 0.5 * geomint::dot3(dv, dv));
    return;
  }
  double vi[3] = {a.v(i, 0), a.v(i, 1), a.v(i, 2)};
  if (s != 0.0) geomint::kick(vi, fi, dtfm);
  if (s2 != 0.0) geomint::kick(vi, fi, dtfm_of(a, i, s2));
  for (int k = 0; k < 3; k++) a.v(i, k) = vi[k];
}

/* ----------------------------------------------------------------------
   plain BAOAB (no points)
------------------------------------------------------------------------- */

// [B(s_def h/2)] B(h/2) A(h/2) O(h) A(h/2) of one group atom; acc: sum m (|v|^2 before O - after)
struct BaoaPass {
  double s_def;
  template <class A>
  GEOMINT_INLINE void operator()(const A &a, int i, const double xi[3], double &de) const
  {
    double xr[3], vr[3];
    load3(a, i, xr, vr);
    const double fi[3] = {a.f(i, 0), a.f(i, 1), a.f(i, 2)};
    const int t = a.type(i);
    if (s_def != 0.0) geomint::kick(vr, fi, dtfm_of(a, i, s_def));
    geomint::kick(vr, fi, dtfm_of(a, i, 1.0));
    geomint::drift(xr, vr, a.half_h);
    de += mass_of(a, i) * geomint::ou_kick(vr, a.coeff(t, PT_C1), sigma_of(a, i), xi);
    geomint::drift(xr, vr, a.half_h);
    store3(a, i, xr, vr);
  }
};

// zero yes, first pass over one group atom: [B] B A and its random change
// delta (atoms with noise); acc: (sum m delta (3), sum m) over those
struct ZeroFirstPass {
  double s_def;
  template <class A>
  GEOMINT_INLINE void operator()(const A &a, int i, const double xi[3], double *sum) const
  {
    double xr[3], vr[3];
    load3(a, i, xr, vr);
    const double fi[3] = {a.f(i, 0), a.f(i, 1), a.f(i, 2)};
    const double m = mass_of(a, i);
    if (s_def != 0.0) geomint::kick(vr, fi, s_def * a.dtf / m);
    geomint::kick(vr, fi, a.dtf / m);
    geomint::drift(xr, vr, a.half_h);
    store3(a, i, xr, vr);
    if (!geomint::ou_has_noise(a.coeff(a.type(i), PT_S))) return;
    const double sigma = sigma_of(a, i);
    for (int k = 0; k < 3; k++) {
      a.delta(i, k) = sigma * xi[k];
      sum[k] += m * a.delta(i, k);
    }
    sum[3] += m;
  }
};

// O with the random changes less the shift (atoms with noise), then A(h/2); acc: the tally
struct ZeroSecondPass {
  double shift[3];
  template <class A> GEOMINT_INLINE void operator()(const A &a, int i, double &de) const
  {
    if (!in_group(a, i)) return;
    const int t = a.type(i);
    double xr[3], vr[3];
    load3(a, i, xr, vr);
    if (geomint::ou_has_noise(a.coeff(t, PT_S))) {
      const double d[3] = {a.delta(i, 0) - shift[0], a.delta(i, 1) - shift[1],
                           a.delta(i, 2) - shift[2]};
      de += mass_of(a, i) * geomint::ou_kick(vr, a.coeff(t, PT_C1), 1.0, d);
    }
    geomint::drift(xr, vr, a.half_h);
    store3(a, i, xr, vr);
  }
};

// B(scale h/2) on a group atom (apply), or its kinetic-energy change (acc)
struct KickPass {
  double scale;
  bool apply;
  template <class A> GEOMINT_INLINE void operator()(const A &a, int i, double &dke) const
  {
    if (!in_group(a, i)) return;
    const double fi[3] = {a.f(i, 0), a.f(i, 1), a.f(i, 2)};
    kick_atom(a, i, fi, scale, 0.0, apply, dke);
  }
};

/* ----------------------------------------------------------------------
   in-triangle points
------------------------------------------------------------------------- */

// Domain::closest_image(i, map(ID)) for vertex q, -1 if it has no image here:
// the first of the nearest images in the order closest_image walks them
template <class P> GEOMINT_INLINE int closest_image(const P &p, int i, int q)
{
  int best = -1;
  double rmin = 0.0;
  for (int o = p.img_off(q); o < p.img_off(q + 1); o++) {
    const int j = p.img_list(o);
    const double dx = p.x(i, 0) - p.x(j, 0);
    const double dy = p.x(i, 1) - p.x(j, 1);
    const double dz = p.x(i, 2) - p.x(j, 2);
    const double r = dx * dx + dy * dy + dz * dz;
    if (best < 0 || r < rmin) {
      best = j;
      rmin = r;
    }
  }
  return best;
}

template <class P> GEOMINT_INLINE void frame_of(const P &p, int i, geomint::TriFrame &F)
{
  geomint::tri_frame(p.pos(p.vtx(i, 0)), p.pos(p.vtx(i, 1)), p.pos(p.vtx(i, 2)), F);
}

// corners and frame of point i; vtx(i,3) = 1 marks the row as computed (an
// atom that joins the point group between runs without a setup has 0)
template <class P> GEOMINT_INLINE void corners_of(const P &p, int i)
{
  const int t = static_cast<int>(p.state(i, 0)) - 1;
  if (t < 0) return p.fail(i, PF_NO_TRIANGLE, -1);
  for (int k = 0; k < 3; k++) {
    p.vtx(i, k) = closest_image(p, i, p.corner(t, k));
    if (p.vtx(i, k) < 0) return p.fail(i, PF_MISSING_VERTEX, t);
  }
  p.vtx(i, 3) = 1;
  frame_of(p, i, p.frame(i));
  if (geomint::tri_degenerate(p.frame(i))) return p.fail(i, PF_DEGENERATE, t);
  // (closest images that span more than half the box: a nearer image is not
  // on this rank, or the triangle grew so long unseen, e.g. entered by transfer)
  if (!tri_within_image_bound(p.image_bound, p.frame(i))) p.fail(i, PF_MISSING_VERTEX, t);
}

// A(h/2), first half, for a point: p_lambda ~ A^T v is what A keeps
template <class P> GEOMINT_INLINE void keep_at(const P &p, int i)
{
  const double vi[3] = {p.v(i, 0), p.v(i, 1), p.v(i, 2)};
  double w[2];
  geomint::tri_at(p.frame(i), vi, w);
  p.wat(i, 0) = w[0];
  p.wat(i, 1) = w[1];
}

// A(h/2) for an atom that is not a point: x += h/2 v
template <class P> GEOMINT_INLINE void drift_atom(const P &p, int i)
{
  double xr[3], vr[3];
  load3(p, i, xr, vr);
  geomint::drift(xr, vr, p.half_h);
  for (int k = 0; k < 3; k++) p.x(i, k) = xr[k];
}

// corners of every owned point (after a reneighboring)
struct CornersPass {
  template <class P> GEOMINT_INLINE void operator()(const P &p, int i) const
  {
    p.vtx(i, 3) = 0;
    if (is_point(p, i)) corners_of(p, i);
  }
};

// B, points: the chain-rule forces lambda_k f onto the corners (scatter) and
// the kick with the projected force; with keep_wat the first half of the
// A(h/2) that follows (points keep A^T v: the new v is final)
struct BPointPass {
  double s, s2;
  bool apply, keep_wat;
  template <class P> GEOMINT_INLINE void operator()(const P &p, int i, double &dke) const
  {
    if (!is_point(p, i)) return;
    if (!p.vtx(i, 3)) corners_of(p, i);    // joined the points since the last setup
    if (p.vtx(i, 3) < 0) return;           // failed
    const double fi[3] = {p.f(i, 0), p.f(i, 1), p.f(i, 2)};
    auto fc = p.fc_sink();
    // (onto every corner: the rows of corners outside the fix group, frozen
    // geometry, are never read, so that no test of the corner's mask is needed)
    for (int k = 0; k < 3; k++) {
      const int j = p.vtx(i, k);
      const double lam = p.state(i, k + 1);
      fc(j, 0) += lam * fi[0];
      fc(j, 1) += lam * fi[1];
      fc(j, 2) += lam * fi[2];
    }
    double ldot[3], pf[3];
    geomint::tri_project(p.frame(i), fi, ldot, pf);
    kick_atom(p, i, pf, s, s2, apply, dke);
    if (keep_wat) keep_at(p, i);
  }
};

// B, the other group atoms: their force plus the summed chain-rule forces;
// with drift the first half of the A(h/2) that follows (x += h/2 v)
struct BFreePass {
  double s, s2;
  bool apply, drift;
  template <class P> GEOMINT_INLINE void operator()(const P &p, int i, double &dke) const
  {
    if (!is_free(p, i)) return;
    const double ft[3] = {p.f(i, 0) + p.fc(i, 0), p.f(i, 1) + p.fc(i, 1), p.f(i, 2) + p.fc(i, 2)};
    kick_atom(p, i, ft, s, s2, apply, dke);
    if (drift) drift_atom(p, i);
  }
};

// A(h/2), after: the points' new frames, and the same lambda and A^T v in them;
// with check_bound (the end of the step: once per step is enough for edges
// that grow continuously) the frame's edges against the image bound
struct ASecondPass {
  bool check_bound = true;
  template <class P> GEOMINT_INLINE void operator()(const P &p, int i) const
  {
    if (!is_point(p, i) || p.vtx(i, 3) < 0) return;
    geomint::TriFrame &F = p.frame(i);
    frame_of(p, i, F);
    if (geomint::tri_degenerate(F))
      return p.fail(i, PF_DEGENERATE, static_cast<int>(p.state(i, 0)) - 1);
    if (check_bound && !tri_within_image_bound(p.image_bound, F))
      return p.fail(i, PF_HALF_BOX, static_cast<int>(p.state(i, 0)) - 1);
    const double w[2] = {p.wat(i, 0), p.wat(i, 1)};
    double ldot[3], vr[3], xr[3];
    geomint::tri_from_at(F, w, ldot, vr);
    const double lam[3] = {p.state(i, 1), p.state(i, 2), p.state(i, 3)};
    geomint::tri_point(F, lam, xr);
    store3(p, i, xr, vr);
  }
};

// what g_drift_frame sees of the mesh for point i (geomint/triangle.h): the
// accessor's positions and topology, the recoil into the scatter sink; the
// "tags" are the vertex indices q (an order-preserving relabelling of the
// IDs: the kernel compares them only for order and equality)
template <class P, class Sink> struct GMesh {
  const P &p;
  const Sink &dp;
  int i;
  GEOMINT_INLINE const double *pos(int j) const { return p.pos(j); }
  GEOMINT_INLINE int64_t tag(int t, int k) const { return p.corner(t, k); }
  GEOMINT_INLINE int neighbor(int t, int k) const { return p.neighbor(t, k); }
  GEOMINT_INLINE int apex(int t, int k) const { return p.apex(t, k); }
  GEOMINT_INLINE int image(int64_t q) const { return closest_image(p, i, static_cast<int>(q)); }
  // (frozen geometry, corners outside the fix group: their rows are never
  // read, the recoil is dropped there)
  GEOMINT_INLINE void recoil(int j, double c, const double v[3]) const
  {
    for (int k = 0; k < 3; k++) dp(j, k) += c * v[k];
  }
};

// G(tau): the exact drift of point i over the frozen mesh, the recoil onto
// its corners into the scatter sink; with keep_wat the first half of the
// A(h/2) after it (the new v is final).  False if the point is failed or fails
template <class P, class Sink>
GEOMINT_INLINE bool g_point(const P &p, int i, double tau, bool keep_wat, const Sink &sink,
                            geomint::GDriftResult &r)
{
  if (p.vtx(i, 3) < 0) return false;
  int t = static_cast<int>(p.state(i, 0)) - 1;
  double lam[3] = {p.state(i, 1), p.state(i, 2), p.state(i, 3)};
  double vr[3] = {p.v(i, 0), p.v(i, 1), p.v(i, 2)};
  int vtx[3] = {p.vtx(i, 0), p.vtx(i, 1), p.vtx(i, 2)};
  geomint::TriFrame &F = p.frame(i);    // (in place: it changes with the triangle only)
  const GMesh<P, Sink> mesh = {p, sink, i};
  r = geomint::g_drift_frame(mesh, t, vtx, F, lam, vr, mass_of(p, i), tau);
  if (r.status == geomint::G_MISSING_VERTEX) return p.fail(i, PF_MISSING_VERTEX, t), false;
  if (r.status == geomint::G_DEGENERATE) return p.fail(i, PF_DEGENERATE, t), false;
  if (r.status == geomint::G_TOO_MANY_SEGMENTS) return p.fail(i, PF_TOO_MANY, t), false;
  p.state(i, 0) = t + 1;
  for (int k = 0; k < 3; k++) {
    p.state(i, k + 1) = lam[k];
    p.v(i, k) = vr[k];
  }
  if (r.transfers)    // (the corners change with the triangle only)
    for (int k = 0; k < 3; k++) p.vtx(i, k) = vtx[k];
  if (keep_wat) keep_at(p, i);
  return true;
}

// the second half of the A(h/2) before (ASecondPass: it reads the corners'
// communicated positions only), then G(tau), recoil into dp;
// acc: (edge transfers, border reflections, max segments)
struct AGPointPass {
  double tau;
  template <class P> GEOMINT_INLINE void operator()(const P &p, int i, int *c) const
  {
    ASecondPass{false}(p, i);
    if (!is_point(p, i)) return;
    geomint::GDriftResult r;
    if (!g_point(p, i, tau, false, p.dp_sink(), r)) return;
    c[0] += r.transfers;
    c[1] += r.reflections;
    if (r.segments > c[2]) c[2] = r.segments;
  }
};

// G: the summed recoil momenta (dp, or fc) onto the other group atoms; with
// drift the first half of the A(h/2) that follows
struct GRecoilPass {
  bool drift, from_fc;
  template <class P> GEOMINT_INLINE void operator()(const P &p, int i) const
  {
    if (!is_free(p, i)) return;
    const double im = p.use_rmass ? 1.0 / p.rmass(i) : p.coeff(p.type(i), PT_INVM);
    for (int k = 0; k < 3; k++) p.v(i, k) += (from_fc ? p.fc(i, k) : p.dp(i, k)) * im;
    if (drift) drift_atom(p, i);
  }
};

// O(h) on a point: its tally is the projected change (the out-of-plane part
// of the noise is dropped by the next projection); returns that tally
template <class P> GEOMINT_INLINE double o_point(const P &p, int i, const double xi[3])
{
  if (p.vtx(i, 3) < 0) return 0.0;    // failed this step
  const int t = p.type(i);
  const double m = mass_of(p, i);
  const double sigma = sigma_of(p, i);
  const double c1 = p.coeff(t, PT_C1);
  if (c1 == 1.0 && sigma == 0.0) return 0.0;    // no friction: v unchanged exactly
  double vr[3] = {p.v(i, 0), p.v(i, 1), p.v(i, 2)};
  const double v2 = geomint::dot3(vr, vr);
  for (int d = 0; d < 3; d++) vr[d] = c1 * vr[d] + sigma * xi[d];
  double ldot[3], pv[3];
  geomint::tri_project(p.frame(i), vr, ldot, pv);
  for (int d = 0; d < 3; d++) p.v(i, d) = vr[d];
  return m * (v2 - geomint::dot3(pv, pv));
}

// O(h) on a group atom that is not a point; with zero yes the atoms with noise
// get their random change delta only (sum: sum m delta (3), sum m).  Returns
// its tally (0 with zero yes: OZeroFreePass tallies)
template <class P>
GEOMINT_INLINE double o_free(const P &p, int i, const double xi[3], bool zero, double *sum)
{
  const int t = p.type(i);
  const double m = mass_of(p, i);
  const double sigma = sigma_of(p, i);
  if (zero) {
    if (!geomint::ou_has_noise(p.coeff(t, PT_S))) return 0.0;    // nofriction: v unchanged exactly
    for (int d = 0; d < 3; d++) {
      p.delta(i, d) = sigma * xi[d];
      sum[d] += m * p.delta(i, d);
    }
    sum[3] += m;
    return 0.0;
  }
  double vr[3] = {p.v(i, 0), p.v(i, 1), p.v(i, 2)};
  const double de = m * geomint::ou_kick(vr, p.coeff(t, PT_C1), sigma, xi);
  for (int d = 0; d < 3; d++) p.v(i, d) = vr[d];
  return de;
}

// between the two G(h/2): the recoil of the first (dp) on the other group
// atoms, O(h), and the second G of the points with the first half of the
// A(h/2) after it, its recoil into fc (per atom, the operations in the order
// of the sub-steps: no pass reads what another atom's body writes here).
// acc: (sum m delta (3), sum m, tally), then edge transfers, border
// reflections, max segments.  The two kinds of atom are two bodies that
// return the atom's tally: one atom per call (operator(), devices), or on a
// host the two kinds of a block apart (noise_block below)
struct OGPass {
  bool zero;
  double tau;
  template <class P>
  GEOMINT_INLINE double free_part(const P &p, int i, const double xi[3], double *sum) const
  {
    GRecoilPass{false, false}(p, i);
    return o_free(p, i, xi, zero, sum);
  }
  template <class P>
  GEOMINT_INLINE double point_part(const P &p, int i, const double xi[3], double *sum) const
  {
    const double de = o_point(p, i, xi);
    geomint::GDriftResult r;
    if (g_point(p, i, tau, true, p.fc_sink(), r)) {
      sum[5] += r.transfers;
      sum[6] += r.reflections;
      if (r.segments > sum[7]) sum[7] = r.segments;
    }
    return de;
  }
  template <class P>
  GEOMINT_INLINE void operator()(const P &p, int i, const double xi[3], double *sum) const
  {
    sum[4] += is_point(p, i) ? point_part(p, i, xi, sum) : free_part(p, i, xi, sum);
  }
};

// O with zero yes, the other atoms with noise: the shifted random changes; acc: the tally
struct OZeroFreePass {
  double shift[3];
  template <class P> GEOMINT_INLINE void operator()(const P &p, int i, double &de) const
  {
    if (!is_free(p, i)) return;
    const int t = p.type(i);
    if (!geomint::ou_has_noise(p.coeff(t, PT_S))) return;
    double vr[3] = {p.v(i, 0), p.v(i, 1), p.v(i, 2)};
    const double d[3] = {p.delta(i, 0) - shift[0], p.delta(i, 1) - shift[1],
                         p.delta(i, 2) - shift[2]};
    de += mass_of(p, i) * geomint::ou_kick(vr, p.coeff(t, PT_C1), 1.0, d);
    for (int k = 0; k < 3; k++) p.v(i, k) = vr[k];
  }
};

/* ----------------------------------------------------------------------
   the loops
------------------------------------------------------------------------- */

// a pass over the atoms of an index list (entry s is atom list(s)): the same
// body, without the per-atom test of the atom's kind (the lists of the owned
// points and of the other group atoms are built at each reneighboring, in
// local-index order, so that sums and scatters keep the order of a loop over
// all atoms).  List: int operator()(int s) (a Kokkos view, or IndexList)
template <class Pass, class List> struct OnList {
  Pass pass;
  List list;
  template <class A, class... Acc>
  GEOMINT_INLINE void operator()(const A &a, int s, Acc &&...acc) const
  {
    pass(a, list(s), acc...);
  }
};
template <class Pass, class List>
GEOMINT_INLINE OnList<Pass, List> on_list(const Pass &p, const List &l)
{
  return {p, l};
}

// a host array as a list
struct IndexList {
  const int *l;
  int operator()(int s) const { return l[s]; }
};

// a pass without noise over atoms [0, n)
template <class A, class Pass, class Acc>
inline void for_atoms(const A &a, int n, const Pass &pass, Acc &&acc)
{
  for (int i = 0; i < n; i++) pass(a, i, acc);
}
template <class A, class Pass> inline void for_atoms(const A &a, int n, const Pass &pass)
{
  for (int i = 0; i < n; i++) pass(a, i);
}

// a pass with noise over the group atoms among [i0, i1) (i1 - i0 <= NORMAL_BLOCK)
// on a host: their normals drawn together by normal3_block (vectorised
// Box-Muller, bitwise equal to normal3)
// the group atoms of [i0, i1) (at most NORMAL_BLOCK) into idx, their normals
// into xi; returns how many
template <class A>
inline int draw_block(const A &a, int i0, int i1, int *idx, double (*xi)[3])
{
  int64_t tags[geomint::NORMAL_BLOCK] = {};    // (zeroed: GCC 12 cannot see that only n are read)
  int n = 0;
  for (int i = i0; i < i1; i++)
    if (a.mask(i) & a.groupbit) {
      idx[n] = i;
      tags[n++] = a.tag(i);
    }
  geomint::normal3_block(a.seed, tags, n, a.step, geomint::STREAM_O, xi);
  return n;
}

template <class A, class Pass, class Acc>
inline void noise_block(const A &a, int i0, int i1, const Pass &pass, Acc &&acc)
{
  int idx[geomint::NORMAL_BLOCK];
  double xi[geomint::NORMAL_BLOCK][3];
  const int n = draw_block(a, i0, i1, idx, xi);
  for (int j = 0; j < n; j++) pass(a, idx[j], xi[j], acc);
}

// OGPass on a host: the other group atoms of the block first, then its
// points, each kind in local order (no per-atom test of the kind, which
// mispredicts where points and vertices interleave); the atoms touch
// disjoint data here (the points' recoil goes into fc, which no free atom
// reads in this pass), and the tally is summed in local order: the result
// is that of the atom-by-atom loop, bitwise
template <class A, class Acc>
inline void noise_block(const A &a, int i0, int i1, const OGPass &pass, Acc &&sum)
{
  constexpr int NB = geomint::NORMAL_BLOCK;
  int idx[NB];
  double xi[NB][3];
  const int n = draw_block(a, i0, i1, idx, xi);
  int jp[NB], jf[NB], np = 0, nf = 0;
  for (int j = 0; j < n; j++) {    // (branch-free partition)
    const int pt = is_point(a, idx[j]) ? 1 : 0;
    jp[np] = j;
    jf[nf] = j;
    np += pt;
    nf += 1 - pt;
  }
  double de[NB];
  for (int q = 0; q < nf; q++) de[jf[q]] = pass.free_part(a, idx[jf[q]], xi[jf[q]], sum);
  for (int q = 0; q < np; q++) de[jp[q]] = pass.point_part(a, idx[jp[q]], xi[jp[q]], sum);
  for (int j = 0; j < n; j++) sum[4] += de[j];
}

template <class A, class Pass, class Acc>
inline void for_atoms_noise(const A &a, int n, const Pass &pass, Acc &&acc)
{
  for (int i0 = 0; i0 < n; i0 += geomint::NORMAL_BLOCK)
    noise_block(a, i0, n < i0 + geomint::NORMAL_BLOCK ? n : i0 + geomint::NORMAL_BLOCK, pass, acc);
}

// a pass with noise on one group atom, normals drawn for it alone (devices)
template <class A, class Pass, class Acc>
GEOMINT_INLINE void noise_atom(const A &a, int i, const Pass &pass, Acc &&acc)
{
  if (!(a.mask(i) & a.groupbit)) return;
  double xi[3];
  geomint::normal3(a.seed, a.tag(i), a.step, geomint::STREAM_O, xi);
  pass(a, i, xi, acc);
}

}    // namespace geomint_bagogab

#endif
