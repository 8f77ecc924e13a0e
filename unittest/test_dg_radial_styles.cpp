// The radial DG styles (bond fene/dg, bond morse/dg, pair morse/dg,
// pair coul/dsf/dg, pair lj/cut/coul/dsf/dg) inside an in-process LAMMPS, with
// fix dg/nve.  For each style:
//  (a) the discrete gradient at equal configurations is the parent style's
//      force (atom->f of its compute()), and its energies are compute()'s;
//  (b) the DG identity sum_i <fbar_i, x'_i - x_i> = -(V(x') - V(x)) on pairs of
//      configurations from 1e-12 to large displacements, with pairs crossing
//      the cutoffs;
//  (c) fix dg/nve conserves the energy of a small system over 10^4 steps where
//      fix nve does visibly worse at the same step;
//  (d) bond fene/dg's clamp and error paths are bond fene's (never NaN);
//  (e) the AVX2 lanes of the pair pass (four pairs at once) give the
//      one-pair kernel's forces and energies bit for bit.
// Tests named Slow* carry the ctest label "slow".
#include "lammps_session.h"

#include "dg_style.h"
#include "pair_lj_cut_dg.h"

#include "geomint/dg_radial.h"

#include "atom.h"
#include "domain.h"
#include "bond.h"
#include "force.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "pair.h"
#include "update.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using geomint_test::Rows;
using geomint_test::Session;
using geomint_test::max_energy_error;

