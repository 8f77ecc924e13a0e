/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - what every body style of fix rigid/quat/hi shares: the
   keywords, the temperature (ramp or variable), the friction of a body
   without hydrodynamic interactions, the counter-based noise, and the dense
   RPY step (gather by tag, one eigendecomposition on rank 0, scatter back).
   See doc/fix_rigid_quat_hi.rst.
------------------------------------------------------------------------- */

#ifndef GEOMINT_RIGID_QUAT_HI_CORE_H
#define GEOMINT_RIGID_QUAT_HI_CORE_H

#include "pointers.h"
#include "rigid_quat_hi_passes.h"

#include "geomint/ou_hi.h"
#include "geomint/rigid_body.h"

#include <string>
#include <vector>

namespace LAMMPS_NS {

class RigidQuatHiCore : protected Pointers {
 public:
  RigidQuatHiCore(class LAMMPS *, const std::string &style);
  ~RigidQuatHiCore() override;

  // Tstart Tstop seed (arg[0..2]); then the keywords arg[k..narg)
  void parse(int narg, char **arg, int k);
  // checks that need the simulation (run from the fix's init())
  void init();
  // collective: an ERROR if another thermostat (fix langevin, viscous,
  // temp/berendsen, ...) acts on atoms of `self`'s group, whose bodies this
  // fix already thermostats
  void refuse_thermostats(class Fix *self) const;
  // an ERROR for a 2d simulation or run_style respa (from the fixes' init())
  void refuse_unsupported_runs() const;
  // temperature of this step (ramp over the run, or an equal-style variable)
  void compute_target();
  void reset_target(double t) { t_start = t_stop = t; }
  // the fix draws noise (a temperature above 0, or a variable one)
  bool has_noise() const { return !tvar_name.empty() || t_start > 0.0 || t_stop > 0.0; }

  // keywords
  enum { HI_OFF, HI_RPY };
  // noise: rqh::NOISE_GAUSSIAN, NOISE_THREEPOINT, NOISE_UNIFORM (rigid_quat_hi_passes.h)
  enum { ROTOR_SPLIT, ROTOR_NOSQUISH };
  enum { RADIUS_NONE = rqh::RADIUS_NONE, RADIUS_CONST = rqh::RADIUS_CONST,
         RADIUS_TYPE = rqh::RADIUS_TYPE, RADIUS_ATOM = rqh::RADIUS_ATOM };
  int hi, noise, rotor, every;
  bool tally, normalize;
  double eta;                       // viscosity (0: not given)
  int radius_mode;
  double radius_const;
  std::vector<double> radius_type;  // 1..ntypes
  int gamma_t_given, gamma_r_given; // 0 none, 1 isotropic, 3 eigen
  double gamma_t[3], gamma_r[3];
  double t_start, t_stop, t_target;
  std::string tvar_name;
  int tvar;
  unsigned seed;

  // the friction parameters as plain data, for kernels (lib/geomint/rigid_body.h)
  geomint::RigidFriction friction() const;
  // the scalars of a step's passes (rigid_quat_hi_passes.h); per_type: the
  // bodies' OU coefficients are precomputed (accessor's type_coeff)
  rqh::StepParams step_params(double kT, double dtf, bool per_type) const;
  // hydrodynamic radius of local atom i (radius keyword)
  double atom_radius(int i) const;

  // three standard (or three-point) deviates of a body at a step
  void noise3(long long tag, long long step, unsigned stream, double xi[3]) const;

  // ---- hi rpy: the dense step ----
  // one body's record, packed by the caller (PACK doubles): the configuration
  // (tag, midpoint x, orientation q, mass, principal moments, radius; CONF
  // doubles), then the momenta p (mass velocity) and L (space angular
  // momentum), which dense_step replaces by their values after the OU step
  enum BodyRecord {
    REC_TAG = 0,
    REC_X = 1,          // [3]
    REC_Q = 4,          // [4]
    REC_MASS = 8,
    REC_INERTIA = 9,    // [3]
    REC_RADIUS = 12,
    CONF = 13,          // the configuration a factor is built from ends here
    REC_P = 13,         // [3]
    REC_L = 16,         // [3]
    PACK = 19
  };
  // collective; kT in mass velocity^2 units; returns the energy given to the
  // bath on this rank (rank 0 holds it all), in mass velocity^2 units
  double dense_step(std::vector<double> &pack, int nbody_local, double kT, double h);
  void invalidate() { factor_valid = false; }
  void start_run() { first_factor_of_run = true; }
  double lambda_min() const { return mobility_min; }
  // what the tags of the packed bodies number, in messages: "atoms"
  // (bodystyle atom: atom IDs) or "bodies" (bodies of several atoms: 1..N)
  std::string tag_name = "atoms";
  double hi_seconds() const { return last_hi_seconds; }           // mobility + factorisation
  double factor_seconds() const { return last_factor_seconds; }   // the factorisation (dsyevd)
  // restart: the configuration of the last factorisation (every N > 1)
  std::vector<double> restart_values() const;
  void restart_values(const double *v, int n);
  double memory_usage() const;

 protected:
  std::string style;
  // rank 0: the factor and the sorted configuration it was built from
  geomint::OUHIFactor factor;
  bool factor_valid, first_factor_of_run;
  long long factor_step;
  double factor_h;                   // the step size the factor was built for
  bool restored;                     // snap comes from a restart file
  std::vector<double> snap;          // sorted by tag: PACK - 6 values per body (no momenta)
  double mobility_min, last_hi_seconds, last_factor_seconds;
  std::vector<double> mu, gathered, cur, chi, Z, mass, inertia, rot, xs, back, mine;
  std::vector<int> counts, displs, order;

  // what rank 0 tells all ranks after its part of the dense step
  enum DenseFailure { DENSE_OK, DENSE_UNEQUAL_RADII, DENSE_NOT_POSITIVE, DENSE_LAPACK_FAILED,
                      DENSE_COINCIDENT };
  struct DenseStatus {
    static constexpr int NVALUES = 7;    // broadcast as that many doubles
    double failure = 0.0;                // a DenseFailure
    double value = 0.0;                  // the body's tag, LAPACK info or the eigenvalue
    double lambda_min = 0.0, factor_seconds = 0.0;
    double tag_i = 0.0, tag_j = 0.0, dist = 0.0;    // DENSE_COINCIDENT
    void fail(DenseFailure f) { failure = static_cast<double>(f); }
    DenseFailure code() const { return static_cast<DenseFailure>(static_cast<int>(failure)); }
  };
  // the pieces of dense_step, in order (rank 0 only where not collective)
  int gather_bodies(const std::vector<double> &pack, int nlocal_b);    // collective
  void sort_by_tag(int n);
  void update_factor(int n, double h, long long step, DenseStatus &status);
  double ou_step(int n, double kT, long long step);
  void raise_failure(const DenseStatus &status, long long step, int nlocal_b);    // collective
  void scatter_momenta(std::vector<double> &pack, int nlocal_b);                   // collective
  void frames_from(const std::vector<double> &conf, int n);
  int factorise(int n, double h, bool timed);
  bool coincident_pair(int n, long long &tag_i, long long &tag_j, double &dist) const;
};

}    // namespace LAMMPS_NS

#endif
