/* ----------------------------------------------------------------------
   GEOMINT - fix rigid/quat/hi/kk (see fix_rigid_quat_hi_kokkos.h and
   doc/fix_rigid_quat_hi.rst)

   The kernels load a body from the views, call the kernels of
   lib/geomint/rigid_body.h that FixRigidQuatHi calls, and store it back,
   sub-step by sub-step as the CPU fix does (a sphere's omega is turned into
   L = I omega and back in each, as there), so that a body's arithmetic is
   the CPU fix's, bit for bit.  The noise is the CPU fix's: Philox keyed by
   (seed, atom tag, step, stream), Gaussian deviates drawn in blocks by
   normal3_block on host backends, atom by atom by normal3 (bitwise the same
   numbers) on devices; three-point deviates atom by atom everywhere.  Only the heat tally is summed in another order (round-off).
------------------------------------------------------------------------- */

#include "fix_rigid_quat_hi_kokkos.h"

#include "rigid_quat_hi_core.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "error.h"
#include "force.h"
#include "memory_kokkos.h"
#include "update.h"

#include "geomint/random.h"
#include "geomint/rigid_body.h"

#include <cmath>
#include <limits>
#include <type_traits>

using namespace LAMMPS_NS;

namespace {

// the atom data of the step's kernels and its scalars
template <class DeviceType> struct SphereBodies {
  typename geomint_kk::Views<DeviceType>::t_x x;
  typename geomint_kk::Views<DeviceType>::t_v v, omega;
  typename geomint_kk::Views<DeviceType>::t_f_const f, torque;
  typename geomint_kk::Views<DeviceType>::t_float_1d rmass, radius;
  typename geomint_kk::Views<DeviceType>::t_int_1d type, mask;
  typename geomint_kk::Views<DeviceType>::t_tagint_1d tag;
  typename geomint_kk::Views<DeviceType>::t_double_2d quat;
  typename FixRigidQuatHiKokkos<DeviceType>::tdual_coeff::t_dev_const tcoeff;
  typename FixRigidQuatHiKokkos<DeviceType>::tdual_radius::t_dev_const tradius;
  geomint::RigidFriction friction;
  int groupbit, per_type, radius_mode, rotor_before, rotor_after, normalize, noisy, gaussian;
  uint32_t seed;
  int64_t step;
  double h, half_h, dtf, skt, radius_const;

  KOKKOS_INLINE_FUNCTION bool in_group(int i) const { return mask[i] & groupbit; }
  KOKKOS_INLINE_FUNCTION double moment(int i) const
  {
    return geomint::sphere_moment(rmass[i], radius[i]);
  }
  // RigidQuatHiCore::atom_radius()
  KOKKOS_INLINE_FUNCTION double hydro_radius(int i) const
  {
    if (radius_mode == RigidQuatHiCore::RADIUS_CONST) return radius_const;
    if (radius_mode == RigidQuatHiCore::RADIUS_TYPE) return tradius[type[i]];
    if (radius_mode == RigidQuatHiCore::RADIUS_ATOM) return radius[i];
    return 0.0;
  }

  // FixRigidQuatHi::half_kick (spheres): v += h/2 f/m, L += h/2 T
  KOKKOS_INLINE_FUNCTION void kick(int i) const
  {
    double vi[3], fi[3], w[3], ti[3], L[3];
    for (int k = 0; k < 3; k++) {
      vi[k] = v(i, k);
      fi[k] = f(i, k);
      w[k] = omega(i, k);
      ti[k] = torque(i, k);
    }
    geomint::kick(vi, fi, dtf / rmass[i]);
    const double inertia = moment(i);
    geomint::sphere_angmom(inertia, w, L);
    geomint::kick(L, ti, dtf);
    geomint::sphere_omega(inertia, L, w);
    for (int k = 0; k < 3; k++) {
      v(i, k) = vi[k];
      omega(i, k) = w[k];
    }
  }

  // FixRigidQuatHi::half_drift_rotate: x += h/2 v and the rotor over h/2
  KOKKOS_INLINE_FUNCTION void drift_rotate(int i, int rotor, bool norm) const
  {
    const double I = moment(i);
    const double inertia[3] = {I, I, I};
    double xi[3], vi[3], w[3], q[4], L[3];
    for (int k = 0; k < 3; k++) {
      xi[k] = x(i, k);
      vi[k] = v(i, k);
      w[k] = omega(i, k);
    }
    for (int k = 0; k < 4; k++) q[k] = quat(i, k);
    geomint::sphere_angmom(inertia[0], w, L);
    geomint::rigid_drift_rotate(xi, vi, q, L, inertia, half_h, rotor, norm);
    geomint::sphere_omega(inertia[0], L, w);
    for (int k = 0; k < 3; k++) {
      x(i, k) = xi[k];
      omega(i, k) = w[k];
    }
    for (int k = 0; k < 4; k++) quat(i, k) = q[k];
  }

  // FixRigidQuatHi::ou_off for one body with its deviates; de and tmin as there
  KOKKOS_INLINE_FUNCTION void ou(int i, const double xt[3], const double xr[3], double &de,
                                 double &tmin) const
  {
    geomint::RigidOUCoeff own;
    const geomint::RigidOUCoeff *c = &own;
    if (per_type) {
      c = &tcoeff[type[i]];
    } else {
      const double I = moment(i);
      const double inertia[3] = {I, I, I};
      double zt[3], zr[3];
      bool t_iso;
      geomint::rigid_body_friction(friction, hydro_radius(i), zt, zr, t_iso);
      geomint::rigid_ou_coeff(h, rmass[i], inertia, zt, zr, t_iso, own, tmin);
    }
    double vi[3], w[3], q[4], L[3];
    for (int k = 0; k < 3; k++) {
      vi[k] = v(i, k);
      w[k] = omega(i, k);
    }
    for (int k = 0; k < 4; k++) q[k] = quat(i, k);
    geomint::sphere_angmom(c->inertia[0], w, L);
    geomint::rigid_ou_body(*c, skt, q, vi, L, xt, xr, de);
    geomint::sphere_omega(c->inertia[0], L, w);
    for (int k = 0; k < 3; k++) {
      v(i, k) = vi[k];
      omega(i, k) = w[k];
    }
  }

  // the deviates of one body (CPU: normal3_block or RigidQuatHiCore::noise3)
  KOKKOS_INLINE_FUNCTION void noise(int i, double xt[3], double xr[3]) const
  {
    if (!noisy) {
      for (int k = 0; k < 3; k++) xt[k] = xr[k] = 0.0;
    } else if (gaussian) {
      geomint::normal3(seed, tag[i], step, geomint::STREAM_RQH_T, xt);
      geomint::normal3(seed, tag[i], step, geomint::STREAM_RQH_R, xr);
    } else {
      geomint::threepoint3(seed, tag[i], step, geomint::STREAM_RQH_T, xt);
      geomint::threepoint3(seed, tag[i], step, geomint::STREAM_RQH_R, xr);
    }
  }

  // hi off: the whole initial_integrate of one body
  KOKKOS_INLINE_FUNCTION void step_hi_off(int i, const double xt[3], const double xr[3],
                                          double *r) const
  {
    kick(i);
    drift_rotate(i, rotor_before, false);
    ou(i, xt, xr, r[0], r[1]);
    drift_rotate(i, rotor_after, normalize);
  }
};

// the reduction of hi off: the heat (sum) and the shortest relaxation time (min)
struct HeatTminReduction {
  typedef double value_type[];
  const unsigned value_count = 2;
  KOKKOS_INLINE_FUNCTION void init(double *r) const
  {
    r[0] = 0.0;
    r[1] = Kokkos::reduction_identity<double>::min();
  }
  // (Kokkos 3 joins volatile values, Kokkos 4 plain ones)
#if KOKKOS_VERSION < 40000
  KOKKOS_INLINE_FUNCTION void join(volatile double *dst, const volatile double *src) const
  {
    dst[0] += src[0];
    if (src[1] < dst[1]) dst[1] = src[1];
  }
#endif
  KOKKOS_INLINE_FUNCTION void join(double *dst, const double *src) const
  {
    dst[0] += src[0];
    if (src[1] < dst[1]) dst[1] = src[1];
  }
};

// hi off on devices: one body per work item, its own deviates
template <class DeviceType> struct HiOffFunctor : HeatTminReduction {
  typedef DeviceType device_type;
  SphereBodies<DeviceType> d;
  explicit HiOffFunctor(const SphereBodies<DeviceType> &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double *r) const
  {
    if (!d.in_group(i)) return;
    double xt[3], xr[3];
    d.noise(i, xt, xr);
    d.step_hi_off(i, xt, xr, r);
  }
};

// hi off on host backends: blocks of atoms whose Gaussian deviates are drawn
// together by normal3_block, as in FixRigidQuatHi::ou_off (vectorised)
template <class DeviceType> struct HiOffBlockFunctor : HeatTminReduction {
  typedef DeviceType device_type;
  SphereBodies<DeviceType> d;
  int nlocal;
  HiOffBlockFunctor(const SphereBodies<DeviceType> &data, int n) : d(data), nlocal(n) {}
  void operator()(const int b, double *r) const
  {
    constexpr int B = geomint::NORMAL_BLOCK;
    int idx[B];
    int64_t tags[B] = {};
    double xt[B][3], xr[B][3];
    int n = 0;
    for (int i = b * B; i < nlocal && i < (b + 1) * B; i++)
      if (d.in_group(i)) {
        idx[n] = i;
        tags[n++] = d.tag[i];
      }
    if (d.noisy && d.gaussian) {
      geomint::normal3_block(d.seed, tags, n, d.step, geomint::STREAM_RQH_T, xt);
      geomint::normal3_block(d.seed, tags, n, d.step, geomint::STREAM_RQH_R, xr);
    } else {
      for (int j = 0; j < n; j++) d.noise(idx[j], xt[j], xr[j]);
    }
    for (int j = 0; j < n; j++) d.step_hi_off(idx[j], xt[j], xr[j], r);
  }
};

// hi off: blocks on host spaces when the deviates are Gaussian (what the
// blocks vectorise), one body per work item otherwise and on devices (so the
// device functor runs on host builds too: three-point noise, T = 0)
template <class DeviceType>
void hi_off_pass(const SphereBodies<DeviceType> &d, int nlocal, double (&r)[2], std::true_type /*host*/)
{
  if (!(d.noisy && d.gaussian)) {
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), HiOffFunctor<DeviceType>(d), r);
    return;
  }
  const int nblock = (nlocal + geomint::NORMAL_BLOCK - 1) / geomint::NORMAL_BLOCK;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nblock),
                          HiOffBlockFunctor<DeviceType>(d, nlocal), r);
}
template <class DeviceType>
void hi_off_pass(const SphereBodies<DeviceType> &d, int nlocal, double (&r)[2], std::false_type /*device*/)
{
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), HiOffFunctor<DeviceType>(d), r);
}

