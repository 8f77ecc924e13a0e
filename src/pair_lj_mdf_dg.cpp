/* ----------------------------------------------------------------------
   GEOMINT - pair lj/mdf/dg: the LaBudde-Greenspan discrete gradient of switched LJ

   V = U(r) s(r): LJ times the C2 taper s = (1-x)^3 (1 + 3x + 6x^2),
   x = (r - r_in)/(r_c - r_in), of pair lj/mdf (the switch of Grimm et al.).  The
   product quotient Delta(U s) = Delta U (s + s')/2 + Delta s (U + U')/2 is
   exact, with cancellation-free Delta U (inverse powers) and Delta s
   (powers of the clamped x).  The neighbor-list margin is dg_pair.h's.
------------------------------------------------------------------------- */

#include "pair_lj_mdf_dg.h"


#include "geomint/dg.h"

#include <algorithm>
#include <cmath>

using namespace LAMMPS_NS;

namespace {
// the taper s(x) = 1 - 10 x^3 + 15 x^4 - 6 x^5 on the clamped x
inline double taper(double x)
{
  x = x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
  return 1.0 + x * x * x * (-10.0 + x * (15.0 - 6.0 * x));
}
}    // namespace

void PairLJMDFDG::pair_dg(double **xold, double **xnew, double **fdg, double &vnew,
                             double &vold)
{
  using geomint::dg::power_quotient;
  auto term = [this](int it, int jt, double factor, double r, double rn, bool, bool,
                     double &delta, double &vo, double &vn) {
    const double c12 = factor * lj3[it][jt], c6 = factor * lj4[it][jt];
    const double rin = cut_inner[it][jt], width = std::sqrt(cutsq[it][jt]) - rin;
    auto lj = [c12, c6](double rr) {
      const double r6inv = 1.0 / (rr * rr * rr * rr * rr * rr);
      return r6inv * (c12 * r6inv - c6);
    };
    const double u = lj(r), un = lj(rn);
    const double x = (r - rin) / width, xn = (rn - rin) / width;
    const double s = taper(x), sn = taper(xn);
    const double du = geomint::dg::lj_quotient(c12, c6, r, rn);
    // Delta s = (s(xc') - s(xc)) / (r' - r), xc clamped to [0, 1]
    const double xc = std::min(std::max(x, 0.0), 1.0), xcn = std::min(std::max(xn, 0.0), 1.0);
    double ds = 0.0;
    if (xc != xcn) {
      const double poly = -10.0 * power_quotient(xc, xcn, 3) + 15.0 * power_quotient(xc, xcn, 4) -
          6.0 * power_quotient(xc, xcn, 5);
      // unclamped: (x' - x)/(r' - r) = 1/width exactly (no cancellation)
      const bool inside = x >= 0.0 && x <= 1.0 && xn >= 0.0 && xn <= 1.0;
      ds = poly * (inside ? 1.0 / width : (xcn - xc) / (rn - r));
    } else if (x > 0.0 && x < 1.0) {
      ds = (-30.0 * x * x + 60.0 * x * x * x - 30.0 * x * x * x * x) / width;    // s'(r)
    }
    delta = 0.5 * du * (s + sn) + 0.5 * ds * (u + un);
    vo = u * s;    // s = 0 beyond the cutoff
    vn = un * sn;
  };
  dg_pair_list(lmp, dg_pairs(), cutsq, xold, xnew, fdg, vnew, vold, term);
}
