/* ----------------------------------------------------------------------
   GEOMINT - pair lj/mdf/dg/kk (see pair_lj_mdf_dg_kokkos.h)
------------------------------------------------------------------------- */

#include "pair_lj_mdf_dg_kokkos.h"

#include "atom_masks.h"

using namespace LAMMPS_NS;

template <class DeviceType>
void PairLJMDFDGKokkos<DeviceType>::compute_dg_kk(const t_double_2d &xold, const t_x &xnew,
                                                  const t_double_2d &fdg, double &vnew,
                                                  double &vold)
{
  this->upload_stale();
  static_cast<AtomKokkos *>(this->atom)->sync(ExecutionSpaceFromDevice<DeviceType>::space,
                                              TYPE_MASK);
  const LJMDFDGTerm<Coeff> term{{{this->tables.coeff, this->tables.ntp1}, this->tables.cut}};
  this->run_pass_kk(term, xold, xnew, fdg, vnew, vold);
}

namespace LAMMPS_NS {
template class PairLJMDFDGKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class PairLJMDFDGKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