namespace {

constexpr double EPS = DBL_EPSILON;

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------

const char *const DG_PAIR_STYLES[] = {"lj/cut/dg", "morse/dg", "coul/dsf/dg",
                                      "lj/cut/coul/dsf/dg"};

// the pair sub-style `name` (also under pair hybrid), or nullptr
LAMMPS_NS::Pair *pair_of(LAMMPS_NS::LAMMPS *lmp, const char *name)
{
  return lmp->force->pair ? lmp->force->pair_match(name, 1) : nullptr;
}

// every DG style in use (pairs, also as hybrid sub-styles, and the bond style)
std::vector<LAMMPS_NS::DGStyle *> dg_styles(LAMMPS_NS::LAMMPS *lmp)
{
  std::vector<LAMMPS_NS::DGStyle *> out;
  for (const char *name : DG_PAIR_STYLES)
    if (LAMMPS_NS::Pair *p = pair_of(lmp, name)) out.push_back(dynamic_cast<LAMMPS_NS::DGStyle *>(p));
  if (lmp->force->bond) out.push_back(dynamic_cast<LAMMPS_NS::DGStyle *>(lmp->force->bond));
  for (auto *d : out) EXPECT_TRUE(d != nullptr);
  return out;
}

// the sum of the discrete gradients of all DG styles between xold and xnew
// (owned and ghost rows, as compute_dg leaves them), and V(xnew), V(xold)
struct DGSum {
  Rows f;
  double vnew = 0.0, vold = 0.0;
  explicit DGSum(int n) : f(n) {}
};

DGSum dg_sum(LAMMPS_NS::LAMMPS *lmp, double **xold, double **xnew)
{
  const int nall = lmp->atom->nlocal + lmp->atom->nghost;
  DGSum s(nall);
  for (auto *d : dg_styles(lmp)) d->compute_dg(xold, xnew, s.f.data(), s.vnew, s.vold);
  return s;
}

// (a) the DG at x' = x against atom->f (owned atoms; ghost parts folded onto
// their owners by tag, as the reverse communication of fix dg/nve does), plus
// `correction`(i) added to the parent's force.  Returns max |fbar - f| / max |f|.
template <class Correction>
double dg_force_mismatch(Session &s, const Correction &correction, double *fmax_out = nullptr)
{
  LAMMPS_NS::LAMMPS *lmp = s.lmp;
  double **x = lmp->atom->x;
  DGSum d = dg_sum(lmp, x, x);
  EXPECT_EQ(d.vnew, d.vold);
  EXPECT_NEAR(d.vnew, s.equal("pe"), 1e-12 * std::fabs(d.vnew)) << "V of compute_dg is not pe";
  const int nall = lmp->atom->nlocal + lmp->atom->nghost;
  std::vector<double> fsum(3 * lmp->atom->natoms + 3, 0.0);
  for (int i = 0; i < nall; i++)
    for (int k = 0; k < 3; k++) fsum[3 * lmp->atom->tag[i] + k] += d.f[i][k];
  std::vector<double> corr(3 * lmp->atom->nlocal, 0.0);
  correction(corr);
  double diff = 0.0, fmax = 0.0;
  for (int i = 0; i < lmp->atom->nlocal; i++)
    for (int k = 0; k < 3; k++) {
      const double fp = lmp->atom->f[i][k] + corr[3 * i + k];
      fmax = std::max(fmax, std::fabs(lmp->atom->f[i][k]));
      diff = std::max(diff, std::fabs(fsum[3 * lmp->atom->tag[i] + k] - fp));
    }
  if (fmax_out) *fmax_out = fmax;
  return diff / fmax;
}

double dg_force_mismatch(Session &s, double *fmax_out = nullptr)
{
  return dg_force_mismatch(s, [](std::vector<double> &) {}, fmax_out);
}

// (b) the DG identity between x and x + d, d random of length <= step on every
// owned atom (and the same d on its ghost images).  Returns the residual
// |sum <fbar, d> + V(x') - V(x)| over its round-off scale |V| + |V'| + sum |<fbar_i, d_i>|;
// npairs_crossing: pairs of `pair` (if given) inside its cutoff at one end only
struct IdentityCheck {
  double residual, scale;
  int crossing;
};

IdentityCheck dg_identity(LAMMPS_NS::LAMMPS *lmp, double step, unsigned seed,
                          LAMMPS_NS::Pair *pair = nullptr)
{
  LAMMPS_NS::Atom *atom = lmp->atom;
  const int nlocal = atom->nlocal, nall = nlocal + atom->nghost;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Rows disp(nlocal), xnew(nall);
  for (int i = 0; i < nlocal; i++) {
    double d[3], n2;
    do {
      n2 = 0.0;
      for (int k = 0; k < 3; k++) {
        d[k] = u(rng);
        n2 += d[k] * d[k];
      }
    } while (n2 > 1.0 || n2 == 0.0);
    const double len = step * u(rng);
    for (int k = 0; k < 3; k++) disp[i][k] = len * d[k] / std::sqrt(n2);
  }
  for (int i = 0; i < nall; i++) {
    const int owner = atom->map(atom->tag[i]);    // (the owned atom: maps prefer it)
    EXPECT_GE(owner, 0);
    EXPECT_LT(owner, nlocal);
    for (int k = 0; k < 3; k++) xnew[i][k] = atom->x[i][k] + disp[owner][k];
  }
  DGSum d = dg_sum(lmp, atom->x, xnew.data());
  double work = 0.0, work_abs = 0.0;
  for (int i = 0; i < nall; i++) {
    const int owner = atom->map(atom->tag[i]);
    double w = 0.0;
    for (int k = 0; k < 3; k++) w += d.f[i][k] * disp[owner][k];
    work += w;
    work_abs += std::fabs(w);
  }
  int crossing = 0;
  if (pair) {
    LAMMPS_NS::NeighList *list = pair->list;
    for (int ii = 0; ii < list->inum; ii++) {
      const int i = list->ilist[ii];
      for (int jj = 0; jj < list->numneigh[i]; jj++) {
        const int j = list->firstneigh[i][jj] & NEIGHMASK;
        double r2 = 0.0, rn2 = 0.0;
        for (int k = 0; k < 3; k++) {
          r2 += std::pow(atom->x[j][k] - atom->x[i][k], 2);
          rn2 += std::pow(xnew[j][k] - xnew[i][k], 2);
        }
        const double c2 = pair->cutsq[atom->type[i]][atom->type[j]];
        crossing += (r2 < c2) != (rn2 < c2);
      }
    }
  }
  return {std::fabs(work + d.vnew - d.vold), std::fabs(d.vnew) + std::fabs(d.vold) + work_abs,
          crossing};
}

// (b) over displacements from 1e-12 to `large`: the residual at round-off
// (1e-13 = 450 eps of its scale: each of the N <= a few hundred terms is
// accurate to a few eps, their sum to ~sqrt(N) eps, measured ~5 eps; a
// quotient that is not the difference quotient of the energy, e.g. a
// derivative used for a finite step, the exact erfc for the styles'
// polynomial, or a missed factor_coul term, misses by 1e-8 to 1e-2)
void expect_identity_at_all_scales(Session &s, double large, const char *crossing_pair,
                                   const std::string &what)
{
  LAMMPS_NS::Pair *pair = crossing_pair ? pair_of(s.lmp, crossing_pair) : nullptr;
  int crossing = 0;
  unsigned seed = 11;
  double worst = 0.0;
  for (double step : {1e-12, 1e-9, 1e-6, 1e-3, 0.2 * large, large}) {
    const IdentityCheck c = dg_identity(s.lmp, step, seed++, pair);
    crossing += c.crossing;
    worst = std::max(worst, c.residual / c.scale);
    EXPECT_LE(c.residual, 1e-13 * c.scale)
        << what << ": step " << step << " residual " << c.residual << " of " << c.scale;
    EXPECT_GT(c.scale, 0.0);
  }
  if (pair) {
    EXPECT_GT(crossing, 0) << what << ": no pair crossed the cutoff of " << crossing_pair;
  }
  std::printf("  %s: identity residual <= %.2e of its scale; %d pairs crossed the cutoff\n",
              what.c_str(), worst, crossing);
}

std::string read_file(const std::string &path)
{
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

size_t count_of(const std::string &text, const std::string &what)
{
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) n++;
  return n;
}

// ---------------------------------------------------------------------------
// the systems
// ---------------------------------------------------------------------------

// A bead-spring melt as LAMMPS's bench/in.chain, small: 16 chains of 10 beads
// (straight along x, 4 x 4 in y and z, density 0.84), FENE bonds and WCA
// pairs, special_bonds fene.  sfx "" gives the parent styles.
std::string chain_melt(const std::string &sfx, double dt, const std::string &fix)
{
  const std::string data = geomint_test::scratch_path("chain.data");
  {
    std::ofstream d(data);
    d.precision(17);
    const int nchain = 16, nbead = 10;
    d << "small chain melt\n\n" << nchain * nbead << " atoms\n" << nchain * (nbead - 1)
      << " bonds\n\n1 atom types\n1 bond types\n\n0 9.8 xlo xhi\n0 4.4 ylo yhi\n0 4.4 zlo zhi\n\n"
         "Masses\n\n1 1.0\n\nAtoms # bond\n\n";
    for (int c = 0; c < nchain; c++)
      for (int b = 0; b < nbead; b++)
        d << c * nbead + b + 1 << " " << c + 1 << " 1 " << 0.4 + 0.97 * b << " "
          << 0.55 + 1.1 * (c % 4) << " " << 0.55 + 1.1 * (c / 4) << "\n";
    d << "\nBonds\n\n";
    int n = 1;
    for (int c = 0; c < nchain; c++)
      for (int b = 0; b + 1 < nbead; b++)
        d << n++ << " 1 " << c * nbead + b + 1 << " " << c * nbead + b + 2 << "\n";
  }
  return "units lj\natom_style bond\natom_modify map array\nspecial_bonds fene\n"
         "read_data " + data + "\nbond_style fene" + sfx + "\nbond_coeff 1 30.0 1.5 1.0 1.0\n"
         "pair_style lj/cut" + sfx + " 1.12246\npair_coeff 1 1 1.0 1.0 1.12246\n"
         "pair_modify shift yes\nneighbor 0.4 bin\nneigh_modify every 1 delay 0 check yes\n"
         "velocity all create 1.0 87287 mom yes rot yes\ntimestep " + std::to_string(dt) +
         "\nthermo 0\nthermo_modify norm no\n" + fix + "\n";
}

// A Morse cluster (13 atoms of type 1, fcc fragment: an atom and its 12
// neighbours) and, far from it, a Morse-bonded dimer (type 2); pair morse
// between all, excluded for the bonded pair (special_bonds lj 0 1 1)
std::string morse_system(const std::string &sfx, double dt, const std::string &fix,
                         double temp = 0.4)
{
  const std::string data = geomint_test::scratch_path("morse.data");
  {
    std::ofstream d(data);
    d.precision(17);
    d << "Morse cluster and dimer\n\n15 atoms\n1 bonds\n\n2 atom types\n1 bond types\n\n"
         "-20 20 xlo xhi\n-20 20 ylo yhi\n-20 20 zlo zhi\n\nMasses\n\n1 1.0\n2 1.5\n\n"
         "Atoms # bond\n\n";
    const double a = 1.0 / std::sqrt(2.0);    // fcc nearest neighbours at distance 1
    int n = 1;
    d << n++ << " 1 1 0 0 0\n";
    for (int s1 : {-1, 1})
      for (int s2 : {-1, 1}) {
        d << n++ << " 1 1 " << s1 * a << " " << s2 * a << " 0\n";
        d << n++ << " 1 1 " << s1 * a << " 0 " << s2 * a << "\n";
        d << n++ << " 1 1 0 " << s1 * a << " " << s2 * a << "\n";
      }
    d << "14 2 2 8.0 0.3 0.1\n15 2 2 9.1 0.2 -0.2\n\nBonds\n\n1 1 14 15\n";
  }
  return "units lj\natom_style bond\natom_modify map array\nboundary f f f\n"
         "special_bonds lj 0.0 1.0 1.0\nread_data " + data + "\nbond_style morse" + sfx +
         "\nbond_coeff 1 2.0 1.5 1.2\npair_style morse" + sfx + " 2.5\n"
         "pair_coeff * * 1.0 3.0 1.0\npair_coeff 1 2 0.7 2.5 1.1 2.2\npair_modify shift yes\n"
         "neighbor 0.4 bin\nneigh_modify every 1 delay 0 check yes\n"
         "velocity all create " + std::to_string(temp) + " 4928 mom yes rot yes\n"
         "timestep " + std::to_string(dt) + "\nthermo 0\nthermo_modify norm no\n" + fix + "\n";
}

// charged bent triatomics (-0.4 +0.8 -0.4), 8 of them in a periodic box of 14 A,
// harmonic bonds, pair lj/cut/coul/dsf (LJ cutoff 6, Coulomb cutoff 6.5);
// special_bonds lj/coul 0 0.5 1: the 1-3 pairs are special with factor_coul 0.5
std::string triatomics(const std::string &sfx, double dt, const std::string &fix,
                       const std::string &pair_args = "0.25 6.0 6.5")
{
  const std::string data = geomint_test::scratch_path("triatomics.data");
  {
    std::ofstream d(data);
    d.precision(17);
    d << "charged triatomics\n\n24 atoms\n16 bonds\n\n2 atom types\n1 bond types\n\n"
         "0 14 xlo xhi\n0 14 ylo yhi\n0 14 zlo zhi\n\nMasses\n\n1 16.0\n2 12.0\n\n"
         "Atoms # full\n\n";
    int n = 1;
    for (int m = 0; m < 8; m++) {
      const double cx = 3.5 + 7.0 * (m % 2), cy = 3.5 + 7.0 * (m / 2 % 2),
                   cz = 3.5 + 7.0 * (m / 4);
      d << n++ << " " << m + 1 << " 1 -0.4 " << cx - 1.2 << " " << cy - 0.5 << " " << cz << "\n";
      d << n++ << " " << m + 1 << " 2 0.8 " << cx << " " << cy + 0.4 << " " << cz + 0.1 << "\n";
      d << n++ << " " << m + 1 << " 1 -0.4 " << cx + 1.25 << " " << cy - 0.45 << " " << cz - 0.2
        << "\n";
    }
    d << "\nBonds\n\n";
    n = 1;
    for (int m = 0; m < 8; m++) {
      d << n++ << " 1 " << 3 * m + 1 << " " << 3 * m + 2 << "\n";
      d << n++ << " 1 " << 3 * m + 2 << " " << 3 * m + 3 << "\n";
    }
  }
  return "units real\natom_style full\natom_modify map array\nspecial_bonds lj/coul 0.0 0.5 1.0\n"
         "read_data " + data + "\nbond_style harmonic" + sfx + "\nbond_coeff 1 300.0 1.5\n"
         "pair_style lj/cut/coul/dsf" + sfx + " " + pair_args + "\n"
         "pair_coeff 1 1 0.15 3.0\npair_coeff 2 2 0.1 3.2\npair_coeff 1 2 0.12 3.1 5.0\n"
         "pair_modify shift yes\nneighbor 1.0 bin\nneigh_modify every 1 delay 0 check yes\n"
         "velocity all create 400.0 5331 mom yes rot yes\ntimestep " + std::to_string(dt) +
         "\nthermo 0\n" + fix + "\n";
}

// 32 ions +-1 on a 4 x 4 x 2 grid (spacing 4 A) in a periodic box, pair
// hybrid/overlay of lj/cut and coul/dsf (alpha 0.2, cutoff 7.5)
std::string ions(const std::string &sfx, double dt, const std::string &fix)
{
  const std::string data = geomint_test::scratch_path("ions.data");
  {
    std::ofstream d(data);
    d.precision(17);
    d << "ions\n\n32 atoms\n\n2 atom types\n\n0 16 xlo xhi\n0 16 ylo yhi\n0 8 zlo zhi\n\n"
         "Masses\n\n1 23.0\n2 35.45\n\nAtoms # charge\n\n";
    int n = 1;
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++)
        for (int k = 0; k < 2; k++) {
          const int t = (i + j + k) % 2 + 1;
          d << n++ << " " << t << " " << (t == 1 ? 1.0 : -1.0) << " " << 2.0 + 4.0 * i + 0.1 * k
            << " " << 2.0 + 4.0 * j << " " << 2.0 + 4.0 * k + 0.05 * i << "\n";
        }
  }
  return "units real\natom_style charge\natom_modify map array\nread_data " + data + "\n"
         "pair_style hybrid/overlay lj/cut" + sfx + " 7.0 coul/dsf" + sfx + " 0.2 7.5\n"
         "pair_coeff 1 1 lj/cut" + sfx + " 0.13 2.35\npair_coeff 2 2 lj/cut" + sfx + " 0.1 4.4\n"
         "pair_coeff 1 2 lj/cut" + sfx + " 0.11 3.3\npair_coeff * * coul/dsf" + sfx + "\n"
         "pair_modify pair lj/cut" + sfx + " shift yes\n"
         "neighbor 1.0 bin\nneigh_modify every 1 delay 0 check yes\n"
         "velocity all create 600.0 7791 mom yes rot yes\ntimestep " + std::to_string(dt) +
         "\nthermo 0\n" + fix + "\n";
}

