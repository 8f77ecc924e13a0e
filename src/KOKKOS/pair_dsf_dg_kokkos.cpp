/* ----------------------------------------------------------------------
   GEOMINT - pair coul/dsf/dg/kk and lj/cut/coul/dsf/dg/kk (see
   pair_dsf_dg_kokkos.h)
------------------------------------------------------------------------- */

#include "pair_dsf_dg_kokkos.h"

#include "atom_masks.h"
#include "error.h"
#include "force.h"
#include "neigh_list_kokkos.h"
#include "neighbor.h"

#include <algorithm>

using namespace LAMMPS_NS;

// the true (outer) cutoffs and the term's coefficients, host -> DeviceType
template <class CPUStyle, class DeviceType>
void DGPairDSFKokkos<CPUStyle, DeviceType>::upload_coeff()
{
  this->restore_true_cutsq();
  tables.upload(this->cutsq, this->atom->ntypes, dg_ncoeff(),
                [this](int i, int j, int k) { return dg_coeff(i, j, k); });
  coeff_stale = false;
}

// the style's (host, half) neighbor list on DeviceType, as a Kokkos list
template <class CPUStyle, class DeviceType>
void DGPairDSFKokkos<CPUStyle, DeviceType>::upload_list()
{
  const NeighList *l = this->list;
  if (!dlist) dlist.reset(new NeighListKokkos<DeviceType>(this->lmp));
  int rows = 1, maxn = 1;
  for (int ii = 0; ii < l->inum; ii++) {
    const int i = l->ilist[ii];
    rows = std::max(rows, i + 1);
    maxn = std::max(maxn, l->numneigh[i]);
  }
  NeighListKokkos<DeviceType> &d = *dlist;
  d.inum = l->inum;
  d.d_ilist = decltype(d.d_ilist)("dsf/dg/kk:ilist", std::max(1, l->inum));
  d.d_numneigh = decltype(d.d_numneigh)("dsf/dg/kk:numneigh", rows);
  d.d_neighbors = decltype(d.d_neighbors)("dsf/dg/kk:neighbors", rows, maxn);
  auto h_ilist = Kokkos::create_mirror_view(d.d_ilist);
  auto h_num = Kokkos::create_mirror_view(d.d_numneigh);
  auto h_neigh = Kokkos::create_mirror_view(d.d_neighbors);
  for (int i = 0; i < rows; i++) h_num(i) = 0;
  for (int ii = 0; ii < l->inum; ii++) {
    const int i = l->ilist[ii];
    h_ilist(ii) = i;
    h_num(i) = l->numneigh[i];
    for (int jj = 0; jj < l->numneigh[i]; jj++) h_neigh(i, jj) = l->firstneigh[i][jj];
  }
  Kokkos::deep_copy(d.d_ilist, h_ilist);
  Kokkos::deep_copy(d.d_numneigh, h_num);
  Kokkos::deep_copy(d.d_neighbors, h_neigh);
  list_calls = this->neighbor->ncalls;
}

template <class CPUStyle, class DeviceType>
template <class Term>
void DGPairDSFKokkos<CPUStyle, DeviceType>::run_pass_kk(const Term &term, const t_double_2d &xold,
                                                        const t_x &xnew, const t_double_2d &fdg,
                                                        double &vnew, double &vold)
{
  auto *atomKK = static_cast<AtomKokkos *>(this->atom);
  // a half list: several threads add to the same atoms
  const int neighflag =
      typename DeviceType::execution_space().concurrency() > 1 ? HALFTHREAD : HALF;
  geomint_kk::DGKokkosPairList<DeviceType> list{};
  list.inum = dlist->inum;
  list.ilist = dlist->d_ilist;
  list.numneigh = dlist->d_numneigh;
  list.neighbors = dlist->d_neighbors;
  const auto pl = tables.pass_list(list, this->lmp, neighflag, this->dg_energy, &scatter);
  geomint_kk::dg_pair_kk<DeviceType>(pl, xold, xnew, fdg,
                                     atomKK->k_type.template view<DeviceType>(),
                                     DGPairTermIJ<Term>{term}, vnew, vold);
}

template <class CPUStyle, class DeviceType>
void DGPairDSFKokkos<CPUStyle, DeviceType>::compute_dg_kk(const t_double_2d &xold,
                                                          const t_x &xnew, const t_double_2d &fdg,
                                                          double &vnew, double &vold)
{
  if (coeff_stale) upload_coeff();
  if (!dlist || list_calls != this->neighbor->ncalls || dlist->inum != this->list->inum)
    upload_list();
  auto *atomKK = static_cast<AtomKokkos *>(this->atom);
  atomKK->sync(ExecutionSpaceFromDevice<DeviceType>::space, TYPE_MASK | Q_MASK);
  const DGDSFParams s =
      dg_dsf_params(this->lmp, this->alpha, this->e_shift, this->f_shift, this->cut_coul);
  const QView q = atomKK->k_q.template view<DeviceType>();
  // the self energy of compute() (constant: no discrete gradient), as the CPU styles
  double self = 0.0;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, dlist->inum),
                          geomint_kk::DGDSFSelfPass<QView, DeviceType>{q, dlist->d_ilist, s}, self);
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