// hi rpy, before the dense step: half kick, half drift + rotor
template <class DeviceType> struct FirstHalfFunctor {
  typedef DeviceType device_type;
  SphereBodies<DeviceType> d;
  explicit FirstHalfFunctor(const SphereBodies<DeviceType> &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (!d.in_group(i)) return;
    d.kick(i);
    d.drift_rotate(i, d.rotor_before, false);
  }
};

// hi rpy, after the dense step: half drift + rotor, |q| = 1
template <class DeviceType> struct SecondHalfFunctor {
  typedef DeviceType device_type;
  SphereBodies<DeviceType> d;
  explicit SecondHalfFunctor(const SphereBodies<DeviceType> &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (d.in_group(i)) d.drift_rotate(i, d.rotor_after, d.normalize);
  }
};

// final_integrate: the half kick
template <class DeviceType> struct KickFunctor {
  typedef DeviceType device_type;
  SphereBodies<DeviceType> d;
  explicit KickFunctor(const SphereBodies<DeviceType> &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (d.in_group(i)) d.kick(i);
  }
};

constexpr geomint_kk::mask_t STEP_MASK =
    X_MASK | V_MASK | F_MASK | OMEGA_MASK | TORQUE_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK |
    TYPE_MASK | TAG_MASK;

}    // namespace

