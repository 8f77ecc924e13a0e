/* ----------------------------------------------------------------------
   GEOMINT - fix rigid/quat/hi/kk (see fix_rigid_quat_hi_kokkos.h and
   doc/fix_rigid_quat_hi.rst)

   The kernels run the passes of rigid_quat_hi_passes.h that FixRigidQuatHi
   runs, over the views: with hi off a sphere's whole step at once
   (rqh::step_hi_off; on host backends blocks of spheres, two or four at a
   time as the CPU fix does), with hi rpy the half steps around the dense
   step, so that a body's arithmetic is the CPU fix's, bit for bit.  The noise is the CPU fix's: Philox keyed by
   (seed, atom tag, step, stream), Gaussian deviates drawn in blocks by
   normal3_block on host backends, atom by atom by normal3 (bitwise the same
   numbers) on devices; three-point deviates atom by atom everywhere.  Only the heat tally is summed in another order (round-off).
------------------------------------------------------------------------- */

#include "fix_rigid_quat_hi_kokkos.h"

#include "rigid_quat_hi_core.h"

#include "geomint_kokkos_atoms.h"
#include "geomint_kokkos_check.h"
#include "geomint_kokkos_reduction.h"

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

namespace LAMMPS_NS {
// the spheres as the passes of rigid_quat_hi_passes.h read them (the
// accessor of FixRigidQuatHi::Bodies for the views), with the step's scalars
template <class DeviceType> struct RigidSphereBodies {
  static constexpr bool sphere = true;
  geomint_kk::AtomViews<DeviceType> a;
  typename geomint_kk::Views<DeviceType>::t_double_2d quat;
  typename FixRigidQuatHiKokkos<DeviceType>::tdual_coeff::t_dev_const tcoeff;
  typename FixRigidQuatHiKokkos<DeviceType>::tdual_radius::t_dev_const tradius;
  rqh::StepParams p;
  int groupbit, radius_mode;
  double radius_const;

  KOKKOS_INLINE_FUNCTION bool in_group(int i) const { return a.mask[i] & groupbit; }
  KOKKOS_INLINE_FUNCTION double mass(int i) const { return a.rmass[i]; }
  KOKKOS_INLINE_FUNCTION void moments(int i, double I[3]) const
  {
    I[0] = I[1] = I[2] = geomint::sphere_moment(a.rmass[i], a.radius[i]);
  }
  // (auto: the views hold KOKKOS_PREC floats)
  KOKKOS_INLINE_FUNCTION auto &pos(int i, int k) const { return a.x(i, k); }
  KOKKOS_INLINE_FUNCTION auto &vel(int i, int k) const { return a.v(i, k); }
  KOKKOS_INLINE_FUNCTION double &orient(int i, int k) const { return quat(i, k); }
  KOKKOS_INLINE_FUNCTION double force(int i, int k) const { return a.f(i, k); }
  KOKKOS_INLINE_FUNCTION double torque_of(int i, int k) const { return a.torque(i, k); }
  KOKKOS_INLINE_FUNCTION void load_L(int i, const double I[3], double L[3]) const
  {
    const double w[3] = {a.omega(i, 0), a.omega(i, 1), a.omega(i, 2)};
    geomint::sphere_angmom(I[0], w, L);
  }
  KOKKOS_INLINE_FUNCTION void store_L(int i, const double I[3], const double L[3]) const
  {
    double w[3];
    geomint::sphere_omega(I[0], L, w);
    for (int k = 0; k < 3; k++) a.omega(i, k) = w[k];
  }
  KOKKOS_INLINE_FUNCTION int64_t tag_of(int i) const { return a.tag[i]; }
  KOKKOS_INLINE_FUNCTION double hydro_radius(int i) const
  {
    return rqh::hydro_radius(radius_mode, radius_const, tradius[a.type[i]], a.radius[i]);
  }
  KOKKOS_INLINE_FUNCTION const geomint::RigidOUCoeff &type_coeff(int i) const
  {
    return tcoeff[a.type[i]];
  }
};

}    // namespace LAMMPS_NS

