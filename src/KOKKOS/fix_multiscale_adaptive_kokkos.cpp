/* ----------------------------------------------------------------------
   GEOMINT - fix multiscale/adaptive/kk (see fix_multiscale_adaptive_kokkos.h
   and doc/fix_multiscale_adaptive.rst)

   FixMultiscaleAdaptive keeps the step's logic (parsing, setup, the order
   of the pieces, the scalars of each pass, the noise variance, the
   thermostat's scalar half-step, the switch, restart); this class runs its
   per-atom passes (multiscale_adaptive_passes.h, geomint_msa::Pass) as
   Kokkos kernels over an accessor of the Kokkos atom views, and moves the
   data: so an atom's arithmetic is the CPU fix's bit for bit, and the noise
   is the CPU fix's (Philox keyed by seed, atom tag and step; normal3 per
   atom gives normal3_block's numbers).  What differs is the order of the
   sums: the works, and the kinetic sum of temp instant (parallel_reduce),
   at round-off.  final_integrate's drags, draws and half-kick are one
   kernel: on host backends over blocks of NORMAL_BLOCK atoms (the CPU
   fix's block pass), on devices one atom per work item.

   The adaptive G1-G2 force (pair->single over owned and ghost atoms) and
   its signal run on the host, as in the CPU fix: x, type, mask, tag (and
   q, special, radius where used) are synced to the host for it, and f_p is
   copied to the device (a no-op on host backends, where the two sides are
   one array).
------------------------------------------------------------------------- */

#include "fix_multiscale_adaptive_kokkos.h"

#include "geomint_kokkos_check.h"
#include "geomint_kokkos_reduction.h"
#include "geomint_kokkos_temperature.h"
#include "nh_mod_thermostat_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "compute.h"
#include "force.h"
#include "memory_kokkos.h"
#include "update.h"

#include "geomint/multiscale.h"
#include "geomint/random.h"

#include <type_traits>

using namespace LAMMPS_NS;

namespace {

// the atom data of a kernel, as geomint_msa::Pass reads it
template <class DeviceType> struct KKAtoms {
  typedef geomint_kk::Views<DeviceType> V;
  typename V::t_x x_;
  typename V::t_v v_, omega_;
  typename V::t_f f_, torque_;
  typename V::t_float_1d rmass_, radius_, mass_;
  typename V::t_int_1d type_, mask_;
  typename V::t_tagint_1d tag_;
  typename V::t_double_2d state_, fpot_;
  typename FixMultiscaleAdaptiveKokkos<DeviceType>::tdual_ptype::t_dev_const ptype_;

  KOKKOS_INLINE_FUNCTION double &x(int i, int c) const { return x_(i, c); }
  KOKKOS_INLINE_FUNCTION double &v(int i, int c) const { return v_(i, c); }
  KOKKOS_INLINE_FUNCTION double &f(int i, int c) const { return f_(i, c); }
  KOKKOS_INLINE_FUNCTION double &omega(int i, int c) const { return omega_(i, c); }
  KOKKOS_INLINE_FUNCTION double &torque(int i, int c) const { return torque_(i, c); }
  KOKKOS_INLINE_FUNCTION double &fpot(int i, int c) const { return fpot_(i, c); }
  KOKKOS_INLINE_FUNCTION double *row(int i) const { return &state_(i, 0); }    // row-major (see geomint_kk)
  KOKKOS_INLINE_FUNCTION int mask(int i) const { return mask_[i]; }
  KOKKOS_INLINE_FUNCTION int type(int i) const { return type_[i]; }
  KOKKOS_INLINE_FUNCTION int64_t tag(int i) const { return tag_[i]; }
  KOKKOS_INLINE_FUNCTION double rmass(int i) const { return rmass_[i]; }
  KOKKOS_INLINE_FUNCTION double mass(int t) const { return mass_[t]; }
  KOKKOS_INLINE_FUNCTION double radius(int i) const { return radius_[i]; }
  KOKKOS_INLINE_FUNCTION double ptype(int t, int col) const { return ptype_(t, col); }
};

template <class DeviceType> using KKPass = geomint_msa::Pass<KKAtoms<DeviceType>>;

// the four works (k p d b) of a kick or of the forces, reduced as an array;
// a work item adds to the accumulator as the CPU loop does (through an
// MSAWork that starts from it and is stored back)
using WorkReduction = geomint_kk::SumReduction<4>;
KOKKOS_INLINE_FUNCTION geomint::MSAWork load_work(const double *s)
{
  return {s[0], s[1], s[2], s[3]};
}
KOKKOS_INLINE_FUNCTION void store_work(const geomint::MSAWork &w, double *s)
{
  s[0] = w.k;
  s[1] = w.p;
  s[2] = w.d;
  s[3] = w.b;
}

// the passes that reduce the works
enum WorkPass {
  KICK_DRIFT,     // initial_integrate: half-kick, x += h v
  APPLY,          // integrate no: the force sums
  FIRST_HALF      // integrate no: the first half-kick's works
};
template <class DeviceType, int PASS> struct WorkFunctor : WorkReduction {
  typedef DeviceType device_type;
  KKPass<DeviceType> p;
  explicit WorkFunctor(const KKPass<DeviceType> &pass) : p(pass) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double *s) const
  {
    if (!p.in_group(i)) return;
    geomint::MSAWork w = load_work(s);
    if (PASS == KICK_DRIFT) p.kick(i, true, w);
    else if (PASS == APPLY) p.apply(i, w);
    else p.first_half(i, w);
    store_work(w, s);
  }
};
// final_integrate's pass (drags and draws): in blocks of NORMAL_BLOCK atoms on
// host spaces (the CPU fix's pass), one atom per work item on devices
template <class DeviceType> struct ForcesKickBody {
  KKPass<DeviceType> p;
  int with_kick;
  KOKKOS_INLINE_FUNCTION void item(int i, double *s) const
  {
    geomint::MSAWork w = load_work(s);
    p.forces_kick(i, with_kick, w);
    store_work(w, s);
  }
  void block(int i0, int i1, double *s) const
  {
    geomint::MSAWork w = load_work(s);
    p.forces_kick_block(i0, i1, with_kick, w);
    store_work(w, s);
  }
};