/* ---------------------------------------------------------------------- */

// the checks of the Kokkos variant, before FixRigidQuatHi's constructor
// registers the fix's per-atom callbacks with Atom
static LAMMPS *kokkos_spheres(LAMMPS *lmp)
{
  if (!lmp->kokkos)
    lmp->error->all(FLERR, "Fix rigid/quat/hi/kk needs the KOKKOS package enabled: run LAMMPS "
                    "with '-k on t N -sf kk' (or use fix rigid/quat/hi)");
  geomint_kk::check_build(lmp, "rigid/quat/hi/kk");
  if (!FixRigidQuatHi::sphere_style(lmp->atom))
    lmp->error->all(FLERR, "Fix rigid/quat/hi/kk needs atom_style sphere (each sphere one rigid "
                    "body); ellipsoids run with the CPU fix: drop '-sf kk', or define fix "
                    "rigid/quat/hi between 'suffix off' and 'suffix on'");
  return lmp;
}

template <class DeviceType>
FixRigidQuatHiKokkos<DeviceType>::FixRigidQuatHiKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixRigidQuatHi(kokkos_spheres(lmp), narg, arg)
{
  atomKK = (AtomKokkos *) atom;
  kokkosable = 1;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = STEP_MASK;
  datamask_modify = X_MASK | V_MASK | OMEGA_MASK;

  // the quaternions become a DualView (FixRigidQuatHi's constructor grew
  // them with Memory, before this class existed)
  memory->destroy(quat);
  quat = nullptr;
  grow_arrays(atom->nmax);
  for (int i = 0; i < atom->nlocal; i++) FixRigidQuatHiKokkos::set_arrays(i);
  k_tcoeff = tdual_coeff("rigid/quat/hi/kk:tcoeff", atom->ntypes + 1);
  k_tradius = tdual_radius("rigid/quat/hi/kk:tradius", atom->ntypes + 1);
}

