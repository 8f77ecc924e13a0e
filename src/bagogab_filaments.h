/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the rigid-link filaments of fix bagogab (filament keyword):
   a component that owns the filament topology (replicated on every rank,
   built from the bond and angle lists at init), the local images of each
   filament's beads (rebuilt at each reneighboring), the solver's work
   space and its statistics, and the order of the constrained sub-steps

     [B(s_def h/2)] B(h/2) A(h/2)+SHAKE RATTLE O(h) RATTLE A(h/2)+SHAKE [RATTLE]

   of the filament beads.  The per-filament solves are the kernels of
   lib/geomint/filament.h over one accessor, run by a loop over filaments
   here and by a Kokkos parallel_for over filaments in fix bagogab/kk.

   Parallel scheme: every rank that owns a bead of a filament solves the
   whole filament from its owned and ghost copies (the same solve on each
   such rank, each rank writes its owned beads), so a filament must lie
   within the ghost cutoff of each of its beads' owners: with
   `comm_modify cutoff` at least the filament's contour length.  Ghost
   positions and velocities come from the fix's own forward communication
   before each solve (only where some filament needs a ghost copy).
------------------------------------------------------------------------- */

#ifndef GEOMINT_BAGOGAB_FILAMENTS_H
#define GEOMINT_BAGOGAB_FILAMENTS_H

#include "pointers.h"

#include "geomint/filament.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace LAMMPS_NS {

class FixBagogab;

class BagogabFilaments : protected Pointers {
 public:
  BagogabFilaments(class LAMMPS *, FixBagogab *fix, const std::vector<int> &link_types,
                   const std::vector<int> &twist_types, double ftol, int fmaxit);
  virtual ~BagogabFilaments() = default;

  // collective: the filaments from the bond and angle lists, and their checks
  // (lengths = false: the constraints only, for dof() before the first run)
  void init(int intri_bit, bool lengths = true, const class BagogabMesh *mesh = nullptr);
  // collective: local images of the beads of each filament with an owned bead
  // (after a reneighboring, or when the run starts)
  void setup_local();
  void invalidate() { local_valid = false; }
  bool local_ready() const { return local_valid; }
  // counts the setup_local calls (the /kk fix refreshes its copy of pass_mask)
  int local_serial() const { return serial; }

  // the filament beads' part of initial_integrate (s_def: the deferred closing
  // kick of vout half; zero: zero yes over the beads); returns the heat of its
  // O step (sum m (|v|^2 before - after), this rank)
  double step(double s_def, bool zero, bool project_end);
  // collective, at setup: positions that miss the constraints by more than
  // ftol are put on them (a warning gives by how much); velocities unchanged
  void correct_positions();
  // B(scale h/2) on the beads and the RATTLE projection; apply = false only
  // sums the kinetic-energy change (energy units / mvv2e, this rank)
  double kick(double scale, bool apply);

  // per-atom mask of the passes over the other atoms: the fix's group bit is
  // cleared on the beads (owned atoms; valid after setup_local)
  const int *pass_mask() const { return pass_mask_.data(); }
  bool is_bead_tag(tagint tag) const { return slot_of.count(tag) > 0; }
  // constraints whose two beads are in group bit jbit (collective)
  bigint constraints_in(int jbit);
  bigint nconstraints() const { return static_cast<bigint>(cons_a.size()); }
  int nfilaments() const { return static_cast<int>(fil_bead0.size()) - 1; }

  // statistics of this step (vector output; collective)
  double stat(int k);

