/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - bond fene/dg: bond fene with a discrete gradient for fix dg/nve
------------------------------------------------------------------------- */

#ifdef BOND_CLASS
// clang-format off
BondStyle(fene/dg,BondFENEDG);
// clang-format on
#else

#ifndef GEOMINT_BOND_FENE_DG_H
#define GEOMINT_BOND_FENE_DG_H

#include "bond_fene.h"
#include "dg_bond.h"
#include "dg_bonded.h"

#include "geomint/dg_radial.h"

namespace LAMMPS_NS {

// bond fene/dg: c(t, 0..3) = K, R0, epsilon, sigma.  A bond whose log argument
// reaches the clamp at either end is passed to report(i1, i2, type, r, bad)
// (r: the longer length; bad: r >= 2 R0, bond fene's error): the CPU style
// warns or stops at once, the /kk style records it for the host to say so.
template <class Report> struct BondFENEDGRadial {
  DGCoeffTable c;
  Report report;
  GEOMINT_INLINE void operator()(int i1, int i2, int type, double r, double rn, double &delta,
                                 double &vo, double &vn) const
  {
    using namespace geomint::dg;
    const double k = c(type, 0), r0 = c(type, 1), eps = c(type, 2), sigma = c(type, 3);
    const double u = fene_log_arg(r0, r), un = fene_log_arg(r0, rn);
    if (u < FENE_CLAMP || un < FENE_CLAMP)
      report(i1, i2, type, un < u ? rn : r, u <= -3.0 || un <= -3.0);
    delta = fene_quotient(k, r0, eps, sigma, r, rn);
    vo = fene_energy(k, r0, eps, sigma, r);
    vn = fene_energy(k, r0, eps, sigma, rn);
  }
};

class BondFENEDG : public DGBondedStyle<BondFENEDG, BondFENE, DGStyle, DG_BONDS> {
 public:
  BondFENEDG(class LAMMPS *lmp) : DGBondedStyle<BondFENEDG, BondFENE, DGStyle, DG_BONDS>(lmp) {}
  void init_style() override;

  // the host's report: at once
  struct HostReport {
    BondFENEDG *style;
    void operator()(int i1, int i2, int type, double r, bool bad) const
    {
      style->report_long(i1, i2, type, r, bad);
    }
  };
  using Term = DGRadialTerm<BondFENEDGRadial<HostReport>>;
  Term dg_term(const DGCoeffTable &c) const
  {
    return Term{{c, HostReport{const_cast<BondFENEDG *>(this)}}};
  }

  // a bond of a trial configuration at the clamp (local atoms i1, i2, length
  // r): bad (r >= 2 R0): bond fene's error; else warned about once per run
  void report_long(int i1, int i2, int type, double r, bool bad);

 protected:
  bool warned_long = false;    // "FENE bond too long" said for a trial configuration of this run
  int dg_stride() const override { return 4; }
  void dg_row(int t, double *row) const override;
};

}    // namespace LAMMPS_NS

#endif
#endif
