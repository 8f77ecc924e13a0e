/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix orient/harmonic: an orientational trap on ellipsoids,
   U = -(K/2) (e.u)^2 per atom, u a body axis in space, e a fixed space
   direction (the rotational trap of Davidchack, Ouldridge and Tretyakov,
   J. Chem. Phys. 147, 224103 (2017), section V A; doc/fix_orient_harmonic.rst).
------------------------------------------------------------------------- */

#ifndef GEOMINT_FIX_ORIENT_HARMONIC_H
#define GEOMINT_FIX_ORIENT_HARMONIC_H

#include "fix.h"

namespace LAMMPS_NS {

class FixOrientHarmonic : public Fix {
 public:
  FixOrientHarmonic(class LAMMPS *, int, char **);
  int setmask() override;
  void init() override;
  void setup(int) override;
  void min_setup(int) override;
  void post_force(int) override;
  void post_force_respa(int, int, int) override;
  void min_post_force(int) override;
  double compute_scalar() override;

 protected:
  double K;                // trap strength (energy units)
  int axis;                // body axis 1, 2 or 3
  double body[3];          // that axis in the body frame
  double dir[3];           // the space direction, normalised
  double energy_local;     // this rank's trap energy of the last evaluation
  double energy_total;     // its sum over the ranks (compute_scalar)
  int energy_summed;       // energy_total is up to date
  int ilevel_respa;
  class AtomVecEllipsoid *avec;
};

}    // namespace LAMMPS_NS

#endif
