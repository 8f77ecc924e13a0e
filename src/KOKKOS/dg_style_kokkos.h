/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the interface between fix dg/nve/kk and the /kk variants of the
   discrete-gradient styles (the Kokkos counterpart of DGStyle::compute_dg),
   and what every /kk DG pair style shares: the accessor of dg_passes.h's
   pair pass over a Kokkos neighbor list, and that pass as a parallel_reduce.

   A DG style without a /kk variant still runs under fix dg/nve/kk: the fix
   calls its compute_dg() on the host copies of the arrays (as LAMMPS runs a
   CPU style under -sf kk).
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_STYLE_KOKKOS_H
#define GEOMINT_DG_STYLE_KOKKOS_H

#include "dg_passes.h"
#include "geomint_kokkos_compat.h"
#include "geomint_kokkos_reduction.h"
#include "dg_terms_kokkos.h"

#include "kokkos_type.h"

#include <Kokkos_ScatterView.hpp>
#include "neigh_list_kokkos.h"
#include "atom.h"
#include "error.h"
#include "force.h"
#include "pointers.h"

#include <cmath>
#include <string>
#include <type_traits>

namespace LAMMPS_NS {

template <class DeviceType> class DGStyleKokkos {
 public:
  using t_x = typename geomint_kk::Views<DeviceType>::t_x;
  using t_double_2d = typename geomint_kk::Views<DeviceType>::t_double_2d;
  // (a /kk DG style derives from a LAMMPS style too: as DGStyle's destructor)
  virtual ~DGStyleKokkos() noexcept(std::is_nothrow_destructible<Pointers>::value) {}

  // DGStyle::compute_dg on DeviceType: fdg[i] += -(the discrete gradient between
  // xold and xnew) for owned and ghost atoms (newton rules, or the owned atoms
  // alone on a full neighbor list); adds this rank's shares of V(xnew), V(xold)
  virtual void compute_dg_kk(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                             double &vnew, double &vold)
  {
    compute_dg_kk_selected(xold, xnew, fdg, t_select(), vnew, vold);
  }

  // the same for the terms of one sub-style of a bonded hybrid style only
  // (bonded styles; sel: its types, DGTermSelect in dg_terms_kokkos.h)
  using t_select = geomint_kk::DGTermSelect<DeviceType>;
  // (each /kk style overrides one of the two: a pair style compute_dg_kk)
  virtual void compute_dg_kk_selected(const t_double_2d &xold, const t_x &xnew,
                                      const t_double_2d &fdg, const t_select & /*sel*/,
                                      double &vnew, double &vold)
  {
    compute_dg_kk(xold, xnew, fdg, vnew, vold);
  }

  // DGStyle::dg_step_begin on DeviceType (xold: x^n of owned and ghost atoms);
  // DGStyle::dg_step_end ends the step
  virtual void dg_step_begin_kk(const t_double_2d & /*xold*/, double /*reach*/) {}
};

namespace geomint_kk {

  // dg_passes.h's pair accessor over a Kokkos neighbor list (NEIGHFLAG: FULL,
  // HALF or HALFTHREAD).  A full list holds each pair twice: the pass then adds
  // to atom i alone, and half of each pair's energy (owned_or_newton false).
  // F: where the forces go, fdg itself or (HALFTHREAD: several threads add to
  // the same atoms) the access of a ScatterView of it (duplicated per thread on
  // host spaces, atomic on devices, as LAMMPS's /kk pair styles)
  template <class DeviceType> struct DGKokkosPairData {
    using AT = ArrayTypes<DeviceType>;
    typename Views<DeviceType>::t_double_2d x_old;
    typename Views<DeviceType>::t_x x_new;
    typename AT::t_int_1d types;
    typename AT::t_neighbors_2d neighbors;
    typename AT::t_int_1d numneigh;
    Kokkos::View<const double *, DeviceType> cut_sq;    // (ntypes+1)^2, the true cutoffs
    int ntp1;
    double slj[4], scoul[4];
    int nlocal, newton_pair;
  };

