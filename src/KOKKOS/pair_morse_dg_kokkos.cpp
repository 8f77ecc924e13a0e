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
// of pair_modify shift yes; the DG (and fix dg/nve's energy error) has it
template <class DeviceType> void PairMorseDGKokkos<DeviceType>::init_style()
{
  Base::init_style();
  if (this->offset_flag && this->comm->me == 0)
    this->error->warning(FLERR, "Pair morse/dg/kk: LAMMPS's pair morse/kk leaves the offset of "
                         "pair_modify shift yes out of the energy it reports; fix dg/nve/kk "
                         "conserves the shifted energy (its f_ID[6] is right), but thermo pe and "
                         "etotal differ from pair morse/dg's by the offsets of the pairs inside "
                         "the cutoff: use pair_modify shift no, or pair_style morse/dg, to compare "
                         "energies");
}

namespace LAMMPS_NS {
template class PairMorseDGKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class PairMorseDGKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
