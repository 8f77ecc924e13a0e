/* ----------------------------------------------------------------------
   GEOMINT - pair lj/cut/dg/kk (see pair_lj_cut_dg_kokkos.h)
------------------------------------------------------------------------- */

#include "pair_lj_cut_dg_kokkos.h"

using namespace LAMMPS_NS;

namespace LAMMPS_NS {
template class PairLJCutDGKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class PairLJCutDGKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