  template <class DeviceType, int NEIGHFLAG, class F> struct DGKokkosPairs {
    // (references: the pass's own data and force access, for one atom; no view
    // is copied per atom, and a ScatterAccess cannot be)
    const DGKokkosPairData<DeviceType> &p;
    const F &f_dg;
    KOKKOS_INLINE_FUNCTION double xo(int j, int d) const { return p.x_old(j, d); }
    KOKKOS_INLINE_FUNCTION double xn(int j, int d) const { return p.x_new(j, d); }
    KOKKOS_INLINE_FUNCTION int type(int j) const { return p.types(j); }
    KOKKOS_INLINE_FUNCTION int num(int i) const { return p.numneigh(i); }
    KOKKOS_INLINE_FUNCTION int entry(int i, int jj) const { return p.neighbors(i, jj); }
    KOKKOS_INLINE_FUNCTION static int index(int e) { return e & NEIGHMASK; }
    KOKKOS_INLINE_FUNCTION static int special(int e) { return e >> SBBITS & 3; }
    KOKKOS_INLINE_FUNCTION double cutsq(int it, int jt) const { return p.cut_sq(it * p.ntp1 + jt); }
    KOKKOS_INLINE_FUNCTION double special_lj(int k) const { return p.slj[k]; }
    KOKKOS_INLINE_FUNCTION double special_coul(int k) const { return p.scoul[k]; }
    KOKKOS_INLINE_FUNCTION bool owned_or_newton(int j) const
    {
      return NEIGHFLAG != FULL && (p.newton_pair || j < p.nlocal);
    }
    KOKKOS_INLINE_FUNCTION void add(int j, int d, double value) const { f_dg(j, d) += value; }
  };

  // fdg itself where one thread adds to an atom (FULL, HALF), as a ScatterView does
  template <class V> struct DGPlainScatter {
    V v;
    KOKKOS_INLINE_FUNCTION V access() const { return v; }
  };

  // ScatterView of fdg with Kokkos's defaults for the execution space (duplicated
  // and non-atomic on OpenMP and Threads, atomic on devices), kept between passes
  template <class DeviceType> struct DGKokkosScatter {
    using SV = Kokkos::Experimental::ScatterView<double **, Kokkos::LayoutRight, DeviceType>;
    SV sv;
    const double *base = nullptr;
    size_t n0 = 0;
    SV &of(const typename Views<DeviceType>::t_double_2d &f)
    {
      if (f.data() != base || f.extent(0) != n0) {
        sv = SV(f);
        base = f.data();
        n0 = f.extent(0);
      }
      sv.reset_except(f);
      return sv;
    }
  };

  // dg_pair_atom over the atoms of the list: r[0] += V(xnew), r[1] += V(xold)
  template <class DeviceType, int NEIGHFLAG, bool ENERGY, class Term, class Scatter>
  struct DGPairPass : ArrayReduction<double, 2, 0, 0> {
    typedef DeviceType device_type;
    DGKokkosPairData<DeviceType> a;
    Scatter scatter;
    typename ArrayTypes<DeviceType>::t_int_1d ilist;
    Term term;
    DGPairPass(const DGKokkosPairData<DeviceType> &a_, const Scatter &s,
               const typename ArrayTypes<DeviceType>::t_int_1d &il, const Term &t) :
        a(a_), scatter(s), ilist(il), term(t)
    {
    }
    KOKKOS_INLINE_FUNCTION void operator()(const int ii, double *r) const
    {
      const auto f = scatter.access();
      const DGKokkosPairs<DeviceType, NEIGHFLAG, decltype(f)> b{a, f};
      dg_pair_atom<ENERGY>(b, ilist(ii), term, r[0], r[1]);
    }
  };