// ---------------------------------------------------------------------------
// the force of the coul/dsf styles: E'(x) + 2/sqrt(pi) exp(-x^2) per pair
// ---------------------------------------------------------------------------

// The coul/dsf styles compute their force with the derivative of the exact
// erfc, their energy with the polynomial E(x): their force is -dV/dr +
// (qq alpha/r)(E'(x) - erfc'(x)) along e_ij (dg_radial.h).  The discrete
// gradient is -dV/dr: this returns, per owned atom, what to add to the
// parent's force to get -dV/dr, pair by pair over the style's own neighbor
// list (the pairs it computes: the special ones with factor_coul 0 are not in it)
std::function<void(std::vector<double> &)> dsf_force_correction(Session &s, const char *style,
                                                                 double alpha)
{
  return [&s, style, alpha](std::vector<double> &corr) {
    LAMMPS_NS::LAMMPS *lmp = s.lmp;
    LAMMPS_NS::Pair *pair = pair_of(lmp, style);
    ASSERT_TRUE(pair);
    int dim = 0;
    const double rc = *static_cast<double *>(pair->extract("cut_coul", dim));
    LAMMPS_NS::NeighList *list = pair->list;
    double **x = lmp->atom->x;
    const double *q = lmp->atom->q;
    std::vector<double> fsum(3 * lmp->atom->natoms + 3, 0.0);
    for (int ii = 0; ii < list->inum; ii++) {
      const int i = list->ilist[ii];
      for (int jj = 0; jj < list->numneigh[i]; jj++) {
        const int j = list->firstneigh[i][jj] & NEIGHMASK;
        double del[3], r2 = 0.0;
        for (int k = 0; k < 3; k++) {
          del[k] = x[i][k] - x[j][k];
          r2 += del[k] * del[k];
        }
        if (r2 >= rc * rc) continue;
        const double r = std::sqrt(r2), xa = alpha * r;
        const double mismatch = geomint::dg::dsf_erfc_derivative(xa) +
            2.0 / geomint::dg::SQRT_PI * std::exp(-xa * xa);
        // along e = (x_i - x_j)/r: -dV/dr = parent's radial force - (qq alpha/r) mismatch
        const double c = -lmp->force->qqrd2e * q[i] * q[j] * alpha / r * mismatch / r;
        for (int k = 0; k < 3; k++) {
          fsum[3 * lmp->atom->tag[i] + k] += c * del[k];
          fsum[3 * lmp->atom->tag[j] + k] -= c * del[k];
        }
      }
    }
    for (int i = 0; i < lmp->atom->nlocal; i++)
      for (int k = 0; k < 3; k++) corr[3 * i + k] = fsum[3 * lmp->atom->tag[i] + k];
  };
}

