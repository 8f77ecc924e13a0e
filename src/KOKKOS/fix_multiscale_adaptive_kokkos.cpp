/* ----------------------------------------------------------------------
   GEOMINT - fix multiscale/adaptive/kk (see fix_multiscale_adaptive_kokkos.h
   and doc/fix_multiscale_adaptive.rst)

   FixMultiscaleAdaptive keeps the step's logic (parsing, setup, the order
   of the pieces, the noise variance, the thermostat's scalar half-step, the
   switch, restart); this class replaces its per-atom passes by Kokkos
   kernels.  The functors hold only views and scalars (not a copy of the
   fix) and call, per atom, the kernels that the CPU passes call
   (lib/geomint/multiscale.h: msa_drag, msa_noise_due, msa_brownian_sigma,
   msa_brownian, msa_kick_atom with the CPU fix's template arguments,
   msa_kick_atom_exact, msa_kick_rotation, msa_apply_atom, msa_first_half_kick),
   so an atom's arithmetic is the CPU fix's bit for bit; the noise is the CPU
   fix's (Philox keyed by seed, atom tag and step; normal3 per atom gives
   normal3_block's numbers).  What differs is the order of the sums: the
   works, and the kinetic sum of temp instant (parallel_reduce), at
   round-off.  final_integrate's drags, draws and half-kick are one kernel:
   on host backends with Gaussian draws over blocks of atoms whose normals
   normal3_block draws together, as the CPU fix's block pass; otherwise
   (devices, uniform draws, none) one atom per work item.

   The adaptive G1-G2 force (pair->single over owned and ghost atoms) and
   its signal run on the host, as in the CPU fix: x, type, mask, tag (and
   q, special, radius where used) are synced to the host for it, and f_p is
   copied to the device (a no-op on host backends, where the two sides are
   one array).
------------------------------------------------------------------------- */

#include "fix_multiscale_adaptive_kokkos.h"

#include "geomint_kokkos_target.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "compute.h"
#include "error.h"
#include "force.h"
#include "memory_kokkos.h"
#include "update.h"

#include "geomint/multiscale.h"
#include "geomint/random.h"

#include <type_traits>

using namespace LAMMPS_NS;

