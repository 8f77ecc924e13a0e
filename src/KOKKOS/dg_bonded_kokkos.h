/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the /kk variants of the bonded DG styles: dg_passes.h's
   dg_bonded_term over LAMMPS's Kokkos topology lists (NeighborKokkos's
   k_bondlist, k_anglelist, k_dihedrallist, k_improperlist: the atoms in
   columns 0..NATOM-1, the type in column NATOM) as a parallel_reduce on
   DeviceType (dg_terms_kokkos.h), with the very term functor of the CPU style
   (dg_bonded.h) over a copy of its coefficient table on DeviceType.

   DGBondedKokkos<CPUStyle, DeviceType> is the CPU style with compute() on
   DeviceType (the term at one configuration: forces, energy, virial; per-atom
   energy and virial are refused) and compute_dg_kk for fix dg/nve/kk.  Its
   compute_dg (the host interface: fix dg/nve, its bonded hybrids) runs the same
   pass over LAMMPS's host arrays (terms_list: a hybrid's own list of terms).
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_BONDED_KOKKOS_H
#define GEOMINT_DG_BONDED_KOKKOS_H

#include "dg_bonded.h"
#include "dg_style_kokkos.h"
#include "dg_terms_kokkos.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "error.h"
#include "angle.h"
#include "bond.h"
#include "dihedral.h"
#include "force.h"
#include "improper.h"
#include "neighbor_kokkos.h"

#include <cstring>
#include <vector>

namespace LAMMPS_NS {
namespace geomint_kk {

  // LAMMPS's Kokkos topology list of a kind (DGBondedKind)
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

  template <int KIND> int **dg_topology_host(const Neighbor *nb)
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

  inline NeighborKokkos *dg_neighbor_kokkos(LAMMPS *lmp)
  {
    auto *nk = dynamic_cast<NeighborKokkos *>(lmp->neighbor);
    if (!nk)
      lmp->error->all(FLERR, "The /kk bonded DG styles need LAMMPS's Kokkos neighbor "
                      "lists: run with -k on -sf kk (or package kokkos)");
    return nk;
  }

  // every (selected) term of LAMMPS's Kokkos list of a kind through term
  // (dg_bonded_term, newton_bond rules): fdg += the DG forces, vnew, vold += the
  // energy shares
  template <class DeviceType, int KIND, class List, class Term>
  void dg_bonded_kk(LAMMPS *lmp, const List &list, int n, const Term &term,
                    const typename DGStyleKokkos<DeviceType>::t_double_2d &xold,
                    const typename DGStyleKokkos<DeviceType>::t_x &xnew,
                    const typename DGStyleKokkos<DeviceType>::t_double_2d &fdg,
                    const DGTermSelect<DeviceType> &sel, double &vnew, double &vold)
  {
    dg_terms_dg<DeviceType, DGKindInfo<KIND>::NATOM>(list, n, xold, xnew, fdg, lmp->atom->nlocal,
                                                     lmp->force->newton_bond, term, sel, vnew, vold);
  }

}    // namespace geomint_kk

// A bonded DG style (a DGBondedStyle) on DeviceType: compute() and the
// discrete gradient of fix dg/nve/kk with the CPU style's term over its
// coefficient table, copied to DeviceType whenever the table changed
template <class CPUStyle, class DeviceType>
class DGBondedKokkos : public CPUStyle, public DGStyleKokkos<DeviceType> {
 public:
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  using typename DGStyleKokkos<DeviceType>::t_select;
  static constexpr int KIND = CPUStyle::DG_KIND;

  DGBondedKokkos(LAMMPS *lmp) : CPUStyle(lmp)
  {
    geomint_kk::set_kokkosable(this);
    this->execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
    this->datamask_read = X_MASK | F_MASK | ENERGY_MASK | VIRIAL_MASK;
    this->datamask_modify = F_MASK | ENERGY_MASK | VIRIAL_MASK;
  }

  void compute(int eflag, int vflag) override
  {
    if (this->dg_skip(this->update, eflag, vflag)) return;
    this->ev_init(eflag, vflag);
    compute_kk();
  }

  void compute_dg_kk_selected(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                              const t_select &sel, double &vnew, double &vold) override
  {
    const int n = geomint_kk::dg_topology_count<KIND>(this->neighbor);
    geomint_kk::dg_bonded_kk<DeviceType, KIND>(this->lmp, terms_list(n), n,
                                               this->dg_term(device_coeffs()), xold, xnew, fdg,
                                               sel, vnew, vold);
  }