// ---------------------------------------------------------------------------
// (a) energies and forces of the parents
// ---------------------------------------------------------------------------

// compute() is the parent's: the same energy with the DG styles (and the fix's
// margin in the neighbor lists) as with the parents.  The coul/dsf styles
// (alpha, rc given) report the parents' energy made continuous at the cutoff:
// qq (E - erfc)(alpha rc)/rc less per pair inside rc (dsf_continuity_shift),
// summed here over all pairs and all their periodic images (the ions' box is
// 8 A high with a 7.5 A cutoff); an atom's own images count half per image
double dsf_shift_sum(Session &s, double alpha, double rc)
{
  LAMMPS_NS::LAMMPS *lmp = s.lmp;
  const int n = lmp->atom->nlocal;
  double **x = lmp->atom->x;
  const double *q = lmp->atom->q;
  const double shift = geomint::dg::dsf_continuity_shift(alpha, rc);
  const double *prd = lmp->domain->prd;
  int nimg[3];
  for (int d = 0; d < 3; d++)
    nimg[d] = lmp->domain->periodicity[d] ? static_cast<int>(std::ceil(rc / prd[d])) + 1 : 0;
  double sum = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      for (int a = -nimg[0]; a <= nimg[0]; a++)
        for (int b = -nimg[1]; b <= nimg[1]; b++)
          for (int c = -nimg[2]; c <= nimg[2]; c++) {
            if (i == j && a == 0 && b == 0 && c == 0) continue;
            const double d[3] = {x[j][0] - x[i][0] + a * prd[0], x[j][1] - x[i][1] + b * prd[1],
                                 x[j][2] - x[i][2] + c * prd[2]};
            if (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] < rc * rc)
              sum += (i == j ? 0.5 : 1.0) * lmp->force->qqrd2e * q[i] * q[j] * shift;
          }
  return sum;
}

void expect_parent_energy(const std::function<std::string(const std::string &, double,
                                                          const std::string &)> &system,
                          const std::string &what, double alpha = 0.0, double rc = 0.0)
{
  double pe[2], shift_sum = 0.0;
  for (int k = 0; k < 2; k++) {
    Session s;
    s.cmd(system(k ? "/dg" : "", 0.001, k ? "fix 1 all dg/nve" : "fix 1 all nve") + "run 0");
    pe[k] = s.equal("pe");
    if (k == 0 && rc > 0.0) shift_sum = dsf_shift_sum(s, alpha, rc);
  }
  EXPECT_NE(pe[0], 0.0) << what;
  if (rc > 0.0) EXPECT_NE(shift_sum, 0.0) << what;
  // (longer neighbor lists sum the same pairs in another order)
  EXPECT_NEAR(pe[1], pe[0] - shift_sum, 1e-13 * std::fabs(pe[0])) << what;
}

TEST(DGRadialStyles, EnergiesAreTheParentStyles)
{
  expect_parent_energy(chain_melt, "fene + lj/cut");
  expect_parent_energy([](const std::string &sfx, double dt, const std::string &fix) {
    return morse_system(sfx, dt, fix);
  }, "morse pair + bond");
  expect_parent_energy([](const std::string &sfx, double dt, const std::string &fix) {
    return triatomics(sfx, dt, fix);
  }, "lj/cut/coul/dsf + harmonic", 0.25, 6.5);
  expect_parent_energy(ions, "hybrid/overlay lj/cut + coul/dsf", 0.2, 7.5);
}

// the DSF energy of the DG styles is continuous at the cutoff (the parents' jumps
// by qq (E - erfc)(alpha rc)/rc): two ions just inside and just outside
TEST(DGRadialStyles, CoulDSFEnergyIsContinuousAtTheCutoff)
{
  const double rc = 8.0;
  double pe[2][2];
  for (int dg = 0; dg < 2; dg++)
    for (int side = 0; side < 2; side++) {
      Session s;
      char r[32];
      std::snprintf(r, sizeof(r), "%.12f", rc + (side ? 1e-9 : -1e-9));
      s.cmd("units real\natom_style charge\natom_modify map array\nboundary f f f\n"
            "region box block -20 20 -20 20 -20 20\ncreate_box 1 box\n"
            "create_atoms 1 single 0 0 0\ncreate_atoms 1 single " + std::string(r) +
            " 0 0\nmass 1 20.0\nset atom 1 charge 1.0\nset atom 2 charge -1.0\n"
            "pair_style coul/dsf" + std::string(dg ? "/dg" : "") + " 0.2 8.0\npair_coeff * *\n"
            "thermo 0\nrun 0");
      pe[dg][side] = s.equal("ecoul");
    }
  const double jump = std::fabs(332.06371 * geomint::dg::dsf_continuity_shift(0.2, rc));
  // the parent's jump is that of its erfc approximation (about 1e-6 kcal/mol here) ...
  EXPECT_GT(std::fabs(pe[0][0] - pe[0][1]), 0.5 * jump);
  // ... the DG style's is the change of V over 2e-9 A, |V'| 2e-9 (V' ~ 1e-2 at rc)
  EXPECT_LT(std::fabs(pe[1][0] - pe[1][1]), 1e-3 * jump);
}

// the global Coulomb energy of coul/dsf/dg is the sum of its per-atom energies
// to round-off on a molecular liquid (648 waters, about 7e4 pairs inside the
// cutoff): the continuity shifts (1e-6 each) were subtracted one by one from
// the running energy (2900 kcal/mol), which lost 1.2e-12 of it (and the loss
// depended on the decomposition)
TEST(DGRadialStyles, CoulDSFGlobalEnergyIsTheSumOfItsAtoms)
{
  Session s;
  s.cmd("units real\natom_style full\natom_modify map array\nbond_style zero nocoeff\n"
        "angle_style zero nocoeff\nread_data " + std::string(GEOMINT_SOURCE_DIR) +
        "/examples/dg/water.data\nbond_coeff *\nangle_coeff *\n"
        "special_bonds lj/coul 0.0 0.0 0.0\npair_style coul/dsf/dg 0.2 8.0\npair_coeff * *\n"
        "compute pa all pe/atom pair\ncompute sp all reduce sum c_pa\n"
        "thermo_style custom step ecoul c_sp\nthermo 0\nrun 0");
  const double ecoul = s.equal("ecoul"), atoms = s.equal("c_sp");
  EXPECT_LT(ecoul, -1000.0);
  EXPECT_NEAR(ecoul, atoms, 2e-13 * std::fabs(ecoul));
}