namespace {

enum { DRAG_NONE, DRAG_STOKES, DRAG_BETA };    // the drag styles as the kernels see them

// the atom data the functors read and write, and the step's scalars
template <class DeviceType> struct MSAAtoms {
  typedef FixMultiscaleAdaptiveKokkos<DeviceType> FK;
  typedef FixMultiscaleAdaptive F;
  typename geomint_kk::Views<DeviceType>::t_x x;
  typename geomint_kk::Views<DeviceType>::t_v v, omega;
  typename geomint_kk::Views<DeviceType>::t_f f, torque;
  typename geomint_kk::Views<DeviceType>::t_float_1d rmass, radius, mass;
  typename geomint_kk::Views<DeviceType>::t_int_1d type, mask;
  typename geomint_kk::Views<DeviceType>::t_tagint_1d tag;
  typename geomint_kk::Views<DeviceType>::t_double_2d state, fpot;
  typename FK::tdual_ptype::t_dev_const ptype;
  geomint::MSAStep k;
  int groupbit, use_rmass, drag, rdrag, radius_peratom, rotate, torque_flag, spin_w, wcol;
  double eta, dtv, h, dtf;
  double now, q;    // integrate no: the step and h/4
  // the drags and draws of a step (forces_kick_pass)
  int setup, drags, spin, brownian, every_step, regular, every, dist;
  uint32_t seed;
  int64_t step;
  double s2, factor;

  KOKKOS_INLINE_FUNCTION bool in_group(int i) const { return mask[i] & groupbit; }
  KOKKOS_INLINE_FUNCTION double mass_of(int i) const { return use_rmass ? rmass[i] : mass[type[i]]; }
  KOKKOS_INLINE_FUNCTION double dtfm_of(int i) const
  {
    return use_rmass ? dtf / rmass[i] : ptype(type[i], FK::PT_DTFM);
  }
  // FixMultiscaleAdaptive::beta_of and rbeta_of
  KOKKOS_INLINE_FUNCTION double beta_of(int i) const
  {
    if (drag == DRAG_NONE) return 0.0;
    if (drag == DRAG_STOKES && radius_peratom) return geomint::msa_stokes_beta(eta, radius[i]);
    return ptype(type[i], FK::PT_BETA);
  }
  KOKKOS_INLINE_FUNCTION double rbeta_of(int i) const
  {
    if (rdrag == DRAG_BETA) return ptype(type[i], FK::PT_RBETA);
    if (rdrag == DRAG_STOKES)
      return geomint::msa_stokes_rbeta(eta, radius_peratom ? radius[i] : ptype(type[i], FK::PT_RADIUS));
    return 0.0;
  }
  // a row of a 3-column view (or of the state from column c0) to registers and back
  template <class View> KOKKOS_INLINE_FUNCTION static void load(const View &a, int i, double r[3], int c0 = 0)
  {
    for (int c = 0; c < 3; c++) r[c] = a(i, c0 + c);
  }
  template <class View> KOKKOS_INLINE_FUNCTION static void store(const View &a, int i, const double r[3], int c0 = 0)
  {
    for (int c = 0; c < 3; c++) a(i, c0 + c) = r[c];
  }

  // FixMultiscaleAdaptive::drags_and_noise for atom i: the drags, then
  // whether a draw is due
  KOKKOS_INLINE_FUNCTION bool drags_due(int i) const
  {
    const double now = static_cast<double>(step);
    if (drags && !(setup && state(i, F::DSTEP) == now)) {
      const double zero[3] = {0.0, 0.0, 0.0};
      double vi[3], fd[3];
      load(v, i, vi);
      geomint::msa_drag(beta_of(i), vi, k.flow, fd);
      store(state, i, fd, F::FD);
      if (spin) {
        double wi[3], td[3];
        load(omega, i, wi);
        geomint::msa_drag(rbeta_of(i), wi, zero, td);
        store(state, i, td, F::TD);
      }
      state(i, F::DSTEP) = now;
    }
    return brownian && (every_step || geomint::msa_noise_due(state(i, F::FBSTEP), now, regular, every));
  }
  // the draw of atom i: xi its three normals (dist gauss, sphere), or none (uniform)
  KOKKOS_INLINE_FUNCTION void draw(int i, const double *xi) const
  {
    double fb[3];
    const double sigma = geomint::msa_brownian_sigma(s2, beta_of(i));
    if (xi) geomint::msa_brownian_scale(xi, sigma, dist, fb);
    else geomint::msa_brownian(seed, tag[i], step, sigma, dist, fb);
    store(state, i, fb, F::FB);
    state(i, F::FBSTEP) = static_cast<double>(step);
  }
  KOKKOS_INLINE_FUNCTION void drags_and_noise(int i) const
  {
    if (drags_due(i)) draw(i, nullptr);
  }

  // FixMultiscaleAdaptive::kick for atom i (drift: then x += h v)
  KOKKOS_INLINE_FUNCTION void kick(int i, bool drift, geomint::MSAWork &w) const
  {
    double vi[3], fi[3], fp[3] = {0.0, 0.0, 0.0}, fd[3] = {0.0, 0.0, 0.0}, fb[3] = {0.0, 0.0, 0.0};
    load(v, i, vi);
    load(f, i, fi);
    if (k.adaptive) load(fpot, i, fp);
    if (k.continuum) load(state, i, fd, F::FD);
    if (k.noise) load(state, i, fb, F::FB);
    if (k.continuum && k.exact) {
      geomint::msa_kick_atom_exact(k, vi, fi, fp, fb, mass_of(i), beta_of(i), w);
    } else {
      // the CPU fix's instantiation for the terms present
      const double dtfm = dtfm_of(i);
      if (k.adaptive && k.noise) geomint::msa_kick_atom<true, true>(k, vi, fi, fp, fd, fb, dtfm, w);
      else if (k.adaptive) geomint::msa_kick_atom<true, false>(k, vi, fi, fp, fd, fb, dtfm, w);
      else if (k.noise) geomint::msa_kick_atom<false, true>(k, vi, fi, fp, fd, fb, dtfm, w);
      else geomint::msa_kick_atom<false, false>(k, vi, fi, fp, fd, fb, dtfm, w);
    }
    store(v, i, vi);
    if (drift)
      for (int c = 0; c < 3; c++) x(i, c) += dtv * vi[c];
    if (rotate) {
      double wi[3], ti[3], td[3];
      load(omega, i, wi);
      load(torque, i, ti);
      load(state, i, td, F::TD);
      geomint::msa_kick_rotation(k, wi, ti, td, geomint::msa_sphere_inertia(rmass[i], radius[i]),
                                 k.exact ? rbeta_of(i) : 0.0, w);
      store(omega, i, wi);
    }
  }
};

// the reduction of the four works (k p d b) of a kick or of the forces
struct WorkReduction {
  typedef geomint::MSAWork value_type;
  KOKKOS_INLINE_FUNCTION void init(value_type &w) const { w.k = w.p = w.d = w.b = 0.0; }
  // (Kokkos 3 joins volatile values, Kokkos 4 plain ones)
#if KOKKOS_VERSION < 40000
  KOKKOS_INLINE_FUNCTION void join(volatile value_type &dst, const volatile value_type &src) const
  {
    dst.k += src.k;
    dst.p += src.p;
    dst.d += src.d;
    dst.b += src.b;
  }
#endif
  KOKKOS_INLINE_FUNCTION void join(value_type &dst, const value_type &src) const
  {
    dst.k += src.k;
    dst.p += src.p;
    dst.d += src.d;
    dst.b += src.b;
  }
};

// FixMultiscaleAdaptive::kick_drift_pass: the half-kick and x += h v
template <class DeviceType> struct KickDriftFunctor : WorkReduction {
  typedef DeviceType device_type;
  MSAAtoms<DeviceType> d;
  explicit KickDriftFunctor(const MSAAtoms<DeviceType> &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, geomint::MSAWork &w) const
  {
    if (d.in_group(i)) d.kick(i, true, w);
  }
};

// FixMultiscaleAdaptive::forces_kick_pass: the drags and draws (mode
// continuum), then (with_kick) the half-kick, atom by atom
template <class DeviceType> struct ForcesKickFunctor : WorkReduction {
  typedef DeviceType device_type;
  MSAAtoms<DeviceType> d;
  int with_kick;
  ForcesKickFunctor(const MSAAtoms<DeviceType> &data, bool kick) : d(data), with_kick(kick ? 1 : 0) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, geomint::MSAWork &w) const
  {
    if (!d.in_group(i)) return;
    if (d.k.continuum) d.drags_and_noise(i);
    if (with_kick) d.kick(i, false, w);
  }
};

