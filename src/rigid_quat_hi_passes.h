/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the per-body passes of fix rigid/quat/hi, written once: the CPU
   fix runs them in plain loops (FixRigidQuatHi), fix rigid/quat/hi/kk in
   parallel_for / parallel_reduce over the same functions
   (KOKKOS/fix_rigid_quat_hi_kokkos.cpp), so a body's arithmetic is the
   same text on both.

   A pass reads and writes a body through an accessor A:
     bool in_group(i) const
     double mass(i) const;  void moments(i, double I[3]) const
     double &pos(i, k), &vel(i, k), &orient(i, k) const    (x, v, quaternion)
     double force(i, k), torque_of(i, k) const
     void load_L(i, const double I[3], double L[3]) const  (space-frame angular
     void store_L(i, const double I[3], const double L[3]) const   momentum)
     int64_t tag_of(i) const;  double hydro_radius(i) const
     const geomint::RigidOUCoeff &type_coeff(i) const      (hi off, per type)
   (spheres keep omega, L = I omega; ellipsoids LAMMPS's angmom).  An
   accessor of spheres says so with `static constexpr bool sphere = true`:
   its bodies then take the sphere kernels of lib/geomint (three equal
   moments: the rotor turns q alone, L is carried in the body frame through
   the hi-off step), which agree with the general ones to round-off.
------------------------------------------------------------------------- */

#ifndef GEOMINT_RIGID_QUAT_HI_PASSES_H
#define GEOMINT_RIGID_QUAT_HI_PASSES_H

#include "geomint/baoab.h"
#include "geomint/random.h"
#include "geomint/rigid_body.h"

#include <cstdint>
#include <type_traits>

namespace LAMMPS_NS {
namespace rqh {

  // the scalars of one step (FixRigidQuatHi::step_params)
  struct StepParams {
    geomint::RigidFriction friction;
    int per_type, rotor_before, rotor_after, normalize, noisy;
    int noise_kind;    // NOISE_*: gaussian, threepoint, uniform
    uint32_t seed;
    int64_t step;
    double h, half_h, dtf, skt;
  };

  // whether accessor A holds spheres (A::sphere; false where A does not say)
  template <class...> struct make_void { typedef void type; };
  template <class A, class = void> struct is_sphere : std::false_type {};
  template <class A>
  struct is_sphere<A, typename make_void<decltype(A::sphere)>::type>
      : std::integral_constant<bool, A::sphere> {};

  // the hydrodynamic radius of a body (the radius keyword: none, a constant,
  // per type, the atom's radius)
  enum { RADIUS_NONE, RADIUS_CONST, RADIUS_TYPE, RADIUS_ATOM };
  GEOMINT_INLINE double hydro_radius(int mode, double r_const, double r_type, double r_atom)
  {
    if (mode == RADIUS_CONST) return r_const;
    if (mode == RADIUS_TYPE) return r_type;
    if (mode == RADIUS_ATOM) return r_atom;
    return 0.0;
  }

  // the noise keyword
  enum { NOISE_GAUSSIAN, NOISE_THREEPOINT, NOISE_UNIFORM };

  // three deviates of a body for one stream (Philox keyed by seed, tag,
  // step): Gaussian, three-point or uniform (kind: the noise keyword)
  GEOMINT_INLINE void deviates(uint32_t seed, int64_t tag, int64_t step, uint32_t stream, int kind,
                               double xi[3])
  {
    if (kind == NOISE_GAUSSIAN)
      geomint::normal3(seed, tag, step, stream, xi);
    else if (kind == NOISE_THREEPOINT)
      geomint::threepoint3(seed, tag, step, stream, xi);
    else
      geomint::uniform3(seed, tag, step, stream, xi);
  }

  // the translational and rotational deviates of one body (zeros at T = 0:
  // nothing is drawn); normal3_block draws the Gaussian ones of a block of
  // bodies bitwise the same
  GEOMINT_INLINE void body_noise(const StepParams &p, int64_t tag, double xt[3], double xr[3])
  {
    if (!p.noisy) {
      for (int k = 0; k < 3; k++) xt[k] = xr[k] = 0.0;
      return;
    }
    deviates(p.seed, tag, p.step, geomint::STREAM_RQH_T, p.noise_kind, xt);
    deviates(p.seed, tag, p.step, geomint::STREAM_RQH_R, p.noise_kind, xr);
  }

  // the OU coefficients of a body without HI (tmin: the shortest relaxation time)
  GEOMINT_INLINE void body_coeff(const geomint::RigidFriction &fr, double h, double m,
                                 const double inertia[3], double radius, geomint::RigidOUCoeff &c,
                                 double &tmin)
  {
    double zt[3], zr[3];
    bool t_iso;
    geomint::rigid_body_friction(fr, radius, zt, zr, t_iso);
    geomint::rigid_ou_coeff(h, m, inertia, zt, zr, t_iso, c, tmin);
  }

  // v += dtf f/m, L += dtf T
  template <class A> GEOMINT_FORCE_INLINE void kick(const A &a, int i, double dtf)
  {
    double vi[3], fi[3], I[3], L[3], ti[3];
    for (int k = 0; k < 3; k++) {
      vi[k] = a.vel(i, k);
      fi[k] = a.force(i, k);
      ti[k] = a.torque_of(i, k);
    }
    geomint::kick(vi, fi, dtf / a.mass(i));
    a.moments(i, I);
    a.load_L(i, I, L);
    geomint::kick(L, ti, dtf);
    for (int k = 0; k < 3; k++) a.vel(i, k) = vi[k];
    a.store_L(i, I, L);
  }

  // x += h/2 v and the free rotor over h/2 (rotor: which half sequence)
  template <class A>
  GEOMINT_FORCE_INLINE void drift_rotate(const A &a, int i, double half_h, int rotor, bool normalize)
  {
    double I[3], xi[3], vi[3], q[4], L[3];
    a.moments(i, I);
    for (int k = 0; k < 3; k++) {
      xi[k] = a.pos(i, k);
      vi[k] = a.vel(i, k);
    }
    for (int k = 0; k < 4; k++) q[k] = a.orient(i, k);
    a.load_L(i, I, L);
    if (is_sphere<A>::value)    // L unchanged
      geomint::sphere_drift_rotate(xi, vi, q, L, I[0], half_h, rotor, normalize);
    else
      geomint::rigid_drift_rotate(xi, vi, q, L, I, half_h, rotor, normalize);
    for (int k = 0; k < 3; k++) a.pos(i, k) = xi[k];
    for (int k = 0; k < 4; k++) a.orient(i, k) = q[k];
    if (!is_sphere<A>::value) a.store_L(i, I, L);
  }

  // hi off: the exact OU step of one body alone with its deviates xt, xr;
  // adds its heat to de, its shortest relaxation time to tmin (when its
  // coefficients are its own, not its type's)
  template <class A>
  GEOMINT_FORCE_INLINE void ou_off(const A &a, int i, const StepParams &p, const double xt[3],
                             const double xr[3], double &de, double &tmin)
  {
    geomint::RigidOUCoeff own;
    const geomint::RigidOUCoeff *c = &own;
    if (p.per_type) {
      c = &a.type_coeff(i);
    } else {
      double I[3];
      a.moments(i, I);
      body_coeff(p.friction, p.h, a.mass(i), I, a.hydro_radius(i), own, tmin);
    }
    double vi[3], q[4], L[3];
    for (int k = 0; k < 3; k++) vi[k] = a.vel(i, k);
    for (int k = 0; k < 4; k++) q[k] = a.orient(i, k);
    a.load_L(i, c->inertia, L);
    geomint::rigid_ou_body(*c, p.skt, q, vi, L, xt, xr, de);
    for (int k = 0; k < 3; k++) a.vel(i, k) = vi[k];
    a.store_L(i, c->inertia, L);
  }

  // hi rpy, before the dense step: the half kick and the first half drift + rotor
  template <class A> GEOMINT_FORCE_INLINE void first_half(const A &a, int i, const StepParams &p)
  {
    kick(a, i, p.dtf);
    drift_rotate(a, i, p.half_h, p.rotor_before, false);
  }

  // after the OU step: the second half drift + rotor, |q| = 1 (normalize yes)
  template <class A> GEOMINT_FORCE_INLINE void second_half(const A &a, int i, const StepParams &p)
  {
    drift_rotate(a, i, p.half_h, p.rotor_after, p.normalize != 0);
  }

  // a sphere of the hi-off step: its state loaded and given the half kick
  // (L = I omega is kept through the step), and stored back
  struct SphereBody {
    double x[3], v[3], q[4], L[3], I[3];
    const geomint::RigidOUCoeff *c;
  };
  template <class A>
  GEOMINT_FORCE_INLINE void sphere_load_kick(const A &a, int i, const StepParams &p, SphereBody &b)
  {
    double f[3], t[3];
    for (int k = 0; k < 3; k++) {
      b.x[k] = a.pos(i, k);
      b.v[k] = a.vel(i, k);
      f[k] = a.force(i, k);
      t[k] = a.torque_of(i, k);
    }
    for (int k = 0; k < 4; k++) b.q[k] = a.orient(i, k);
    a.load_L(i, b.I, b.L);
    geomint::kick(b.v, f, p.dtf / a.mass(i));
    geomint::kick(b.L, t, p.dtf);
  }
  template <class A> GEOMINT_FORCE_INLINE void sphere_store(const A &a, int i, const SphereBody &b)
  {
    for (int k = 0; k < 3; k++) {
      a.pos(i, k) = b.x[k];
      a.vel(i, k) = b.v[k];
    }
    for (int k = 0; k < 4; k++) a.orient(i, k) = b.q[k];
    a.store_L(i, b.I, b.L);
  }
  GEOMINT_FORCE_INLINE double sphere_step(SphereBody &b, const StepParams &p, const double xt[3],
                                          const double xr[3])
  {
    return geomint::sphere_step_off(*b.c, p.skt, p.half_h, p.rotor_before, p.rotor_after,
                                    p.normalize != 0, b.x, b.v, b.q, b.L, xt, xr);
  }

  // hi off: the whole initial_integrate of one sphere
  template <class A>
  GEOMINT_FORCE_INLINE void sphere_step_hi_off(const A &a, int i, const StepParams &p,
                                               const double xt[3], const double xr[3], double &de,
                                               double &tmin)
  {
    SphereBody b;
    geomint::RigidOUCoeff own;
    a.moments(i, b.I);
    b.c = &own;
    if (p.per_type)
      b.c = &a.type_coeff(i);
    else
      body_coeff(p.friction, p.h, a.mass(i), b.I, a.hydro_radius(i), own, tmin);
    sphere_load_kick(a, i, p, b);
    de += sphere_step(b, p, xt, xr);
    sphere_store(a, i, b);
  }

#ifdef GEOMINT_SPHERE_VEC2
  // (GCC: the deviates of a block are set for its n bodies only, which it
  // cannot see; vectors of four doubles are AVX2 code's own, always inlined)
#pragma GCC diagnostic push
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
  // hi off on the host, per-type coefficients: N spheres at once (V: N
  // doubles; each lane sphere_step's arithmetic; a sphere whose rotor angle
  // passes 1/64, or with body-frame translational friction, by sphere_step
  // itself), so the numbers are those of sphere_step_hi_off, the heat added
  // in the same order.  pc: the step constants of the last N types
  template <int N, class V> struct SphereLaneConstants {
    const geomint::RigidOUCoeff *c[N] = {};
    geomint::SphereOff<V> s = {};
  };
  template <int N, class V, class M, class A>
  GEOMINT_HOST_FORCE_INLINE void sphere_lanes_hi_off(const A &a, const int *i, const StepParams &p,
                                                     const double (*xt)[3], const double (*xr)[3],
                                                     double &de, SphereLaneConstants<N, V> &pc)
  {
    SphereBody b[N];
    bool iso = true, same = true;
    for (int l = 0; l < N; l++) {
      a.moments(i[l], b[l].I);
      b[l].c = &a.type_coeff(i[l]);
      sphere_load_kick(a, i[l], p, b[l]);
      iso = iso && b[l].c->t_iso;
      same = same && b[l].c == pc.c[l];
    }
    if (!iso) {
      for (int l = 0; l < N; l++) {
        de += sphere_step(b[l], p, xt[l], xr[l]);
        sphere_store(a, i[l], b[l]);
      }
      return;
    }
    if (!same) {
      geomint::SphereOff<double> s[N];
      for (int l = 0; l < N; l++) {
        geomint::sphere_off_constants(*b[l].c, p.skt, p.half_h, s[l]);
        pc.c[l] = b[l].c;
      }
      geomint::sphere_off_pack<N>(s, pc.s);
    }
    V x[3] = {}, v[3] = {}, q[4] = {}, L[3] = {}, t[3] = {}, r[3] = {};
    for (int l = 0; l < N; l++) {
      for (int k = 0; k < 3; k++) {
        x[k][l] = b[l].x[k];
        v[k][l] = b[l].v[k];
        L[k][l] = b[l].L[k];
        t[k][l] = xt[l][k];
        r[k][l] = xr[l][k];
      }
      for (int k = 0; k < 4; k++) q[k][l] = b[l].q[k];
    }
    geomint::RotorSincosSeries<V, M> sc;
    V heat;
    geomint::sphere_step_off_t(pc.s, p.rotor_before, p.rotor_after, p.normalize != 0, x, v, q, L, r,
                               geomint::SphereTranslateV<V>{pc.s, t}, sc, geomint::RsqrtV<N, V>(),
                               heat);
    for (int l = 0; l < N; l++) {
      if (sc.big[l]) {
        de += sphere_step(b[l], p, xt[l], xr[l]);
      } else {
        for (int k = 0; k < 3; k++) {
          b[l].x[k] = x[k][l];
          b[l].v[k] = v[k][l];
          b[l].L[k] = L[k][l];
        }
        for (int k = 0; k < 4; k++) b[l].q[k] = q[k][l];
        de += heat[l];
      }
      sphere_store(a, i[l], b[l]);
    }
  }
#if defined(GEOMINT_HOST_AVX2)
#define GEOMINT_SPHERE_AVX2 1
  // the same four at a time, compiled for AVX2 (no FMA: the same numbers);
  // returns how many of the n spheres it stepped
  template <class A>
  __attribute__((target("avx2"))) inline int sphere_quads_hi_off(const A &a, const int *idx, int n,
                                                                 const StepParams &p,
                                                                 const double (*xt)[3],
                                                                 const double (*xr)[3], double &de)
  {
    SphereLaneConstants<4, geomint::vec4d> pc;
    int j = 0;
    for (; j + 3 < n; j += 4)
      sphere_lanes_hi_off<4, geomint::vec4d, geomint::vec4l>(a, idx + j, p, xt + j, xr + j, de, pc);
    return j;
  }
#endif
#pragma GCC diagnostic pop
#endif

  // hi off: the whole initial_integrate of one body
  template <class A>
  GEOMINT_FORCE_INLINE void step_hi_off(const A &a, int i, const StepParams &p, const double xt[3],
                                  const double xr[3], double &de, double &tmin)
  {
    if (is_sphere<A>::value) {
      sphere_step_hi_off(a, i, p, xt, xr, de, tmin);
      return;
    }
    first_half(a, i, p);
    ou_off(a, i, p, xt, xr, de, tmin);
    second_half(a, i, p);
  }

  // hi off on the host: the bodies of atoms [i0, i1) (at most NORMAL_BLOCK),
  // whose Gaussian deviates are drawn together by normal3_block (vectorised);
  // the whole step (STEP) or the OU step alone
  template <bool STEP, class A>
  inline void hi_off_block(const A &a, int i0, int i1, const StepParams &p, double &de,
                           double &tmin)
  {
    constexpr int B = geomint::NORMAL_BLOCK;
    int idx[B];
    int64_t tags[B] = {};
    double xt[B][3], xr[B][3];
    int n = 0;
    for (int i = i0; i < i1; i++)
      if (a.in_group(i)) {
        idx[n] = i;
        tags[n++] = a.tag_of(i);
      }
    if (p.noisy && p.noise_kind == NOISE_GAUSSIAN) {
      geomint::normal3_block(p.seed, tags, n, p.step, geomint::STREAM_RQH_T, xt);
      geomint::normal3_block(p.seed, tags, n, p.step, geomint::STREAM_RQH_R, xr);
    } else {
      for (int j = 0; j < n; j++) body_noise(p, tags[j], xt[j], xr[j]);
    }
    int j0 = 0;
#ifdef GEOMINT_SPHERE_VEC2
    if (STEP && is_sphere<A>::value && p.per_type) {
#ifdef GEOMINT_SPHERE_AVX2
      if (geomint::host_has_avx2()) j0 = sphere_quads_hi_off(a, idx, n, p, xt, xr, de);
#endif
      SphereLaneConstants<2, geomint::vec2d> pc;
      for (; j0 + 1 < n; j0 += 2)
        sphere_lanes_hi_off<2, geomint::vec2d, geomint::vec2l>(a, idx + j0, p, xt + j0, xr + j0, de, pc);
    }
#endif
    for (int j = j0; j < n; j++) {
      if (STEP)
        step_hi_off(a, idx[j], p, xt[j], xr[j], de, tmin);
      else
        ou_off(a, idx[j], p, xt[j], xr[j], de, tmin);
    }
  }
  template <class A>
  inline void step_hi_off_block(const A &a, int i0, int i1, const StepParams &p, double &de,
                                double &tmin)
  {
    hi_off_block<true>(a, i0, i1, p, de, tmin);
  }
  template <class A>
  inline void ou_off_block(const A &a, int i0, int i1, const StepParams &p, double &de, double &tmin)
  {
    hi_off_block<false>(a, i0, i1, p, de, tmin);
  }

}    // namespace rqh
}    // namespace LAMMPS_NS

#endif