TEST(DGRadialStyles, FENEAndMorseDGAtEqualConfigurationsIsTheForce)
{
  {
    Session s;
    s.cmd(chain_melt("/dg", 0.005, "fix 1 all dg/nve") +
          "displace_atoms all random 0.05 0.05 0.05 123\nrun 0");
    double fmax = 0.0;
    const double rel = dg_force_mismatch(s, &fmax);
    EXPECT_GT(fmax, 10.0);
    // analytic quotients at r' = r: V'(r) in the parents' own formula, to round-off
    EXPECT_LT(rel, 1e-13) << "fene/dg + lj/cut/dg";
  }
  {
    Session s;
    s.cmd(morse_system("/dg", 0.005, "fix 1 all dg/nve") +
          "displace_atoms all random 0.1 0.1 0.1 77\nrun 0");
    double fmax = 0.0;
    const double rel = dg_force_mismatch(s, &fmax);
    EXPECT_GT(fmax, 1.0);
    EXPECT_LT(rel, 1e-13) << "morse/dg pair + bond";
  }
}

// coul/dsf: the DG is -dV/dr of the energy the styles report, which differs
// from their force by the documented erfc-derivative term only
TEST(DGRadialStyles, CoulDSFDGAtEqualConfigurationsIsTheGradientOfItsEnergy)
{
  {
    Session s;
    s.cmd(triatomics("/dg", 1.0, "fix 1 all dg/nve") + "run 0");
    double fmax = 0.0;
    const double plain = dg_force_mismatch(s, &fmax);
    const double rel = dg_force_mismatch(s, dsf_force_correction(s, "lj/cut/coul/dsf/dg", 0.25));
    std::printf("  lj/cut/coul/dsf/dg: |fbar - f| / |f| = %.2e; after the erfc' term %.2e\n",
                plain, rel);
    EXPECT_GT(fmax, 1.0);
    EXPECT_LT(rel, 1e-12);
    // the term is there (alpha qq/r 7e-6 at most: a few 1e-7 of these forces)
    EXPECT_GT(plain, 1e-9);
    EXPECT_LT(plain, 1e-4);
  }
  {
    Session s;
    s.cmd(ions("/dg", 1.0, "fix 1 all dg/nve") + "displace_atoms all random 0.4 0.4 0.4 9\nrun 0");
    double fmax = 0.0;
    const double rel = dg_force_mismatch(s, dsf_force_correction(s, "coul/dsf/dg", 0.2), &fmax);
    EXPECT_GT(fmax, 1.0);
    EXPECT_LT(rel, 1e-12) << "hybrid/overlay lj/cut/dg + coul/dsf/dg";
  }
}

// ---------------------------------------------------------------------------
// (b) the DG identity
// ---------------------------------------------------------------------------

TEST(DGRadialStyles, IdentityHoldsFromTinyToLargeDisplacements)
{
  {
    Session s;    // (0.3: bonds into the clamp of fene, pairs across the WCA cutoff)
    s.cmd(chain_melt("/dg", 0.005, "fix 1 all dg/nve") + "run 0");
    expect_identity_at_all_scales(s, 0.3, "lj/cut/dg", "fene/dg + lj/cut/dg");
  }
  {
    Session s;
    s.cmd(morse_system("/dg", 0.005, "fix 1 all dg/nve") +
          "displace_atoms all random 0.3 0.3 0.3 5\nrun 0");
    expect_identity_at_all_scales(s, 1.0, "morse/dg", "morse/dg");
  }
  {
    Session s;
    s.cmd(triatomics("/dg", 1.0, "fix 1 all dg/nve") + "run 0");
    expect_identity_at_all_scales(s, 1.0, "lj/cut/coul/dsf/dg", "lj/cut/coul/dsf/dg");
  }
  {
    Session s;
    s.cmd(ions("/dg", 1.0, "fix 1 all dg/nve") + "run 0");
    expect_identity_at_all_scales(s, 1.5, "coul/dsf/dg", "coul/dsf/dg");
  }
}

// ---------------------------------------------------------------------------
// (c) energy conservation
// ---------------------------------------------------------------------------

struct Conservation {
  double dg, nve, e0;
};

Conservation conservation(const std::function<std::string(const std::string &, double,
                                                          const std::string &)> &system,
                          double dt, int nsteps, const char *what)
{
  Conservation c{};
  {
    Session s;
    s.cmd(system("/dg", dt, "fix 1 all dg/nve tol 1e-12"));
    c.dg = max_energy_error(s, nsteps, 100);
    c.e0 = std::fabs(s.equal("etotal"));
    std::printf("  %s: dg/nve max|E-E0|/|E| = %.3e (mean iterations %.2f, failed steps %g)\n",
                what, c.dg / c.e0, s.fix_vector("1", 1), s.fix_vector("1", 3));
    EXPECT_EQ(s.fix_vector("1", 3), 0.0) << what;
  }
  Session s;
  s.cmd(system("", dt, "fix 1 all nve"));
  c.nve = max_energy_error(s, nsteps, 100);
  std::printf("  %s: nve    max|E-E0|/|E| = %.3e\n", what, c.nve / c.e0);
  return c;
}

void expect_conserved(const Conservation &c, const char *what)
{
  EXPECT_LT(c.dg / c.e0, 1e-9) << what;
  EXPECT_GT(c.nve, 1e3 * c.dg) << what;
  EXPECT_GT(c.nve / c.e0, 1e-7) << what;
}

TEST(DGRadialStyles, ChainMeltConservesEnergyWhereNVEDoesNot)
{
  expect_conserved(conservation(chain_melt, 0.008, 10000, "FENE chain melt"), "FENE chain melt");
}

TEST(DGRadialStyles, MorseClusterAndDimerConserveEnergyWhereNVEDoesNot)
{
  expect_conserved(conservation([](const std::string &sfx, double dt, const std::string &fix) {
    return morse_system(sfx, dt, fix);
  }, 0.01, 10000, "Morse cluster + dimer"), "Morse");
}

TEST(DGRadialStyles, ChargedMoleculesConserveEnergyWhereNVEDoesNot)
{
  expect_conserved(conservation([](const std::string &sfx, double dt, const std::string &fix) {
    return triatomics(sfx, dt, fix);
  }, 2.0, 10000, "charged triatomics"), "lj/cut/coul/dsf");
  expect_conserved(conservation(ions, 2.0, 10000, "ions"), "coul/dsf");
}

// ---------------------------------------------------------------------------
// (d) bond fene/dg: the clamp and the errors of bond fene
// ---------------------------------------------------------------------------

// two atoms bonded by FENE (K 30, R0 1.5, eps 1, sigma 1) at distance r along x
std::string fene_pair(double r, double vx = 0.0)
{
  std::ostringstream s;
  s.precision(17);
  s << "units lj\natom_style bond\natom_modify map array\nboundary f f f\n"
       "region box block -10 10 -10 10 -10 10\ncreate_box 1 box bond/types 1 extra/bond/per/atom 1\n"
       "create_atoms 1 single 0 0 0\ncreate_atoms 1 single " << r << " 0 0\nmass 1 1.0\n"
       "create_bonds single/bond 1 1 2\nbond_style fene/dg\nbond_coeff 1 30.0 1.5 1.0 1.0\n"
       "special_bonds fene\nset atom 1 vx " << -vx << "\nset atom 2 vx " << vx << "\n"
       "neighbor 0.3 bin\nthermo 0\nthermo_modify norm no\ntimestep 0.005\n";
  return s.str();
}

