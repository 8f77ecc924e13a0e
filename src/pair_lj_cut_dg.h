/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair lj/cut/dg: pair lj/cut with a discrete gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(lj/cut/dg,PairLJCutDG);
// clang-format on
#else

#ifndef GEOMINT_PAIR_LJ_CUT_DG_H
#define GEOMINT_PAIR_LJ_CUT_DG_H

#include "dg_pair.h"
#include "pair_lj_cut.h"

#include "geomint/dg_radial.h"

namespace LAMMPS_NS {

// the pair term of lj/cut/dg (dg_pair_atom's term, in squared distances: no
// square root per pair), over its coefficients c.lj3(it, jt), c.lj4, c.offset:
// the CPU style's arrays, or a view of them in pair lj/cut/dg/kk
template <class Coeff> struct LJCutDGTerm {
  Coeff c;
  GEOMINT_FORCE_INLINE void operator()(const DGPairIJ &p, double &q, double &vo, double &vn) const
  {
    const double f = p.factor_lj;
    geomint::dg::lj_cut_pair_sq(f * c.lj3(p.itype, p.jtype), f * c.lj4(p.itype, p.jtype),
                                f * c.offset(p.itype, p.jtype), p.rsq, p.rnsq, p.in_old,
                                p.in_new, q, vo, vn);
  }
#ifdef GEOMINT_HOST_AVX2
  // four pairs at once (dg_pair_atom_lanes): the same term over vectors
  GEOMINT_HOST_FORCE_INLINE void lanes(const DGPairLanes &p, geomint::vec4d &q,
                                       geomint::vec4d &vo, geomint::vec4d &vn) const
  {
    const int it = p.itype;
    const int *jt = p.jtype;
    const geomint::vec4d c12 = {c.lj3(it, jt[0]), c.lj3(it, jt[1]), c.lj3(it, jt[2]), c.lj3(it, jt[3])};
    const geomint::vec4d c6 = {c.lj4(it, jt[0]), c.lj4(it, jt[1]), c.lj4(it, jt[2]), c.lj4(it, jt[3])};
    const geomint::vec4d off = {c.offset(it, jt[0]), c.offset(it, jt[1]), c.offset(it, jt[2]),
                                c.offset(it, jt[3])};
    const geomint::vec4d f = p.factor_lj;
    geomint::dg::lj_cut_pair_sq(f * c12, f * c6, f * off, p.rsq, p.rnsq, p.in_old, p.in_new, q, vo,
                                vn);
  }
#endif
};

class PairLJCutDG : public DGPair<PairLJCut> {
 public:
  PairLJCutDG(class LAMMPS *lmp) : DGPair<PairLJCut>(lmp, "lj/cut/dg", {{"Rc", "cutoff"}}) {}

 protected:
  void pair_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