// host backends with Gaussian (or sphere) draws: blocks of atoms whose normals
// are drawn together by normal3_block, as in the CPU fix (vectorised
// Box-Muller, bitwise normal3's numbers); then the block's kicks
template <class DeviceType> struct ForcesKickBlockFunctor : WorkReduction {
  typedef DeviceType device_type;
  MSAAtoms<DeviceType> d;
  int nlocal, with_kick;
  ForcesKickBlockFunctor(const MSAAtoms<DeviceType> &data, int n, bool kick) :
      d(data), nlocal(n), with_kick(kick ? 1 : 0)
  {
  }
  void operator()(const int b, geomint::MSAWork &w) const
  {
    constexpr int B = geomint::NORMAL_BLOCK;
    const int i0 = b * B, i1 = i0 + B < nlocal ? i0 + B : nlocal;
    int idx[B];
    int64_t tags[B] = {};
    double xi[B][3];
    int n = 0;
    for (int i = i0; i < i1; i++)
      if (d.in_group(i) && d.drags_due(i)) {
        idx[n] = i;
        tags[n++] = d.tag[i];
      }
    if (n) geomint::normal3_block(d.seed, tags, n, d.step, geomint::STREAM_MSA, xi);
    for (int j = 0; j < n; j++) d.draw(idx[j], xi[j]);
    if (with_kick)
      for (int i = i0; i < i1; i++)
        if (d.in_group(i)) d.kick(i, false, w);
  }
};

