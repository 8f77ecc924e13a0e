/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix nh/mod: the modified Nose-Hoover thermostat (Guy 2018, ch. 3): NH
   friction zeta plus a derivative term k_d zetadot on the kinetic-energy
   error (a PI controller), integrated as thermostat half-steps around
   velocity Verlet with the exact solution of the kinetic-energy sub-step.
   See doc/fix_nh_mod.rst.
------------------------------------------------------------------------- */

#ifndef GEOMINT_FIX_NH_MOD_H
#define GEOMINT_FIX_NH_MOD_H

#include "fix.h"
#include "nh_mod_thermostat.h"

namespace LAMMPS_NS {

class FixNHMod : public Fix {
 public:
  FixNHMod(class LAMMPS *, int, char **);
  ~FixNHMod() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void initial_integrate(int) override;
  void final_integrate() override;
  int modify_param(int, char **) override;
  void reset_target(double) override;
  void reset_dt() override;
  double compute_scalar() override;
  double compute_vector(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;

 protected:
  bool setup_ran = false;    // setup() ran once (run N pre no skips it: geomint_error::require_setup)
  NHModThermostat thermo;    // parameters, state, compute, half-step (nh_mod_thermostat.h)
  double dtv, dtf;

  void compute_target();
  void thermostat_half();

  // the per-atom parts of a step, which the Kokkos variant (FixNHModKokkos)
  // runs as Kokkos kernels; the scalar half-step stays in thermostat_half()
  virtual double measured_y();           // sum m v^2 = tdof kB T of the compute; sets tdof
  virtual void half_kick();              // v += h/2 f/m
  virtual void drift();                  // x += h v
  virtual void scale_velocities(double); // v *= factor (less the compute's bias)
};

}    // namespace LAMMPS_NS

#endif
