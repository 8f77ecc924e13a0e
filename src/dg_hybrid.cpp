/* ----------------------------------------------------------------------
   GEOMINT - bonded hybrid styles under fix dg/nve (see dg_hybrid.h)
------------------------------------------------------------------------- */

#include "dg_hybrid.h"

#include "error.h"
#include "lammps.h"
#include "neighbor.h"

using namespace LAMMPS_NS;

static const char *const KIND_NAME[] = {"bond", "angle", "dihedral", "improper"};

DGBondedHybrid::DGBondedHybrid(LAMMPS *lmp_in, Kind kind_in, int ntypes,
                               const std::vector<DGStyle *> &subs_in,
                               const std::vector<int *> &setflag,
                               const std::vector<std::string> &names) :
    lmp(lmp_in), kind(kind_in), subs(subs_in), style_of_type(ntypes + 1, -1)
{
  for (int t = 1; t <= ntypes; t++)
    for (size_t m = 0; m < subs.size(); m++) {
      if (!setflag[m] || !setflag[m][t]) continue;
      if (style_of_type[t] >= 0)
        lmp->error->all(FLERR, "Fix dg/nve: {} type {} has coefficients in the hybrid sub-styles "
                        "{} and {}, so its sub-style is ambiguous; give each type one sub-style "
                        "(a new {}_style hybrid command resets them)", KIND_NAME[kind], t,
                        names[style_of_type[t]], names[m], KIND_NAME[kind]);
      style_of_type[t] = static_cast<int>(m);
    }
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

void DGBondedHybrid::dg_step_begin(double **xold)
{
  for (DGStyle *s : subs)
    if (s) s->dg_step_begin(xold);
}

void DGBondedHybrid::dg_step_end()
{
  for (DGStyle *s : subs)
    if (s) s->dg_step_end();
}