// final_integrate's pass: blocks on host spaces where the draws are
// Gaussian (what the blocks vectorise), one atom per work item otherwise
template <class DeviceType>
void forces_kick_run(const MSAAtoms<DeviceType> &d, int nlocal, bool with_kick, geomint::MSAWork &r,
                     std::true_type /*host*/)
{
  if (d.k.continuum && d.brownian && d.dist != geomint::MSA_UNIFORM) {
    const int nblock = (nlocal + geomint::NORMAL_BLOCK - 1) / geomint::NORMAL_BLOCK;
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nblock),
                            ForcesKickBlockFunctor<DeviceType>(d, nlocal, with_kick), r);
    return;
  }
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), ForcesKickFunctor<DeviceType>(d, with_kick), r);
}
template <class DeviceType>
void forces_kick_run(const MSAAtoms<DeviceType> &d, int nlocal, bool with_kick, geomint::MSAWork &r,
                     std::false_type /*device*/)
{
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), ForcesKickFunctor<DeviceType>(d, with_kick), r);
}

// FixMultiscaleAdaptive::apply_forces: integrate no's force (and torque)
// sums, the parts kept with the velocities, the last step's second half-kick
template <class DeviceType> struct ApplyFunctor : WorkReduction {
  typedef DeviceType device_type;
  typedef MSAAtoms<DeviceType> D;
  D d;
  explicit ApplyFunctor(const D &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, geomint::MSAWork &w) const
  {
    typedef FixMultiscaleAdaptive F;
    if (!d.in_group(i)) return;
    const int rdrag = d.rdrag != DRAG_NONE;
    double vi[3], wi[3] = {0.0, 0.0, 0.0}, fi[3], ti[3] = {0.0, 0.0, 0.0};
    double fp[3] = {0.0, 0.0, 0.0}, fd[3], fb[3], td[3] = {0.0, 0.0, 0.0};
    D::load(d.v, i, vi);
    if (d.spin_w) D::load(d.omega, i, wi);
    D::load(d.f, i, fi);
    if (d.torque_flag) D::load(d.torque, i, ti);
    if (d.k.adaptive) D::load(d.fpot, i, fp);
    D::load(d.state, i, fd, F::FD);
    D::load(d.state, i, fb, F::FB);
    if (rdrag) D::load(d.state, i, td, F::TD);
    geomint::msa_apply_atom(d.k, d.setup, d.now, d.q, vi, wi, d.spin_w, fi, fp, fd, fb, d.torque_flag,
                            ti, td, rdrag, &d.state(i, d.wcol), w);
    D::store(d.f, i, fi);
    if (d.torque_flag) D::store(d.torque, i, ti);
  }
};

// FixMultiscaleAdaptive::first_half_pass: integrate no's works of the first half-kick
template <class DeviceType> struct FirstHalfFunctor : WorkReduction {
  typedef DeviceType device_type;
  typedef MSAAtoms<DeviceType> D;
  D d;
  explicit FirstHalfFunctor(const D &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, geomint::MSAWork &w) const
  {
    if (!d.in_group(i)) return;
    double vi[3], wi[3] = {0.0, 0.0, 0.0};
    D::load(d.v, i, vi);
    if (d.spin_w) D::load(d.omega, i, wi);
    geomint::msa_first_half_kick(d.now, d.q, vi, wi, d.spin_w, &d.state(i, d.wcol), w);
  }
};

// FixMultiscaleAdaptive::scale_velocities: v *= factor
template <class DeviceType> struct ScaleFunctor {
  typedef DeviceType device_type;
  MSAAtoms<DeviceType> d;
  explicit ScaleFunctor(const MSAAtoms<DeviceType> &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (!d.in_group(i)) return;
    for (int c = 0; c < 3; c++) d.v(i, c) *= d.factor;
  }
};

