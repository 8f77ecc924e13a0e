// An in-process LAMMPS with the GEOMINT plugin loaded, as LAMMPS's own
// unittest/force-styles tests drive it: commands in, atom data and fix outputs out.
#ifndef GEOMINT_LAMMPS_SESSION_H
#define GEOMINT_LAMMPS_SESSION_H

#include "lammps.h"

#include <map>
#include <string>
#include <vector>

namespace geomint_test {

class Session {
 public:
  // kokkos: 1 = run with '-k on t 2 -sf kk' (Kokkos, 2 OpenMP threads), 0 = plain
  // LAMMPS, -1 = as the environment says (GEOMINT_TEST_KOKKOS=1: the .kk ctest variants)
  explicit Session(bool load_plugin = true, int kokkos = -1);
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  // Run one or more input lines (separated by newlines); an ERROR fails the test.
  void cmd(const std::string &lines);
  // Run lines that must fail; returns the ERROR message ("" if nothing failed).
  std::string error_of(const std::string &lines);
  // Run lines that must succeed, then lines that must fail; returns the ERROR
  // message of the latter (the bad-input tables: a fix, then "run 1")
  std::string error_of(const std::string &lines, const std::string &failing);

  double equal(const std::string &expr);     // value of an equal-style expression
  double fix_scalar(const std::string &fix_id);
  double fix_vector(const std::string &fix_id, int i);

  // per-atom data in tag order (tag t at index t-1), gathered from all ranks
  std::vector<double> atom_vec3(const std::string &what);    // "x" (unwrapped), "v", "f", "angmom", "omega"
  std::vector<double> ellipsoid_quat();                       // 4 per atom (atom_style ellipsoid)
  std::vector<double> fix_peratom(const std::string &fix_id, int ncol);

  LAMMPS_NS::LAMMPS *lmp;
  bool kokkos;    // this session runs the /kk styles
};

// GEOMINT_TEST_KOKKOS=1: sessions run the /kk styles by default
bool kokkos_from_environment();

// the plugin has fix bagogab/kk (a GEOMINT_KOKKOS build against a KOKKOS LAMMPS)
bool plugin_has_kokkos();

// Replica statistics: the mean of N independent replica averages and its standard error.
struct MeanSE {
  double mean, se;
  int n;
};
MeanSE mean_se(const std::vector<double> &replica_averages);

// the largest |a_i - b_i| (infinite if the sizes differ)
double max_abs_diff(const std::vector<double> &a, const std::vector<double> &b);

// a scratch file name of this test process: the plain and .kk variants of a
// test binary run at the same time under ctest -j, so names carry the pid
std::string scratch_path(const std::string &name);

// max |E(t) - E(0)| over nsteps more steps (etotal sampled every `every` steps
// by 'run every pre no post no'; infinite once it is not finite)
double max_energy_error(Session &s, int nsteps, int every = 1);

// n rows of 3 doubles, zeroed, as double ** (the force buffers of compute_dg())
struct Rows {
  explicit Rows(int n) : buf(3 * n, 0.0), rows(n)
  {
    for (int i = 0; i < n; i++) rows[i] = &buf[3 * i];
  }
  double **data() { return rows.data(); }
  double *operator[](int i) { return rows[i]; }
  std::vector<double> buf;
  std::vector<double *> rows;
};

// the lattice LJ liquid used by several tests: fcc, rho*=0.8442, n^3 unit cells
std::string lj_liquid(int cells, double temp, int vseed);

}    // namespace geomint_test

#endif