template <class DeviceType> FixRigidQuatHiKokkos<DeviceType>::~FixRigidQuatHiKokkos()
{
  if (copymode) return;
  // the DualView owns the host array (FixRigidQuatHi's destructor must not free it)
  memoryKK->destroy_kokkos(k_quat, quat);
  quat = nullptr;
}

// the setup checks and the per-type coefficients read the host arrays
template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::sync_host_properties()
{
  atomKK->sync(Host, MASK_MASK | TYPE_MASK | TAG_MASK | RMASS_MASK | RADIUS_MASK);
}

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::init()
{
  sync_host_properties();
  FixRigidQuatHi::init();
}

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::setup(int vflag)
{
  sync_host_properties();
  FixRigidQuatHi::setup(vflag);
  upload_types();
}

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::reset_dt()
{
  sync_host_properties();
  FixRigidQuatHi::reset_dt();
  upload_types();
}

// the per-type coefficients (hi off) and hydrodynamic radii, host -> device
template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::upload_types()
{
  const int ntypes = atom->ntypes;
  for (int t = 1; t <= ntypes; t++) {
    k_tcoeff.view_host()(t) = per_type ? type_coeff[t] : geomint::RigidOUCoeff();
    k_tradius.view_host()(t) = core->radius_mode == RigidQuatHiCore::RADIUS_TYPE ? core->radius_type[t] : 0.0;
  }
  k_tcoeff.template modify<LMPHostType>();
  k_tcoeff.template sync<DeviceType>();
  k_tradius.template modify<LMPHostType>();
  k_tradius.template sync<DeviceType>();
}

/* ---------------------------------------------------------------------- */