  // the host interface (DGStyle::compute_dg: fix dg/nve, its bonded hybrid
  // styles, or a test): the same pass over LAMMPS's host arrays
  void compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                  double &vold) override
  {
    geomint_kk::dg_on_host_arrays<DeviceType>(
        this->lmp, "A bonded /kk DG style", xold, xnew, fdg,
        [&](const t_double_2d &xo, const t_x &xn, const t_double_2d &f) {
          compute_dg_kk_selected(xo, xn, f, t_select(), vnew, vold);
        });
  }

 protected:
  Kokkos::View<double *, DeviceType> d_coeff;
  std::vector<double> uploaded;
  // a hybrid style's list of this sub-style's terms (terms_list)
  using List =
      typename std::decay<decltype(geomint_kk::dg_topology_list<DeviceType, KIND>(nullptr))>::type;
  List d_sublist;

  // the n terms to compute: LAMMPS's Kokkos topology list, or where a CPU hybrid
  // style (LAMMPS before 2023 has no bond/angle/... hybrid/kk; fix dg/nve's
  // DGBondedHybrid) set Neighbor's host list to its own list of this sub-style's
  // terms, those terms, copied to DeviceType
  // (in_compute: called by LAMMPS's compute(), where a Kokkos hybrid style, LAMMPS
  // 2023 and later, put its list of this sub-style's terms into the Kokkos list and
  // left the host one as it was)
  List terms_list(int n, bool in_compute = false)
  {
    NeighborKokkos *nk = geomint_kk::dg_neighbor_kokkos(this->lmp);
    List list = geomint_kk::dg_topology_list<DeviceType, KIND>(nk);
    int **host = geomint_kk::dg_topology_host<KIND>(this->neighbor);
    if (in_compute && kokkos_hybrid_parent()) return list;
    if (n > 0 && host &&
        host[0] != geomint_kk::dg_topology_dual<KIND>(nk).view_host().data()) {
      constexpr int NCOL = DGKindInfo<KIND>::NATOM + 1;
      if (static_cast<int>(d_sublist.extent(0)) < n)
        d_sublist = List("dg/kk:sublist", n, NCOL);
      auto h = Kokkos::create_mirror_view(d_sublist);
      for (int t = 0; t < n; t++)
        for (int c = 0; c < NCOL; c++) h(t, c) = host[t][c];
      Kokkos::deep_copy(d_sublist, h);
      list = d_sublist;
    }
    return list;
  }

  virtual void compute_kk() { compute_terms(this->dg_term(device_coeffs())); }

  // compute(): the term at x (forces into f; energy and virial as eflag_global,
  // vflag_global ask; per-atom energy and virial refused)
  template <class Term> void compute_terms(const Term &term)
  {
    auto *atomKK = static_cast<AtomKokkos *>(this->atom);
    if (this->eflag_atom || this->vflag_atom)
      this->error->all(FLERR, "The /kk bonded DG styles compute no per-atom energy or virial "
                       "(compute pe/atom, stress/atom, centroid/stress/atom): use the CPU style "
                       "(suffix off) for those outputs");
    atomKK->sync(this->execution_space, X_MASK | F_MASK);
    const int n = geomint_kk::dg_topology_count<KIND>(this->neighbor);
    const List list = terms_list(n, true);
    double vir[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    geomint_kk::dg_terms_compute<DeviceType, DGKindInfo<KIND>::NATOM>(
        list, n,
        atomKK->k_x.template view<DeviceType>(), atomKK->k_f.template view<DeviceType>(),
        this->atom->nlocal, this->force->newton_bond, term, this->eflag_global,
        this->vflag_global, this->energy, vir);
    for (int k = 0; k < 6; k++) this->virial[k] += vir[k];
    atomKK->modified(this->execution_space, F_MASK);
  }

  // LAMMPS's style of this kind is a hybrid style on Kokkos (hybrid/kk)
  bool kokkos_hybrid_parent() const
  {
    const Force *f = this->force;
    const auto *style = KIND == DG_BONDS ? static_cast<const void *>(f->bond)
        : KIND == DG_ANGLES              ? static_cast<const void *>(f->angle)
        : KIND == DG_DIHEDRALS           ? static_cast<const void *>(f->dihedral)
                                         : static_cast<const void *>(f->improper);
    const int space = KIND == DG_BONDS ? (f->bond ? f->bond->execution_space : Host)
        : KIND == DG_ANGLES            ? (f->angle ? f->angle->execution_space : Host)
        : KIND == DG_DIHEDRALS         ? (f->dihedral ? f->dihedral->execution_space : Host)
                                       : (f->improper ? f->improper->execution_space : Host);
    const char *name = KIND == DG_BONDS ? f->bond_style
        : KIND == DG_ANGLES             ? f->angle_style
        : KIND == DG_DIHEDRALS          ? f->dihedral_style
                                        : f->improper_style;
    return style && style != static_cast<const void *>(this) && space != Host && name &&
        strncmp(name, "hybrid", 6) == 0;
  }

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
