/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - pair lj/mdf/dg: pair lj/mdf with a discrete gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef PAIR_CLASS
// clang-format off
PairStyle(lj/mdf/dg,PairLJMDFDG);
// clang-format on
#else

#ifndef GEOMINT_PAIR_LJ_MDF_DG_H
#define GEOMINT_PAIR_LJ_MDF_DG_H

#include "dg_pair.h"
#include "pair_lj_mdf.h"

#include "geomint/dg_radial.h"

namespace LAMMPS_NS {

// the pair term of lj/mdf/dg in distances (DGPairTermIJ), over its coefficients
// c.lj3(it, jt), c.lj4, c.cut_inner and c.cut (the true outer cutoff): the CPU
// style's arrays, or views of them in pair lj/mdf/dg/kk
template <class Coeff> struct LJMDFDGTerm {
  Coeff c;
  GEOMINT_INLINE void operator()(const DGPairIJ &p, double r, double rn, double &delta,
                                 double &vo, double &vn) const
  {
    const int it = p.itype, jt = p.jtype;
    const double rin = c.cut_inner(it, jt);
    geomint::dg::lj_mdf_pair(p.factor_lj * c.lj3(it, jt), p.factor_lj * c.lj4(it, jt), rin,
                             c.cut(it, jt) - rin, r, rn, delta, vo, vn);
  }
};

class PairLJMDFDG : public DGPair<PairLJMDF> {
 public:
  PairLJMDFDG(class LAMMPS *lmp) :
      DGPair<PairLJMDF>(lmp, "lj/mdf/dg", {{"Rinner", "inner cutoff"}, {"Rc", "cutoff"}})
  {
  }

 protected:
  void pair_dg(double **, double **, double **, double &, double &) override;
};

}    // namespace LAMMPS_NS

#endif
#endif