  // forward communication of x and v of the ghosts (through the fix)
  int pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc);
  void unpack_forward_comm(int n, int first, double *buf);

  double memory_usage();

  // the accessor of the kernels (geomint/filament.h) and of the gather/scatter
  struct Access {
    // topology
    const int *bead0_, *cons0_, *bw_, *ca_, *cb_;
    const double *d2_;
    // work
    double *xs_, *vs_, *ys_, *w_, *r_, *band_, *rhs_;
    const double *cp_;
    double *dx_;
    // local images
    const int *img_, *own_;

    int bead0(int n) const { return bead0_[n]; }
    int nbead(int n) const { return bead0_[n + 1] - bead0_[n]; }
    int cons0(int n) const { return cons0_[n]; }
    int ncons(int n) const { return cons0_[n + 1] - cons0_[n]; }
    int bw(int n) const { return bw_[n]; }
    int ca(int c) const { return ca_[c]; }
    int cb(int c) const { return cb_[c]; }
    double d2(int c) const { return d2_[c]; }
    double w(int s) const { return w_[s]; }
    double &xs(int s, int k) const { return xs_[3 * s + k]; }
    double &vs(int s, int k) const { return vs_[3 * s + k]; }
    double &ys(int s, int k) const { return ys_[3 * s + k]; }
    double &r(int c, int k) const { return r_[3 * c + k]; }
    double &band(int c, int j) const { return band_[geomint::FIL_BAND * c + j]; }
    double &rhs(int c) const { return rhs_[c]; }
    double cp(int c, int j) const { return cp_[geomint::FIL_BAND * c + j]; }
    double &dx(int s, int k) const { return dx_[3 * s + k]; }    // displacement of the step
  };

  // the accessor with other squared lengths: d2(c) = d2t[c - c0] (the stages
  // of the setup's projection)
  struct StagedLengths : Access {
    const double *d2t;
    int c0;
    StagedLengths(const Access &a, const double *d2t_, int c0_) : Access(a), d2t(d2t_), c0(c0_) {}
    double d2(int c) const { return d2t[c - c0]; }
  };

  // what one filament's solve gives back
  struct Result {
    geomint::FilSolve solve;    // of its SHAKE solves: most iterations, largest residual, all converged
    int it_sum, nsolve;         // their iterations summed, their number
    double heat;    // STEP: sum m (|v|^2 before - after of O) over its owned beads
    bool finite;    // the velocities are finite (a singular projection gives NaN)
  };
  // the per-filament work: SHAKE (A), RATTLE, SHAKE then RATTLE at the new
  // positions; POSITIONS: positions put on the constraints (velocities
  // unchanged) where they are off by more than 2 ftol: setup, as fix shake
  // corrects coordinates; STEP: A+SHAKE, RATTLE O RATTLE (one factorisation, O
  // on every bead of the filament: the noise is keyed by atom ID and step, so
  // every rank computes the same), A+SHAKE in one pass (STEP_PROJECT: then RATTLE)
  enum Kind { SHAKE = 0, PROJECT, SHAKE_PROJECT, POSITIONS, STEP, STEP_PROJECT };

 protected:
  FixBagogab *fix;
  std::vector<int> link_types, twist_types;
  const double ftol;
  const int fmaxit;
  bool local_valid;
  bool topology_built = false;
  bool need_comm;    // some filament on some rank uses a ghost copy
  int serial;        // setup_local calls so far
  // the link bond entries when the filaments were found: count, hash sum (link_signature)
  bigint link_count[2] = {0, 0};

  // topology (every rank): bead slots in chain order (a material-direction bead
  // after its node), constraints ordered along the chain
  std::vector<tagint> slot_tag;
  std::vector<int> fil_bead0, fil_cons0, fil_bw;    // per filament (offsets: nfil + 1)
  std::vector<int> cons_a, cons_b;                  // constraint beads (slots)
  std::vector<double> cons_d2;                      // squared lengths
  std::vector<double> fil_contour;                  // the longest bead distance bound
  std::unordered_map<tagint, int> slot_of;
  std::vector<int> slot_fil;                        // per slot: its filament

  // local (every reneighboring)
  std::vector<int> local_fil;         // filaments with an owned bead
  std::vector<int> slot_img, slot_own;    // per slot: the image used, the owned copy (-1)
  std::vector<int> own_slots;             // the slots with an owned copy, in slot order
  std::vector<int> pass_mask_;

  // work space (per slot, per constraint)
  std::vector<double> xs, vs, ys, dxs, wm, rr, band, rhs, v2, cpl;
  // the chain graph of every filament: slots joined by a constraint (CSR)
  std::vector<int> adj_off, adj_slot, adj_con;
  // statistics of the step: max Newton iterations of a solve, their sum, solves, max residual
  int it_max, it_sum, n_solves;
  double res_max;
  std::string failure;

  Access access();
  void missing_bead_error(bigint tag, int fil, const double far[3]);
  static bigint link_hash(bigint tag1, bigint tag2, int type);
  void link_signature(bigint &count, bigint &sum);
  void forward_xv();
  void kick_beads(double s, double s2);
  void project();
  double o_step_zero();
  void agree_on_failures();
  // solve_all communicates, runs for_filaments (a loop here, virtual for /kk)
  // and collects the outcomes; returns the summed heat
  double solve_all(int kind, double tau);
  virtual void for_filaments(int kind, double tau);
  // up to FIL_LANES filaments fil[0..count) solved together (geomint::FilGroup):
  // gather their image rows, solve, write their owned beads; outcomes into out
  void solve_group(const Access &a, const struct BagogabAtoms &at, const int *fil, int count,
                   int kind, double tau, Result *out) const;
  // this rank's filaments in groups of FIL_LANES: their number, and group q solved
  int ngroups() const
  {
    return (static_cast<int>(local_fil.size()) + geomint::FIL_LANES - 1) / geomint::FIL_LANES;
  }
  void solve_group_of(const Access &a, const struct BagogabAtoms &at, int q, int kind,
                      double tau);
  std::vector<Result> results;    // per local filament, of the last solve
};

}    // namespace LAMMPS_NS

#endif
