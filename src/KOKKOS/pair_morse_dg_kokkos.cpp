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

template <class DeviceType>
PairMorseDGKokkos<DeviceType>::PairMorseDGKokkos(LAMMPS *lmp) :
    Base(lmp, "morse/dg/kk", {{"Rc", "cutoff"}}, 3)
{
}

template <class DeviceType> double PairMorseDGKokkos<DeviceType>::init_one(int i, int j)
{
  coeff_stale = true;
  return Base::init_one(i, j);
}

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

// the true cutoffs and the coefficients, host -> DeviceType (after init_one)
template <class DeviceType> void PairMorseDGKokkos<DeviceType>::upload_coeff()
{
  this->restore_true_cutsq();
  const int n = this->atom->ntypes + 1;
  d_cutsq = Kokkos::View<double *, DeviceType>("morse/dg/kk:cutsq", n * n);
  d_coeff = Kokkos::View<double *, DeviceType>("morse/dg/kk:coeff", 4 * n * n);
  auto h_cutsq = Kokkos::create_mirror_view(d_cutsq);
  auto h_coeff = Kokkos::create_mirror_view(d_coeff);
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++) {
      h_cutsq(i * n + j) = this->cutsq[i][j];
      h_coeff(4 * (i * n + j)) = this->d0[i][j];
      h_coeff(4 * (i * n + j) + 1) = this->alpha[i][j];
      h_coeff(4 * (i * n + j) + 2) = this->r0[i][j];
      h_coeff(4 * (i * n + j) + 3) = this->offset[i][j];
    }
  Kokkos::deep_copy(d_cutsq, h_cutsq);
  Kokkos::deep_copy(d_coeff, h_coeff);
  coeff_stale = false;
}

template <class DeviceType>
void PairMorseDGKokkos<DeviceType>::compute_dg_kk(const t_double_2d &xold, const t_x &xnew,
                                                  const t_double_2d &fdg, double &vnew,
                                                  double &vold)
{
  if (coeff_stale) upload_coeff();
  auto *atomKK = static_cast<AtomKokkos *>(this->atom);
  atomKK->sync(this->execution_space, TYPE_MASK);
  const int n = this->atom->ntypes + 1;
  const geomint_kk::DGKokkosPairList<DeviceType> pl{
      this->list, this->neighflag, d_cutsq, n, this->force->special_lj, this->force->special_coul,
      this->atom->nlocal, this->force->newton_pair, this->dg_energy};
  const DGPairTermIJ<MorseDGTerm<Coeff>> term{{{d_coeff, n}}};
  geomint_kk::dg_pair_kk<DeviceType>(pl, xold, xnew, fdg,
                                     atomKK->k_type.template view<DeviceType>(), term, vnew, vold);
}

// the host interface (fix dg/nve): not with a Kokkos neighbor list
template <class DeviceType>
void PairMorseDGKokkos<DeviceType>::pair_dg(double **, double **, double **, double &, double &)
{
  this->error->all(FLERR, "Pair morse/dg/kk computes its discrete gradient for fix dg/nve/kk only: "
                   "use fix dg/nve/kk (run with -sf kk), or pair_style morse/dg with fix dg/nve");
}

namespace LAMMPS_NS {
template class PairMorseDGKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class PairMorseDGKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