// the positions of the two atoms (rows in local order) with atom 2 at distance r along x
void place(LAMMPS_NS::LAMMPS *lmp, Rows &x, double r)
{
  for (int i = 0; i < 2; i++)
    for (int k = 0; k < 3; k++) x[i][k] = 0.0;
  x[lmp->atom->map(2)][0] = r;
}

TEST(DGRadialStyles, FENEClampIsTheParentsAndNeverNaN)
{
  const std::string log = geomint_test::scratch_path("fene_clamp.log");
  Session s;
  s.cmd("log " + log + "\n" + fene_pair(1.45) + "fix 1 all dg/nve\nrun 0");
  // bond fene's own warning, from its compute() (1 - 1.45^2/1.5^2 = 0.066 < 0.1)
  const double pe = s.equal("pe");
  const double clamped = -0.5 * 30.0 * 1.5 * 1.5 * std::log(0.1);
  EXPECT_NEAR(pe, clamped, 1e-13 * clamped);
  auto *dg = dynamic_cast<LAMMPS_NS::DGStyle *>(s.lmp->force->bond);
  ASSERT_TRUE(dg);
  const double rc = 1.5 * std::sqrt(0.9);    // where the clamp starts
  struct Case {
    double r, rn;
  };
  // clamped at both ends (beyond R0 too), across the clamp both ways, inside
  for (Case c : {Case{1.45, 1.47}, Case{1.46, 1.6}, Case{1.4, 1.45}, Case{1.45, 1.4},
                 Case{rc - 1e-10, rc + 1e-10}, Case{1.0, 1.3}, Case{1.2, 2.9}}) {
    Rows xo(2), xn(2), f(2);
    place(s.lmp, xo, c.r);
    place(s.lmp, xn, c.rn);
    double vn = 0.0, vo = 0.0;
    dg->compute_dg(xo.data(), xn.data(), f.data(), vn, vo);
    EXPECT_TRUE(std::isfinite(vn) && std::isfinite(vo) && std::isfinite(f[1][0]));
    EXPECT_NEAR(vo, geomint::dg::fene_energy(30.0, 1.5, 1.0, 1.0, c.r), 1e-14 * clamped);
    EXPECT_NEAR(vn, geomint::dg::fene_energy(30.0, 1.5, 1.0, 1.0, c.rn), 1e-14 * clamped);
    const int i2 = s.lmp->atom->map(2), i1 = 1 - i2;
    const double work = -(f[i2][0] * (c.rn - c.r));
    EXPECT_NEAR(work, vn - vo, 8 * EPS * (std::fabs(vn) + std::fabs(vo))) << c.r << " " << c.rn;
    EXPECT_EQ(f[i1][0], -f[i2][0]);
    if (c.r > rc && c.rn > rc) EXPECT_EQ(f[i2][0], 0.0);    // the clamped energy is flat
  }
  s.cmd("log none");
  const std::string text = read_file(log);
  std::remove(log.c_str());
  EXPECT_GE(count_of(text, "FENE bond too long: 0 1 2 1.45"), 1u) << text;
  // the trial configurations beyond the clamp: said once per run
  EXPECT_EQ(count_of(text, "Bond fene/dg: FENE bond too long: atoms 1 2 at r = "), 1u) << text;
}

TEST(DGRadialStyles, BadFENEBondIsAnErrorAsInBondFENE)
{
  {
    // bond fene's own check in compute()
    Session s;
    const std::string err = s.error_of(fene_pair(3.1) + "fix 1 all dg/nve\nrun 0");
    EXPECT_NE(err.find("Bad FENE bond"), std::string::npos) << err;
  }
  {
    // a trial configuration of fix dg/nve at r >= 2 R0
    Session s;
    s.cmd(fene_pair(1.0) + "fix 1 all dg/nve\nrun 3");
    auto *dg = dynamic_cast<LAMMPS_NS::DGStyle *>(s.lmp->force->bond);
    ASSERT_TRUE(dg);
    Rows xo(2), xn(2), f(2);
    place(s.lmp, xo, 1.0);
    place(s.lmp, xn, 3.05);
    double vn = 0.0, vo = 0.0;
    std::string err;
    try {
      dg->compute_dg(xo.data(), xn.data(), f.data(), vn, vo);
    } catch (std::exception &e) {
      err = e.what();
    }
    EXPECT_NE(err.find("Bond fene/dg: Bad FENE bond: atoms 1 2 at r = 3.05 (>= 2 R0 = 3) in step 3"),
              std::string::npos)
        << err;
  }
  {
    // dynamics: a bond thrown past the clamp is not pulled back (the clamped
    // energy is flat, as bond fene's): the run warns, conserves the energy
    // (never NaN) and stops with bond fene's error once r >= 2 R0
    Session s;
    // (relative kinetic energy 64 > V(clamp) - V(1.2) = 43)
    s.cmd(fene_pair(1.2, 8.0) + "fix 1 all dg/nve tol 1e-12 maxdisp 0.2\nrun 0");
    const double e0 = s.equal("etotal");
    std::string err;
    double worst = 0.0;
    for (int n = 0; n < 100 && err.empty(); n++) {
      err = s.error_of("run 10 pre no post no");
      if (err.empty()) {
        const double e = s.equal("etotal");
        ASSERT_TRUE(std::isfinite(e));
        worst = std::max(worst, std::fabs(e - e0));
      }
    }
    EXPECT_NE(err.find("Bad FENE bond"), std::string::npos) << err;
    EXPECT_LT(worst, 1e-9 * std::fabs(e0));
  }
}

// ---------------------------------------------------------------------------
// arguments, cutoffs and neighbor reach of the coul/dsf styles
// ---------------------------------------------------------------------------

TEST(DGRadialStyles, NeighborListsReachTheLargerCutoffPlusMargin)
{
  struct Case {
    std::string args;
    double outer;    // the larger of the LJ and Coulomb cutoffs
  };
  for (const Case &c : {Case{"0.25 6.0 6.5", 6.5}, Case{"0.25 6.8 6.2", 6.8},
                        Case{"0.25 6.0", 6.0}}) {
    Session s;
    s.cmd(triatomics("/dg", 1.0, "fix 1 all dg/nve maxdisp 0.3", c.args) + "run 0");
    LAMMPS_NS::Pair *p = pair_of(s.lmp, "lj/cut/coul/dsf/dg");
    ASSERT_TRUE(p);
    EXPECT_DOUBLE_EQ(dynamic_cast<LAMMPS_NS::DGStyle *>(p)->dg_margin(), 0.6);
    // lists: outer + margin + skin; forces: the true outer cutoff (the 1-2 type
    // pair has an LJ cutoff of its own, 5.0: its outer cutoff is the Coulomb one)
    EXPECT_NEAR(s.lmp->neighbor->cutneighmax, c.outer + 0.6 + 1.0, 1e-12) << c.args;
    EXPECT_DOUBLE_EQ(p->cutsq[1][1], c.outer * c.outer) << c.args;
    int dim = 0;
    const double rcoul = *static_cast<double *>(p->extract("cut_coul", dim));
    EXPECT_DOUBLE_EQ(p->cutsq[1][2], std::max(5.0, rcoul) * std::max(5.0, rcoul)) << c.args;
  }
}