// FixMultiscaleAdaptive::kinetic_sums: sum m v^2 and the count
template <class DeviceType> struct KineticFunctor {
  typedef DeviceType device_type;
  typedef double value_type[];
  const unsigned value_count = 2;
  MSAAtoms<DeviceType> d;
  explicit KineticFunctor(const MSAAtoms<DeviceType> &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void init(double *s) const { s[0] = s[1] = 0.0; }
#if KOKKOS_VERSION < 40000
  KOKKOS_INLINE_FUNCTION void join(volatile double *dst, const volatile double *src) const
  {
    dst[0] += src[0];
    dst[1] += src[1];
  }
#endif
  KOKKOS_INLINE_FUNCTION void join(double *dst, const double *src) const
  {
    dst[0] += src[0];
    dst[1] += src[1];
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double *s) const
  {
    if (!d.in_group(i)) return;
    s[0] += d.mass_of(i) * (d.v(i, 0) * d.v(i, 0) + d.v(i, 1) * d.v(i, 1) + d.v(i, 2) * d.v(i, 2));
    s[1] += 1.0;
  }
};

// the checks of the Kokkos variant, before FixMultiscaleAdaptive's
// constructor registers the per-atom callbacks; its checks (the adaptive
// groups' overlap) read the group masks on the host
LAMMPS *kokkos_checked(LAMMPS *lmp)
{
  if (!lmp->kokkos)
    lmp->error->all(FLERR, "Fix multiscale/adaptive/kk needs the KOKKOS package enabled: run "
                    "LAMMPS with '-k on t N -sf kk' (or use fix multiscale/adaptive)");
  geomint_kk::check_build(lmp, "multiscale/adaptive/kk");
  static_cast<AtomKokkos *>(lmp->atom)->sync(Host, MASK_MASK);
  return lmp;
}

}    // namespace

/* ---------------------------------------------------------------------- */

template <class DeviceType>
FixMultiscaleAdaptiveKokkos<DeviceType>::FixMultiscaleAdaptiveKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixMultiscaleAdaptive(kokkos_checked(lmp), narg, arg)
{
  atomKK = (AtomKokkos *) atom;
  kokkosable = 1;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  const geomint_kk::mask_t sphere = (atom->radius_flag ? RADIUS_MASK : 0) | (atom->omega_flag ? OMEGA_MASK : 0) |
      (atom->torque_flag ? TORQUE_MASK : 0);
  datamask_read = X_MASK | V_MASK | F_MASK | MASK_MASK | TYPE_MASK | TAG_MASK | RMASS_MASK | sphere;
  datamask_modify = integrate ? X_MASK | V_MASK | (rotate ? OMEGA_MASK : 0)
                              : F_MASK | (atom->torque_flag ? TORQUE_MASK : 0);

  // the per-atom state becomes a DualView (FixMultiscaleAdaptive's
  // constructor grew it with Memory, before this class existed)
  memory->destroy(state);
  state = nullptr;
  grow_arrays(atom->nmax);
  for (int i = 0; i < atom->nlocal; i++) FixMultiscaleAdaptiveKokkos::set_arrays(i);
  k_ptype = tdual_ptype("multiscale/adaptive/kk:ptype", atom->ntypes + 1);
  upload_types();
}

template <class DeviceType> FixMultiscaleAdaptiveKokkos<DeviceType>::~FixMultiscaleAdaptiveKokkos()
{
  if (copymode) return;
  // the DualViews own these host arrays (FixMultiscaleAdaptive's destructor must not free them)
  memoryKK->destroy_kokkos(k_state, state);
  memoryKK->destroy_kokkos(k_fpot, fpot);
  state = nullptr;
  fpot = nullptr;
}

// the CPU fix's per-type tables (beta with per-type Stokes radii, rbeta,
// radius, dtf/m), host -> device (the number of types is fixed)
template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::upload_types()
{
  auto table = [](const std::vector<double> &t, int type) {
    return type < static_cast<int>(t.size()) ? t[type] : 0.0;
  };
  for (int t = 0; t <= atom->ntypes; t++) {
    k_ptype.view_host()(t, PT_BETA) = table(beta_type, t);
    k_ptype.view_host()(t, PT_RBETA) = table(rbeta_type, t);
    k_ptype.view_host()(t, PT_RADIUS) = table(radius_type, t);
    k_ptype.view_host()(t, PT_DTFM) = table(dtfm_type, t);
  }
  k_ptype.template modify<LMPHostType>();
  k_ptype.template sync<DeviceType>();
}

