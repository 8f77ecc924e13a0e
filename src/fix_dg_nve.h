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

#include <vector>

namespace LAMMPS_NS {

class DGStyle;

class FixDGNVE : public Fix {
 public:
  FixDGNVE(class LAMMPS *, int, char **);
  ~FixDGNVE() override;
  int setmask() override;
  void init() override;
  void initial_integrate(int) override;
  void reset_dt() override;
  double compute_scalar() override;
  double compute_vector(int) override;
  void write_restart(FILE *) override;
  void restart(char *) override;
  void *extract(const char *, int &) override;
  int pack_reverse_comm(int, int, double *) override;
  void unpack_reverse_comm(int, int *, double *) override;
  double memory_usage() override;

 protected:
  // keywords
  double tol;          // max per-atom increment of an iteration (distance units)
  int maxiter;
  int predictor;       // 1 = Verlet predictor, 0 = start from x^n
  double maxdisp;      // largest allowed displacement in one step
  int variant;         // -1 = each style's own, else geomint::dg::Variant for all
  int onfail;          // ONFAIL_ERROR, ONFAIL_WARN, ONFAIL_IGNORE

  double dtv, dtf;
  std::vector<DGStyle *> dgstyles;    // the active DG force styles

  // per-step statistics
  int last_iter;
  double last_inc, last_maxdisp, last_energy_error;
  bigint nsteps, total_iter, nfail;

  int nmax;
  double **xold, **vold, **fdg;
  double **gcur, **rcur, **gprev, **rprev;    // Anderson mixing: G(u) and G(u) - u, now and before
  int anderson;                                // 1: Anderson(1) mixing, 0: plain fixed point
  int newton_solver;                           // 1: Jacobian-free Newton-Krylov (GMRES)
  int krylov;                                  // largest Krylov space of one Newton step
  double ktol;                                 // relative GMRES tolerance

  void grow();
  void discrete_force(double &vnew, double &vold_sum);
  int fixed_point(double &inc, double &vnew, double &vold_sum);
  int newton_krylov(double &inc, double &vnew, double &vold_sum);
};

}    // namespace LAMMPS_NS

#endif
#endif
