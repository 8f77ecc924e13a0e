/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the in-triangle points of fix bagogab (mesh keyword): a
   component that owns their state (per-atom triangle and barycentrics,
   per-reneighbor corners and frames, per-step scratch, event counters,
   failures, timing) and the order of the G sub-steps
   B(h/2) A(h/2) G(h/2) O(h) G(h/2) A(h/2).  Each sub-step is a few passes
   of bagogab_passes.h between communications; a pass is a virtual hook
   that BagogabPointsCpu runs as a plain loop and the /kk component
   (fix_bagogab_kokkos.h) as a Kokkos kernel.
------------------------------------------------------------------------- */

#ifndef GEOMINT_BAGOGAB_POINTS_H
#define GEOMINT_BAGOGAB_POINTS_H

#include "bagogab_passes.h"
#include "pointers.h"

#include <cstdint>
#include <string>
#include <vector>

namespace LAMMPS_NS {

class FixBagogab;
class BagogabMesh;

// the CPU accessor of the atom data (bagogab_passes.h)
struct BagogabAtoms : geomint_bagogab::AtomScalars {
  double **x_, **v_, **f_;
  const double *rmass_;
  const int *type_, *mask_;
  const tagint *tag_;
  const double *coeff_;    // FixBagogab::coeff
  double **delta_;

  double &x(int i, int k) const { return x_[i][k]; }
  double &v(int i, int k) const { return v_[i][k]; }
  double f(int i, int k) const { return f_[i][k]; }
  int mask(int i) const { return mask_[i]; }
  int type(int i) const { return type_[i]; }
  int64_t tag(int i) const { return tag_[i]; }
  double rmass(int i) const { return rmass_[i]; }
  double coeff(int t, int k) const { return coeff_[t * geomint_bagogab::PT_N + k]; }
  double &delta(int i, int k) const { return delta_[i][k]; }
};

class BagogabPoints : protected Pointers {
 public:
  BagogabPoints(class LAMMPS *, FixBagogab *fix, const std::string &mesh_file, int intri_group,
                bool snap);
  ~BagogabPoints() override;

  BagogabMesh *mesh;
  const int intri_group;    // group of the points, -1 if none
  const int intri_bit;      // its bit (0: none)
  double **state;           // per atom: triangle id (1-based, 0 = none), l1, l2, l3
  int n_transfers, n_reflections, max_segments;    // this step, this rank

  // the step with points (s_def: the deferred closing kick of vout half);
  // returns the heat of its O step (sum m (|v|^2 before - after), this rank)
  double step(double s_def);
  // B(s h/2) [then B(s2 h/2)]; apply = false only sums the kinetic-energy
  // change of B(s h/2) (energy units / mvv2e)
  double b_step(double s, double s2, bool apply, bool then_a = false);
  void agree_on_failures();    // collective: error->all with the first failure
  // checks of every setup, then every owned point keeps or gets a triangle
  virtual void setup();
  void invalidate() { corners_valid = false; }    // corners are stale (reneighboring)
  void report_timing();
  double memory_usage();
  bigint count(int jbit) const;    // points of group bit jbit on this rank

  // per-atom state (LAMMPS calls these on the fix)
  virtual void grow_arrays(int nmax) = 0;
  void copy_arrays(int i, int j);
  void set_arrays(int i);
  int pack_exchange(int i, double *buf);
  int unpack_exchange(int nlocal, double *buf);
  int pack_restart(int i, double *buf);
  void unpack_restart(int nlocal, int nth);
  int pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc);
  void unpack_forward_comm(int n, int first, double *buf);
  int pack_reverse_comm(int n, int first, double *buf);
  void unpack_reverse_comm(int n, int *list, double *buf);

  // the message of a point's failure (PointFailure code, triangle 0-based)
  std::string failure_message(int i, int code, int tri) const;
  void fail_first(int i, int code, int tri);    // keeps the first failure of the step

