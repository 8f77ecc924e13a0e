/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix rigid/quat/hi: quaternion rigid-body Langevin dynamics with
   translation-rotation hydrodynamic interactions and an exact OU step
   (seed 004; doc/fix_rigid_quat_hi.rst).  This class is `bodystyle atom`:
   every ellipsoid of the group is one body.
------------------------------------------------------------------------- */

#ifndef GEOMINT_FIX_RIGID_QUAT_HI_H
#define GEOMINT_FIX_RIGID_QUAT_HI_H

#include "fix.h"

#include <vector>

namespace LAMMPS_NS {

class FixRigidQuatHi : public Fix {
 public:
  FixRigidQuatHi(class LAMMPS *, int, char **);
  ~FixRigidQuatHi() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void initial_integrate(int) override;
  void final_integrate() override;
  void reset_dt() override;
  void reset_target(double) override;
  double compute_scalar() override;
  double compute_vector(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;
  double memory_usage() override;

 protected:
  class RigidQuatHiCore *core;
  class AtomVecEllipsoid *avec;
  double dtf;                   // h/2 ftm2v
  double e_bath_local;          // energy given to the bath on this rank (energy units; a
                                // restart file's tally goes to rank 0)
  std::vector<double> pack;     // hi rpy: the local bodies' midpoint states
  std::vector<int> pack_index;  // their local indices
  double lambda_local;          // hi off: this rank's smallest relaxation time (K^-1/2 mu K^-1/2)

  // hi off: per-type coefficients when every body of a type has the same
  // mass, shape and radius (checked at setup); else per body each step
  struct TypeCoeff {
    double mass, inertia[3];
    double ct[3], st[3];    // translation: decay, sqrt((1 - c^2) / m) (times sqrt(kT): velocity)
    double cr[3], sr[3];    // rotation: decay, sqrt(I (1 - c^2))
    bool t_iso;
  };
  std::vector<TypeCoeff> type_coeff;    // 1..ntypes
  bool per_type;                        // type_coeff is valid
  double tmin_types;                    // smallest relaxation time of the types
  void body_coeff(double m, const double inertia[3], double radius, TypeCoeff &c, double &tmin) const;
  void setup_type_coeff();

  void principal_moments(int i, double inertia[3]) const;
  void half_kick();
  void half_drift_rotate(bool before);
  void ou_off(double kT);
  void ou_rpy(double kT);
};

}    // namespace LAMMPS_NS

#endif
