/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - dg_passes.h's bonded pass (dg_bonded_term) over LAMMPS's Kokkos
   topology lists, for the /kk bonded DG styles: their discrete gradient for
   fix dg/nve/kk, and their compute() (forces, energy and virial at one
   configuration), both with the style's one term functor.

   compute(): the discrete gradient of a term between a configuration and
   itself is the term's force (-grad V: the quotients become derivatives,
   test DiscreteGradientAtEqualConfigurationsIsTheForce), so the /kk styles
   need no second copy of the force arithmetic, and LAMMPS 2026's CPU bonded
   styles, which crash under -k on (their host topology lists), are not run.
   The virial of a term is sum_k x_k (x) f_k over its atoms (the forces of a
   term sum to zero, so this is LAMMPS's ev_tally virial), with the shares of
   newton_bond off as ev_tally.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_TERMS_KOKKOS_H
#define GEOMINT_DG_TERMS_KOKKOS_H

#include "dg_passes.h"
#include "geomint_kokkos_reduction.h"

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace LAMMPS_NS {
namespace geomint_kk {

  // dg_passes.h's bonded accessor: a Kokkos topology list (atoms in columns
  // 0..NATOM-1, the type in column NATOM), the two configurations and the force
  // array (views of any type); ATOMIC: adds of several threads (terms share atoms)
  template <int NATOM, class List, class XO, class XN, class F, bool ATOMIC>
  struct DGKokkosTermAccess {
    List list;
    XO x_old;
    XN x_new;
    F f;
    int nlocal, newton_bond;
    KOKKOS_INLINE_FUNCTION int atom(int n, int k) const { return list(n, k); }
    KOKKOS_INLINE_FUNCTION int kind(int n) const { return list(n, NATOM); }
    KOKKOS_INLINE_FUNCTION double xo(int j, int d) const { return x_old(j, d); }
    KOKKOS_INLINE_FUNCTION double xn(int j, int d) const { return x_new(j, d); }
    KOKKOS_INLINE_FUNCTION void add(int j, int d, double value) const
    {
      if (ATOMIC)
        Kokkos::atomic_add(&f(j, d), value);
      else
        f(j, d) += value;
    }
  };

  // a term whose call also adds its virial sum_k x_k (x) f_k (xx yy zz xy xz yz,
  // this rank's share as ev_tally) to vir
  template <int NATOM, class Term> struct DGVirialTerm {
    Term t;
    double *vir;
    int nlocal, newton_bond;
    KOKKOS_INLINE_FUNCTION void operator()(const int (&idx)[NATOM], int kind,
                                           const double (&xo)[NATOM][3],
                                           const double (&xn)[NATOM][3], double (&f)[NATOM][3],
                                           double &vo, double &vn) const
    {
      t(idx, kind, xo, xn, f, vo, vn);
      int owned = 0;
      for (int k = 0; k < NATOM; k++) owned += idx[k] < nlocal ? 1 : 0;
      const double w = newton_bond ? 1.0 : static_cast<double>(owned) / NATOM;
      for (int k = 0; k < NATOM; k++) {
        vir[0] += w * xn[k][0] * f[k][0];
        vir[1] += w * xn[k][1] * f[k][1];
        vir[2] += w * xn[k][2] * f[k][2];
        vir[3] += w * xn[k][0] * f[k][1];
        vir[4] += w * xn[k][0] * f[k][2];
        vir[5] += w * xn[k][1] * f[k][2];
      }
    }
  };

  // the terms of one sub-style of a bonded hybrid style: those whose type t has
  // style_of_type(t) == which (an empty view: all terms)
  template <class DeviceType> struct DGTermSelect {
    Kokkos::View<const int *, DeviceType> style_of_type;
    int which;
    KOKKOS_INLINE_FUNCTION bool skip(int type) const
    {
      return style_of_type.extent(0) > 0 &&
          (type < 0 || type >= static_cast<int>(style_of_type.extent(0)) ||
           style_of_type(type) != which);
    }
  };

  // dg_bonded_term over the (selected) terms [0, n) of a list: r[0] += V(xnew),
  // r[1] += V(xold), and with VIRIAL r[2..7] += the virial
  template <class DeviceType, int NATOM, class Acc, class Term, bool VIRIAL>
  struct DGTermPass : ArrayReduction<double, VIRIAL ? 8 : 2, 0, 0> {
    typedef DeviceType device_type;
    Acc a;
    Term term;
    DGTermSelect<DeviceType> sel;
    DGTermPass(const Acc &a_, const Term &t, const DGTermSelect<DeviceType> &s) :
        a(a_), term(t), sel(s)
    {
    }
    KOKKOS_INLINE_FUNCTION void operator()(const int n, double *r) const
    {
      if (sel.skip(a.kind(n))) return;
      if (VIRIAL) {
        const DGVirialTerm<NATOM, Term> vt{term, r + 2, a.nlocal, a.newton_bond};
        dg_bonded_term<NATOM>(a, n, vt, r[0], r[1]);
      } else {
        dg_bonded_term<NATOM>(a, n, term, r[0], r[1]);
      }
    }
  };

  // the pass over n terms with accessor a: r[0], r[1] the energies at xnew and
  // xold, r[2..7] the virial (VIRIAL)
  template <class DeviceType, int NATOM, bool VIRIAL, class Acc, class Term>
  void dg_term_pass(const Acc &a, int n, const Term &term, const DGTermSelect<DeviceType> &sel,
                    double (&r)[VIRIAL ? 8 : 2])
  {
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, n),
                            DGTermPass<DeviceType, NATOM, Acc, Term, VIRIAL>(a, term, sel), r);
  }

  // the discrete gradient of the (selected) terms [0, n) of list between xold
  // and xnew, added to fdg; vnew, vold += the energy shares
  template <class DeviceType, int NATOM, class List, class XO, class XN, class F, class Term>
  void dg_terms_dg(const List &list, int n, const XO &xold, const XN &xnew, const F &fdg,
                   int nlocal, int newton_bond, const Term &term,
                   const DGTermSelect<DeviceType> &sel, double &vnew, double &vold)
  {
    if (n == 0) return;
    auto run = [&](auto atomic) {
      using Acc = DGKokkosTermAccess<NATOM, List, XO, XN, F, decltype(atomic)::value>;
      double r[2];
      dg_term_pass<DeviceType, NATOM, false>(Acc{list, xold, xnew, fdg, nlocal, newton_bond}, n,
                                             term, sel, r);
      vnew += r[0];
      vold += r[1];
    };
    if (typename DeviceType::execution_space().concurrency() > 1)
      run(std::true_type());
    else
      run(std::false_type());
  }

  // compute() of a /kk bonded DG style: the terms [0, n) of list at x (x^n =
  // x^n+1), their forces added to f, their energy (eflag) and virial (vflag)
  // added to energy and virial; atomic adds where DeviceType runs several threads
  template <class DeviceType, int NATOM, class List, class X, class F, class Term>
  void dg_terms_compute(const List &list, int n, const X &x, const F &f, int nlocal,
                        int newton_bond, const Term &term, bool eflag, bool vflag,
                        double &energy, double *virial)
  {
    if (n == 0) return;
    auto run = [&](auto atomic) {
      using Acc = DGKokkosTermAccess<NATOM, List, X, X, F, decltype(atomic)::value>;
      const Acc a{list, x, x, f, nlocal, newton_bond};
      const DGTermSelect<DeviceType> all{};
      if (vflag) {
        double r[8];
        dg_term_pass<DeviceType, NATOM, true>(a, n, term, all, r);
        for (int k = 0; k < 6; k++) virial[k] += r[2 + k];
        if (eflag) energy += r[0];
      } else {
        double r[2];
        dg_term_pass<DeviceType, NATOM, false>(a, n, term, all, r);
        if (eflag) energy += r[0];
      }
    };
    if (typename DeviceType::execution_space().concurrency() > 1)
      run(std::true_type());
    else
      run(std::false_type());
  }

}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
