/* ----------------------------------------------------------------------
   GEOMINT - the /kk bonded DG styles (see dg_bonded_styles_kokkos.h)
------------------------------------------------------------------------- */

#include "dg_bonded_styles_kokkos.h"

using namespace LAMMPS_NS;

template <class DeviceType>
template <class Run>
void BondFENEDGKokkos<DeviceType>::with_report(const Run &run)
{
  if (d_flag.extent(0) == 0) {
    d_flag = Kokkos::View<int *, DeviceType>("fene/dg/kk:flag", 2);
    d_info = Kokkos::View<double *, DeviceType>("fene/dg/kk:info", 8);
  }
  using Term = DGRadialTerm<BondFENEDGRadial<DeviceReport>>;
  run(Term{{this->device_coeffs(), DeviceReport{d_flag, d_info}}});
  auto flag = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d_flag);
  if (flag(0) || flag(1)) {
    auto info = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d_info);
    Kokkos::deep_copy(d_flag, 0);
    for (int b = 0; b < 2; b++)
      if (flag(b))
        this->report_long(static_cast<int>(info(4 * b)), static_cast<int>(info(4 * b + 1)),
                          static_cast<int>(info(4 * b + 2)), info(4 * b + 3), b == 1);
  }
}

template <class DeviceType>
void BondFENEDGKokkos<DeviceType>::compute_dg_kk_selected(const t_double_2d &xold, const t_x &xnew,
                                                          const t_double_2d &fdg,
                                                          const t_select &sel, double &vnew,
                                                          double &vold)
{
  const int n = geomint_kk::dg_topology_count<DG_BONDS>(this->neighbor);
  const auto list = this->terms_list(n);
  with_report([&](const auto &term) {
    geomint_kk::dg_bonded_kk<DeviceType, DG_BONDS>(this->lmp, list, n, term, xold, xnew, fdg, sel,
                                                   vnew, vold);
  });
}

template <class DeviceType> void BondFENEDGKokkos<DeviceType>::compute_kk()
{
  with_report([&](const auto &term) { this->compute_terms(term); });
}

namespace LAMMPS_NS {
GEOMINT_DG_BONDED_KK(template, LMPDeviceType)
#ifdef LMP_KOKKOS_GPU
GEOMINT_DG_BONDED_KK(template, LMPHostType)
#endif
}    // namespace LAMMPS_NS