namespace {
template <class DeviceType>
SphereBodies<DeviceType> sphere_bodies(AtomKokkos *atomKK, const RigidQuatHiCore *core,
                                       const typename geomint_kk::Views<DeviceType>::tdual_double_2d &k_quat,
                                       const typename FixRigidQuatHiKokkos<DeviceType>::tdual_coeff &k_tcoeff,
                                       const typename FixRigidQuatHiKokkos<DeviceType>::tdual_radius &k_tradius,
                                       int groupbit, bool per_type, double dtf, double kT, Update *update)
{
  SphereBodies<DeviceType> d;
  d.x = atomKK->k_x.view<DeviceType>();
  d.v = atomKK->k_v.view<DeviceType>();
  d.omega = atomKK->k_omega.view<DeviceType>();
  d.f = atomKK->k_f.view<DeviceType>();
  d.torque = atomKK->k_torque.view<DeviceType>();
  d.rmass = atomKK->k_rmass.view<DeviceType>();
  d.radius = atomKK->k_radius.view<DeviceType>();
  d.type = atomKK->k_type.view<DeviceType>();
  d.mask = atomKK->k_mask.view<DeviceType>();
  d.tag = atomKK->k_tag.view<DeviceType>();
  d.quat = k_quat.template view<DeviceType>();
  d.tcoeff = k_tcoeff.template view<DeviceType>();
  d.tradius = k_tradius.template view<DeviceType>();
  d.friction = core->friction();
  d.groupbit = groupbit;
  d.per_type = per_type ? 1 : 0;
  d.radius_mode = core->radius_mode;
  d.radius_const = core->radius_const;
  const bool nosquish = core->rotor == RigidQuatHiCore::ROTOR_NOSQUISH;
  d.rotor_before = nosquish ? geomint::ROTOR_HALF_NOSQUISH : geomint::ROTOR_HALF_BEFORE;
  d.rotor_after = nosquish ? geomint::ROTOR_HALF_NOSQUISH : geomint::ROTOR_HALF_AFTER;
  d.normalize = core->normalize ? 1 : 0;
  d.noisy = kT > 0.0 ? 1 : 0;    // at T = 0 the noise is not drawn (as the CPU fix)
  d.gaussian = core->noise == RigidQuatHiCore::NOISE_GAUSSIAN ? 1 : 0;
  d.seed = core->seed;
  d.step = update->ntimestep;
  d.h = update->dt;
  d.half_h = 0.5 * update->dt;
  d.dtf = dtf;
  d.skt = std::sqrt(kT);
  return d;
}
}    // namespace

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::initial_integrate(int /*vflag*/)
{
  if (atom->natoms != natoms_setup) {
    sync_host_properties();
    atoms_changed();
    upload_types();
  }
  core->compute_target();
  const double kT = force->boltz * core->t_target / force->mvv2e;
  const int nlocal = atom->nlocal;
  atomKK->sync(execution_space, STEP_MASK);
  k_quat.template sync<DeviceType>();
  const SphereBodies<DeviceType> d = sphere_bodies<DeviceType>(atomKK, core, k_quat, k_tcoeff, k_tradius,
                                                               groupbit, per_type, dtf, kT, update);
  if (core->hi == RigidQuatHiCore::HI_RPY) {
    Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nlocal), FirstHalfFunctor<DeviceType>(d));
    atomKK->modified(execution_space, X_MASK | V_MASK | OMEGA_MASK);
    k_quat.template modify<DeviceType>();
    // the dense step on the host: FixRigidQuatHi::ou_rpy packs the midpoint
    // states and RigidQuatHiCore::dense_step gathers them on rank 0 (LAPACK)
    atomKK->sync(Host, X_MASK | V_MASK | OMEGA_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK |
                 TYPE_MASK | TAG_MASK);
    k_quat.template sync<LMPHostType>();
    ou_rpy(kT);
    atomKK->modified(Host, V_MASK | OMEGA_MASK);
    atomKK->sync(execution_space, V_MASK | OMEGA_MASK);
    Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nlocal), SecondHalfFunctor<DeviceType>(d));
  } else {
    double r[2] = {0.0, 0.0};
    hi_off_pass<DeviceType>(d, nlocal, r, std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>());
    const bool none = r[1] == Kokkos::reduction_identity<double>::min();
    lambda_local = per_type ? tmin_types : (none ? std::numeric_limits<double>::infinity() : r[1]);
    if (core->tally) e_bath_local += force->mvv2e * r[0];
  }
  atomKK->modified(execution_space, X_MASK | V_MASK | OMEGA_MASK);
  k_quat.template modify<DeviceType>();
  // dumps and computes read f_ID (the quaternions) on the host
  k_quat.template sync<LMPHostType>();
}

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::final_integrate()
{
  atomKK->sync(execution_space, V_MASK | F_MASK | OMEGA_MASK | TORQUE_MASK | RMASS_MASK |
               RADIUS_MASK | MASK_MASK);
  const SphereBodies<DeviceType> d = sphere_bodies<DeviceType>(atomKK, core, k_quat, k_tcoeff, k_tradius,
                                                               groupbit, per_type, dtf, 0.0, update);
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), KickFunctor<DeviceType>(d));
  atomKK->modified(execution_space, V_MASK | OMEGA_MASK);
}