 protected:
  FixBagogab *fix;
  const bool snap;
  bool corners_valid;           // corners and frames are valid until the next reneighboring
  double **fc, **dp;            // per atom (owned and ghost): chain-rule forces, recoil momenta
  double **rev_buf;             // what reverse communication sums: fc or dp
  std::string failure;          // the first failure of this step on this rank
  // the mesh for the passes: corners as indices q into the sorted vertex IDs,
  // the local images of every vertex (CSR, rebuilt at each reneighboring)
  std::vector<int64_t> vertex_tags;
  std::vector<int> tri_q, img_off, img_list;
  // the owned points and the owned group atoms that are not points, in local
  // index order (rebuilt at each reneighboring with the images)
  std::vector<int> point_list, free_list;
  const bool timing;            // GEOMINT_TIMING is set: time the sub-steps
  double substep_seconds[4];    // time in B (initial), A, G, O during this run

  double og_step(double tau);    // recoil of the first G, O, the second G; returns the heat
  void build_images();
  void build_lists();
  void reverse_comm_host(double **buf);    // sum ghost rows of buf onto their owners
  void forward_comm_host();                // positions of ghosts (the fix's own communication)

  // storage and data movement
  virtual void grow_work() = 0;               // work rows for nmax atoms
  virtual void state_to_host() {}             // before a host access to state
  virtual void mask_to_host() {}              // before build_lists
  virtual void state_modified_on_host() {}    // after a host change of state
  virtual void reverse_sum(double **buf) = 0;    // fc or dp onto owners
  virtual void forward_x() = 0;               // the positions of the ghosts
  virtual void collect_failures() {}          // failures of a kernel into `failure`
  virtual void kept_corners(int i, int c[3]) const = 0;    // point i's corner images (host)
  virtual void fence() {}                     // (timing)
  virtual void step_done() {}
  // the passes (bagogab_passes.h); sums accumulate into their arguments
  virtual void corners_pass() = 0;    // after build_images
  // (then_a, with_a: fused with the first or second half of an A(h/2))
  virtual void b_points(double s, double s2, bool apply, bool then_a, double &dke) = 0;    // zeroes fc first
  virtual void b_free(double s, double s2, bool apply, bool then_a, double &dke) = 0;
  virtual void a_second() = 0;
  virtual void ag_points(double tau, int counts[3]) = 0;    // zeroes dp first
  virtual void g_recoil(bool then_a, bool from_fc) = 0;
  virtual void og_points(bool zero, double tau, double sums[8]) = 0;    // zeroes fc first
  virtual void o_zero_free(const double shift[3], double &de) = 0;
  virtual double work_bytes() = 0;
};

// the CPU component: per-atom work arrays, passes as plain loops
class BagogabPointsCpu : public BagogabPoints {
 public:
  BagogabPointsCpu(class LAMMPS *, FixBagogab *, const std::string &, int, bool);
  ~BagogabPointsCpu() override;
  void grow_arrays(int nmax) override;

  // the CPU accessor of atoms and points (bagogab_passes.h)
  struct Access;

 protected:
  int nmax_work;                            // allocated rows of vtx, fc, dp, wat, frames
  int **vtx;                                // corners (closest images), computed flag
  double **wat;                             // A^T v
  std::vector<geomint::TriFrame> frames;    // per point: its triangle's frame
  Access access();
  void zero_vertex_rows(double **buf);    // the rows of the vertex images (corners_pass: all)

  void grow_work() override;
  void reverse_sum(double **buf) override;
  void forward_x() override;
  void corners_pass() override;
  void kept_corners(int i, int c[3]) const override
  {
    for (int k = 0; k < 3; k++) c[k] = vtx[i][k];
  }
  void b_points(double s, double s2, bool apply, bool then_a, double &dke) override;
  void b_free(double s, double s2, bool apply, bool then_a, double &dke) override;
  void a_second() override;
  void ag_points(double tau, int counts[3]) override;
  void g_recoil(bool then_a, bool from_fc) override;
  void og_points(bool zero, double tau, double sums[8]) override;
  void o_zero_free(const double shift[3], double &de) override;
  double work_bytes() override;
};

}    // namespace LAMMPS_NS

#endif
