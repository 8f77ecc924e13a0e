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

#include <string>
#include <vector>

namespace LAMMPS_NS {

class FixBagogab : public Fix {
 public:
  FixBagogab(class LAMMPS *, int, char **);
  ~FixBagogab() override;
  int setmask() override;
  void init() override;
  void initial_integrate(int) override;
  void final_integrate() override;
  void reset_dt() override;
  void reset_target(double) override;
  double compute_scalar() override;
  void write_restart(FILE *) override;
  void restart(char *) override;
  void *extract(const char *, int &) override;
  double memory_usage() override;

 protected:
  // arguments
  double t_start, t_stop, damp;
  int seed;
  char *tstr;                  // name of the equal-style temperature variable, or null
  int tvar;                    // its index, set in init()
  std::vector<double> ratio;   // per-type friction ratio (scale keyword), 1..ntypes
  bool zero_flag, tally_flag, snap_flag;
  std::string mesh_file;
  int intri_group;             // group index of the in-triangle points, -1 if none

  // per-step state
  double t_target;             // temperature of this step
  double dtf;                  // h/2 * ftm2v
  std::vector<double> c1_type, s_type;    // OU coefficients per type (0 unused)
  std::vector<double> sigma_type;         // noise amplitude per type (per-type masses)
  std::vector<double> dtfm_type;          // dtf/mass per type (per-type masses)
  double kt_mvv2e;                        // boltz*T/mvv2e of this step
  double e_bath_local;         // heat given to the bath on this rank since the fix began
  double e_bath_restart;       // tally carried over from a restart file (rank 0 only)

  // work space for `zero yes`
  int nmax_delta;
  double **delta;

  void update_coefficients();
  void compute_target();
  void update_sigma();
  double noise_sigma(int i) const;
  int draw_block(int i0, int i1, int *idx, double (*xi)[3]) const;
  void baoa_step();            // B(h/2) A(h/2) O(h) A(h/2), one pass over the group
  void baoa_step_zero();       // the same with the net random momentum removed
};

}    // namespace LAMMPS_NS

#endif
#endif