// the diagnostics vector is computed on the host
template <class DeviceType> double FixRigidQuatHiKokkos<DeviceType>::compute_vector(int n)
{
  atomKK->sync(Host, V_MASK | OMEGA_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK);
  k_quat.template sync<LMPHostType>();
  return FixRigidQuatHi::compute_vector(n);
}

/* ----------------------------------------------------------------------
   host-side access to the quaternions: sync first, mark what changed
------------------------------------------------------------------------- */

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::grow_arrays(int nmax)
{
  // the host copy must be the newer one when DualView::resize decides which
  // side to keep (see FixBagogabKokkos::grow_arrays)
  k_quat.template sync<LMPHostType>();
  k_quat.template modify<LMPHostType>();
  memoryKK->grow_kokkos(k_quat, quat, nmax, 4, "rigid/quat/hi/kk:quat");
  array_atom = quat;
  k_quat.template modify<LMPHostType>();
}

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::copy_arrays(int i, int j, int delflag)
{
  k_quat.template sync<LMPHostType>();
  FixRigidQuatHi::copy_arrays(i, j, delflag);
  k_quat.template modify<LMPHostType>();
}

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::set_arrays(int i)
{
  k_quat.template sync<LMPHostType>();
  FixRigidQuatHi::set_arrays(i);
  k_quat.template modify<LMPHostType>();
}

template <class DeviceType> int FixRigidQuatHiKokkos<DeviceType>::pack_exchange(int i, double *buf)
{
  k_quat.template sync<LMPHostType>();
  return FixRigidQuatHi::pack_exchange(i, buf);
}

template <class DeviceType> int FixRigidQuatHiKokkos<DeviceType>::unpack_exchange(int nlocal, double *buf)
{
  k_quat.template sync<LMPHostType>();
  const int n = FixRigidQuatHi::unpack_exchange(nlocal, buf);
  k_quat.template modify<LMPHostType>();
  return n;
}

template <class DeviceType> int FixRigidQuatHiKokkos<DeviceType>::pack_restart(int i, double *buf)
{
  k_quat.template sync<LMPHostType>();
  return FixRigidQuatHi::pack_restart(i, buf);
}

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  k_quat.template sync<LMPHostType>();
  FixRigidQuatHi::unpack_restart(nlocal, nth);
  k_quat.template modify<LMPHostType>();
}

template <class DeviceType> double FixRigidQuatHiKokkos<DeviceType>::memory_usage()
{
  double bytes = FixRigidQuatHi::memory_usage();
  // the device copy of the quaternions
  if (!std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>::value)
    bytes += 4.0 * sizeof(double) * k_quat.extent(0);
  return bytes;
}

namespace LAMMPS_NS {
template class FixRigidQuatHiKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixRigidQuatHiKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
