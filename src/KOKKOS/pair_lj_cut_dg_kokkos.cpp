/* ----------------------------------------------------------------------
   GEOMINT - pair lj/cut/dg/kk (see pair_lj_cut_dg_kokkos.h)
------------------------------------------------------------------------- */

#include "pair_lj_cut_dg_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "error.h"
#include "force.h"

#include <algorithm>
#include <cmath>

using namespace LAMMPS_NS;

template <class DeviceType>
PairLJCutDGKokkos<DeviceType>::PairLJCutDGKokkos(LAMMPS *lmp) :
    Base(lmp, "lj/cut/dg", {{"Rc", "cutoff"}})    // (messages name the style as given)
{
}

template <class DeviceType> double PairLJCutDGKokkos<DeviceType>::init_one(int i, int j)
{
  coeff_stale = true;
  return Base::init_one(i, j);
}

// the true cutoffs and the coefficients, host -> DeviceType (after init_one)
template <class DeviceType> void PairLJCutDGKokkos<DeviceType>::upload_coeff()
{
  this->restore_true_cutsq();
  const int n = this->atom->ntypes + 1;
  d_cutsq = Kokkos::View<double *, DeviceType>("lj/cut/dg/kk:cutsq", n * n);
  d_cut = Kokkos::View<double *, DeviceType>("lj/cut/dg/kk:cut", n * n);
  auto h_cut = Kokkos::create_mirror_view(d_cut);
  d_coeff = Kokkos::View<double *, DeviceType>("lj/cut/dg/kk:coeff", 3 * n * n);
  auto h_cutsq = Kokkos::create_mirror_view(d_cutsq);
  auto h_coeff = Kokkos::create_mirror_view(d_coeff);
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++) {
      h_cutsq(i * n + j) = this->cutsq[i][j];
      h_cut(i * n + j) = std::sqrt(this->cutsq[i][j]);    // (as DGPair::dg_step_begin)
      h_coeff(3 * (i * n + j)) = this->lj3[i][j];
      h_coeff(3 * (i * n + j) + 1) = this->lj4[i][j];
      h_coeff(3 * (i * n + j) + 2) = this->offset[i][j];
    }
  Kokkos::deep_copy(d_cutsq, h_cutsq);
  Kokkos::deep_copy(d_cut, h_cut);
  Kokkos::deep_copy(d_coeff, h_coeff);
  coeff_stale = false;
}

template <class DeviceType>
void PairLJCutDGKokkos<DeviceType>::compute_dg_kk(const t_double_2d &xold, const t_x &xnew,
                                                  const t_double_2d &fdg, double &vnew,
                                                  double &vold)
{
  if (coeff_stale) upload_coeff();
  auto *atomKK = static_cast<AtomKokkos *>(this->atom);
  atomKK->sync(this->execution_space, TYPE_MASK);
  const int n = this->atom->ntypes + 1;
  geomint_kk::DGKokkosPairList<DeviceType> pl = steps.pairs(this->list);
  pl.neighflag = this->neighflag;
  pl.cutsq = d_cutsq;
  pl.ntp1 = n;
  pl.special_lj = this->force->special_lj;
  pl.special_coul = this->force->special_coul;
  pl.nlocal = this->atom->nlocal;
  pl.newton_pair = this->force->newton_pair;
  pl.energy = this->dg_energy;
  const LJCutDGTerm<Coeff> term{{d_coeff, n}};
  geomint_kk::dg_pair_kk<DeviceType>(pl, xold, xnew, fdg,
                                     atomKK->k_type.template view<DeviceType>(), term, vnew, vold);
}

// the pairs that can interact in this step (DGPair::dg_step_begin)
template <class DeviceType>
void PairLJCutDGKokkos<DeviceType>::dg_step_begin_kk(const t_double_2d &xold, double reach)
{
  if (coeff_stale) upload_coeff();
  auto *atomKK = static_cast<AtomKokkos *>(this->atom);
  atomKK->sync(this->execution_space, TYPE_MASK);
  steps.begin(this->list, xold, atomKK->k_type.template view<DeviceType>(), d_cut,
              this->atom->ntypes + 1, std::min(this->margin, 2.0 * reach));
}

template <class DeviceType> void PairLJCutDGKokkos<DeviceType>::dg_step_end()
{
  steps.end();
  Base::dg_step_end();
}

// the host interface (DGStyle::compute_dg: fix dg/nve, or a test) on host
// arrays: the same pass over them where DeviceType can read host memory
template <class DeviceType>
void PairLJCutDGKokkos<DeviceType>::pair_dg(double **xold, double **xnew, double **fdg,
                                            double &vnew, double &vold)
{
  if (!Kokkos::SpaceAccessibility<typename DeviceType::execution_space,
                                  Kokkos::HostSpace>::accessible)
    this->error->all(FLERR, "Pair lj/cut/dg/kk on a GPU computes its discrete gradient for fix "
                     "dg/nve/kk only: use fix dg/nve/kk (run with -sf kk), or pair_style "
                     "lj/cut/dg with fix dg/nve");
  // (LAMMPS's 2d arrays are contiguous rows of 3)
  const int nall = this->atom->nlocal + this->atom->nghost;
  compute_dg_kk(t_double_2d(xold[0], nall, 3), t_x(xnew[0], nall), t_double_2d(fdg[0], nall, 3),
                vnew, vold);
}

namespace LAMMPS_NS {
template class PairLJCutDGKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class PairLJCutDGKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
