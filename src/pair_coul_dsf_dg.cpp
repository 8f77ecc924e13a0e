/* ----------------------------------------------------------------------
   GEOMINT - pair coul/dsf/dg: the LaBudde-Greenspan discrete gradient of the
   damped shifted force Coulomb energy exactly as pair coul/dsf computes it
   (its polynomial erfc, its shifts, and factor_coul: V -= (1 - factor_coul)
   qq/r for special pairs), lib/geomint/dg_radial.h.  A pair that crosses the
   cutoff within a step uses V = 0 beyond it.

   compute() is pair coul/dsf's with the energy made continuous at the cutoff
   (dg_dsf.h); the neighbor-list margin is dg_pair.h's.
------------------------------------------------------------------------- */

#include "pair_coul_dsf_dg.h"

#include "atom.h"
#include "force.h"

#include "dg_dsf.h"
#include "geomint/dg_radial.h"

#include <cmath>

using namespace LAMMPS_NS;

void PairCoulDSFDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                            double &vold)
{
  const DGDSFParams s = dg_dsf_params(lmp, alpha, e_shift, f_shift, cut_coul);
  dg_dsf_add_self_energy(s, atom->q, list, vnew, vold);
  const CoulDSFDGTerm<DGHostCharges> term{{s, {atom->q}}};
  dg_pair_list_ij(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
