/* ----------------------------------------------------------------------
   GEOMINT - pair morse/dg/kk (see pair_morse_dg_kokkos.h)
------------------------------------------------------------------------- */

#include "pair_morse_dg_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "error.h"
#include "force.h"

using namespace LAMMPS_NS;

// pair morse/kk (all LAMMPS versions) reports its energy without the offset
// of pair_modify shift yes; the DG (and fix dg/nve's energy error) has it.
// compute(): pair morse/kk's forces and virial, and with shift yes the energy
// of the DG term at x (that of pair morse/dg), one pair pass more on the steps
// with an energy tally; per-atom energies (compute pe/atom) stay pair
// morse/kk's, without the offsets (a warning says so)
template <class DeviceType> void PairMorseDGKokkos<DeviceType>::compute(int eflag, int vflag)
{
  Base::compute(eflag, vflag);
  if (this->offset_flag && this->eflag_global && !this->dg_skip(this->update, eflag, vflag))
    this->eng_vdwl = this->energy_at_x();
}

template <class DeviceType> void PairMorseDGKokkos<DeviceType>::init_style()
{
  Base::init_style();
  if (this->offset_flag && this->comm->me == 0)
    this->error->warning(FLERR, "Pair morse/dg/kk: LAMMPS's pair morse/kk leaves the offset of "
                         "pair_modify shift yes out of the energies it computes; morse/dg/kk "
                         "reports the shifted total energy (as morse/dg), but per-atom energies "
                         "(compute pe/atom) lack the offsets: use pair_style morse/dg for those");
}

namespace LAMMPS_NS {
template class PairMorseDGKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class PairMorseDGKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
