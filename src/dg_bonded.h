/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the bonded DG styles' terms, written once: each style's per-term
   arithmetic is a functor (GEOMINT_INLINE, no LAMMPS, no host pointers) over
   a table of its coefficients (DGCoeffTable), run by dg_term_list over
   LAMMPS's bonded lists in the CPU style and by a Kokkos parallel_reduce over
   the Kokkos topology lists in its /kk variant (KOKKOS/dg_bonded_kokkos.h).

   - bonds: DGRadialTerm<Radial>: Radial(i1, i2, type, r, rn, delta, vo, vn)
     sets the LaBudde-Greenspan quotient of the bond, applied along
     e = (R + R')/(r + r') (dg_bond.h).
   - angles, dihedrals, impropers: DGPathTerm<Model>: the midpoint DG
     (geomint::dg::midpoint_dg, the default) with the potential Model::u(c,
     type) of cos theta or phi, or the paper's distance path DGs (dg
     sym/left/right, geomint::dg::term_dg) with Model::pot(c, type, d) of the
     distances d.
------------------------------------------------------------------------- */

#ifndef GEOMINT_DG_BONDED_H
#define GEOMINT_DG_BONDED_H

#include "dg_style.h"

#include <type_traits>

#include "geomint/dg.h"
#include "geomint/dg_terms.h"

#include <vector>

namespace LAMMPS_NS {

// a style's coefficients, one row of `stride` doubles per type (integers
// such as multiplicities are stored exactly as doubles): on the host a
// DGCoeffs' vector, on a Kokkos device a View of the same values
struct DGCoeffTable {
  const double *data;
  int stride;
  GEOMINT_INLINE double operator()(int t, int m) const { return data[t * stride + m]; }
  GEOMINT_INLINE const double *row(int t) const { return data + t * stride; }
};

// the host table: rows filled by the style (row(t, double *) for each type
// with coefficients set; the other rows stay 0)
class DGCoeffs {
 public:
  template <class Row> DGCoeffTable fill(int ntypes, int stride, const int *setflag, const Row &row)
  {
    n = ntypes;
    s = stride;
    v.assign(static_cast<size_t>(ntypes + 1) * stride, 0.0);
    for (int t = 1; t <= ntypes; t++)
      if (setflag && setflag[t]) row(t, v.data() + static_cast<size_t>(t) * stride);
    return table();
  }
  DGCoeffTable table() const { return {v.data(), s}; }
  const std::vector<double> &values() const { return v; }
  int ntypes() const { return n; }

 private:
  std::vector<double> v;
  int n = 0, s = 1;
};

// the distance pairs of a path DG, carried by value (device code cannot read
// the namespace-scope tables of geomint/dg.h)
template <int NDIST> struct DGPairTable {
  int p[NDIST][2];
};
template <int NDIST> DGPairTable<NDIST> dg_pair_table(const int (&src)[NDIST][2])
{
  DGPairTable<NDIST> t;
  for (int k = 0; k < NDIST; k++) {
    t.p[k][0] = src[k][0];
    t.p[k][1] = src[k][1];
  }
  return t;
}

template <int NDIST> struct DGPathPairs;
template <> struct DGPathPairs<3> {
  static DGPairTable<3> get() { return dg_pair_table(geomint::dg::ANGLE_PAIRS); }
};
template <> struct DGPathPairs<6> {
  static DGPairTable<6> get() { return dg_pair_table(geomint::dg::DIHEDRAL_PAIRS); }
};

// the energy of a term of U(cos theta) (3 atoms) or U(phi) (4 atoms) and its gradient
template <class U>
GEOMINT_INLINE double dg_geom_energy(const double (&x)[3][3], double (*grad)[3], const U &u)
{
  return geomint::dg::angle_energy(x, grad, u);
}
template <class U>
GEOMINT_INLINE double dg_geom_energy(const double (&x)[4][3], double (*grad)[3], const U &u)
{
  return geomint::dg::dihedral_energy(x, grad, u);
}

// which LAMMPS list a bonded DG style runs over
enum DGBondedKind { DG_BONDS, DG_ANGLES, DG_DIHEDRALS, DG_IMPROPERS };

template <int KIND> struct DGKindInfo {
  static constexpr int NATOM = KIND == DG_BONDS ? 2 : (KIND == DG_ANGLES ? 3 : 4);
};

// one angle, dihedral or improper term: Model (static, GEOMINT_INLINE) gives
// u(c, type), the midpoint DG's potential, and pot(c, type, d), the energy of
// the NDIST distances d (ANGLE_PAIRS or DIHEDRAL_PAIRS) for the path DGs
template <class Model> struct DGPathTerm {
  static constexpr int NATOM = Model::NATOM;
  static constexpr int NDIST = NATOM == 3 ? 3 : 6;
  DGCoeffTable c;
  int variant;
  double degtol;    // the path DGs' degenerate segment (angle_style ... degtol)
  DGPairTable<NDIST> pairs;

  DGPathTerm(const DGCoeffTable &c_, int variant_, double degtol_) :
      c(c_), variant(variant_), degtol(degtol_), pairs(DGPathPairs<NDIST>::get())
  {
  }

  GEOMINT_INLINE void operator()(const int (&)[NATOM], int kind, const double (&xo)[NATOM][3],
                                 const double (&xn)[NATOM][3], double (&f)[NATOM][3], double &vo,
                                 double &vn) const
  {
    const DGCoeffTable cc = c;
    if (variant == geomint::dg::MIDPOINT) {
      const auto u = Model::u(cc, kind);
      geomint::dg::midpoint_dg(
          xo, xn,
          [&u](const double (&x)[NATOM][3], double(*grad)[3]) { return dg_geom_energy(x, grad, u); },
          f, vo, vn);
    } else {
      geomint::dg::term_dg(
          pairs.p, xo, xn, [&cc, kind](const double *d) { return Model::pot(cc, kind, d); }, variant,
          f, vo, vn, degtol);
    }
  }
};

// A bonded DG style: Parent (LAMMPS's style, its compute() and coefficients)
// whose coefficients are copied into a DGCoeffTable (dg_stride values per
// type, dg_row) at each DG evaluation (they may change between runs or in a
// run, e.g. by fix adapt), and whose term is Derived::dg_term(table), a
// DGRadialTerm or DGPathTerm: CPU compute_dg runs it over LAMMPS's list
// (newton_bond rules); the /kk variant (KOKKOS/dg_bonded_kokkos.h) runs the
// same term over the Kokkos topology list.
template <class Derived, class Parent, class Base, int KIND>
class DGBondedStyle : public DGStyleOf<Parent, Base> {
 public:
  static constexpr int DG_KIND = KIND;
  static constexpr int NATOM = DGKindInfo<KIND>::NATOM;
  DGBondedStyle(LAMMPS *lmp) : DGStyleOf<Parent, Base>(lmp) {}

