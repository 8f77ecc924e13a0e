/* ----------------------------------------------------------------------
   GEOMINT - pair coul/dsf/dg/kk and lj/cut/coul/dsf/dg/kk (see
   pair_dsf_dg_kokkos.h)
------------------------------------------------------------------------- */

#include "pair_dsf_dg_kokkos.h"

#include "atom_masks.h"
#include "error.h"
#include "force.h"

using namespace LAMMPS_NS;

template <class CPUStyle, class DeviceType>
void DGPairDSFKokkos<CPUStyle, DeviceType>::compute_dg_kk(const t_double_2d &xold,
                                                          const t_x &xnew, const t_double_2d &fdg,
                                                          double &vnew, double &vold)
{
  this->upload_stale();
  auto *atomKK = static_cast<AtomKokkos *>(this->atom);
  atomKK->sync(ExecutionSpaceFromDevice<DeviceType>::space, TYPE_MASK | Q_MASK);
  const DGDSFParams s =
      dg_dsf_params(this->lmp, this->alpha, this->e_shift, this->f_shift, this->cut_coul);
  const QView q = atomKK->k_q.template view<DeviceType>();
  // the self energy of compute() (constant: no discrete gradient), as the CPU styles
  double self = 0.0;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, this->dlist->inum),
                          geomint_kk::DGDSFSelfPass<QView, DeviceType>{q, this->dlist->d_ilist, s},
                          self);
  vnew += self;
  vold += self;
  pair_pass_kk(s, Q{q}, xold, xnew, fdg, vnew, vold);
}

namespace LAMMPS_NS {
template class DGPairDSFKokkos<PairCoulDSFDG, LMPDeviceType>;
template class DGPairDSFKokkos<PairLJCutCoulDSFDG, LMPDeviceType>;
template class PairCoulDSFDGKokkos<LMPDeviceType>;
template class PairLJCutCoulDSFDGKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class DGPairDSFKokkos<PairCoulDSFDG, LMPHostType>;
template class DGPairDSFKokkos<PairLJCutCoulDSFDG, LMPHostType>;
template class PairCoulDSFDGKokkos<LMPHostType>;
template class PairLJCutCoulDSFDGKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