// init's checks (other integrators, fixes on the same atoms) count group
// atoms on the host
template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::init()
{
  atomKK->sync(Host, MASK_MASK);
  FixMultiscaleAdaptive::init();
}

// dtf/m per type (a new timestep, fix dt/reset)
template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::reset_dt()
{
  FixMultiscaleAdaptive::reset_dt();
  upload_types();
}

// setup's eps and the exact-drag check read masses, radii and types on the host
template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::setup(int vflag)
{
  atomKK->sync(Host, MASK_MASK | TYPE_MASK | TAG_MASK | RMASS_MASK | RADIUS_MASK);
  atomKK->k_mass.template modify<LMPHostType>();
  atomKK->k_mass.template sync<DeviceType>();
  upload_types();
  FixMultiscaleAdaptive::setup(vflag);
}

/* ---------------------------------------------------------------------- */

template <class DeviceType>
template <class Data>
Data FixMultiscaleAdaptiveKokkos<DeviceType>::atom_data()
{
  Data d;
  d.x = atomKK->k_x.template view<DeviceType>();
  d.v = atomKK->k_v.template view<DeviceType>();
  d.omega = atomKK->k_omega.template view<DeviceType>();
  d.f = atomKK->k_f.template view<DeviceType>();
  d.torque = atomKK->k_torque.template view<DeviceType>();
  d.rmass = atomKK->k_rmass.template view<DeviceType>();
  d.radius = atomKK->k_radius.template view<DeviceType>();
  d.mass = atomKK->k_mass.template view<DeviceType>();
  d.type = atomKK->k_type.template view<DeviceType>();
  d.mask = atomKK->k_mask.template view<DeviceType>();
  d.tag = atomKK->k_tag.template view<DeviceType>();
  d.state = k_state.template view<DeviceType>();
  d.fpot = k_fpot.template view<DeviceType>();
  d.ptype = k_ptype.template view<DeviceType>();
  d.k = step_scalars();
  d.groupbit = groupbit;
  d.use_rmass = atom->rmass ? 1 : 0;
  auto style = [](int s) {
    return s == FixMultiscaleAdaptive::DRAG_STOKES ? DRAG_STOKES
        : s == FixMultiscaleAdaptive::DRAG_BETA    ? DRAG_BETA
                                                   : DRAG_NONE;
  };
  d.drag = style(drag_style);
  d.rdrag = style(rdrag_style);
  d.radius_peratom = radius_peratom ? 1 : 0;
  d.rotate = rotate ? 1 : 0;
  d.torque_flag = atom->torque_flag ? 1 : 0;
  d.spin_w = atom->torque_flag && atom->omega_flag ? 1 : 0;
  d.wcol = wcol;
  d.now = static_cast<double>(update->ntimestep);
  d.q = 0.25 * update->dt;
  d.eta = eta;
  d.dtv = dtv;
  d.h = update->dt;
  d.dtf = dtf;
  // FixMultiscaleAdaptive::drags_and_noise's flags
  d.setup = 0;
  d.drags = !exact_damp;
  d.spin = !exact_damp && rdrag_style != DRAG_NONE;
  d.brownian = brownian ? 1 : 0;
  d.step = update->ntimestep;
  d.every = b_every;
  d.regular = d.step % b_every == 0;
  d.every_step = 0;
  d.dist = b_dist;
  d.seed = static_cast<uint32_t>(b_seed);
  d.s2 = 0.0;
  d.factor = 1.0;
  return d;
}

// what beta_of and rbeta_of read beyond the type
static geomint_kk::mask_t radius_mask(bool peratom_radius)
{
  return TYPE_MASK | (peratom_radius ? RADIUS_MASK : 0);
}