void add_reduced_works(const double (&r)[4], geomint::MSAWork &w)
{
  w.k += r[0];
  w.p += r[1];
  w.d += r[2];
  w.b += r[3];
}
template <int PASS, class DeviceType> void run_works(const KKPass<DeviceType> &p, int nlocal, geomint::MSAWork &w)
{
  double r[4];
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), WorkFunctor<DeviceType, PASS>(p), r);
  add_reduced_works(r, w);
}

// temp instant: sum m v^2 and the count
template <class DeviceType> struct KineticFunctor : geomint_kk::SumReduction<2> {
  typedef DeviceType device_type;
  KKPass<DeviceType> p;
  explicit KineticFunctor(const KKPass<DeviceType> &pass) : p(pass) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double *s) const
  {
    if (p.in_group(i)) p.kinetic(i, s);
  }
};

// the checks of the Kokkos variant, before FixMultiscaleAdaptive's
// constructor registers the per-atom callbacks; its checks (the adaptive
// groups' overlap) read the group masks on the host
LAMMPS *kokkos_checked(LAMMPS *lmp)
{
  geomint_kk::kokkos_enabled(lmp, "multiscale/adaptive");
  static_cast<AtomKokkos *>(lmp->atom)->sync(Host, MASK_MASK);
  return lmp;
}

}    // namespace

/* ---------------------------------------------------------------------- */

template <class DeviceType>
FixMultiscaleAdaptiveKokkos<DeviceType>::FixMultiscaleAdaptiveKokkos(LAMMPS *lmp, int narg, char **arg) :
    geomint_kk::HostArrays<FixMultiscaleAdaptive>(kokkos_checked(lmp), narg, arg)
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

