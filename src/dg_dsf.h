/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - what pair coul/dsf/dg and lj/cut/coul/dsf/dg add to their
   parents' compute(): the energy made continuous at the Coulomb cutoff
   (geomint::dg::dsf_continuity_shift), the energy their discrete gradient
   conserves.  Forces and virial are the parents'.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_DSF_H
#define GEOMINT_DG_DSF_H

#include "atom.h"
#include "force.h"
#include "lammps.h"
#include "neigh_list.h"
#include "neighbor.h"

#include "dg_pair.h"
#include "dg_style.h"
#include "geomint/dg_radial.h"

namespace LAMMPS_NS {

// atom i's pairs of a neighbor list inside the Coulomb cutoff: eng -= qq *
// shift (qq = qqrd2e q_i q_j) with the newton_pair shares of ev_tally, and
// a.sub_eatom(i, j, e) for the per-atom energies.  Accessor: double x(j, d),
// q(j); int num(i), entry(i, jj), index(e); bool owned_or_newton(j)
template <class A>
GEOMINT_INLINE void dg_dsf_shift_atom(const A &a, int i, double cut_coulsq, double qqrd2e,
                                      double shift, double &eng)
{
  const double qi = a.q(i);
  if (qi == 0.0) return;
  const int jnum = a.num(i);
  for (int jj = 0; jj < jnum; jj++) {
    const int j = a.index(a.entry(i, jj));
    const double dx = a.x(i, 0) - a.x(j, 0), dy = a.x(i, 1) - a.x(j, 1), dz = a.x(i, 2) - a.x(j, 2);
    if (dx * dx + dy * dy + dz * dz >= cut_coulsq) continue;
    const double e = qqrd2e * qi * a.q(j) * shift;
    eng -= a.owned_or_newton(j) ? e : 0.5 * e;
    a.sub_eatom(i, j, e);
  }
}

// the host accessor of dg_dsf_shift_atom: LAMMPS's arrays and a half list
struct DGDSFHostShift {
  double **xx;
  const double *qq;
  const NeighList *list;
  double *eatom;    // null: no per-atom energies
  int nlocal, newton_pair;
  double x(int j, int d) const { return xx[j][d]; }
  double q(int j) const { return qq[j]; }
  int num(int i) const { return list->numneigh[i]; }
  int entry(int i, int jj) const { return list->firstneigh[i][jj]; }
  static int index(int e) { return e & NEIGHMASK; }
  bool owned_or_newton(int j) const { return newton_pair || j < nlocal; }
  void sub_eatom(int i, int j, double e) const
  {
    if (!eatom) return;
    if (newton_pair || i < nlocal) eatom[i] -= 0.5 * e;
    if (newton_pair || j < nlocal) eatom[j] -= 0.5 * e;
  }
};

// subtract qq * shift for every pair inside the Coulomb cutoff from the energies
// compute() tallied (global and per atom, with ev_tally's newton_pair shares)
inline void dg_dsf_continuous_energy(LAMMPS *lmp, const NeighList *list, double cut_coulsq,
                                     double shift, bool eglobal, bool eatom_on, double &eng_coul,
                                     double *eatom)
{
  if (!(eglobal || eatom_on) || shift == 0.0) return;
  const DGDSFHostShift a{lmp->atom->x, lmp->atom->q, list, eatom_on ? eatom : nullptr,
                         lmp->atom->nlocal, lmp->force->newton_pair};
  const double qqrd2e = lmp->force->qqrd2e;
  // (the shifts, each tiny, summed apart and subtracted once: subtracted one by
  // one from the large running energy they lost a few ulps each, 3.6e-9 of
  // 2900 kcal/mol on 648 waters, and the total depended on the decomposition)
  double shifts = 0.0;
  for (int ii = 0; ii < list->inum; ii++)
    dg_dsf_shift_atom(a, list->ilist[ii], cut_coulsq, qqrd2e, shift, shifts);
  if (eglobal) eng_coul += shifts;
}

// pair coul/dsf/dg and lj/cut/coul/dsf/dg: DGPair with the parent's compute()
// reporting the continuous energy
template <class Parent> class DGPairDSF : public DGPair<Parent> {
 public:
  using DGPair<Parent>::DGPair;

  void compute(int eflag, int vflag) override
  {
    if (this->dg_skip(this->update, eflag, vflag)) return;
    DGPair<Parent>::compute(eflag, vflag);
    dg_dsf_continuous_energy(this->lmp, this->list, this->cut_coulsq,
                             geomint::dg::dsf_continuity_shift(this->alpha, this->cut_coul),
                             this->eflag_global, this->eflag_atom, this->eng_coul, this->eatom);
  }

  // the pair energy of compute(): the parent's less the continuity shift
  double single(int i, int j, int itype, int jtype, double rsq, double factor_coul,
                double factor_lj, double &fforce) override
  {
    double e = DGPair<Parent>::single(i, j, itype, jtype, rsq, factor_coul, factor_lj, fforce);
    if (rsq < this->cut_coulsq)
      e -= this->force->qqrd2e * this->atom->q[i] * this->atom->q[j] *
          geomint::dg::dsf_continuity_shift(this->alpha, this->cut_coul);
    return e;
  }
};

// The Coulomb part of the discrete gradient of both styles: the parents'
// energy less qq * cshift inside the cutoff, its quotient (DSFCoulombPart::add,
// over the charges q(i): the host array or a Kokkos view), and the constant
// self energy of compute()
struct DGDSFParams {
  double alpha, e_shift, f_shift, cut_coulsq, cshift, qqrd2e;
};

inline DGDSFParams dg_dsf_params(LAMMPS *lmp, double alpha, double e_shift, double f_shift,
                                 double cut_coul)
{
  return {alpha, e_shift, f_shift, cut_coul * cut_coul,
          geomint::dg::dsf_continuity_shift(alpha, cut_coul), lmp->force->qqrd2e};
}

template <class Q> struct DSFCoulombPart {
  DGDSFParams s;
  Q q;
  // adds the pair's Coulomb quotient and energies (V = 0 beyond the cutoff)
  GEOMINT_INLINE void add(const DGPairIJ &p, double r, double rn, double &delta, double &vo,
                          double &vn) const
  {
    geomint::dg::dsf_pair(s.alpha, s.e_shift, s.f_shift, s.cut_coulsq, s.cshift,
                          s.qqrd2e * q(p.i) * q(p.j), p.factor_coul, p.rsq, p.rnsq, r, rn, delta,
                          vo, vn);
  }
};

// the charges of the host
struct DGHostCharges {
  const double *qq;
  double operator()(int i) const { return qq[i]; }
};

// pair coul/dsf/dg's term (DGPairTermIJ)
template <class Q> struct CoulDSFDGTerm {
  DSFCoulombPart<Q> coul;
  GEOMINT_INLINE void operator()(const DGPairIJ &p, double r, double rn, double &delta,
                                 double &vo, double &vn) const
  {
    delta = vo = vn = 0.0;
    coul.add(p, r, rn, delta, vo, vn);
  }
};

// pair lj/cut/coul/dsf/dg's term: the LJ part over c.lj3(it, jt), c.lj4,
// c.offset, c.cut_ljsq, then the Coulomb part
template <class Coeff, class Q> struct LJCutCoulDSFDGTerm {
  Coeff c;
  DSFCoulombPart<Q> coul;
  GEOMINT_INLINE void operator()(const DGPairIJ &p, double r, double rn, double &delta,
                                 double &vo, double &vn) const
  {
    const int it = p.itype, jt = p.jtype;
    delta = vo = vn = 0.0;
    geomint::dg::lj_cut_coul_lj_part(c.lj3(it, jt), c.lj4(it, jt), c.offset(it, jt), p.factor_lj,
                                     c.cut_ljsq(it, jt), p.rsq, p.rnsq, r, rn, delta, vo, vn);
    coul.add(p, r, rn, delta, vo, vn);
  }
};

// The self energy -(e_shift/2 + alpha/sqrt(pi)) qqrd2e q_i^2 that compute()
// adds per atom is constant while the charges are: it cancels in V(x') - V(x)
// and has no discrete gradient.  It is added to both energies only so that
// they are the energy compute() reports.
inline void dg_dsf_add_self_energy(const DGDSFParams &s, const double *q, const NeighList *list,
                                   double &vnew, double &vold)
{
  for (int ii = 0; ii < list->inum; ii++) {
    const double e = geomint::dg::dsf_self_energy(s.alpha, s.e_shift, s.qqrd2e, q[list->ilist[ii]]);
    vnew += e;
    vold += e;
  }
}

}    // namespace LAMMPS_NS

#endif
