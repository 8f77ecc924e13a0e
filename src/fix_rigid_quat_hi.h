/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix rigid/quat/hi: quaternion rigid-body Langevin dynamics with
   translation-rotation hydrodynamic interactions and an exact OU step
   (Davidchack, Ouldridge and Tretyakov, J. Chem. Phys. 147, 224103 (2017);
   doc/fix_rigid_quat_hi.rst).  This class is `bodystyle atom`:
   every atom of the group is one body, an ellipsoid (atom_style ellipsoid)
   or a sphere (atom_style sphere, whose quaternion the fix keeps).
------------------------------------------------------------------------- */

#ifndef GEOMINT_FIX_RIGID_QUAT_HI_H
#define GEOMINT_FIX_RIGID_QUAT_HI_H

#include "geomint_noise_steps.h"
#include "fix.h"
#include "rigid_quat_hi_passes.h"

#include "geomint/rigid_body.h"

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

  // sphere mode: the per-atom quaternion (migration, restart, f_ID[1-4])
  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;

  // an atom style of spheres without ellipsoids (radius, omega, torque, rmass):
  // the fix then keeps the bodies' quaternions
  static bool sphere_style(class Atom *);

 protected:
  bool setup_ran = false;    // setup() ran once (run N pre no skips it: geomint_error::require_setup)
  NoiseSteps noise_steps;    // a warning when a run repeats the noise of steps run already
  class RigidQuatHiCore *core;
  class AtomVecEllipsoid *avec;    // ellipsoid mode
  bool sphere;                     // sphere mode: atom_style sphere (radius, omega, torque)
  double **quat;                   // sphere mode: the bodies' quaternions, kept by the fix
  double dtf;                   // h/2 ftm2v
  double e_bath_local;          // energy given to the bath on this rank (energy units; a
                                // restart file's tally goes to rank 0)
  // the bodies' rotational kinetic energy when the tally began (the first
  // setup): the scalar adds its change since, which etotal does not count
  double erot_ref;
  bool erot_ref_pending;        // not taken yet (a new fix, or a restart without it)
  double rotational_energy();   // collective: vector element 8
  std::vector<double> pack;     // hi rpy: the local bodies' midpoint states
  std::vector<int> pack_index;  // their local indices
  double lambda_local;          // hi off: this rank's smallest relaxation time (K^-1/2 mu K^-1/2)

  // hi off: per-type coefficients when every body of a type has the same
  // mass, shape and radius (checked at setup); else per body each step
  typedef geomint::RigidOUCoeff TypeCoeff;
  std::vector<TypeCoeff> type_coeff;    // 1..ntypes
  bool per_type;                        // type_coeff is valid
  double tmin_types;                    // smallest relaxation time of the types
  void setup_type_coeff();
  bigint natoms_setup = -1;    // atom count of the last check of the bodies
  void check_bodies();
  // atoms added during a run: checked as at init, per-type coefficients redone
  virtual bool atoms_changed();

  // the bodies as the passes of rigid_quat_hi_passes.h read them on the CPU
  template <bool SPHERE> struct Bodies;
  template <bool SPHERE> Bodies<SPHERE> bodies() const;
  template <class F> void with_bodies(F &&f) const;
  void principal_moments(int i, double inertia[3]) const;
  void body_properties(int i, double v[5]) const;

  // the step (initial_integrate: first half, OU, second half; final_integrate:
  // the half kick), with the passes as hooks that fix rigid/quat/hi/kk runs
  // as Kokkos kernels over the same per-body functions
  rqh::StepParams step_params(double kT) const;
  virtual void first_half_pass(const rqh::StepParams &p);
  virtual void second_half_pass(const rqh::StepParams &p);
  // hi off: the whole step of every body; adds the heat to de, the shortest
  // relaxation time of bodies with their own coefficients to tmin
  virtual void hi_off_pass(const rqh::StepParams &p, double &de, double &tmin);
  virtual void kick_pass(const rqh::StepParams &p);
  // hi rpy: the dense step (on the host)
  virtual void dense_pass(double kT) { ou_rpy(kT); }
  virtual void end_step() {}
  void ou_rpy(double kT);
};

}    // namespace LAMMPS_NS

#endif