// the CPU fix's per-type table (FixMultiscaleAdaptive::ptype), host -> device
template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::upload_types()
{
  if (static_cast<int>(ptype.size()) != (atom->ntypes + 1) * geomint_msa::PT_N) fill_types();
  for (int t = 0; t <= atom->ntypes; t++)
    for (int c = 0; c < geomint_msa::PT_N; c++) k_ptype.view_host()(t, c) = ptype[t * geomint_msa::PT_N + c];
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

// the pass of p over the atom views of DeviceType
template <class DeviceType>
template <class Pass>
Pass FixMultiscaleAdaptiveKokkos<DeviceType>::device_pass(const geomint_msa::PassScalars &p)
{
  Pass pass;
  static_cast<geomint_msa::PassScalars &>(pass) = p;
  auto &a = pass.a;
  a.x_ = atomKK->k_x.template view<DeviceType>();
  a.v_ = atomKK->k_v.template view<DeviceType>();
  a.omega_ = atomKK->k_omega.template view<DeviceType>();
  a.f_ = atomKK->k_f.template view<DeviceType>();
  a.torque_ = atomKK->k_torque.template view<DeviceType>();
  a.rmass_ = atomKK->k_rmass.template view<DeviceType>();
  a.radius_ = atomKK->k_radius.template view<DeviceType>();
  a.mass_ = atomKK->k_mass.template view<DeviceType>();
  a.type_ = atomKK->k_type.template view<DeviceType>();
  a.mask_ = atomKK->k_mask.template view<DeviceType>();
  a.tag_ = atomKK->k_tag.template view<DeviceType>();
  a.state_ = k_state.template view<DeviceType>();
  a.fpot_ = k_fpot.template view<DeviceType>();
  a.ptype_ = k_ptype.template view<DeviceType>();
  return pass;
}

// what beta_of and rbeta_of read beyond the type
static geomint_kk::mask_t radius_mask(bool peratom_radius)
{
  return TYPE_MASK | (peratom_radius ? RADIUS_MASK : 0);
}

template <class DeviceType>
void FixMultiscaleAdaptiveKokkos<DeviceType>::kick_drift_pass(const geomint_msa::PassScalars &p, geomint::MSAWork &w)
{
  atomKK->sync(execution_space, X_MASK | V_MASK | F_MASK | MASK_MASK | RMASS_MASK | radius_mask(radius_peratom) |
               (rotate ? OMEGA_MASK | TORQUE_MASK | RADIUS_MASK : 0));
  k_state.template sync<DeviceType>();
  k_fpot.template sync<DeviceType>();
  const int n = atom->nlocal;
  run_works<KICK_DRIFT>(device_pass<KKPass<DeviceType>>(p), n, w);
  atomKK->modified(execution_space, X_MASK | V_MASK | (rotate ? OMEGA_MASK : 0));
}

template <class DeviceType>
void FixMultiscaleAdaptiveKokkos<DeviceType>::forces_kick_pass(const geomint_msa::PassScalars &p, bool with_kick,
                                                               geomint::MSAWork &w)
{
  const bool spin = rdrag_style != DRAG_NONE;
  atomKK->sync(execution_space, V_MASK | MASK_MASK | TAG_MASK | RMASS_MASK | radius_mask(radius_peratom) |
               (spin ? OMEGA_MASK : 0) | (with_kick ? F_MASK : 0) |
               (with_kick && rotate ? OMEGA_MASK | TORQUE_MASK | RADIUS_MASK : 0));
  k_state.template sync<DeviceType>();
  if (with_kick) k_fpot.template sync<DeviceType>();
  if (p.brownian && p.sigma_per_type) upload_types();    // this step's sigma per type
  double r[4];
  geomint_kk::reduce_blocks<DeviceType, WorkReduction>(
      atom->nlocal, geomint::NORMAL_BLOCK,
      ForcesKickBody<DeviceType>{device_pass<KKPass<DeviceType>>(p), with_kick ? 1 : 0}, r);
  add_reduced_works(r, w);
  if (mode == CONTINUUM) k_state.template modify<DeviceType>();
  if (with_kick) atomKK->modified(execution_space, V_MASK | (rotate ? OMEGA_MASK : 0));
}

template <class DeviceType>
void FixMultiscaleAdaptiveKokkos<DeviceType>::apply_pass(const geomint_msa::PassScalars &p, geomint::MSAWork &w)
{
  atomKK->sync(execution_space, V_MASK | F_MASK | MASK_MASK | (atom->torque_flag ? TORQUE_MASK : 0) |
               (atom->omega_flag ? OMEGA_MASK : 0));
  k_state.template sync<DeviceType>();
  k_fpot.template sync<DeviceType>();
  const int n = atom->nlocal;
  run_works<APPLY>(device_pass<KKPass<DeviceType>>(p), n, w);
  atomKK->modified(execution_space, F_MASK | (atom->torque_flag ? TORQUE_MASK : 0));
  k_state.template modify<DeviceType>();
}

template <class DeviceType>
void FixMultiscaleAdaptiveKokkos<DeviceType>::first_half_pass(const geomint_msa::PassScalars &p, geomint::MSAWork &w)
{
  atomKK->sync(execution_space, V_MASK | MASK_MASK | (atom->omega_flag ? OMEGA_MASK : 0));
  k_state.template sync<DeviceType>();
  const int n = atom->nlocal;
  run_works<FIRST_HALF>(device_pass<KKPass<DeviceType>>(p), n, w);
  k_state.template modify<DeviceType>();
}

// the bias of a temperature compute comes off and back where that compute
// runs (as FixNHKokkos does)
template <class DeviceType> void FixMultiscaleAdaptiveKokkos<DeviceType>::scale_velocities(double factor)
{
  geomint_kk::nhmod_scale_velocities<DeviceType>(atomKK, thermo.temperature, execution_space, groupbit, factor);
}

template <class DeviceType>
void FixMultiscaleAdaptiveKokkos<DeviceType>::kinetic_sums(const geomint_msa::PassScalars &p, double local[2])
{
  atomKK->sync(execution_space, V_MASK | MASK_MASK | TYPE_MASK | RMASS_MASK);
  double s[2] = {0.0, 0.0};
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal),
                          KineticFunctor<DeviceType>(device_pass<KKPass<DeviceType>>(p)), s);
  local[0] += s[0];
  local[1] += s[1];
}

// the thermostat's compute (temp/kk under -sf kk, or a CPU compute chosen
// by fix_modify temp) reads the atoms where it runs
template <class DeviceType> double FixMultiscaleAdaptiveKokkos<DeviceType>::temperature_scalar()
{
  return geomint_kokkos_temperature::on_compute_side(
      atomKK, thermo.temperature, [this]() { return FixMultiscaleAdaptive::temperature_scalar(); });
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
  geomint_kk::grow_on_host(memoryKK, k_state, state, nmax, nstate, "multiscale/adaptive/kk:state");
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
