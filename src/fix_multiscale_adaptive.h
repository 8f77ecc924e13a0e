/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix multiscale/adaptive: force-scaling multiscale dynamics (Guy 2018,
   ch. 2, 4, 5).  mode atomistic: the modified Nose-Hoover thermostat with
   the forces and the k_d zetadot friction scaled by a2; mode
   continuum: Stokes-damped dynamics with forces, drag and Brownian noise
   scaled by a2; adaptive: the potential force between two
   groups stays unscaled until it crosses a threshold.
   integrate no: forces only, for fix rigid, rigid/small or poems.
   See doc/fix_multiscale_adaptive.rst.
------------------------------------------------------------------------- */

#ifndef GEOMINT_FIX_MULTISCALE_ADAPTIVE_H
#define GEOMINT_FIX_MULTISCALE_ADAPTIVE_H

#include "geomint_noise_steps.h"
#include "atom.h"
#include "fix.h"
#include "fix_multiscale_adaptive_params.h"
#include "nh_mod_thermostat.h"

#include "geomint/multiscale.h"
#include "multiscale_adaptive_passes.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {

class FixMultiscaleAdaptive : public Fix, protected MultiscaleAdaptiveParams {
 public:
  FixMultiscaleAdaptive(class LAMMPS *, int, char **);
  ~FixMultiscaleAdaptive() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void initial_integrate(int) override;
  void final_integrate() override;
  void end_of_step() override;
  int modify_param(int, char **) override;
  void reset_target(double) override;
  void reset_dt() override;
  double compute_scalar() override;
  double compute_vector(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;

  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;
  double memory_usage() override;

  // per-atom state: drag force (3), held Brownian force (3), the step of
  // that draw, the step of the drags, and with rdrag the rotational drag
  // torque (3): 8 values (one cache line) or 11 (multiscale_adaptive_passes.h)
  enum { FD = geomint_msa::FD, FB = geomint_msa::FB, FBSTEP = geomint_msa::FBSTEP,
         DSTEP = geomint_msa::DSTEP, TD = geomint_msa::TD };
  // integrate no, from column wcol: the applied force parts k, p, d, b (12),
  // the torque parts k, d (6), the velocities before and after the first
  // half-kick (VH, VE), the same for omega (OH, OE), the step of application
  // (the record of geomint::msa_apply_atom)
  enum {
    TKW = geomint::MSA_TKW, TDW = geomint::MSA_TDW, VH = geomint::MSA_VH, VE = geomint::MSA_VE,
    OH = geomint::MSA_OH, OE = geomint::MSA_OE, WSTEP = geomint::MSA_WSTEP, WNSTATE = geomint::MSA_WN
  };

 protected:
  bool setup_ran = false;    // setup() ran once (run N pre no skips it: geomint_error::require_setup)
  NoiseSteps noise_steps;    // a warning when a run repeats the noise of steps run already
  // the parameters (MultiscaleAdaptiveParams: mode, a2, b2, integrate,
  // the drags, flow and noise of mode continuum, adaptive pot G1 G2)

  // mode atomistic: the nh/mod thermostat (kicks a2 f, friction a2 kd
  // zetadot); its tchar is also mode continuum's (eps)
  NHModThermostat thermo;
  double eps_continuum;
  bool excluded;    // adaptive: G1-G2 excluded from the neighbor lists
  bool on;                          // a2* = a2 (else 1)
  bigint switch_step, last_switch;  // the step of the last switch (-1: none)
  double signal, phi_p;             // unscaled F_p and the G1-G2 energy of the step

  double wk, wp, wd, wb;    // this rank's works of the kicks (energy)
  double **fpot;            // per-atom G1-G2 force of the step (unscaled)
  double **state;           // per-atom nstate values (see the enum)
  int nstate, wcol;
  int nmax_fpot;
  double dtv, dtf;
  class Pair *pair;

  double a2star() const { return adaptive && !on ? 1.0 : a2; }
  double noise_factor() const;
  geomint::MSAStep step_scalars() const;
  void step_forces(bool setup);
  double noise_variance();
  // per type (geomint_msa::PT_...): drag beta, rotational drag beta,
  // radius, dtf/m, sigma of the draws; 0 where not given
  std::vector<double> ptype;
  void fill_types();
  void add_works(const geomint::MSAWork &w);
  void compute_target();
  void thermostat_half();
  double kinetic_temperature();
  double total(double local, bool max = false) const;

  // the scalars of a pass (setup: at a setup; s2 = noise_variance()), and
  // the pass over LAMMPS's host arrays
  typedef geomint_msa::Pass<geomint_msa::HostAtoms<tagint>> HostPass;
  geomint_msa::PassScalars pass_scalars(bool setup = false, double s2 = 0.0) const;
  HostPass host_pass(const geomint_msa::PassScalars &p) const;

  // the per-atom passes (multiscale_adaptive_passes.h), run here in plain
  // loops and by fix multiscale/adaptive/kk as Kokkos kernels
  virtual void kick_drift_pass(const geomint_msa::PassScalars &p, geomint::MSAWork &w);    // half-kick, x += h v
  // drags and draws (mode continuum), then with_kick the half-kick
  virtual void forces_kick_pass(const geomint_msa::PassScalars &p, bool with_kick, geomint::MSAWork &w);
  virtual void apply_pass(const geomint_msa::PassScalars &p, geomint::MSAWork &w);         // integrate no: f, torque
  virtual void first_half_pass(const geomint_msa::PassScalars &p, geomint::MSAWork &w);    // integrate no: end_of_step's works
  virtual void kinetic_sums(const geomint_msa::PassScalars &p, double local[2]);           // sum m v^2 and the count
  virtual void scale_velocities(double factor);  // the thermostat's v *= factor
  virtual double temperature_scalar();           // the thermostat's compute
  virtual void potential_forces();               // f_p (pair->single, host), signal, switch
  virtual void grow_fpot();                      // room for atom->nmax rows of f_p
  void apply_forces(bool setup);
};

}    // namespace LAMMPS_NS

#endif