  // What a /kk DG pair style passes: its neighbor list, the true cutoffs,
  // LAMMPS's special factors (those in force now: pair hybrid's of the
  // sub-style), newton_pair, and whether the energies are wanted
  template <class DeviceType> struct DGKokkosPairList {
    int inum;
    typename ArrayTypes<DeviceType>::t_int_1d ilist, numneigh;
    typename ArrayTypes<DeviceType>::t_neighbors_2d neighbors;
    int neighflag;
    Kokkos::View<const double *, DeviceType> cutsq;
    int ntp1;
    const double *special_lj, *special_coul;
    int nlocal, newton_pair;
    bool energy;
    DGKokkosScatter<DeviceType> *scatter;    // half/thread lists: the style's ScatterView of fdg
  };

  // A /kk DG pair style's tables on DeviceType: the true cutoffs, squared and
  // their roots (as DGPair::dg_step_begin takes them), and nc coefficients per
  // type pair, row(i, j, k) from the CPU style's arrays
  template <class DeviceType> struct DGKokkosPairTables {
    Kokkos::View<double *, DeviceType> cutsq, cut, coeff;
    int ntp1 = 0;
    template <class Row> void upload(double *const *cutsq_host, int ntypes, int nc, const Row &row)
    {
      ntp1 = ntypes + 1;
      const int n = ntp1;
      cutsq = Kokkos::View<double *, DeviceType>("dg/kk:cutsq", n * n);
      cut = Kokkos::View<double *, DeviceType>("dg/kk:cut", n * n);
      coeff = Kokkos::View<double *, DeviceType>("dg/kk:coeff", nc > 0 ? nc * n * n : 1);
      auto h_cutsq = Kokkos::create_mirror_view(cutsq);
      auto h_cut = Kokkos::create_mirror_view(cut);
      auto h_coeff = Kokkos::create_mirror_view(coeff);
      for (int i = 1; i < n; i++)
        for (int j = 1; j < n; j++) {
          h_cutsq(i * n + j) = cutsq_host[i][j];
          h_cut(i * n + j) = std::sqrt(cutsq_host[i][j]);
          for (int k = 0; k < nc; k++) h_coeff(nc * (i * n + j) + k) = row(i, j, k);
        }
      Kokkos::deep_copy(cutsq, h_cutsq);
      Kokkos::deep_copy(cut, h_cut);
      Kokkos::deep_copy(coeff, h_coeff);
    }

    // pl (a list's atoms and neighbors) with these cutoffs, LAMMPS's special
    // factors now (pair hybrid's of the sub-style), newton_pair, and the rest
    DGKokkosPairList<DeviceType> pass_list(DGKokkosPairList<DeviceType> pl, LAMMPS *lmp,
                                           int neighflag, bool energy,
                                           DGKokkosScatter<DeviceType> *scatter) const
    {
      pl.neighflag = neighflag;
      pl.cutsq = cutsq;
      pl.ntp1 = ntp1;
      pl.special_lj = lmp->force->special_lj;
      pl.special_coul = lmp->force->special_coul;
      pl.nlocal = lmp->atom->nlocal;
      pl.newton_pair = lmp->force->newton_pair;
      pl.energy = energy;
      pl.scatter = scatter;
      return pl;
    }
  };

  // The host interface of a /kk DG style (DGStyle::compute_dg: fix dg/nve, its
  // bonded hybrids, or a test): run(xold, xnew, fdg) over views of LAMMPS's host
  // arrays (contiguous rows of 3) where DeviceType can read host memory, else an
  // ERROR naming the style
  template <class DeviceType, class Run>
  void dg_on_host_arrays(LAMMPS *lmp, const std::string &style, double **xold, double **xnew,
                         double **fdg, const Run &run)
  {
    if (!Kokkos::SpaceAccessibility<typename DeviceType::execution_space,
                                    Kokkos::HostSpace>::accessible)
      lmp->error->all(FLERR, "{} on a GPU computes its discrete gradient for fix dg/nve/kk only: "
                      "use fix dg/nve/kk (run with -sf kk), or the CPU style with fix dg/nve",
                      style);
    const int nall = lmp->atom->nlocal + lmp->atom->nghost;
    using V = Views<DeviceType>;
    run(typename V::t_double_2d(xold[0], nall, 3), typename V::t_x(xnew[0], nall),
        typename V::t_double_2d(fdg[0], nall, 3));
  }

