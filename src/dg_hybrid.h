/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - bond/angle/dihedral/improper_style hybrid under fix dg/nve: the
   discrete gradient of a hybrid bonded style is the sum of its sub-styles'
   DGs, each over the terms of its own types (the pair hybrid is handled in
   fix dg/nve itself).  The hybrid's own per-sub-style lists are rebuilt only
   in its compute() on reneighboring steps, and fix dg/nve may rebuild the
   neighbor lists itself between runs, so the terms are sorted here from
   Neighbor's full list at each call; the sub-style of each type is the
   hybrid's own map (a type with sub-style none or zero has no DG).
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_HYBRID_H
#define GEOMINT_DG_HYBRID_H

#include "dg_style.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {

class DGBondedHybrid : public DGStyle {
 public:
  enum Kind { BOND, ANGLE, DIHEDRAL, IMPROPER };

  // map: the hybrid's sub-style of each type (dg_hybrid_type_map, -1: none);
  // subs[m]: the DG style of sub-style m, or nullptr where it has no forces (zero)
  DGBondedHybrid(LAMMPS *lmp, Kind kind, const int *map, int ntypes,
                 const std::vector<DGStyle *> &subs);

  void compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                  double &vold) override;
  bool dg_symmetric() const override;
  void set_dg_variant(int v) override;
  void dg_step_begin(double **xold, double reach) override;
  void dg_step_end() override;
  // sub-style m's DG style (nullptr: none), and the sub-style of each type (-1: none)
  const std::vector<DGStyle *> &sub_styles() const { return subs; }
  const std::vector<int> &style_of_types() const { return style_of_type; }

  void dg_set_skip(bigint skip) override
  {
    for (DGStyle *sub : subs)
      if (sub) sub->dg_set_skip(skip);
  }

 private:
  LAMMPS *lmp;
  Kind kind;
  std::vector<DGStyle *> subs;
  std::vector<int> style_of_type;    // sub-style of each type (-1: none)
  std::vector<int *> rows;           // the terms of one sub-style (scratch)
};

// the type -> sub-style map of a bonded hybrid style (index into its styles, -1: none)
const int *dg_hybrid_type_map(class BondHybrid *);
const int *dg_hybrid_type_map(class AngleHybrid *);
const int *dg_hybrid_type_map(class DihedralHybrid *);
const int *dg_hybrid_type_map(class ImproperHybrid *);

}    // namespace LAMMPS_NS

#endif
