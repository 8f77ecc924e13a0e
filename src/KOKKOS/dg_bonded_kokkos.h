/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the /kk variants of the bonded DG styles: dg_passes.h's
   dg_bonded_term over LAMMPS's Kokkos topology lists (NeighborKokkos's
   k_bondlist, k_anglelist, k_dihedrallist, k_improperlist: the atoms in
   columns 0..NATOM-1, the type in column NATOM) as a parallel_reduce on
   DeviceType, with the very term functor of the CPU style (dg_bonded.h) over
   a copy of its coefficient table on DeviceType.

   DGBondedKokkos<CPUStyle, DeviceType> is the CPU style (its compute(), the
   energy path, runs on the host: execution_space Host, so LAMMPS keeps the
   host topology lists and atom data in sync for it, as for any CPU style
   under -sf kk) plus compute_dg_kk for fix dg/nve/kk.  Its compute_dg (the
   host interface) stays the CPU style's: bond_style hybrid etc. call it on
   the host copies.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_BONDED_KOKKOS_H
#define GEOMINT_DG_BONDED_KOKKOS_H

#include "dg_bonded.h"
#include "dg_style_kokkos.h"

#include "error.h"
#include "force.h"
#include "neighbor_kokkos.h"

#include <vector>

namespace LAMMPS_NS {
namespace geomint_kk {

  // dg_passes.h's bonded accessor over a Kokkos topology list; ATOMIC: the
  // adds to fdg of several threads (terms sharing atoms) are atomic
  template <class DeviceType, int NATOM, class List, bool ATOMIC> struct DGKokkosTerms {
    List list;
    typename Views<DeviceType>::t_double_2d x_old;
    typename Views<DeviceType>::t_x x_new;
    typename Views<DeviceType>::t_double_2d f_dg;
    int nlocal, newton_bond;
    KOKKOS_INLINE_FUNCTION int atom(int n, int k) const { return list(n, k); }
    KOKKOS_INLINE_FUNCTION int kind(int n) const { return list(n, NATOM); }
    KOKKOS_INLINE_FUNCTION double xo(int j, int d) const { return x_old(j, d); }
    KOKKOS_INLINE_FUNCTION double xn(int j, int d) const { return x_new(j, d); }
    KOKKOS_INLINE_FUNCTION void add(int j, int d, double value) const
    {
      if (ATOMIC)
        Kokkos::atomic_add(&f_dg(j, d), value);
      else
        f_dg(j, d) += value;
    }
  };

  // dg_bonded_term over the terms of the list: r[0] += V(xnew), r[1] += V(xold)
  template <class DeviceType, int NATOM, class List, bool ATOMIC, class Term>
  struct DGBondedPass : ArrayReduction<double, 2, 0, 0> {
    typedef DeviceType device_type;
    DGKokkosTerms<DeviceType, NATOM, List, ATOMIC> a;
    Term term;
    DGBondedPass(const DGKokkosTerms<DeviceType, NATOM, List, ATOMIC> &a_, const Term &t) :
        a(a_), term(t)
    {
    }
    KOKKOS_INLINE_FUNCTION void operator()(const int n, double *r) const
    {
      dg_bonded_term<NATOM>(a, n, term, r[0], r[1]);
    }
  };

  // LAMMPS's Kokkos topology list (a DualView) of a kind (DGBondedKind)
  template <int KIND> auto &dg_topology_dual(NeighborKokkos *nk)
  {
    return KIND == DG_BONDS ? nk->k_bondlist
        : KIND == DG_ANGLES ? nk->k_anglelist
        : KIND == DG_DIHEDRALS ? nk->k_dihedrallist
                               : nk->k_improperlist;
  }

  // ... synced to DeviceType
  template <class DeviceType, int KIND> auto dg_topology_list(NeighborKokkos *nk)
  {
    auto &k = dg_topology_dual<KIND>(nk);
    k.template sync<DeviceType>();
    return k.template view<DeviceType>();
  }

  template <int KIND> int **&dg_topology_rows(Neighbor *nb)
  {
    return KIND == DG_BONDS ? nb->bondlist
        : KIND == DG_ANGLES ? nb->anglelist
        : KIND == DG_DIHEDRALS ? nb->dihedrallist
                               : nb->improperlist;
  }

  template <int KIND> int dg_topology_count(const Neighbor *nb)
  {
    return KIND == DG_BONDS ? nb->nbondlist
        : KIND == DG_ANGLES ? nb->nanglelist
        : KIND == DG_DIHEDRALS ? nb->ndihedrallist
                               : nb->nimproperlist;
  }

