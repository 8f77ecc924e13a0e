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

#include "dg_style.h"
#include "pair_lj_mdf.h"

namespace LAMMPS_NS {

class PairLJMDFDG : public PairLJMDF, public DGStyle {
 public:
  PairLJMDFDG(class LAMMPS *);
  void settings(int, char **) override;
  void init_style() override;
  double init_one(int, int) override;
  void setup() override;
  void compute_dg(double **, double **, double **, double &, double &) override;
  double dg_margin() const override { return margin; }

 protected:
  double margin_user, margin;
};

}    // namespace LAMMPS_NS

#endif
#endif
