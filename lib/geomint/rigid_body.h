// GEOMINT per-body sub-steps of fix rigid/quat/hi (doc/fix_rigid_quat_hi.rst,
// "The step" and "hi off"), shared by the CPU style and its Kokkos variant so that
// both run the very same arithmetic on a body: the half drift with the free
// rotor, the friction and exact OU coefficients of a body without
// hydrodynamic interactions, and its OU step.  Spheres (atom_style sphere)
// carry an angular velocity, not an angular momentum: L = I omega with the
// moment of a solid sphere.
#ifndef GEOMINT_RIGID_BODY_H
#define GEOMINT_RIGID_BODY_H

#include "baoab.h"
#include "geomint_inline.h"
#include "lanes.h"
#include "quaternion.h"

#include <cmath>

namespace geomint {

// the moment of inertia of a solid sphere, 0.4 m r^2 (LAMMPS's INERTIA of
// fix nve/sphere and compute erotate/sphere)
GEOMINT_INLINE double sphere_moment(double m, double r)
{
  return 0.4 * m * r * r;
}

// a sphere's angular momentum from its angular velocity, L = I omega, and back
GEOMINT_INLINE void sphere_angmom(double inertia, const double omega[3], double L[3])
{
  for (int k = 0; k < 3; k++) L[k] = inertia * omega[k];
}
GEOMINT_INLINE void sphere_omega(double inertia, const double L[3], double omega[3])
{
  for (int k = 0; k < 3; k++) omega[k] = L[k] / inertia;
}

// which free-rotor sequence a half step runs: the S4 order (axes 3, 2, 1
// before the OU step, 1, 2, 3 after it) or the full NO_SQUISH rotor
enum RotorHalf { ROTOR_HALF_BEFORE = 0, ROTOR_HALF_AFTER = 1, ROTOR_HALF_NOSQUISH = 2 };

// x += t v and the free rotor over t on (q, pi = 2 S-check(q) L), then
// optionally q /= |q|; L is the space-frame angular momentum
GEOMINT_FORCE_INLINE void rigid_drift_rotate(double x[3], const double v[3], double q[4], double L[3],
                                       const double inertia[3], double t, int rotor, bool normalize)
{
  drift(x, v, t);
  double pi[4];
  quat_pi_from_angmom(q, L, pi);
  if (rotor == ROTOR_HALF_NOSQUISH)
    quat_rotor_nosquish(t, inertia, q, pi);
  else if (rotor == ROTOR_HALF_BEFORE)
    quat_rotor_before(t, inertia, q, pi);
  else
    quat_rotor_after(t, inertia, q, pi);
  if (normalize) quat_renormalize(q);
  quat_angmom_from_pi(q, pi, L);
}

// the friction of a body without hydrodynamic interactions: the Stokes
// values 6 pi eta a and 8 pi eta a^3 of its hydrodynamic radius a, unless
// gamma_t / gamma_r give them (given: 0 no, 1 isotropic, 3 per body axis)
struct RigidFriction {
  double eta;
  int gamma_t_given, gamma_r_given;
  double gamma_t[3], gamma_r[3];
};

// friction eigenvalues along the body axes: zt (translation, mass/time), zr
// (rotation, mass distance^2/time); t_iso: the translational one is isotropic
GEOMINT_INLINE void rigid_body_friction(const RigidFriction &fr, double radius, double zt[3],
                                        double zr[3], bool &t_iso)
{
  const double pi = 3.14159265358979323846;
  const double st = 6.0 * pi * fr.eta * radius, sr = 8.0 * pi * fr.eta * radius * radius * radius;
  for (int a = 0; a < 3; a++) {
    zt[a] = fr.gamma_t_given ? fr.gamma_t[a] : st;
    zr[a] = fr.gamma_r_given ? fr.gamma_r[a] : sr;
  }
  t_iso = fr.gamma_t_given != 3;
}

// the exact OU step of a body without HI, per body axis:
// c = exp(-zeta h / m) and the noise amplitude without sqrt(kT)
struct RigidOUCoeff {
  double mass, inertia[3];
  double ct[3], st[3];    // translation: decay, sqrt((1 - c^2) / m) (times sqrt(kT): velocity)
  double cr[3], sr[3];    // rotation: decay, sqrt(I (1 - c^2))
  bool t_iso;
};

// the coefficients of a body of mass m and principal moments inertia with
// the frictions zt, zr over a step h; tmin becomes the smaller of itself and
// the body's shortest momentum relaxation time (m/zt, I/zr; time units)
GEOMINT_INLINE void rigid_ou_coeff(double h, double m, const double inertia[3], const double zt[3],
                                   const double zr[3], bool t_iso, RigidOUCoeff &c, double &tmin)
{
  c.mass = m;
  c.t_iso = t_iso;
  for (int a = 0; a < 3; a++) {
    c.inertia[a] = inertia[a];
    const OUCoefficients t = ou_coefficients(h, zt[a] / m);
    c.ct[a] = t.c1;
    c.st[a] = std::sqrt(t.s / m);
    const OUCoefficients r = ou_coefficients(h, zr[a] / inertia[a]);
    c.cr[a] = r.c1;
    c.sr[a] = std::sqrt(inertia[a] * r.s);
    if (zt[a] > 0.0 && m / zt[a] < tmin) tmin = m / zt[a];
    if (zr[a] > 0.0 && inertia[a] / zr[a] < tmin) tmin = inertia[a] / zr[a];
  }
}

// the OU step of one body at orientation q with the deviates xt
// (translation) and xr (rotation), skt = sqrt(kT) (velocity units): v is
// the velocity, L the space-frame angular momentum; de accumulates the
// kinetic energy given to the bath (mass velocity^2)
GEOMINT_INLINE void rigid_ou_body(const RigidOUCoeff &c, double skt, const double q[4], double v[3],
                                  double L[3], const double xt[3], const double xr[3], double &de)
{
  const double m = c.mass;
  double sigma[3];
  if (c.t_iso) {
    de += 0.5 * m * ou_kick(v, c.ct[0], skt * c.st[0], xt);
  } else {
    const double w[3] = {1.0 / m, 1.0 / m, 1.0 / m};    // v^2 / (2 w) = m v^2 / 2
    for (int a = 0; a < 3; a++) sigma[a] = skt * c.st[a];
    de -= quat_ou_angmom(q, v, w, c.ct, sigma, xt);
  }
  for (int a = 0; a < 3; a++) sigma[a] = skt * c.sr[a];
  de -= quat_ou_angmom(q, L, c.inertia, c.cr, sigma, xr);
}

// ---- spheres: three equal moments I, L = I omega ----

// x += t v and the free rotor over t for a sphere: L (space frame) is
// conserved exactly by every sub-flow, so only q turns
// (quat_rotor_sphere_half); then optionally q /= |q|.  To round-off the same
// as rigid_drift_rotate with inertia = {I, I, I}.
GEOMINT_FORCE_INLINE void sphere_drift_rotate(double x[3], const double v[3], double q[4],
                                              const double L[3], double inertia, double t,
                                              int rotor, bool normalize)
{
  drift(x, v, t);
  quat_rotor_sphere_half(rotor, t, inertia, q, L);
  if (normalize) quat_renormalize(q);
}

// hi off: the constants of a sphere's step (T double), or of two spheres'
// (T a vector of two doubles, host only: SphereVec2 below)
template <class T> struct SphereOff {
  T half_h, k;          // h/2 and h/(4 I) (the rotors' k)
  T half_m, two_I;      // m/2 and 2 I (the heat)
  T ct, sigt;           // isotropic translation: decay, sqrt(kT) amplitude
  T cr[3], sigr[3];     // rotation per body axis
};
GEOMINT_FORCE_INLINE void sphere_off_constants(const RigidOUCoeff &c, double skt, double half_h,
                                               SphereOff<double> &s)
{
  s.half_h = half_h;
  s.k = half_h / (2.0 * c.inertia[0]);
  s.half_m = 0.5 * c.mass;
  s.two_I = 2.0 * c.inertia[0];
  s.ct = c.ct[0];
  s.sigt = skt * c.st[0];
  for (int a = 0; a < 3; a++) {
    s.cr[a] = c.cr[a];
    s.sigr[a] = skt * c.sr[a];
  }
}

// the OU step of a velocity (ou_kick's arithmetic): v <- c v + sigma xi,
// dv2 = |v_old|^2 - |v_new|^2 (vector results through arguments throughout)
template <class T>
GEOMINT_FORCE_INLINE void sphere_ou_kick(T v[3], const T &c1, const T &sigma, const T xi[3], T &dv2)
{
  const T vsq_old = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  for (int k = 0; k < 3; k++) v[k] = c1 * v[k] + sigma * xi[k];
  dv2 = vsq_old - (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

// hi off: a sphere's step after the half kick (L space frame): x += h/2 v,
// the rotor before, the OU step, x += h/2 v, the rotor after, optionally
// q /= |q|.  The body-frame momentum Lb = A(q) L is computed once and
// carried: the rotors turn it, the OU step acts on it (b <- c b + sigma chi
// per body axis, as rigid_ou_body), and L is taken back to the space frame
// once, at the midpoint orientation.  The translation's OU step is
// translate(q, v, de) (it sets de, the heat).  de: the heat.  To
// round-off the same as rigid_drift_rotate, rigid_ou_body, rigid_drift_rotate.
template <class T, class Translate, class SC, class Rsqrt>
GEOMINT_FORCE_INLINE void sphere_step_off_t(const SphereOff<T> &s, int rotor_before, int rotor_after,
                                            bool normalize, T x[3], T v[3], T q[4], T L[3],
                                            const T xr[3], const Translate &translate, SC &sincos,
                                            const Rsqrt &rsqrt, T &de)
{
  for (int a = 0; a < 3; a++) x[a] += s.half_h * v[a];
  T Lb[3];
  quat_space_to_body_unit(q, L, Lb);
  quat_rotor_sphere_seq(rotor_before, s.k, q, Lb, sincos);
  translate(q, v, de);
  T e = Lb[0] * Lb[0];
  e += Lb[1] * Lb[1];
  e += Lb[2] * Lb[2];
  for (int a = 0; a < 3; a++) Lb[a] = s.cr[a] * Lb[a] + s.sigr[a] * xr[a];
  e -= Lb[0] * Lb[0];
  e -= Lb[1] * Lb[1];
  e -= Lb[2] * Lb[2];
  de += e / s.two_I;
  quat_body_to_space_unit(q, Lb, L);
  for (int a = 0; a < 3; a++) x[a] += s.half_h * v[a];
  quat_rotor_sphere_seq(rotor_after, s.k, q, Lb, sincos);
  if (normalize) {
    T r;
    rsqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], r);
    for (int a = 0; a < 4; a++) q[a] *= r;
  }
}

// the translation of one sphere: isotropic (sphere_ou_kick) or per body axis
// (quat_ou_angmom on v)
struct SphereTranslate {
  const RigidOUCoeff &c;
  const SphereOff<double> &s;
  double skt;
  const double *xt;
  GEOMINT_FORCE_INLINE void operator()(const double q[4], double v[3], double &de) const
  {
    if (c.t_iso) {
      double dv2;
      sphere_ou_kick(v, s.ct, s.sigt, xt, dv2);
      de = s.half_m * dv2;
      return;
    }
    const double m = c.mass, w[3] = {1.0 / m, 1.0 / m, 1.0 / m};    // v^2 / (2 w) = m v^2 / 2
    double sigma[3];
    for (int a = 0; a < 3; a++) sigma[a] = skt * c.st[a];
    de = -quat_ou_angmom(q, v, w, c.ct, sigma, xt);
  }
};
struct RsqrtOne {
  GEOMINT_FORCE_INLINE void operator()(double x, double &r) const { r = 1.0 / std::sqrt(x); }
};

// one sphere (c: its coefficients, c.inertia three equal moments); returns the heat
GEOMINT_FORCE_INLINE double sphere_step_off(const RigidOUCoeff &c, double skt, double half_h,
                                            int rotor_before, int rotor_after, bool normalize,
                                            double x[3], double v[3], double q[4], double L[3],
                                            const double xt[3], const double xr[3])
{
  SphereOff<double> s;
  sphere_off_constants(c, skt, half_h, s);
  RotorSincos sc;
  double de;
  sphere_step_off_t(s, rotor_before, rotor_after, normalize, x, v, q, L, xr,
                    SphereTranslate{c, s, skt, xt}, sc, RsqrtOne(), de);
  return de;
}

// ---- several spheres at once (host code with GCC/Clang vector extensions:
// a pair of doubles, SSE2 on x86-64; four with AVX2, rigid_quat_hi_passes.h):
// the same template over vectors of doubles, so each lane does what
// sphere_step_off does to one sphere, operation for operation; the rotors
// take the short series alone and flag a lane whose angle passes 1/64 (the
// caller then redoes that sphere with sphere_step_off) ----
// (where lanes.h allows them: the same numbers bit for bit)
#ifdef GEOMINT_HOST_LANES
#define GEOMINT_SPHERE_VEC2 1

// V: the vector of doubles, M: its comparison mask
template <class V, class M> struct RotorSincosSeries {
  M big = {};
  GEOMINT_HOST_FORCE_INLINE void operator()(const V &x, V &s, V &c)
  {
    const V x2 = x * x;
    const V lim = V{} + 0.000244140625;    // (1/64)^2: x2 > lim iff |x| > 1/64
    big |= x2 > lim;
    sincos_rotor_series(x, x2, s, c);
  }
};
template <class V> struct SphereTranslateV {
  const SphereOff<V> &s;
  const V *xt;
  GEOMINT_HOST_FORCE_INLINE void operator()(const V *, V v[3], V &de) const
  {
    V dv2;
    sphere_ou_kick(v, s.ct, s.sigt, xt, dv2);
    de = s.half_m * dv2;
  }
};
template <int N, class V> struct RsqrtV {
  GEOMINT_HOST_FORCE_INLINE void operator()(const V &x, V &r) const
  {
    V root = {};
    for (int l = 0; l < N; l++) root[l] = std::sqrt(x[l]);
    r = 1.0 / root;
  }
};
template <int N, class V>
GEOMINT_HOST_FORCE_INLINE void sphere_off_pack(const SphereOff<double> *a, SphereOff<V> &s)
{
  for (int l = 0; l < N; l++) {
    s.half_h[l] = a[l].half_h;
    s.k[l] = a[l].k;
    s.half_m[l] = a[l].half_m;
    s.two_I[l] = a[l].two_I;
    s.ct[l] = a[l].ct;
    s.sigt[l] = a[l].sigt;
    for (int k = 0; k < 3; k++) {
      s.cr[k][l] = a[l].cr[k];
      s.sigr[k][l] = a[l].sigr[k];
    }
  }
}
#endif

}    // namespace geomint

#endif
