/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   fix bagogab: BAOAB Langevin dynamics (Leimkuhler-Matthews splitting)
   with G sub-steps for in-triangle points on a triangle mesh.
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(bagogab,FixBagogab);
// clang-format on
#else

#ifndef GEOMINT_FIX_BAGOGAB_H
#define GEOMINT_FIX_BAGOGAB_H

#include "geomint_noise_steps.h"
#include "bagogab_passes.h"
#include "fix.h"
#include "geomint_compat.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {

class FixBagogab : public Fix {
 public:
  FixBagogab(class LAMMPS *, int, char **);
  ~FixBagogab() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void initial_integrate(int) override;
  void final_integrate() override;
  void reset_dt() override;
  void reset_target(double) override;
  double compute_scalar() override;
  void write_restart(FILE *) override;
  void restart(char *) override;
  void *extract(const char *, int &) override;
  double memory_usage() override;

  // in-triangle points
  void setup_pre_neighbor() override;
  void pre_neighbor() override;
  void post_run() override;
  geomint_compat::dof_type dof(int) override;
  double compute_vector(int) override;
  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;
  int pack_forward_comm(int, int *, double *, int, int *) override;
  void unpack_forward_comm(int, int, double *) override;
  int pack_reverse_comm(int, int, double *) override;
  void unpack_reverse_comm(int, int *, double *) override;

  // what the points component (bagogab_points.h) asks of the fix
  struct BagogabAtoms atoms_cpu();             // the CPU accessor of the atom data
  geomint_bagogab::AtomScalars atom_scalars() const;    // the step's scalars of an accessor
  bool zero_momentum() const { return zero_flag; }
  // the OU rate gamma/M of atom type t (0: nofriction)
  double friction_rate(int t) const { return nofriction[t] ? 0.0 : 1.0 / (damp * ratio[t]); }
  // the mask of the passes over the atoms that are not filament beads: the
  // fix's group bit is cleared on the beads (they have their own passes)
  const int *pass_mask() const;
  bool comm_filaments;    // the fix's forward communication carries the filaments' x and v
  bool tally_on() const { return tally_flag; }
  // zero yes: the mass-weighted mean random change over the atoms with noise
  // (collective); local = this rank's (sum m delta (3), sum m) over them
  void random_momentum_shift(const double local[4], double shift[3]) const;

 protected:
  bool setup_ran = false;    // setup() ran once (run N pre no skips it: geomint_error::require_setup)
  NoiseSteps noise_steps;    // a warning when a run repeats the noise of steps run already
  // arguments
  double t_start, t_stop, damp;
  int seed;
  char *tstr;                  // name of the equal-style temperature variable, or null
  int tvar;                    // its index, set in init()
  std::vector<double> ratio;   // per-type friction ratio (scale keyword), 1..ntypes
  std::vector<int> nofriction; // per-type: 1 = no friction and no noise (nofriction keyword)
  bool zero_flag, tally_flag;
  bool vout_half;              // vout half: atom->v holds the post-O velocity between steps

  // per-step state
  double t_target;             // temperature of this step
  double dtf;                  // h/2 * ftm2v
  double kt_mvv2e;             // boltz*T/mvv2e of this step
  // per type (0 unused): c1, s, sigma, dtf/m, m, 1/m (geomint_bagogab::PT_*)
  std::vector<double> coeff;
  bool coeff_changed;          // since the /kk variant last copied it to the device
  double e_bath_local;         // heat given to the bath on this rank since the fix began
  double e_bath_restart;       // tally carried over from a restart file (rank 0 only)

  // vout half: between steps atom->v lacks the closing B(h/2) kick of the last
  // step; the next step applies it before its own opening kick
  bool v_is_half;              // atom->v holds half-step velocities now
  double dt_half;              // the timestep of that missing kick
  double corr_after_run;       // this rank's KE(full) - KE(half) at the end of the last run
  double half_correction();    // this rank's KE(full) - KE(half)

  // work space for `zero yes`
  int nmax_delta;
  double **delta;

  // the in-triangle points (mesh keyword), null without them
  class BagogabPoints *points;
  // the /kk variant makes its own component (called once the arguments are parsed)
  typedef class BagogabPoints *(*PointsMaker)(class LAMMPS *, FixBagogab *,
                                               const std::string &mesh_file,
                                               int intri_group, bool snap);
  // the rigid-link filaments (filament keyword), null without them
  class BagogabFilaments *filaments;
  // the /kk variant makes its own filaments component too
  typedef class BagogabFilaments *(*FilamentsMaker)(class LAMMPS *, FixBagogab *,
                                                     const std::vector<int> &link_types,
                                                     const std::vector<int> &twist_types,
                                                     double ftol, int fmaxit);
  FixBagogab(class LAMMPS *, int, char **, PointsMaker, FilamentsMaker);
  // around the filaments' host work (their step, kick and local images, which
  // read and write LAMMPS's host arrays): no-ops here; fix bagogab/kk syncs the
  // atom data to the host before and marks x and v modified there after
  virtual void filaments_to_host() {}
  virtual void filaments_done_on_host() {}
  void filament_images(bool rebuild);

  void update_coefficients();
  void compute_target();
  void update_sigma();
  // the passes of plain BAOAB (bagogab_passes.h), a plain loop here, Kokkos
  // kernels in fix bagogab/kk; sums accumulate into their arguments
  // [B(s_def h/2)] B(h/2) A(h/2) O(h) A(h/2), one pass over the group
  virtual void baoa_pass(double s_def, double &de);
  // zero yes: [B] B A and the random changes (sum m delta, sum m) ...
  virtual void zero_first_pass(double s_def, double local[4]);
  // ... then O with the shifted changes, and A
  virtual void zero_second_pass(const double shift[3], double &de);
  // B(scale h/2) on every group atom; apply = false only sums the kinetic-energy change
  virtual void kick_pass(double scale, bool apply, double &dke);
  // B(scale h/2) on every group atom (points: projected, vertices: chain-rule
  // forces); returns the kinetic-energy change if apply is false (this rank)
  double kick_all(double scale, bool apply);
};

}    // namespace LAMMPS_NS

#endif
#endif