TEST(DGRadialStyles, BadArgumentsGiveHelpfulErrors)
{
  struct Case {
    std::string lines, message;
  };
  const std::vector<Case> cases = {
      {"pair_style coul/dsf/dg 0.2", "expected 'pair_style coul/dsf/dg alpha Rc [margin M]'"},
      {"pair_style coul/dsf/dg -0.2 8.0",
       "Pair coul/dsf/dg: the damping parameter alpha must be >= 0 (got -0.2)"},
      {"pair_style coul/dsf/dg 0.2 0 margin 0.5",
       "Pair coul/dsf/dg: the cutoff Rc must be > 0 (got 0)"},
      {"pair_style lj/cut/coul/dsf/dg 0.2",
       "expected 'pair_style lj/cut/coul/dsf/dg alpha Rc [Rcoul] [margin M]'"},
      {"pair_style lj/cut/coul/dsf/dg 0.2 8.0 9.0 10.0",
       "expected 'pair_style lj/cut/coul/dsf/dg alpha Rc [Rcoul] [margin M]'"},
      {"pair_style lj/cut/coul/dsf/dg 0.2 8.0 -1",
       "Pair lj/cut/coul/dsf/dg: the Coulomb cutoff Rcoul must be > 0 (got -1)"},
      {"pair_style lj/cut/coul/dsf/dg 0.2 8.0\npair_coeff 1 1 0.1 3.0 -2",
       "Pair lj/cut/coul/dsf/dg: the LJ cutoff Rc of pair_coeff 1 1 must be > 0 (got -2)"},
      {"pair_style morse/dg 2.5 3.0", "expected 'pair_style morse/dg Rc [margin M]'"},
      {"pair_style morse/dg 2.5\npair_coeff * * 1.0 2.0 1.0 -1",
       "Pair morse/dg: the cutoff Rc of pair_coeff * * must be > 0 (got -1)"},
      {"pair_style lj/cut/coul/dsf/dg 0.2 8.0 margin -1", "margin must be >= 0"},
  };
  for (const Case &c : cases) {
    Session s;
    std::string setup = triatomics("/dg", 1.0, "");
    setup = setup.substr(0, setup.find("pair_style"));
    s.cmd(setup);
    const std::string err = s.error_of(c.lines);
    EXPECT_NE(err.find(c.message), std::string::npos) << c.lines << "\n  gave: " << err;
  }
  // the styles fix dg/nve refuses without a DG: the parents
  Session s;
  s.cmd(triatomics("", 1.0, ""));
  std::string err = s.error_of("bond_style harmonic/dg\nbond_coeff 1 300.0 1.5\nfix 1 all dg/nve\nrun 0");
  EXPECT_NE(err.find("pair style lj/cut/coul/dsf has no discrete-gradient variant"),
            std::string::npos) << err;
}

// restart: the parents' restart info (coefficients, alpha, cutoffs, offsets)
// gives the same energy
TEST(DGRadialStyles, RestartKeepsTheStyles)
{
  const std::string file = geomint_test::scratch_path("radial.restart");
  double pe = 0.0;
  {
    Session s;
    s.cmd(triatomics("/dg", 1.0, "fix 1 all dg/nve") + "run 5");
    pe = s.equal("pe");
    s.cmd("write_restart " + file);
  }
  Session s;
  s.cmd("read_restart " + file + "\nneighbor 1.0 bin\nfix 1 all dg/nve\nrun 0");
  std::remove(file.c_str());
  EXPECT_NEAR(s.equal("pe"), pe, 1e-12 * std::fabs(pe));
  EXPECT_TRUE(pair_of(s.lmp, "lj/cut/coul/dsf/dg"));
}



// a special pair (special_bonds coul 0.5 for 1-4) crossing the Coulomb cutoff:
// the parents' energy steps there by -(1 - factor_coul) qq/rc, which the DG
// styles keep (their energy is the parents'), so the step has no fixed point;
// the error names that cause (it blamed a straight angle under a dihedral,
// which this 4-atom chain does not have); with factor 1 the same chain
// crosses the cutoff again and again and conserves the energy to 1e-11
TEST(DGRadialStyles, SpecialPairCrossingTheCoulombCutoffIsNamed)
{
  for (const char *f : {"0.5", "1.0"}) {
    Session s;
    s.cmd(std::string("units lj\natom_style full\nboundary f f f\n"
          "region b block -10 10 -10 10 -10 10\n"
          "create_box 1 b bond/types 1 extra/bond/per/atom 2 extra/special/per/atom 6\n"
          "mass 1 1.0\ncreate_atoms 1 single 0.0 0.0 0.0\ncreate_atoms 1 single 0.9 0.5 0.0\n"
          "create_atoms 1 single 1.6 0.5 0.0\ncreate_atoms 1 single 2.45 0.0 0.0\n"
          "set atom 1 charge 1.0\nset atom 4 charge -1.0\n"
          "special_bonds lj 0.0 0.0 0.0 coul 0.0 0.0 ") + f + "\nbond_style harmonic/dg\n"
          "bond_coeff 1 100.0 0.9\ncreate_bonds single/bond 1 1 2 special no\n"
          "create_bonds single/bond 1 2 3 special no\ncreate_bonds single/bond 1 3 4 special yes\n"
          "pair_style coul/dsf/dg 0.3 2.5\npair_coeff * *\n"
          "neighbor 0.5 bin\nneigh_modify every 1 delay 0 check yes\n"
          "velocity all set 0 0 0\nset atom 1 vx -0.3\nset atom 4 vx 0.3\n"
          "variable r14 equal sqrt((x[4]-x[1])^2+(y[4]-y[1])^2+(z[4]-z[1])^2)\n"
          "fix 1 all dg/nve\ntimestep 0.005\nthermo 0\nrun 0");
    if (std::string(f) == "0.5") {
      const std::string err = s.error_of("run 400");
      EXPECT_NE(err.find("did not converge"), std::string::npos) << err;
      EXPECT_NE(err.find("special pair (special_bonds coul < 1) of pair style coul/dsf/dg jumps"),
                std::string::npos) << err;
      EXPECT_EQ(err.find("near 180 degrees"), std::string::npos) << err;
      continue;
    }
    const double e0 = s.equal("etotal");
    int crossings = 0;
    bool inside = s.equal("v_r14") < 2.5;
    double worst = 0.0;
    for (int k = 0; k < 400; k++) {
      s.cmd("run 1 pre no post no");
      worst = std::max(worst, std::fabs(s.equal("etotal") - e0));
      const bool now = s.equal("v_r14") < 2.5;
      crossings += now != inside;
      inside = now;
    }
    std::printf("factor 1: %d crossings, max |E - E0| = %.3g (E0 = %.6f)\n", crossings, worst, e0);
    EXPECT_GE(crossings, 4);
    EXPECT_LE(worst, 1e-11 * std::fabs(e0));
  }
}