template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::kick_drift_pass(geomint::MSAWork &w)
{
  atomKK->sync(execution_space, X_MASK | V_MASK | F_MASK | MASK_MASK | RMASS_MASK | radius_mask(radius_peratom) |
               (rotate ? OMEGA_MASK | TORQUE_MASK | RADIUS_MASK : 0));
  k_state.template sync<DeviceType>();
  k_fpot.template sync<DeviceType>();
  const auto d = atom_data<MSAAtoms<DeviceType>>();
  geomint::MSAWork r = {0.0, 0.0, 0.0, 0.0};
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), KickDriftFunctor<DeviceType>(d), r);
  atomKK->modified(execution_space, X_MASK | V_MASK | (rotate ? OMEGA_MASK : 0));
  w.k += r.k;
  w.p += r.p;
  w.d += r.d;
  w.b += r.b;
}

template <class DeviceType>
void FixMultiscaleAdaptiveKokkos<DeviceType>::forces_kick_pass(bool setup, bool with_kick, double s2,
                                                               geomint::MSAWork &w)
{
  const bool spin = rdrag_style != DRAG_NONE;
  atomKK->sync(execution_space, V_MASK | MASK_MASK | TAG_MASK | RMASS_MASK | radius_mask(radius_peratom) |
               (spin ? OMEGA_MASK : 0) | (with_kick ? F_MASK : 0) |
               (with_kick && rotate ? OMEGA_MASK | TORQUE_MASK | RADIUS_MASK : 0));
  k_state.template sync<DeviceType>();
  if (with_kick) k_fpot.template sync<DeviceType>();
  auto d = atom_data<MSAAtoms<DeviceType>>();
  d.setup = setup ? 1 : 0;
  d.every_step = b_every == 1 && !setup;
  d.s2 = s2;
  geomint::MSAWork r = {0.0, 0.0, 0.0, 0.0};
  forces_kick_run<DeviceType>(d, atom->nlocal, with_kick, r,
                              std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>());
  if (mode == CONTINUUM) k_state.template modify<DeviceType>();
  if (with_kick) atomKK->modified(execution_space, V_MASK | (rotate ? OMEGA_MASK : 0));
  w.k += r.k;
  w.p += r.p;
  w.d += r.d;
  w.b += r.b;
}

template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::apply_forces(bool setup)
{
  atomKK->sync(execution_space, V_MASK | F_MASK | MASK_MASK | (atom->torque_flag ? TORQUE_MASK : 0) |
               (atom->omega_flag ? OMEGA_MASK : 0));
  k_state.template sync<DeviceType>();
  k_fpot.template sync<DeviceType>();
  auto d = atom_data<MSAAtoms<DeviceType>>();
  d.setup = setup ? 1 : 0;
  geomint::MSAWork w = {0.0, 0.0, 0.0, 0.0};
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), ApplyFunctor<DeviceType>(d), w);
  atomKK->modified(execution_space, F_MASK | (atom->torque_flag ? TORQUE_MASK : 0));
  k_state.template modify<DeviceType>();
  add_works(w);
}

template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::first_half_pass(geomint::MSAWork &w)
{
  atomKK->sync(execution_space, V_MASK | MASK_MASK | (atom->omega_flag ? OMEGA_MASK : 0));
  k_state.template sync<DeviceType>();
  const auto d = atom_data<MSAAtoms<DeviceType>>();
  geomint::MSAWork r = {0.0, 0.0, 0.0, 0.0};
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), FirstHalfFunctor<DeviceType>(d), r);
  k_state.template modify<DeviceType>();
  w.k += r.k;
  w.p += r.p;
  w.d += r.d;
  w.b += r.b;
}

// the bias of a temperature compute comes off and back where that compute
// runs (as FixNHKokkos does)
template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::scale_velocities(double factor)
{
  geomint_kokkos_target::scale_velocities(atomKK, temperature, execution_space, [&]() {
    auto d = atom_data<MSAAtoms<DeviceType>>();
    d.factor = factor;
    Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), ScaleFunctor<DeviceType>(d));
  });
}

template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::kinetic_sums(double local[2])
{
  atomKK->sync(execution_space, V_MASK | MASK_MASK | TYPE_MASK | RMASS_MASK);
  const auto d = atom_data<MSAAtoms<DeviceType>>();
  double s[2] = {0.0, 0.0};
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), KineticFunctor<DeviceType>(d), s);
  local[0] += s[0];
  local[1] += s[1];
}