namespace {

// hi off: one body per work item with its own deviates, or (host spaces,
// Gaussian deviates: what the blocks vectorise) blocks of bodies whose
// deviates normal3_block draws together, as the CPU fix does; reduces the
// heat (sum) and the shortest relaxation time (min)
template <class DeviceType> struct HiOffBody {
  RigidSphereBodies<DeviceType> d;
  KOKKOS_INLINE_FUNCTION void item(int i, double *r) const
  {
    if (!d.in_group(i)) return;
    double xt[3], xr[3];
    rqh::body_noise(d.p, d.tag_of(i), xt, xr);
    rqh::step_hi_off(d, i, d.p, xt, xr, r[0], r[1]);
  }
  void block(int i0, int i1, double *r) const { rqh::step_hi_off_block(d, i0, i1, d.p, r[0], r[1]); }
};

// one per-body pass (rqh::first_half, second_half, kick) over the group
template <class DeviceType, class Pass> struct BodyPassFunctor {
  typedef DeviceType device_type;
  RigidSphereBodies<DeviceType> d;
  BodyPassFunctor(const RigidSphereBodies<DeviceType> &data) : d(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (d.in_group(i)) Pass::run(d, i);
  }
};
struct FirstHalf {
  template <class D> KOKKOS_INLINE_FUNCTION static void run(const D &d, int i) { rqh::first_half(d, i, d.p); }
};
struct SecondHalf {
  template <class D> KOKKOS_INLINE_FUNCTION static void run(const D &d, int i) { rqh::second_half(d, i, d.p); }
};
struct Kick {
  template <class D> KOKKOS_INLINE_FUNCTION static void run(const D &d, int i) { rqh::kick(d, i, d.p.dtf); }
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
  geomint_kk::kokkos_enabled(lmp, "rigid/quat/hi");
  if (!FixRigidQuatHi::sphere_style(lmp->atom))
    lmp->error->all(FLERR, "Fix rigid/quat/hi/kk needs atom_style sphere (each sphere one rigid "
                    "body); ellipsoids run with the CPU fix: drop '-sf kk', or define fix "
                    "rigid/quat/hi between 'suffix off' and 'suffix on'");
  return lmp;
}

template <class DeviceType>
FixRigidQuatHiKokkos<DeviceType>::FixRigidQuatHiKokkos(LAMMPS *lmp, int narg, char **arg) :
    geomint_kk::HostArrays<FixRigidQuatHi>(kokkos_spheres(lmp), narg, arg)
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

/* ----------------------------------------------------------------------
   the passes of FixRigidQuatHi's step as Kokkos kernels: each syncs what
   it reads to the execution space and marks what it wrote there
------------------------------------------------------------------------- */

template <class DeviceType>
RigidSphereBodies<DeviceType> FixRigidQuatHiKokkos<DeviceType>::sphere_bodies(const rqh::StepParams &p)
{
  atomKK->sync(execution_space, STEP_MASK);
  k_quat.template sync<DeviceType>();
  RigidSphereBodies<DeviceType> d;
  d.a = geomint_kk::AtomViews<DeviceType>(atomKK);
  d.quat = k_quat.template view<DeviceType>();
  d.tcoeff = k_tcoeff.template view<DeviceType>();
  d.tradius = k_tradius.template view<DeviceType>();
  d.p = p;
  d.groupbit = groupbit;
  d.radius_mode = core->radius_mode;
  d.radius_const = core->radius_const;
  return d;
}

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::modified_bodies()
{
  atomKK->modified(execution_space, X_MASK | V_MASK | OMEGA_MASK);
  k_quat.template modify<DeviceType>();
}

// atoms added during a run: the checks and per-type coefficients on the
// host, then the types to the device
template <class DeviceType> bool FixRigidQuatHiKokkos<DeviceType>::atoms_changed()
{
  if (atom->natoms == natoms_setup) return false;
  sync_host_properties();
  FixRigidQuatHi::atoms_changed();
  upload_types();
  return true;
}

template <class DeviceType>
void FixRigidQuatHiKokkos<DeviceType>::first_half_pass(const rqh::StepParams &p)
{
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal),
                       BodyPassFunctor<DeviceType, FirstHalf>(sphere_bodies(p)));
  modified_bodies();
}

template <class DeviceType>
void FixRigidQuatHiKokkos<DeviceType>::second_half_pass(const rqh::StepParams &p)
{
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal),
                       BodyPassFunctor<DeviceType, SecondHalf>(sphere_bodies(p)));
  modified_bodies();
}

template <class DeviceType>
void FixRigidQuatHiKokkos<DeviceType>::hi_off_pass(const rqh::StepParams &p, double &de, double &tmin)
{
  double r[2] = {0.0, 0.0};
  // (blocks: the device functor runs on host builds too, with three-point noise or T = 0)
  const bool blocks = p.noisy && p.noise_kind == rqh::NOISE_GAUSSIAN;
  geomint_kk::reduce_blocks<DeviceType, geomint_kk::SumMinReduction<1, 1>>(
      atom->nlocal, blocks ? geomint::NORMAL_BLOCK : 1, HiOffBody<DeviceType>{sphere_bodies(p)}, r);
  modified_bodies();
  de += r[0];
  // (the identity of min: no body with its own coefficients)
  if (r[1] != Kokkos::reduction_identity<double>::min() && r[1] < tmin) tmin = r[1];
}

template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::kick_pass(const rqh::StepParams &p)
{
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal),
                       BodyPassFunctor<DeviceType, Kick>(sphere_bodies(p)));
  atomKK->modified(execution_space, V_MASK | OMEGA_MASK);
}

// the dense step on the host: FixRigidQuatHi::ou_rpy packs the midpoint
// states and RigidQuatHiCore::dense_step gathers them on rank 0 (LAPACK)
template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::dense_pass(double kT)
{
  atomKK->sync(Host, X_MASK | V_MASK | OMEGA_MASK | RMASS_MASK | RADIUS_MASK | MASK_MASK |
               TYPE_MASK | TAG_MASK);
  k_quat.template sync<LMPHostType>();
  ou_rpy(kT);
  atomKK->modified(Host, V_MASK | OMEGA_MASK);
}

// dumps and computes read f_ID (the quaternions) on the host
template <class DeviceType> void FixRigidQuatHiKokkos<DeviceType>::end_step()
{
  k_quat.template sync<LMPHostType>();
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
  geomint_kk::grow_on_host(memoryKK, k_quat, quat, nmax, 4, "rigid/quat/hi/kk:quat");
  array_atom = quat;
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