// ---------------------------------------------------------------------------
// (e) dg_pair_atom's AVX2 lanes against the one-pair kernel (dg_pair_entry)
// ---------------------------------------------------------------------------

#ifdef GEOMINT_HOST_AVX2
struct LaneTestCoeff {
  double lj3(int i, int j) const { return 4.0 * (1.0 + 0.25 * (i + j)) * std::pow(0.9 + 0.05 * (i * j), 12); }
  double lj4(int i, int j) const { return 4.0 * (1.0 + 0.25 * (i + j)) * std::pow(0.9 + 0.05 * (i * j), 6); }
  double offset(int i, int j) const { return 0.01 * (i + 2 * j); }
};
#endif

TEST(DGPairLanes, FourPairsAtOnceAreTheOnePairKernelBitForBit)
{
#ifndef GEOMINT_HOST_AVX2
  GTEST_SKIP() << "this build has no AVX2 lanes (lanes.h: GCC on x86-64 without FMA)";
#else
  if (!geomint::host_has_avx2()) GTEST_SKIP() << "this CPU has no AVX2";
  static_assert(LAMMPS_NS::dg_term_has_lanes<LAMMPS_NS::LJCutDGTerm<LaneTestCoeff>>::value,
                "lj/cut/dg's term has lanes");
  // 300 atoms of 2 types in a 9^3 box, x' = x + 0.08 N(0,1): a half list of all
  // pairs within 3.2 at x (cutoffs 2.5, 2.1 and 2.8: pairs inside at both
  // ends, crossing the cutoff either way, and beyond at both, also four in a
  // row), special_bonds slots 0-3 at random
  const int n = 300;
  std::mt19937 gen(20261128);
  std::uniform_real_distribution<double> box(0.0, 9.0);
  std::normal_distribution<double> jump(0.0, 0.08);
  std::uniform_int_distribution<int> slot(0, 7);
  std::vector<double> xo(3 * n), xn(3 * n);
  std::vector<int> type(n), first(n + 1, 0), entries;
  for (int i = 0; i < n; i++) {
    type[i] = 1 + i % 2;
    for (int d = 0; d < 3; d++) {
      xo[3 * i + d] = box(gen);
      xn[3 * i + d] = xo[3 * i + d] + jump(gen);
    }
  }
  int crossing = 0, beyond = 0;
  for (int i = 0; i < n; i++) {
    for (int j = i + 1; j < n; j++) {
      double r2 = 0.0, rn2 = 0.0;
      for (int d = 0; d < 3; d++) {
        r2 += std::pow(xo[3 * j + d] - xo[3 * i + d], 2);
        rn2 += std::pow(xn[3 * j + d] - xn[3 * i + d], 2);
      }
      if (r2 > 3.2 * 3.2) continue;
      const int sp = slot(gen);    // 3/8 of the pairs special (slots 1-3), the rest slot 0
      entries.push_back(j | (sp < 4 ? 0 : (sp - 4)) << SBBITS);
      const double c = type[i] + type[j] == 2 ? 2.5 : (type[i] + type[j] == 3 ? 2.1 : 2.8);
      crossing += (r2 < c * c) != (rn2 < c * c);
      beyond += r2 >= c * c && rn2 >= c * c;
    }
    first[i + 1] = static_cast<int>(entries.size());
  }
  // some atoms at z = -0.0 (their pair vectors' z is -0 - (-0) = +0 in the
  // one-pair loop; a lane broadcasting atom i as 0.0 + x made it -0)
  for (int i = 0; i < n; i += 10) xo[3 * i + 2] = xn[3 * i + 2] = -0.0;
  ASSERT_GT(crossing, 20);
  ASSERT_GT(beyond, 1000);
  const LAMMPS_NS::LJCutDGTerm<LaneTestCoeff> term{{}};
  // LAMMPS's layout for dg_style.h's accessor DGHostPairs: rows and list pointers
  std::vector<double *> xo_rows(n), xn_rows(n);
  std::vector<int> num(n);
  std::vector<int *> firsts(n);
  for (int i = 0; i < n; i++) {
    xo_rows[i] = &xo[3 * i];
    xn_rows[i] = &xn[3 * i];
    num[i] = first[i + 1] - first[i];
    firsts[i] = entries.data() + first[i];
  }
  double cut_rows[3][3] = {{0.0, 0.0, 0.0}, {0.0, 2.5 * 2.5, 2.1 * 2.1}, {0.0, 2.1 * 2.1, 2.8 * 2.8}};
  double *cut_sq[3] = {cut_rows[0], cut_rows[1], cut_rows[2]};
  const double slj[4] = {1.0, 0.0, 0.5, 0.75}, scoul[4] = {1.0, 0.0, 0.25, 0.5};
  for (int newton = 0; newton < 2; newton++) {
    std::vector<double> f_lanes(3 * n, 0.0), f_one(3 * n, 0.0);
    std::vector<double *> fl_rows(n), fo_rows(n);
    for (int i = 0; i < n; i++) {
      fl_rows[i] = &f_lanes[3 * i];
      fo_rows[i] = &f_one[3 * i];
    }
    const LAMMPS_NS::DGHostPairs a{xo_rows.data(), xn_rows.data(), fl_rows.data(), cut_sq,
                                   type.data(),    num.data(),     firsts.data(),  slj,
                                   scoul,          250,            newton};
    LAMMPS_NS::DGHostPairs b = a;
    b.f_dg = fo_rows.data();
    double e_lanes[4] = {0.0, 0.0, 0.0, 0.0}, e_one[4] = {0.0, 0.0, 0.0, 0.0};
    for (int i = 0; i < 250; i++) {
      LAMMPS_NS::dg_pair_atom<true>(a, i, term, e_lanes[0], e_lanes[1]);
      LAMMPS_NS::dg_pair_atom<false>(a, i, term, e_lanes[2], e_lanes[3]);
      for (int energy = 0; energy < 2; energy++) {
        double fi[3] = {0.0, 0.0, 0.0};
        for (int jj = 0; jj < b.num(i); jj++) {
          if (energy)
            LAMMPS_NS::dg_pair_entry<true>(b, i, b.type(i), b.entry(i, jj), term, fi, e_one[0], e_one[1]);
          else
            LAMMPS_NS::dg_pair_entry<false>(b, i, b.type(i), b.entry(i, jj), term, fi, e_one[2], e_one[3]);
        }
        for (int d = 0; d < 3; d++) b.add(i, d, fi[d]);
      }
    }
    // bit for bit (memcmp: the sign of a zero too)
    for (int k = 0; k < 3 * n; k++)
      ASSERT_EQ(std::memcmp(&f_lanes[k], &f_one[k], sizeof(double)), 0)
          << "atom " << k / 3 << ", newton " << newton << ": " << f_lanes[k] << " vs " << f_one[k];
    for (int k = 0; k < 4; k++)
      EXPECT_EQ(std::memcmp(&e_lanes[k], &e_one[k], sizeof(double)), 0) << "energy " << k;
    EXPECT_NE(e_lanes[0], e_lanes[1]);
    EXPECT_EQ(e_lanes[2], 0.0);    // no energies asked for
  }
#endif
}

}    // namespace