  // dg_pair_atom over every pair of the list, term(const DGPairIJ &, q, vo,
  // vn) as in the CPU styles (dg_style.h's dg_pair_list_sq)
  template <class DeviceType, class Term>
  void dg_pair_kk(const DGKokkosPairList<DeviceType> &pl,
                  const typename DGStyleKokkos<DeviceType>::t_double_2d &xold,
                  const typename DGStyleKokkos<DeviceType>::t_x &xnew,
                  const typename DGStyleKokkos<DeviceType>::t_double_2d &fdg,
                  const typename ArrayTypes<DeviceType>::t_int_1d &type, const Term &term,
                  double &vnew, double &vold)
  {
    DGKokkosPairData<DeviceType> a{xold, xnew, type, pl.neighbors, pl.numneigh, pl.cutsq,
                                   pl.ntp1, {}, {}, pl.nlocal, pl.newton_pair};
    for (int k = 0; k < 4; k++) {
      a.slj[k] = pl.special_lj[k];
      a.scoul[k] = pl.special_coul[k];
    }
    auto run = [&](auto neighflag, auto energy) {
      constexpr int NEIGHFLAG = decltype(neighflag)::value;
      constexpr bool ENERGY = decltype(energy)::value;
      // (dynamic: a half list's atoms have very different numbers of neighbors, and
      // a static split left one of 2 OpenMP threads waiting a third of the time)
      const Kokkos::RangePolicy<DeviceType, Kokkos::Schedule<Kokkos::Dynamic>> policy(0, pl.inum);
      double r[2] = {0.0, 0.0};
      if (NEIGHFLAG == HALFTHREAD && pl.scatter) {
        auto &sv = pl.scatter->of(fdg);
        using SV = typename std::decay<decltype(sv)>::type;
        Kokkos::parallel_reduce(policy, DGPairPass<DeviceType, NEIGHFLAG, ENERGY, Term, SV>(
                                            a, sv, pl.ilist, term), r);
        sv.contribute_into(fdg);
      } else {
        using P = DGPlainScatter<typename DGStyleKokkos<DeviceType>::t_double_2d>;
        // (HALFTHREAD without a ScatterView: atomic adds)
        using A = Kokkos::View<double **, Kokkos::LayoutRight, DeviceType,
                               Kokkos::MemoryTraits<Kokkos::Atomic>>;
        if (NEIGHFLAG == HALFTHREAD)
          Kokkos::parallel_reduce(policy, DGPairPass<DeviceType, NEIGHFLAG, ENERGY, Term, DGPlainScatter<A>>(
                                              a, DGPlainScatter<A>{fdg}, pl.ilist, term), r);
        else
          Kokkos::parallel_reduce(policy, DGPairPass<DeviceType, NEIGHFLAG, ENERGY, Term, P>(
                                              a, P{fdg}, pl.ilist, term), r);
      }
      vnew += r[0];
      vold += r[1];
    };
    using On = std::true_type;
    using Off = std::false_type;
    using Full = std::integral_constant<int, FULL>;
    using Half = std::integral_constant<int, HALF>;
    using HalfThread = std::integral_constant<int, HALFTHREAD>;
    if (pl.neighflag == FULL) {
      if (pl.energy) run(Full(), On()); else run(Full(), Off());
    } else if (pl.neighflag == HALFTHREAD) {
      if (pl.energy) run(HalfThread(), On()); else run(HalfThread(), Off());
    } else {
      if (pl.energy) run(Half(), On()); else run(Half(), Off());
    }
  }

