/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - fix dg/nve: energy-conserving discrete-gradient NVE integrator
------------------------------------------------------------------------- */

#ifdef FIX_CLASS
// clang-format off
FixStyle(dg/nve,FixDGNVE);
// clang-format on
#else

#ifndef GEOMINT_FIX_DG_NVE_H
#define GEOMINT_FIX_DG_NVE_H

#include "fix.h"

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace LAMMPS_NS {

class DGStyle;
class DGBondedHybrid;
struct DGPredict;
struct DGFixedPoint;

class FixDGNVE : public Fix {
 public:
  FixDGNVE(class LAMMPS *, int, char **);
  ~FixDGNVE() override;
  int setmask() override;
  void init() override;
  void setup(int) override;
  void setup_post_neighbor() override;
  void post_neighbor() override;
  void setup_pre_reverse(int, int) override;
  void initial_integrate(int) override;
  void pre_reverse(int, int) override;
  void final_integrate() override;
  void reset_dt() override;
  double compute_scalar() override;
  double compute_vector(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;
  void *extract(const char *, int &) override;
  int pack_reverse_comm(int, int, double *) override;
  void grow_arrays(int) override;
  void copy_arrays(int, int, int) override;
  void set_arrays(int) override;
  int pack_exchange(int, double *) override;
  int unpack_exchange(int, double *) override;
  int pack_restart(int, double *) override;
  void unpack_restart(int, int) override;
  int size_restart(int) override;
  int maxsize_restart() override;
  void unpack_reverse_comm(int, int *, double *) override;
  double memory_usage() override;

  // per atom: the discrete force of its last step, how many of its last steps it
  // has (0-3), the discrete forces of the two steps before (fprev's columns)
  static constexpr int NPREV = 10;

 protected:
  std::string jump_styles;    // pair styles with an energy jump at the cutoff (shift no)
  std::string dsf_special_styles;    // DSF styles whose special pairs jump at the cutoff
  bool jump_warned = false;
  std::set<std::string> momentum_warned;    // fix momentum IDs warned about
  bool setup_ran = false;    // setup() ran once (run N pre no skips it: geomint_error::require_setup)
  // keywords
  double tol;          // increment relative to the step's largest displacement (converged())
  double xmax_local;   // this rank's max |x^n| (the round-off floor, in converged())
  double last_target;  // the increment the last iteration had to reach
  double prev_inc;     // the increment of the iteration before (this step)
  tagint worst_tag;    // a step that did not converge: the atom whose position moved most
  int maxiter;
  int predictor;       // DGPredictor (dg_passes.h)
  bool quadratic;      // predictor extrapolate: the next step extrapolates quadratically
  bool last_quadratic; // ... the last step did (vector entry 9)
  double maxdisp;      // largest allowed displacement in one step
  int variant;         // -1 = each style's own, else geomint::dg::Variant for all
  int onfail;          // ONFAIL_ERROR, ONFAIL_WARN, ONFAIL_IGNORE

  double dtv, dtf;
  std::vector<DGStyle *> dgstyles;    // the active DG force styles
  std::vector<std::string> dgnames;   // what each is ("pair style lj/cut/dg", ...)
  std::vector<std::shared_ptr<DGBondedHybrid>> hybrids;    // bonded hybrid styles (dgstyles)
  // per DG style: the special lj and coul factors of its pair hybrid sub-style, or null
  std::vector<std::pair<double *, double *>> dg_special;

  // per-step statistics
  int last_iter;
  double last_inc, last_maxdisp, last_energy_error;
  bigint nsteps, total_iter, nfail;

  int nmax;
  double **xold, **vold, **fdg;
  double **fprev;    // per atom: the discrete force of its last step, how many of its
                     // last steps it has (0-2), the discrete force of the step before
  double **gcur, **rcur, **gprev, **rprev;    // Anderson mixing: G(u) and G(u) - u, now and before
  int anderson;                                // 1: Anderson mixing, 0: plain fixed point
  int depth;                                   // Anderson history depth m
  std::vector<double> mixhist;                 // its dG and dR columns (2 depth x 3 nmax)
  std::vector<double> dtfm_atom;               // dt/2m of each owned atom (set each step)
  int forces_auto;          // 1: leave the styles' forces out of force calls nobody reads
  bool skipped_forces;      // this step's force call leaves them out
  bool skip_allowed;        // no other fix or dynamic group could read them (init())
  bool timeout_run;         // a timer timeout applies to this run (first step)
  bigint nskipped;          // force calls left out (this fix's lifetime)
  int newton_solver;                           // 1: Jacobian-free Newton-Krylov (GMRES)
  int krylov;                                  // largest Krylov space of one Newton step
  double ktol;                                 // relative GMRES tolerance

  // forces added by other fixes (post_force): an explicit force F_ext in the Strang
  // splitting kick(F_ext, dt/2) . DG step . kick(F_ext, dt/2)
  int ext_active;    // 1 if another fix could add forces (it has POST_FORCE)
  int ext_state;     // what fext holds: EXT_NONE, EXT_STYLE (f of the styles), EXT_FORCE
  double **fext;     // the styles' forces (owned + ghost), then F_ext = f - that (owned)
  int nmax_ext;
  double work;       // W: kinetic energy the external half kicks added (all ranks, cumulative)
  double **rev_buf;  // what reverse communication sums: fdg or fext

  // the atoms the neighbor lists were built for (recorded in post_neighbor):
  // commands between runs (write_restart, write_data, displace_atoms, change_box,
  // create_atoms, ...) re-wrap, move, migrate or re-order atoms and rebuild or
  // drop the ghosts without a new list, and `run N pre no` has no setup
  int built_nlocal, built_nghost;       // -1: no list recorded yet
  std::vector<tagint> built_tag;        // owned then ghost atoms, in list order
  std::vector<double> built_x;          // owned positions (3 per atom)
  double built_boxlo[3], built_boxhi[3], built_corners[8][3];

  // the per-atom passes of the step (dg_passes.h): loops over the host arrays
  // here, parallel_for / parallel_reduce in fix dg/nve/kk
  virtual void grow();
  virtual double begin_pass(double &xmax);              // x^n, v^n, dt/2m; returns sum m v^2
  virtual void predict_pass(const DGPredict &);  // the predictor of each owned atom
  // v^n+1, fbar kept; r = {sum m v^2, the largest errors of the two extrapolations}
  virtual void finish_pass(double r[3]);
  virtual double max_disp2_local();                     // this rank's max |x - x^n|^2
  virtual void styles_step_begin(double reach);         // DGStyle::dg_step_begin of each style
  virtual DGFixedPoint fixed_point_arrays();     // the arrays of the fixed-point passes
  virtual void residual_pass(int nh, const DGFixedPoint &, double &inc, double &disp,
                             double *sums);
  virtual void update_pass(int nh, const DGFixedPoint &, const double *gamma);
  virtual void swap_cur_prev();    // gcur <-> gprev, rcur <-> rprev (their arrays)
  virtual int worst_atom_local(double &value);
  // fbar (fdg) at the trial positions: the ghosts' trial positions, fdg zeroed,
  // each style's part (style k of dgstyles), the ghosts' parts to their owners
  void discrete_force(double &vnew, double &vold_sum);
  virtual void forward_trial_positions();
  virtual void zero_discrete_force();
  virtual void style_discrete_force(size_t k, double &vnew, double &vold_sum);
  virtual void sum_ghost_discrete_force();
  virtual double external_kick();
  virtual void grow_fext();    // fext for atom->nmax atoms
  void record_neighbor_build();
  bool neighbor_lists_stale();
  bool rebuild_neighbor_lists();
  bool converged(int iter, double inc_local, double disp_local, double &inc);
  int fixed_point(double &inc, double &vnew, double &vold_sum);
  void mix_coefficients(int n, const double *all, double *gamma);
  double max_displacement();
  bool forces_unread() const;
  void set_skip_compute(bigint step);
  int newton_krylov(double &inc, double &vnew, double &vold_sum);
};

}    // namespace LAMMPS_NS

#endif
#endif
