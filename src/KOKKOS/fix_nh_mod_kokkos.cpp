/* ----------------------------------------------------------------------
   GEOMINT - fix nh/mod/kk (see fix_nh_mod_kokkos.h and doc/fix_nh_mod.rst)

   FixNHMod's step (initial_integrate: thermostat half-step, half kick,
   drift; final_integrate: half kick, kinetic energy, thermostat half-step)
   calls the per-atom hooks overridden here.  Each is a parallel_for of the
   CPU loop's pass (nh_mod_passes.h), so with the same forces and the
   same kinetic energy a step is the CPU fix's bit for bit; the thermostat
   factor is computed once per half-step on the host by FixNHMod from the
   kernel of lib/geomint/nh_mod.h (scalars only, nothing to copy).
------------------------------------------------------------------------- */

#include "fix_nh_mod_kokkos.h"

#include "geomint_kokkos_atoms.h"
#include "geomint_kokkos_check.h"
#include "geomint_kokkos_for_each.h"
#include "geomint_kokkos_temperature.h"
#include "nh_mod_passes.h"
#include "nh_mod_thermostat_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "compute.h"

using namespace LAMMPS_NS;

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

// the passes of nh_mod_passes.h over the views
template <class DeviceType> void FixNHModKokkos<DeviceType>::half_kick()
{
  atomKK->sync(execution_space, V_MASK | F_MASK | MASK_MASK | RMASS_MASK | TYPE_MASK);
  geomint_kk::for_each<DeviceType>(geomint_kk::AtomViews<DeviceType>(atomKK), atom->nlocal,
                                   geomint_nhmod::HalfKick{groupbit, atom->rmass != nullptr, dtf});
  atomKK->modified(execution_space, V_MASK);
}

template <class DeviceType> void FixNHModKokkos<DeviceType>::drift()
{
  atomKK->sync(execution_space, X_MASK | V_MASK | MASK_MASK);
  geomint_kk::for_each<DeviceType>(geomint_kk::AtomViews<DeviceType>(atomKK), atom->nlocal,
                                   geomint_nhmod::Drift{groupbit, dtv});
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