  // The pairs of one step of fix dg/nve (DGPair::dg_step_begin on the host):
  // dg_step_pairs_atom over the Kokkos list at x^n, into a list of the same
  // layout.  cut: the true cutoff per type pair ((ntypes+1)^2); reach_sq is
  // dg_reach_sq of it, as the host styles compute it.
  template <class DeviceType> struct DGKokkosStepAccess {
    using AT = ArrayTypes<DeviceType>;
    typename Views<DeviceType>::t_double_2d x_old;
    typename AT::t_int_1d types, numneigh;
    typename AT::t_neighbors_2d neighbors;
    Kokkos::View<const double *, DeviceType> cut;
    int ntp1;
    double margin, reach;
    KOKKOS_INLINE_FUNCTION int type(int j) const { return types(j); }
    KOKKOS_INLINE_FUNCTION int num(int i) const { return numneigh(i); }
    KOKKOS_INLINE_FUNCTION int entry(int i, int jj) const { return neighbors(i, jj); }
    KOKKOS_INLINE_FUNCTION static int index(int e) { return e & NEIGHMASK; }
    KOKKOS_INLINE_FUNCTION double xo(int j, int d) const { return x_old(j, d); }
    KOKKOS_INLINE_FUNCTION double reach_sq(int it, int jt) const
    {
      return dg_reach_sq(cut(it * ntp1 + jt), margin, reach);
    }
  };

  template <class DeviceType> struct DGKokkosStepKeep {
    typename ArrayTypes<DeviceType>::t_neighbors_2d out;
    int i;
    KOKKOS_INLINE_FUNCTION void operator()(int m, int e) const { out(i, m) = e; }
  };

  template <class DeviceType> struct DGKokkosStepPass {
    typedef DeviceType device_type;
    DGKokkosStepAccess<DeviceType> a;
    typename ArrayTypes<DeviceType>::t_int_1d ilist, out_num;
    typename ArrayTypes<DeviceType>::t_neighbors_2d out;
    KOKKOS_INLINE_FUNCTION void operator()(const int ii) const
    {
      const int i = ilist(ii);
      out_num(i) = dg_step_pairs_atom(a, i, DGKokkosStepKeep<DeviceType>{out, i});
    }
  };

  // a /kk DG pair style's neighbor list and the pairs of the current step
  template <class DeviceType> class DGKokkosPairSteps {
   public:
    using AT = ArrayTypes<DeviceType>;
    // the pairs of a step at x^n
    void begin(NeighList *list, const typename Views<DeviceType>::t_double_2d &xold,
               const typename AT::t_int_1d &type, const Kokkos::View<const double *, DeviceType> &cut,
               int ntp1, double margin, double reach)
    {
      auto *kl = static_cast<NeighListKokkos<DeviceType> *>(list);
      if (neighbors.extent(0) < kl->d_neighbors.extent(0) ||
          neighbors.extent(1) < kl->d_neighbors.extent(1))
        neighbors = typename AT::t_neighbors_2d(Kokkos::NoInit("dg/kk:step_neighbors"),
                                                kl->d_neighbors.extent(0), kl->d_neighbors.extent(1));
      if (numneigh.extent(0) < kl->d_numneigh.extent(0))
        numneigh = typename AT::t_int_1d("dg/kk:step_numneigh", kl->d_numneigh.extent(0));
      const DGKokkosStepAccess<DeviceType> a{xold, type, kl->d_numneigh, kl->d_neighbors, cut, ntp1, margin, reach};
      Kokkos::parallel_for(
          Kokkos::RangePolicy<DeviceType, Kokkos::Schedule<Kokkos::Dynamic>>(0, list->inum),
          DGKokkosStepPass<DeviceType>{a, kl->d_ilist, numneigh, neighbors});
      active = true;
    }
    void end() { active = false; }

    // the pair pass's list: the step's pairs inside a step, the whole list otherwise
    DGKokkosPairList<DeviceType> pairs(NeighList *list) const
    {
      auto *kl = static_cast<NeighListKokkos<DeviceType> *>(list);
      DGKokkosPairList<DeviceType> pl{};
      pl.inum = list->inum;
      pl.ilist = kl->d_ilist;
      pl.numneigh = active ? numneigh : kl->d_numneigh;
      pl.neighbors = active ? neighbors : kl->d_neighbors;
      return pl;
    }

   private:
    typename AT::t_neighbors_2d neighbors;
    typename AT::t_int_1d numneigh;
    bool active = false;
  };

}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
