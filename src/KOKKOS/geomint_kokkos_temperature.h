/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the temperature compute of a Kokkos thermostat (the /kk side
   of geomint_temperature.h): it runs where it runs (temp/kk
   on the device, a CPU compute such as temp/partial on the host copies),
   and a velocity bias comes off and back on there around their scaling
------------------------------------------------------------------------- */

#ifndef GEOMINT_KOKKOS_TEMPERATURE_H
#define GEOMINT_KOKKOS_TEMPERATURE_H

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "compute.h"
#include "kokkos_type.h"

namespace LAMMPS_NS {
namespace geomint_kokkos_temperature {

  // f() (which calls the compute) with the atom data synced to where the
  // compute runs, marked modified there after
  template <class F> double on_compute_side(AtomKokkos *atomKK, Compute *temperature, F &&f)
  {
    atomKK->sync(temperature->execution_space, temperature->datamask_read);
    const double value = f();
    atomKK->modified(temperature->execution_space, temperature->datamask_modify);
    return value;
  }

  // scale() (a kernel on v in `space`) with a biased compute's bias taken out
  // meanwhile, where that compute runs.  After a restore on the host, v goes
  // back to `space` (as FixNHKokkos): after the hook ModifyKokkos marks the
  // fix's datamask_modify modified there, which would make the copy without
  // the bias the newer one and drop the host's write (found on a GPU, where
  // the two copies are different memory)
  template <class Scale>
  void scale_velocities(AtomKokkos *atomKK, Compute *temperature, ExecutionSpace space, Scale &&scale)
  {
    const bool bias = temperature->tempbias != 0;
    if (bias) {
      atomKK->sync(temperature->execution_space, temperature->datamask_read);
      temperature->remove_bias_all();
      atomKK->modified(temperature->execution_space, temperature->datamask_modify);
    }
    atomKK->sync(space, V_MASK | MASK_MASK);
    scale();
    atomKK->modified(space, V_MASK);
    if (bias) {
      atomKK->sync(temperature->execution_space, temperature->datamask_read);
      temperature->restore_bias_all();
      atomKK->modified(temperature->execution_space, temperature->datamask_modify);
      atomKK->sync(space, temperature->datamask_modify);
    }
  }

}    // namespace geomint_kokkos_temperature
}    // namespace LAMMPS_NS

#endif
