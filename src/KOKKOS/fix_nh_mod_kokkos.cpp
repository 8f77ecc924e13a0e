/* ----------------------------------------------------------------------
   GEOMINT - fix nh/mod/kk (see fix_nh_mod_kokkos.h and doc/fix_nh_mod.rst)

   FixNHMod's step (initial_integrate: thermostat half-step, half kick,
   drift; final_integrate: half kick, kinetic energy, thermostat half-step)
   calls the per-atom hooks overridden here.  Each is a parallel_for whose
   arithmetic per atom is the CPU loop's, so with the same forces and the
   same kinetic energy a step is the CPU fix's bit for bit; the thermostat
   factor is computed once per half-step on the host by FixNHMod from the
   kernel of lib/geomint/nh_mod.h (scalars only, nothing to copy).
------------------------------------------------------------------------- */

#include "fix_nh_mod_kokkos.h"

#include "geomint_kokkos_check.h"
#include "geomint_kokkos_temperature.h"
#include "nh_mod_thermostat_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "compute.h"

using namespace LAMMPS_NS;

namespace {

// v += dtf/m f, m per atom (rmass) or per type
template <class DeviceType> struct NHModKickFunctor {
  typedef DeviceType device_type;
  typename geomint_kk::Views<DeviceType>::t_v v;
  typename geomint_kk::Views<DeviceType>::t_f_const f;
  typename geomint_kk::Views<DeviceType>::t_float_1d rmass, mass;
  typename geomint_kk::Views<DeviceType>::t_int_1d type, mask;
  int groupbit, use_rmass;
  double dtf;

  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (!(mask[i] & groupbit)) return;
    const double dtfm = dtf / (use_rmass ? rmass[i] : mass[type[i]]);
    v(i, 0) += dtfm * f(i, 0);
    v(i, 1) += dtfm * f(i, 1);
    v(i, 2) += dtfm * f(i, 2);
  }
};

// x += dtv v
template <class DeviceType> struct NHModDriftFunctor {
  typedef DeviceType device_type;
  typename geomint_kk::Views<DeviceType>::t_x x;
  typename geomint_kk::Views<DeviceType>::t_v_const v;
  typename geomint_kk::Views<DeviceType>::t_int_1d mask;
  int groupbit;
  double dtv;

  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (!(mask[i] & groupbit)) return;
    x(i, 0) += dtv * v(i, 0);
    x(i, 1) += dtv * v(i, 1);
    x(i, 2) += dtv * v(i, 2);
  }
};

}    // namespace

/* ---------------------------------------------------------------------- */

// (KOKKOS checked before FixNHMod's constructor creates the temperature compute)
template <class DeviceType>
FixNHModKokkos<DeviceType>::FixNHModKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixNHMod(geomint_kk::kokkos_enabled(lmp, "nh/mod"), narg, arg)
{
  atomKK = (AtomKokkos *) atom;
  kokkosable = 1;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  // each hook syncs what it reads and marks what it changes
  datamask_read = EMPTY_MASK;
  datamask_modify = EMPTY_MASK;
}

template <class DeviceType> void FixNHModKokkos<DeviceType>::init()
{
  // FixNHMod::init counts the atoms another integrator shares (host mask)
  atomKK->sync(Host, MASK_MASK);
  FixNHMod::init();
  // per-type masses are set on the host (mass command, data file)
  atomKK->k_mass.modify<LMPHostType>();
  atomKK->k_mass.sync<DeviceType>();
}

/* ----------------------------------------------------------------------
   the temperature compute runs where it runs: temp/kk on the device (it
   syncs itself), a CPU compute (e.g. temp/partial, which has no /kk
   variant) on the host copies
------------------------------------------------------------------------- */

template <class DeviceType> double FixNHModKokkos<DeviceType>::measured_y()
{
  return geomint_kokkos_temperature::on_compute_side(atomKK, thermo.temperature,
                                                [this]() { return FixNHMod::measured_y(); });
}

template <class DeviceType> void FixNHModKokkos<DeviceType>::half_kick()
{
  atomKK->sync(execution_space, V_MASK | F_MASK | MASK_MASK | RMASS_MASK | TYPE_MASK);
  NHModKickFunctor<DeviceType> k;
  k.v = atomKK->k_v.view<DeviceType>();
  k.f = atomKK->k_f.view<DeviceType>();
  k.rmass = atomKK->k_rmass.view<DeviceType>();
  k.mass = atomKK->k_mass.view<DeviceType>();
  k.type = atomKK->k_type.view<DeviceType>();
  k.mask = atomKK->k_mask.view<DeviceType>();
  k.groupbit = groupbit;
  k.use_rmass = atom->rmass ? 1 : 0;
  k.dtf = dtf;
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), k);
  atomKK->modified(execution_space, V_MASK);
}

template <class DeviceType> void FixNHModKokkos<DeviceType>::drift()
{
  atomKK->sync(execution_space, X_MASK | V_MASK | MASK_MASK);
  NHModDriftFunctor<DeviceType> d;
  d.x = atomKK->k_x.view<DeviceType>();
  d.v = atomKK->k_v.view<DeviceType>();
  d.mask = atomKK->k_mask.view<DeviceType>();
  d.groupbit = groupbit;
  d.dtv = dtv;
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal), d);
  atomKK->modified(execution_space, X_MASK);
}

// with a biased compute the bias comes off and back on where that compute
// runs (for a CPU compute: on the host copies), as in fix nvt/kk
template <class DeviceType> void FixNHModKokkos<DeviceType>::scale_velocities(double factor)
{
  geomint_kk::nhmod_scale_velocities<DeviceType>(atomKK, thermo.temperature, execution_space, groupbit, factor);
}

namespace LAMMPS_NS {
template class FixNHModKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixNHModKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
