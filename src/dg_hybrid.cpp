/* ----------------------------------------------------------------------
   GEOMINT - bonded hybrid styles under fix dg/nve (see dg_hybrid.h)
------------------------------------------------------------------------- */

#include "dg_hybrid.h"

#include "angle_hybrid.h"
#include "bond_hybrid.h"
#include "dihedral_hybrid.h"
#include "improper_hybrid.h"

#include "geomint_member_pointer.h"
#include "lammps.h"
#include "neighbor.h"

using namespace LAMMPS_NS;

// The type -> sub-style map of the bonded hybrid styles (private in LAMMPS
// 29Sep2021, protected later) is the only thing that knows the sub-style of a
// type: bond_coeff * A ... then bond_coeff 2 B ..., or bond_coeff 2 none,
// leave the sub-styles' own setflag set.
namespace {
struct BondMap {
  using type = int *BondHybrid::*;
};
struct AngleMap {
  using type = int *AngleHybrid::*;
};
struct DihedralMap {
  using type = int *DihedralHybrid::*;
};
struct ImproperMap {
  using type = int *ImproperHybrid::*;
};
}    // namespace
template struct geomint_access::MemberPointerSetter<BondMap, &BondHybrid::map>;
template struct geomint_access::MemberPointerSetter<AngleMap, &AngleHybrid::map>;
template struct geomint_access::MemberPointerSetter<DihedralMap, &DihedralHybrid::map>;
template struct geomint_access::MemberPointerSetter<ImproperMap, &ImproperHybrid::map>;
using geomint_access::MemberPointer;

const int *LAMMPS_NS::dg_hybrid_type_map(BondHybrid *h)
{
  return h->*MemberPointer<BondMap>::value;
}
const int *LAMMPS_NS::dg_hybrid_type_map(AngleHybrid *h)
{
  return h->*MemberPointer<AngleMap>::value;
}
const int *LAMMPS_NS::dg_hybrid_type_map(DihedralHybrid *h)
{
  return h->*MemberPointer<DihedralMap>::value;
}
const int *LAMMPS_NS::dg_hybrid_type_map(ImproperHybrid *h)
{
  return h->*MemberPointer<ImproperMap>::value;
}

DGBondedHybrid::DGBondedHybrid(LAMMPS *lmp_in, Kind kind_in, const int *map, int ntypes,
                               const std::vector<DGStyle *> &subs_in) :
    lmp(lmp_in), kind(kind_in), subs(subs_in), style_of_type(ntypes + 1, -1)
{
  for (int t = 1; t <= ntypes; t++)
    if (map && map[t] >= 0 && map[t] < static_cast<int>(subs.size())) style_of_type[t] = map[t];
}

void DGBondedHybrid::compute_dg(double **xold, double **xnew, double **fdg, double &vnew,
                                double &vold)
{
  Neighbor *nb = lmp->neighbor;
  int **&list = kind == BOND ? nb->bondlist
      : kind == ANGLE        ? nb->anglelist
      : kind == DIHEDRAL     ? nb->dihedrallist
                             : nb->improperlist;
  int &nlist = kind == BOND ? nb->nbondlist
      : kind == ANGLE       ? nb->nanglelist
      : kind == DIHEDRAL    ? nb->ndihedrallist
                            : nb->nimproperlist;
  const int typecol = kind == BOND ? 2 : kind == ANGLE ? 3 : 4;
  int **const full = list;
  const int nfull = nlist;
  for (size_t m = 0; m < subs.size(); m++) {
    if (!subs[m]) continue;
    rows.clear();
    for (int n = 0; n < nfull; n++) {
      const int t = full[n][typecol];
      if (t > 0 && t < static_cast<int>(style_of_type.size()) &&
          style_of_type[t] == static_cast<int>(m))
        rows.push_back(full[n]);
    }
    list = rows.data();
    nlist = static_cast<int>(rows.size());
    subs[m]->compute_dg(xold, xnew, fdg, vnew, vold);
  }
  list = full;
  nlist = nfull;
}

bool DGBondedHybrid::dg_symmetric() const
{
  for (DGStyle *s : subs)
    if (s && !s->dg_symmetric()) return false;
  return true;
}

void DGBondedHybrid::set_dg_variant(int v)
{
  for (DGStyle *s : subs)
    if (s) s->set_dg_variant(v);
}

void DGBondedHybrid::dg_step_begin(double **xold, double reach)
{
  for (DGStyle *s : subs)
    if (s) s->dg_step_begin(xold, reach);
}

void DGBondedHybrid::dg_step_end()
{
  for (DGStyle *s : subs)
    if (s) s->dg_step_end();
}
