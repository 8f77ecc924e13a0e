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

#include "fix.h"
#include "geomint_compat.h"

#include "geomint/triangle.h"

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

 protected:
  // arguments
  double t_start, t_stop, damp;
  int seed;
  char *tstr;                  // name of the equal-style temperature variable, or null
  int tvar;                    // its index, set in init()
  std::vector<double> ratio;   // per-type friction ratio (scale keyword), 1..ntypes
  std::vector<int> nofriction; // per-type: 1 = no friction and no noise (nofriction keyword)
  bool zero_flag, tally_flag, snap_flag;
  bool vout_half;              // vout half: atom->v holds the post-O velocity between steps
  std::string mesh_file;
  int intri_group;             // group index of the in-triangle points, -1 if none

  // per-step state
  double t_target;             // temperature of this step
  double dtf;                  // h/2 * ftm2v
  std::vector<double> c1_type, s_type;    // OU coefficients per type (0 unused)
  std::vector<double> sigma_type;         // noise amplitude per type (per-type masses)
  std::vector<double> dtfm_type;          // dtf/mass per type (per-type masses)
  std::vector<double> invm_type;          // 1/mass per type (per-type masses)
  double kt_mvv2e;                        // boltz*T/mvv2e of this step
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

  void update_coefficients();
  void compute_target();
  void update_sigma();
  double noise_sigma(int i) const;
  int draw_block(int i0, int i1, int *idx, double (*xi)[3]) const;
  // [B(s_def h/2)] B(h/2) A(h/2) O(h) A(h/2), one pass over the group; s_def != 0
  // when the closing kick of the last step is still due (vout half)
  // (virtual: fix bagogab/kk runs them as parallel_for over the same kernels)
  virtual void baoa_step(double s_def);
  // the same with the net random momentum of the atoms with noise removed
  virtual void baoa_step_zero(double s_def);
  // B(scale h/2) on every group atom (points: projected, vertices: chain-rule
  // forces); apply = false only sums the kinetic-energy change; returns it
  // (this rank, energy units)
  virtual double kick_all(double scale, bool apply);
  // zero yes: the mass-weighted mean random change over the atoms with noise
  void random_momentum_shift(const double local[4], double shift[3]) const;

  // in-triangle points (mesh keyword): the G sub-steps of BAGOGAB
  bool mesh_active;                // the mesh keyword was given
  int intri_bit;                   // group bit of the points (0: none)
  class BagogabMesh *mesh;         // the mesh (bagogab_mesh.h), null without the mesh keyword
  double **state;                  // per atom: triangle id (1-based, 0 = none), l1, l2, l3
  int **vtx;                       // per point: local indices of its corners (closest images), computed flag
  bool vtx_valid;                  // vtx is valid until the next reneighboring
  int nmax_work;                   // allocated rows of vtx, fc, dp, wat
  double **fc, **dp, **wat;        // chain-rule forces, recoil momenta, A^T v
  std::vector<geomint::TriFrame> frames;    // per point: its triangle's frame (with vtx)
  double **rev_buf;                // what reverse communication sums: fc or dp
  int n_transfers, n_reflections, max_segments;    // this step, this rank
  bool timing;                     // GEOMINT_TIMING is set: time the G sub-steps
  double substep_seconds[4];       // time in B (initial), A, G, O during this run

  void grow_work();
  void find_corners();
  void corners_of(int i);
  std::string failure;             // the first failure of this step on this rank
  void fail(int i, const std::string &msg);
  std::string no_triangle_msg(int i) const;          // point i has no triangle
  std::string too_many_segments_msg(int i) const;    // point i crossed too many edges
  void agree_on_failures();        // collective: error->all with the first failure
  // one step with points; fix bagogab/kk runs its sub-steps as Kokkos kernels
  virtual void bagogab_step(double s_def);
  double b_step(double s, double s2, bool apply);
  void a_step();
  void g_step(double tau);
  void o_step();
};

}    // namespace LAMMPS_NS

#endif
#endif