  // every term of LAMMPS's Kokkos list of a kind through term (dg_bonded_term,
  // newton_bond rules): fdg += the DG forces, vnew, vold += the energy shares
  template <class DeviceType, int KIND, class Term>
  void dg_bonded_kk(LAMMPS *lmp, const Term &term,
                    const typename DGStyleKokkos<DeviceType>::t_double_2d &xold,
                    const typename DGStyleKokkos<DeviceType>::t_x &xnew,
                    const typename DGStyleKokkos<DeviceType>::t_double_2d &fdg, double &vnew,
                    double &vold)
  {
    constexpr int NATOM = DGKindInfo<KIND>::NATOM;
    auto *nk = dynamic_cast<NeighborKokkos *>(lmp->neighbor);
    if (!nk)
      lmp->error->all(FLERR, "The /kk bonded DG styles need LAMMPS's Kokkos neighbor "
                      "lists: run with -k on -sf kk (or package kokkos)");
    const auto list = dg_topology_list<DeviceType, KIND>(nk);
    using List = typename std::decay<decltype(list)>::type;
    const int n = dg_topology_count<KIND>(lmp->neighbor);
    if (n == 0) return;
    const int nlocal = lmp->atom->nlocal, newton_bond = lmp->force->newton_bond;
    double r[2] = {0.0, 0.0};
    const Kokkos::RangePolicy<DeviceType> policy(0, n);
    if (typename DeviceType::execution_space().concurrency() > 1) {
      const DGKokkosTerms<DeviceType, NATOM, List, true> a{list, xold, xnew, fdg, nlocal, newton_bond};
      Kokkos::parallel_reduce(policy, DGBondedPass<DeviceType, NATOM, List, true, Term>(a, term), r);
    } else {
      const DGKokkosTerms<DeviceType, NATOM, List, false> a{list, xold, xnew, fdg, nlocal, newton_bond};
      Kokkos::parallel_reduce(policy, DGBondedPass<DeviceType, NATOM, List, false, Term>(a, term), r);
    }
    vnew += r[0];
    vold += r[1];
  }

}    // namespace geomint_kk

// A bonded DG style (a DGBondedStyle) whose DG runs on DeviceType under fix
// dg/nve/kk: the CPU style's term over its coefficient table, copied to
// DeviceType whenever the table changed
template <class CPUStyle, class DeviceType>
class DGBondedKokkos : public CPUStyle, public DGStyleKokkos<DeviceType> {
 public:
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  static constexpr int KIND = CPUStyle::DG_KIND;

  DGBondedKokkos(LAMMPS *lmp) : CPUStyle(lmp)
  {
    this->execution_space = Host;    // compute() is the CPU style's
  }

  // the CPU style's compute() on the host.  LAMMPS 2026's Kokkos topology
  // lists leave Neighbor's int** rows (bondlist, ...) unset: they are made
  // here from the list's host view for the call (older LAMMPS set them)
  void compute(int eflag, int vflag) override
  {
    int **&rows = geomint_kk::dg_topology_rows<KIND>(this->neighbor);
    const int n = geomint_kk::dg_topology_count<KIND>(this->neighbor);
    auto *nk = dynamic_cast<NeighborKokkos *>(this->neighbor);
    if (rows || n == 0 || !nk) {
      CPUStyle::compute(eflag, vflag);
      return;
    }
    auto &k = geomint_kk::dg_topology_dual<KIND>(nk);
    k.template sync<LMPHostType>();
    const auto h = k.view_host();
    constexpr int NC = DGKindInfo<KIND>::NATOM + 1;
    host_rows.resize(static_cast<size_t>(n) * NC);
    host_row_ptr.resize(n);
    for (int t = 0; t < n; t++) {
      for (int c = 0; c < NC; c++) host_rows[static_cast<size_t>(t) * NC + c] = h(t, c);
      host_row_ptr[t] = host_rows.data() + static_cast<size_t>(t) * NC;
    }
    rows = host_row_ptr.data();
    CPUStyle::compute(eflag, vflag);
    rows = nullptr;
  }

  void compute_dg_kk(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                     double &vnew, double &vold) override
  {
    geomint_kk::dg_bonded_kk<DeviceType, KIND>(this->lmp, this->dg_term(device_coeffs()), xold,
                                               xnew, fdg, vnew, vold);
  }

 protected:
  Kokkos::View<double *, DeviceType> d_coeff;
  std::vector<double> uploaded;
  std::vector<int> host_rows;       // compute()'s host rows where LAMMPS has none
  std::vector<int *> host_row_ptr;

  // the CPU style's coefficient table now, on DeviceType
  DGCoeffTable device_coeffs()
  {
    const DGCoeffTable h = this->dg_coeffs();
    const std::vector<double> &v = this->dg_coeff_values().values();
    if (v != uploaded || d_coeff.extent(0) != v.size()) {
      if (d_coeff.extent(0) != v.size())
        d_coeff = Kokkos::View<double *, DeviceType>("dg/kk:coeff", v.size());
      auto m = Kokkos::create_mirror_view(d_coeff);
      for (size_t k = 0; k < v.size(); k++) m(k) = v[k];
      Kokkos::deep_copy(d_coeff, m);
      uploaded = v;
    }
    return {d_coeff.data(), h.stride};
  }
};

}    // namespace LAMMPS_NS

#endif
