#include "lammps_session.h"

#include "atom.h"
#include "atom_vec_ellipsoid.h"
#include "domain.h"
#include "fix.h"
#include "input.h"
#include "modify.h"
#include "variable.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <sstream>
#include <vector>

using namespace LAMMPS_NS;

namespace geomint_test {

bool kokkos_from_environment()
{
  const char *env = getenv("GEOMINT_TEST_KOKKOS");
  return env && strcmp(env, "1") == 0;
}

Session::Session(bool load_plugin, int kk) : kokkos(kk < 0 ? kokkos_from_environment() : kk != 0)
{
  std::vector<const char *> args = {"geomint_test", "-log", "none", "-echo", "none",
                                    "-screen", "none", "-nocite"};
  // Kokkos is initialised once per process, with the thread count of its first instance
  // (a CUDA/HIP build of LAMMPS: GEOMINT_TEST_KOKKOS_GPUS=1 adds "g 1")
  const char *gpus = getenv("GEOMINT_TEST_KOKKOS_GPUS");
  if (kokkos) {
    args.insert(args.end(), {"-k", "on", "t", "2"});
    if (gpus && *gpus) args.insert(args.end(), {"g", gpus});
    args.insert(args.end(), {"-sf", "kk"});
  }
  lmp = new LAMMPS(static_cast<int>(args.size()), const_cast<char **>(args.data()), MPI_COMM_WORLD);
  if (load_plugin) {
    cmd(std::string("plugin load ") + GEOMINT_PLUGIN);
    // LAMMPS only warns when dlopen() fails (e.g. an undefined symbol): fail loudly
    if (!lmp->modify->fix_map->count("bagogab"))
      throw std::runtime_error(std::string("plugin load ") + GEOMINT_PLUGIN +
                               " did not register fix bagogab (see the LAMMPS warning above)");
  }
}

Session::~Session()
{
  delete lmp;
}

// the non-blank lines of a multi-line string, in order
static std::vector<std::string> command_lines(const std::string &lines)
{
  std::vector<std::string> out;
  std::istringstream in(lines);
  std::string line;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t") != std::string::npos) out.push_back(line);
  return out;
}

void Session::cmd(const std::string &lines)
{
  for (const std::string &line : command_lines(lines)) {
    try {
      lmp->input->one(line);
    } catch (std::exception &e) {
      ADD_FAILURE() << "LAMMPS command failed: " << line << "\n" << e.what();
      throw;
    }
  }
}

std::string Session::error_of(const std::string &lines, const std::string &failing)
{
  cmd(lines);
  return error_of(failing);
}

std::string Session::error_of(const std::string &lines)
{
  for (const std::string &line : command_lines(lines)) {
    try {
      lmp->input->one(line);
    } catch (std::exception &e) {
      return e.what();
    }
  }
  return "";
}

double Session::equal(const std::string &expr)
{
  cmd("variable geomint_tmp equal " + expr);
  const int ivar = lmp->input->variable->find("geomint_tmp");
  return lmp->input->variable->compute_equal(ivar);
}

static Fix *find_fix(LAMMPS *lmp, const std::string &id)
{
  const int ifix = lmp->modify->find_fix(id.c_str());
  if (ifix < 0) throw std::runtime_error("no fix " + id);
  return lmp->modify->fix[ifix];
}

double Session::fix_scalar(const std::string &fix_id)
{
  return find_fix(lmp, fix_id)->compute_scalar();
}

double Session::fix_vector(const std::string &fix_id, int i)
{
  return find_fix(lmp, fix_id)->compute_vector(i);
}

// gather per-atom values (ncol per atom) into tag order on every rank
static std::vector<double> gather_by_tag(LAMMPS *lmp, int ncol,
                                         const std::vector<double> &local_values)
{
  const bigint natoms = lmp->atom->natoms;
  std::vector<double> mine(natoms * ncol, 0.0), all(natoms * ncol, 0.0);
  for (int i = 0; i < lmp->atom->nlocal; i++)
    for (int k = 0; k < ncol; k++)
      mine[(lmp->atom->tag[i] - 1) * ncol + k] = local_values[i * ncol + k];
  MPI_Allreduce(mine.data(), all.data(), natoms * ncol, MPI_DOUBLE, MPI_SUM, lmp->world);
  return all;
}

std::vector<double> Session::atom_vec3(const std::string &what)
{
  Atom *atom = lmp->atom;
  std::vector<double> local(3 * atom->nlocal);
  for (int i = 0; i < atom->nlocal; i++) {
    double u[3];
    if (what == "x") {
      lmp->domain->unmap(atom->x[i], atom->image[i], u);
    } else {
      double **a = (what == "v") ? atom->v
          : what == "angmom"     ? atom->angmom
          : what == "omega"      ? atom->omega
                                 : atom->f;
      for (int k = 0; k < 3; k++) u[k] = a[i][k];
    }
    for (int k = 0; k < 3; k++) local[3 * i + k] = u[k];
  }
  return gather_by_tag(lmp, 3, local);
}

std::vector<double> Session::ellipsoid_quat()
{
  Atom *atom = lmp->atom;
  auto *avec = dynamic_cast<AtomVecEllipsoid *>(atom->style_match("ellipsoid"));
  std::vector<double> local(4 * atom->nlocal, 0.0);
  for (int i = 0; avec && i < atom->nlocal; i++)
    if (atom->ellipsoid[i] >= 0)
      for (int k = 0; k < 4; k++) local[4 * i + k] = avec->bonus[atom->ellipsoid[i]].quat[k];
  return gather_by_tag(lmp, 4, local);
}

std::vector<double> Session::fix_peratom(const std::string &fix_id, int ncol)
{
  Fix *fix = find_fix(lmp, fix_id);
  std::vector<double> local(ncol * lmp->atom->nlocal);
  for (int i = 0; i < lmp->atom->nlocal; i++)
    for (int k = 0; k < ncol; k++)
      local[ncol * i + k] = (ncol == 1) ? fix->vector_atom[i] : fix->array_atom[i][k];
  return gather_by_tag(lmp, ncol, local);
}

bool plugin_has_kokkos()
{
  static int has = -1;
  if (has < 0) {
    Session s(true, 0);
    has = s.lmp->modify->fix_map->count("bagogab/kk") ? 1 : 0;
  }
  return has == 1;
}

MeanSE mean_se(const std::vector<double> &a)
{
  MeanSE r{0.0, 0.0, static_cast<int>(a.size())};
  for (double x : a) r.mean += x;
  r.mean /= r.n;
  double ss = 0.0;
  for (double x : a) ss += (x - r.mean) * (x - r.mean);
  r.se = std::sqrt(ss / (r.n - 1) / r.n);
  return r;
}

double max_abs_diff(const std::vector<double> &a, const std::vector<double> &b)
{
  double m = a.size() == b.size() ? 0.0 : HUGE_VAL;
  for (size_t i = 0; i < a.size() && i < b.size(); i++) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

std::string lj_liquid(int cells, double temp, int vseed)
{
  std::ostringstream s;
  s << "units lj\natom_style atomic\natom_modify map array\n"
    << "lattice fcc 0.8442\nregion box block 0 " << cells << " 0 " << cells << " 0 " << cells
    << "\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
    << "velocity all create " << temp << " " << vseed << " loop geom\n"
    << "pair_style lj/cut 2.5\npair_coeff 1 1 1.0 1.0 2.5\npair_modify shift yes\n"
    << "neighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\ntimestep 0.005\n"
    << "thermo_modify norm no\n";
  return s.str();
}

// scratch files are removed when the test process exits (restart files
// written with the restart keyword get a suffix: those too)
static std::vector<std::string> &scratch_files()
{
  static std::vector<std::string> files;
  return files;
}

static void remove_scratch_files()
{
  for (const std::string &f : scratch_files())
    for (const char *suffix : {"", ".100", ".restart", ".data"}) std::remove((f + suffix).c_str());
}

std::string scratch_path(const std::string &name)
{
  if (scratch_files().empty()) std::atexit(remove_scratch_files);
  const std::string path = testing::TempDir() + "geomint_" + std::to_string(getpid()) + "_" + name;
  scratch_files().push_back(path);
  return path;
}

double max_energy_error(Session &s, int nsteps, int every)
{
  s.cmd("run 0");
  const double e0 = s.equal("etotal");
  double worst = 0.0;
  for (int n = 0; n < nsteps; n += every) {
    s.cmd("run " + std::to_string(every) + " pre no post no");
    const double e = s.equal("etotal");
    if (!std::isfinite(e)) return std::numeric_limits<double>::infinity();
    worst = std::max(worst, std::fabs(e - e0));
  }
  return worst;
}

}    // namespace geomint_test
