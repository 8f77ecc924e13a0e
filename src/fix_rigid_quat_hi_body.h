/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix rigid/quat/hi with bodystyle single | molecule | custom | group:
   bodies of several atoms with the body bookkeeping of LAMMPS fix rigid
   (centre of mass, principal axes, image flags, set_xv/set_v, DOF removal,
   infile), which this class inherits; the step is that of bodystyle atom on
   fix rigid's replicated body arrays.  See doc/fix_rigid_quat_hi.rst.
------------------------------------------------------------------------- */

#ifndef GEOMINT_FIX_RIGID_QUAT_HI_BODY_H
#define GEOMINT_FIX_RIGID_QUAT_HI_BODY_H

#include "geomint_noise_steps.h"
#include "fix_rigid.h"

#include "geomint/rigid_body.h"

#include <memory>
#include <string>
#include <vector>

namespace LAMMPS_NS {

// splits the command into what fix rigid parses (bodystyle and the fix rigid
// keywords that carry over) and what the GEOMINT core parses, and parses the
// latter; a base class so that every check of the command runs before
// FixRigid's constructor (an ERROR thrown after it has registered its atom
// callbacks would end the process while unwinding)
struct RigidQuatHiArgs {
  RigidQuatHiArgs(class LAMMPS *, int, char **);
  ~RigidQuatHiArgs();
  std::vector<std::string> rigid_str, own_str;
  std::vector<char *> rigid_argv, own_argv;
  std::unique_ptr<class RigidQuatHiCore> core;
  std::vector<std::string> body_groups;    // bodystyle group: the groups of the bodies
  int rigid_narg() { return static_cast<int>(rigid_argv.size()); }
  char **rigid_args() { return rigid_argv.data(); }
};

class FixRigidQuatHiBody : private RigidQuatHiArgs, public FixRigid {
 public:
  FixRigidQuatHiBody(class LAMMPS *, int, char **);
  ~FixRigidQuatHiBody() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void initial_integrate(int) override;
  void reset_dt() override;
  void reset_target(double) override;
  double compute_scalar() override;
  double compute_vector(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;
  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;
  double memory_usage() override;

 protected:
  bool setup_ran = false;    // setup() ran once (run N pre no skips it: geomint_error::require_setup)
  NoiseSteps noise_steps;    // a warning when a run repeats the noise of steps run already
  double e_bath;    // energy given to the bath (the same on every rank: bodies are replicated)

  // hi off: per-body OU coefficients (masses and moments do not change)
  std::vector<geomint::RigidOUCoeff> coeff;
  double tmin;    // hi off: the shortest momentum relaxation time
  void setup_coeff();

  std::vector<double> pack, moved;    // hi rpy: the bodies' midpoint states, the new momenta

  void ou_rpy(double kT);

  // restart: the bodies' state and the atoms' body coordinates, put back at
  // the first init() after the fix is made from a restart file
  std::vector<double> saved_bodies;
  double **saved_atoms;    // per atom: the record of pack_restart (size, version, displace[3], orient, dorient)
  int saved_cols;
  bool restore_pending;
  bool restore_from_file;    // the saved state comes from a restart file (else: the last run)
  void restore_bodies();
  std::string body_changed(int b, const double *saved) const;
  void refuse_empty_bodies();
  void refuse_atoms_outside_bodies();
  bool atoms_follow_bodies();
  double box_length() const;
  void snapshot_bodies();
  std::vector<double> body_state() const;
};

}    // namespace LAMMPS_NS

#endif