// the thermostat's compute (temp/kk under -sf kk, or a CPU compute chosen
// by fix_modify temp) reads the atoms where it runs
template <class DeviceType> double FixMultiscaleAdaptiveKokkos<DeviceType>::temperature_scalar()
{
  return geomint_kokkos_target::on_compute_side(
      atomKK, temperature, [this]() { return FixMultiscaleAdaptive::temperature_scalar(); });
}

// f_p and the signal on the host (pair->single over owned and ghost atoms),
// then f_p to the device
template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::potential_forces()
{
  if (!adaptive) return;
  const bool molecular = atom->molecular != Atom::ATOMIC;
  atomKK->sync(Host, X_MASK | TYPE_MASK | MASK_MASK | TAG_MASK | (atom->q_flag ? Q_MASK : 0) |
               (molecular ? SPECIAL_MASK : 0) | radius_mask(per_beta && radius_peratom));
  k_fpot.template sync<LMPHostType>();
  FixMultiscaleAdaptive::potential_forces();
  k_fpot.template modify<LMPHostType>();
  k_fpot.template sync<DeviceType>();
}

template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::grow_fpot()
{
  nmax_fpot = atom->nmax;
  memoryKK->destroy_kokkos(k_fpot, fpot);
  memoryKK->create_kokkos(k_fpot, fpot, nmax_fpot, 3, "multiscale/adaptive/kk:fpot");
}

/* ----------------------------------------------------------------------
   host-side access to the per-atom state: sync first, mark what changed
------------------------------------------------------------------------- */

template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::grow_arrays(int nmax)
{
  // the host copy must be the newer one when DualView::resize decides which
  // side to keep (see FixBagogabKokkos::grow_arrays)
  k_state.template sync<LMPHostType>();
  k_state.template modify<LMPHostType>();
  memoryKK->grow_kokkos(k_state, state, nmax, nstate, "multiscale/adaptive/kk:state");
  k_state.template modify<LMPHostType>();
}

template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::copy_arrays(int i, int j, int delflag)
{
  k_state.template sync<LMPHostType>();
  FixMultiscaleAdaptive::copy_arrays(i, j, delflag);
  k_state.template modify<LMPHostType>();
}

template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::set_arrays(int i)
{
  k_state.template sync<LMPHostType>();
  FixMultiscaleAdaptive::set_arrays(i);
  k_state.template modify<LMPHostType>();
}

template <class DeviceType> int FixMultiscaleAdaptiveKokkos<DeviceType>::pack_exchange(int i, double *buf)
{
  k_state.template sync<LMPHostType>();
  return FixMultiscaleAdaptive::pack_exchange(i, buf);
}

template <class DeviceType> int FixMultiscaleAdaptiveKokkos<DeviceType>::unpack_exchange(int nlocal, double *buf)
{
  k_state.template sync<LMPHostType>();
  const int n = FixMultiscaleAdaptive::unpack_exchange(nlocal, buf);
  k_state.template modify<LMPHostType>();
  return n;
}

template <class DeviceType> int FixMultiscaleAdaptiveKokkos<DeviceType>::pack_restart(int i, double *buf)
{
  k_state.template sync<LMPHostType>();
  return FixMultiscaleAdaptive::pack_restart(i, buf);
}

template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  k_state.template sync<LMPHostType>();
  FixMultiscaleAdaptive::unpack_restart(nlocal, nth);
  k_state.template modify<LMPHostType>();
}

template <class DeviceType> double FixMultiscaleAdaptiveKokkos<DeviceType>::memory_usage()
{
  double bytes = FixMultiscaleAdaptive::memory_usage();
  // the device copies of the state and of f_p
  if (!std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>::value)
    bytes += (static_cast<double>(k_state.extent(0)) * nstate + 3.0 * k_fpot.extent(0)) * sizeof(double);
  return bytes;
}

namespace LAMMPS_NS {
template class FixMultiscaleAdaptiveKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixMultiscaleAdaptiveKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