  // bond_style NAME (no arguments); angle_style, dihedral_style, improper_style
  // NAME [variant ...] [degtol D] (DGPathStyle::parse_dg_settings)
  void settings(int narg, char **arg) override
  {
    dg_settings(narg, arg, std::is_base_of<DGPathStyle, Base>());
  }

  void compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                  double &vold) override
  {
    Neighbor *nb = this->neighbor;
    int **list = KIND == DG_BONDS ? nb->bondlist
        : KIND == DG_ANGLES       ? nb->anglelist
        : KIND == DG_DIHEDRALS    ? nb->dihedrallist
                                  : nb->improperlist;
    const int n = KIND == DG_BONDS ? nb->nbondlist
        : KIND == DG_ANGLES        ? nb->nanglelist
        : KIND == DG_DIHEDRALS     ? nb->ndihedrallist
                                   : nb->nimproperlist;
    dg_term_list<NATOM>(this->lmp, list, n, xold, xnew, fdg,
                        static_cast<const Derived *>(this)->dg_term(dg_coeffs()), vnew, vold);
  }

  // Parent's coefficients now, one row per type (host)
  DGCoeffTable dg_coeffs()
  {
    const Atom *at = this->atom;
    const int ntypes = KIND == DG_BONDS ? at->nbondtypes
        : KIND == DG_ANGLES             ? at->nangletypes
        : KIND == DG_DIHEDRALS          ? at->ndihedraltypes
                                        : at->nimpropertypes;
    return dgc.fill(ntypes, dg_stride(), this->setflag,
                    [this](int t, double *row) { dg_row(t, row); });
  }
  const DGCoeffs &dg_coeff_values() const { return dgc; }

 protected:
  DGCoeffs dgc;
  static constexpr const char *KIND_NAME = KIND == DG_BONDS ? "bond_style"
      : KIND == DG_ANGLES                                   ? "angle_style"
      : KIND == DG_DIHEDRALS                                ? "dihedral_style"
                                                            : "improper_style";
  template <class B = Base> void dg_settings(int narg, char **arg, std::true_type)
  {
    static_cast<B *>(this)->parse_dg_settings(this->lmp, KIND_NAME, narg, arg);
  }
  void dg_settings(int narg, char **arg, std::false_type)
  {
    dg_no_settings(this->lmp, KIND_NAME, narg, arg);
  }
  virtual int dg_stride() const = 0;
  virtual void dg_row(int t, double *row) const = 0;
};

}    // namespace LAMMPS_NS

#endif
