/* ----------------------------------------------------------------------
   GEOMINT - the rigid-link filaments of fix bagogab (bagogab_filaments.h)
------------------------------------------------------------------------- */

#include "bagogab_filaments.h"

#include "bagogab_mesh.h"
#include "bagogab_passes.h"
#include "bagogab_points.h"
#include "fix_bagogab.h"

#include "geomint_comm.h"
#include "geomint_compat.h"
#include "geomint_error.h"
#include "geomint_mpi_stubs.h"

#include "angle.h"
#include "atom.h"
#include "bond.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "force.h"
#include "group.h"
#include "modify.h"
#include "neighbor.h"
#include "update.h"

#include "geomint/baoab.h"
#include "geomint/filament.h"
#include "geomint/random.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <utility>

using namespace LAMMPS_NS;
using namespace geomint_bagogab;

static const char *const STYLE = "Fix bagogab";

/* ---------------------------------------------------------------------- */

BagogabFilaments::BagogabFilaments(LAMMPS *lmp, FixBagogab *fix_in,
                                   const std::vector<int> &links, const std::vector<int> &twists,
                                   double ftol_in, int fmaxit_in) :
    Pointers(lmp), fix(fix_in), link_types(links), twist_types(twists), ftol(ftol_in),
    fmaxit(fmaxit_in), local_valid(false), need_comm(false), serial(0), it_max(0), it_sum(0),
    n_solves(0), res_max(0.0)
{
  fil_bead0.assign(1, 0);
  fil_cons0.assign(1, 0);
}

BagogabFilaments::Access BagogabFilaments::access()
{
  Access a;
  a.bead0_ = fil_bead0.data();
  a.cons0_ = fil_cons0.data();
  a.bw_ = fil_bw.data();
  a.ca_ = cons_a.data();
  a.cb_ = cons_b.data();
  a.d2_ = cons_d2.data();
  a.xs_ = xs.data();
  a.vs_ = vs.data();
  a.ys_ = ys.data();
  a.w_ = wm.data();
  a.r_ = rr.data();
  a.band_ = band.data();
  a.rhs_ = rhs.data();
  a.cp_ = cpl.data();
  a.dx_ = dxs.data();
  a.img_ = slot_img.data();
  a.own_ = slot_own.data();
  return a;
}

/* ----------------------------------------------------------------------
   topology: every rank gathers the links (bonds of the link types), the
   twist angles and the bonds of their material-direction beads
------------------------------------------------------------------------- */

namespace {
std::vector<bigint> allgather(MPI_Comm world, const std::vector<bigint> &mine)
{
  int nprocs = 1;
  MPI_Comm_size(world, &nprocs);
  int n = static_cast<int>(mine.size());
  std::vector<int> counts(nprocs), displs(nprocs, 0);
  MPI_Allgather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, world);
  for (int p = 1; p < nprocs; p++) displs[p] = displs[p - 1] + counts[p - 1];
  std::vector<bigint> all(displs[nprocs - 1] + counts[nprocs - 1]);
  MPI_Allgatherv(mine.data(), n, MPI_LMP_BIGINT, all.data(), counts.data(), displs.data(),
                 MPI_LMP_BIGINT, world);
  return all;
}
template <class T> std::string join(const std::vector<T> &v, const char *sep)
{
  std::string out;
  for (size_t k = 0; k < v.size(); k++) out += (k ? sep : "") + std::to_string(v[k]);
  return out;
}
}    // namespace

void BagogabFilaments::init(int intri_bit, bool lengths, const BagogabMesh *mesh)
{
  local_valid = false;
  topology_built = true;
  if (!atom->molecular || atom->num_bond == nullptr)
    error->all(FLERR, "{}: filament needs bonds (an atom style with bonds, e.g. bond or "
               "molecular)", STYLE);
  if (atom->map_style == 0)
    error->all(FLERR, "{}: filament needs an atom map; use 'atom_modify map array' (or map yes) "
               "before the simulation box is defined", STYLE);
  if (lengths && !force->bond)
    error->all(FLERR, "{}: filament needs a bond style: a rigid link's length is its bond type's "
               "equilibrium distance", STYLE);
  std::vector<double> r0(atom->nbondtypes + 1, 0.0);
  for (int t : link_types) {
    if (!lengths) break;
    r0[t] = force->bond->equilibrium_distance(t);
    if (!(r0[t] > 0.0))
      error->all(FLERR, "{}: filament link bond type {} has no equilibrium distance (bond style "
                 "{} gives {}); a rigid link's length is that distance: set it with bond_coeff",
                 STYLE, t, force->bond_style, r0[t]);
  }
  auto is_link_type = [&](int t) {
    return std::find(link_types.begin(), link_types.end(), t) != link_types.end();
  };
  auto is_twist_type = [&](int t) {
    return std::find(twist_types.begin(), twist_types.end(), t) != twist_types.end();
  };

  // links (tag1, tag2, type) as the bond lists store them (each bond once, or
  // twice without newton_bond)
  const int nlocal = atom->nlocal;
  const tagint *tag = atom->tag;
  std::vector<bigint> mine;
  for (int i = 0; i < nlocal; i++)
    for (int m = 0; m < atom->num_bond[i]; m++) {
      const int t = atom->bond_type[i][m];
      if (t > 0 && is_link_type(t)) {
        mine.push_back(tag[i]);
        mine.push_back(atom->bond_atom[i][m]);
        mine.push_back(t);
      }
    }
  const std::vector<bigint> all = allgather(world, mine);
  // the baseline of setup_local's check: these entries' count and hash sum
  link_count[0] = static_cast<bigint>(all.size() / 3);
  link_count[1] = 0;
  for (size_t q = 0; q < all.size(); q += 3)
    link_count[1] += link_hash(all[q], all[q + 1], static_cast<int>(all[q + 2]));
  std::map<std::pair<tagint, tagint>, int> links;    // (lower, higher) -> type
  for (size_t q = 0; q < all.size(); q += 3) {
    const tagint a = all[q], b = all[q + 1];
    links[{std::min(a, b), std::max(a, b)}] = static_cast<int>(all[q + 2]);
  }
  std::map<tagint, std::vector<tagint>> nbr;
  for (const auto &l : links) {
    nbr[l.first.first].push_back(l.first.second);
    nbr[l.first.second].push_back(l.first.first);
  }
  for (const auto &n : nbr)
    if (n.second.size() > 2)
      error->all(FLERR, "{}: filament atom {} has {} rigid links (to atoms {}); filaments are "
                 "linear chains: a branch point is not supported",
                 STYLE, n.first, n.second.size(), join(n.second, ", "));
  if (links.empty() && comm->me == 0)
    error->warning(FLERR, "{}: no bonds of the filament link types {}: no filaments", STYLE,
                   join(link_types, " "));

  // chains, each from its end with the lower ID; filaments in order of that ID
  std::vector<std::vector<tagint>> chains;
  std::set<tagint> seen;
  for (const auto &n : nbr) {
    if (seen.count(n.first) || n.second.size() != 1) continue;
    std::vector<tagint> chain = {n.first};
    seen.insert(n.first);
    tagint prev = 0, cur = n.first;
    for (;;) {
      tagint next = 0;
      for (tagint c : nbr[cur])
        if (c != prev) next = c;
      if (!next) break;
      chain.push_back(next);
      seen.insert(next);
      prev = cur;
      cur = next;
    }
    chains.push_back(chain);
  }
  for (const auto &n : nbr)
    if (!seen.count(n.first))
      error->all(FLERR, "{}: filament atom {} is on a closed ring of rigid links; filaments are "
                 "open linear chains", STYLE, n.first);
  std::sort(chains.begin(), chains.end());

  // twist angles (outer, centre, outer), each once
  std::map<tagint, std::pair<tagint, tagint>> twist;    // node -> (material bead, other node)
  std::map<tagint, tagint> material_of;                 // material bead -> node
  if (!twist_types.empty()) {
    if (!atom->num_angle)
      error->all(FLERR, "{}: filament 'a' (twistable filaments) needs angles (an atom style with "
                 "angles)", STYLE);
    if (lengths && force->angle)
      for (int t : twist_types) {
        const double theta0 = force->angle->equilibrium_angle(t);
        if (std::fabs(theta0 - 0.5 * M_PI) > 1e-6)
          error->all(FLERR, "{}: twist angle type {} has equilibrium angle {:.8g} degrees; the "
                     "material direction is perpendicular to the filament: use 90 degrees",
                     STYLE, t, theta0 * 180.0 / M_PI);
      }
    mine.clear();
    for (int i = 0; i < nlocal; i++)
      for (int m = 0; m < atom->num_angle[i]; m++) {
        const int t = atom->angle_type[i][m];
        if (t > 0 && is_twist_type(t)) {
          mine.push_back(atom->angle_atom1[i][m]);
          mine.push_back(atom->angle_atom2[i][m]);
          mine.push_back(atom->angle_atom3[i][m]);
        }
      }
    const std::vector<bigint> angles = allgather(world, mine);
    std::set<std::vector<tagint>> unique;
    for (size_t q = 0; q < angles.size(); q += 3) {
      tagint a1 = angles[q], a2 = angles[q + 1], a3 = angles[q + 2];
      if (a1 > a3) std::swap(a1, a3);
      unique.insert({a1, a2, a3});
    }
    for (const auto &ang : unique) {
      const tagint n = ang[1];
      auto linked = [&](tagint a) {
        return links.count({std::min(a, n), std::max(a, n)}) > 0;
      };
      tagint u = 0, m = 0;
      if (linked(ang[0]) && !nbr.count(ang[2])) {
        m = ang[0];
        u = ang[2];
      } else if (linked(ang[2]) && !nbr.count(ang[0])) {
        m = ang[2];
        u = ang[0];
      } else {
        error->all(FLERR, "{}: twist angle {} {} {}: its centre must be a filament atom, one outer "
                   "atom a filament atom linked to it, the other a material-direction atom "
                   "that is not on a filament", STYLE, ang[0], ang[1], ang[2]);
      }
      if (twist.count(n))
        error->all(FLERR, "{}: filament atom {} has two twist angles (material-direction atoms "
                   "{} and {}); one per filament atom", STYLE, n, twist[n].first, u);
      auto used = material_of.find(u);
      if (used != material_of.end())
        error->all(FLERR, "{}: material-direction atom {} belongs to twist angles at filament "
                   "atoms {} and {}; one filament atom per material-direction atom",
                   STYLE, u, used->second, n);
      material_of[u] = n;
      twist[n] = {u, m};
    }
  }

  // the distance d of each material-direction atom: the bond between it and its node
  std::map<tagint, double> dmat;    // node -> d
  if (!twist.empty()) {
    std::set<std::pair<tagint, tagint>> want;
    for (const auto &tw : twist)
      want.insert({std::min(tw.first, tw.second.first), std::max(tw.first, tw.second.first)});
    mine.clear();
    for (int i = 0; i < nlocal; i++)
      for (int m = 0; m < atom->num_bond[i]; m++) {
        const tagint a = tag[i], b = atom->bond_atom[i][m];
        const int t = atom->bond_type[i][m];
        if (t > 0 && want.count({std::min(a, b), std::max(a, b)})) {
          mine.push_back(std::min(a, b));
          mine.push_back(std::max(a, b));
          mine.push_back(t);
        }
      }
    const std::vector<bigint> ubonds = allgather(world, mine);
    std::map<std::pair<tagint, tagint>, int> utype;
    for (size_t q = 0; q < ubonds.size(); q += 3)
      utype[{static_cast<tagint>(ubonds[q]), static_cast<tagint>(ubonds[q + 1])}] =
          static_cast<int>(ubonds[q + 2]);
    for (const auto &tw : twist) {
      const tagint n = tw.first, u = tw.second.first;
      auto it = utype.find({std::min(n, u), std::max(n, u)});
      if (!lengths) continue;
      if (it == utype.end())
        error->all(FLERR, "{}: material-direction atom {} has no bond to its filament atom {}; "
                   "add one: its bond type's equilibrium distance is the fixed distance between "
                   "them", STYLE, u, n);
      const double d = force->bond->equilibrium_distance(it->second);
      if (!(d > 0.0))
        error->all(FLERR, "{}: bond type {} between material-direction atom {} and filament atom "
                   "{} has no equilibrium distance (bond style {}); set it with bond_coeff",
                   STYLE, it->second, u, n, force->bond_style);
      dmat[n] = d;
    }
  }

  // slots and constraints
  slot_tag.clear();
  fil_bead0.assign(1, 0);
  fil_cons0.assign(1, 0);
  fil_bw.clear();
  fil_contour.clear();
  cons_a.clear();
  cons_b.clear();
  cons_d2.clear();
  slot_of.clear();
  for (const auto &chain : chains) {
    std::map<tagint, int> local_slot;
    for (tagint n : chain) {
      local_slot[n] = static_cast<int>(slot_tag.size());
      slot_tag.push_back(n);
      if (twist.count(n)) {
        local_slot[twist[n].first] = static_cast<int>(slot_tag.size());
        slot_tag.push_back(twist[n].first);
      }
    }
    struct Con {
      int a, b;
      double d2;
    };
    std::vector<Con> cons;
    double contour = 0.0, dmax = 0.0;
    std::map<std::pair<tagint, tagint>, double> len;
    for (size_t k = 0; k + 1 < chain.size(); k++) {
      const tagint a = chain[k], b = chain[k + 1];
      const double l = r0[links[{std::min(a, b), std::max(a, b)}]];
      len[{a, b}] = len[{b, a}] = l;
      cons.push_back({local_slot[a], local_slot[b], l * l});
      contour += l;
    }
    for (tagint n : chain) {
      if (!twist.count(n)) continue;
      const tagint u = twist[n].first, m = twist[n].second;
      const double d = dmat[n], l = len[{n, m}];
      cons.push_back({local_slot[u], local_slot[n], d * d});
      cons.push_back({local_slot[u], local_slot[m], d * d + l * l});
      dmax = std::max(dmax, d);
    }
    std::sort(cons.begin(), cons.end(), [](const Con &p, const Con &q) {
      const int pm = std::max(p.a, p.b), qm = std::max(q.a, q.b);
      if (pm != qm) return pm < qm;
      return std::min(p.a, p.b) < std::min(q.a, q.b);
    });
    // half bandwidth: the largest distance in this order between two
    // constraints that share a bead (each bead is in at most 5 constraints)
    int bw = 0;
    {
      std::map<int, std::pair<int, int>> span;    // bead -> first and last constraint
      for (size_t c = 0; c < cons.size(); c++)
        for (int b : {cons[c].a, cons[c].b}) {
          auto it = span.find(b);
          if (it == span.end())
            span[b] = {static_cast<int>(c), static_cast<int>(c)};
          else
            it->second.second = static_cast<int>(c);
        }
      for (const auto &sp : span) bw = std::max(bw, sp.second.second - sp.second.first);
    }
    if (bw > geomint::FIL_BW_MAX)
      error->all(FLERR, "{}: the constraints of the filament from atom {} couple {} apart in "
                 "their chain order (at most {}): unexpected topology", STYLE, chain[0], bw,
                 geomint::FIL_BW_MAX);
    for (const Con &c : cons) {
      cons_a.push_back(c.a);
      cons_b.push_back(c.b);
      cons_d2.push_back(c.d2);
    }
    fil_bw.push_back(bw);
    fil_contour.push_back(contour + 2.0 * dmax);
    fil_bead0.push_back(static_cast<int>(slot_tag.size()));
    fil_cons0.push_back(static_cast<int>(cons_a.size()));
  }
  for (size_t s = 0; s < slot_tag.size(); s++) slot_of[slot_tag[s]] = static_cast<int>(s);
  slot_fil.assign(slot_tag.size(), 0);
  for (int n = 0; n < nfilaments(); n++)
    for (int q = fil_bead0[n]; q < fil_bead0[n + 1]; q++) slot_fil[q] = n;
  adj_off.assign(slot_tag.size() + 1, 0);
  for (size_t c = 0; c < cons_a.size(); c++) {
    adj_off[cons_a[c] + 1]++;
    adj_off[cons_b[c] + 1]++;
  }
  for (size_t s = 0; s < slot_tag.size(); s++) adj_off[s + 1] += adj_off[s];
  adj_slot.assign(adj_off.back(), 0);
  adj_con.assign(adj_off.back(), 0);
  {
    std::vector<int> fill(adj_off.begin(), adj_off.end() - 1);
    for (size_t c = 0; c < cons_a.size(); c++) {
      adj_slot[fill[cons_a[c]]] = cons_b[c];
      adj_con[fill[cons_a[c]]++] = static_cast<int>(c);
      adj_slot[fill[cons_b[c]]] = cons_a[c];
      adj_con[fill[cons_b[c]]++] = static_cast<int>(c);
    }
  }

  const size_t ns = slot_tag.size(), nc = cons_a.size();
  xs.assign(3 * ns, 0.0);
  vs.assign(3 * ns, 0.0);
  ys.assign(3 * ns, 0.0);
  dxs.assign(3 * ns, 0.0);
  wm.assign(ns, 0.0);
  v2.assign(ns, 0.0);
  rr.assign(3 * nc, 0.0);
  band.assign(geomint::FIL_BAND * nc, 0.0);
  rhs.assign(nc, 0.0);
  cpl.assign(geomint::FIL_BAND * nc, 0.0);

  if (!lengths) return;

  // every bead exists (delete_atoms without 'bond yes', lost atoms), and its type
  {
    std::vector<int> mine_t(ns, 0), all_t(ns, 0);
    for (int i = 0; i < nlocal; i++) {
      auto it = slot_of.find(tag[i]);
      if (it != slot_of.end()) mine_t[it->second] = atom->type[i];
    }
    MPI_Allreduce(mine_t.data(), all_t.data(), static_cast<int>(ns), MPI_INT, MPI_MAX, world);
    for (size_t q = 0; q < ns; q++)
      if (all_t[q] == 0)
        error->all(FLERR, "{}: filament atom {} does not exist (deleted without its bonds, or "
                   "lost); delete its bonds and angles too (delete_atoms ... bond yes, or "
                   "delete_bonds)", STYLE, slot_tag[q]);
    // one friction per filament: the projected O step keeps the constrained
    // velocities at T only if every bead of a filament has the same OU factor
    for (int n = 0; n < nfilaments(); n++)
      for (int q = fil_bead0[n] + 1; q < fil_bead0[n + 1]; q++) {
        const int t0 = all_t[fil_bead0[n]], t = all_t[q];
        if (fix->friction_rate(t) != fix->friction_rate(t0))
          error->all(FLERR, "{}: the filament from atom {} has atoms of types {} and {} with "
                     "different friction (scale or nofriction); the constrained O step is exact "
                     "only with one friction per filament: give its atom types the same scale",
                     STYLE, slot_tag[fil_bead0[n]], t0, t);
      }
  }
  if (mesh)
    for (size_t q = 0; q < ns; q++)
      if (mesh->is_vertex(slot_tag[q]))
        error->all(FLERR, "{}: filament atom {} is a mesh vertex; a filament atom must not be "
                   "part of the mesh", STYLE, slot_tag[q]);
  if (domain->deform_vremap)
    error->all(FLERR, "{}: filament with fix deform remap v is not supported (the filament "
               "solves use ghost velocities without the streaming velocity); use remap x",
               STYLE);

  // the beads: in the fix group, not in-triangle points, moved by this fix only
  const int *mask = atom->mask;
  bigint bad[3] = {0, 0, 0};
  tagint first[3] = {MAXTAGINT, MAXTAGINT, MAXTAGINT};
  for (int i = 0; i < nlocal; i++) {
    if (!slot_of.count(tag[i])) continue;
    const bool out = !(mask[i] & fix->groupbit), pt = intri_bit && (mask[i] & intri_bit);
    if (out) bad[0]++, first[0] = std::min(first[0], tag[i]);
    if (pt) bad[1]++, first[1] = std::min(first[1], tag[i]);
  }
  bigint badall[3];
  tagint firstall[3];
  MPI_Allreduce(bad, badall, 2, MPI_LMP_BIGINT, MPI_SUM, world);
  MPI_Allreduce(first, firstall, 2, MPI_LMP_TAGINT, MPI_MIN, world);
  if (badall[0])
    error->all(FLERR, "{}: {} filament atoms (e.g. atom {}) are not in the fix group {}; every "
               "atom of a filament must be integrated by this fix", STYLE, badall[0], firstall[0],
               group->names[fix->igroup]);
  if (badall[1])
    error->all(FLERR, "{}: {} filament atoms (e.g. atom {}) are in-triangle points; a filament "
               "atom moves in 3d under its link constraints, a point in its triangle", STYLE,
               badall[1], firstall[1]);
  for (int f = 0; f < modify->nfix; f++) {
    Fix *other = modify->fix[f];
    if (other == fix || !other->time_integrate) continue;
    bigint n = 0, total = 0;
    for (int i = 0; i < nlocal; i++)
      if ((mask[i] & other->groupbit) && slot_of.count(tag[i])) n++;
    MPI_Allreduce(&n, &total, 1, MPI_LMP_BIGINT, MPI_SUM, world);
    if (total)
      error->all(FLERR, "{}: fix {} ({}) also integrates {} filament atoms; they must be moved "
                 "by fix bagogab only", STYLE, other->id, other->style, total);
  }
}

/* ----------------------------------------------------------------------
   the links of the bond lists, for setup_local's check against init(): the
   count of the link types' bond entries (each bond once or twice, as
   newton_bond stores it) and the sum of a 32-bit hash of each entry's
   (lower ID, higher ID, type); both do not depend on the atoms' order or
   rank, and change with any link created, deleted, retyped or moved to
   other atoms
------------------------------------------------------------------------- */

// (splitmix64's finaliser over the three: its top 32 bits, so that the sum
// cannot overflow below 2^31 entries)
bigint BagogabFilaments::link_hash(bigint tag1, bigint tag2, int type)
{
  const uint64_t a = static_cast<uint64_t>(std::min(tag1, tag2));
  const uint64_t b = static_cast<uint64_t>(std::max(tag1, tag2));
  uint64_t h = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL ^
      static_cast<uint64_t>(type) * 0x94D049BB133111EBULL;
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBULL;
  h ^= h >> 31;
  return static_cast<bigint>(h >> 32);
}

// collective: the count and hash sum of the bond lists now
void BagogabFilaments::link_signature(bigint &count, bigint &sum)
{
  std::vector<char> is_link(atom->nbondtypes + 1, 0);
  for (int t : link_types) is_link[t] = 1;
  bigint mine[2] = {0, 0}, all[2];
  for (int i = 0; i < atom->nlocal; i++)
    for (int m = 0; m < atom->num_bond[i]; m++) {
      const int t = atom->bond_type[i][m];
      if (t <= 0 || t > atom->nbondtypes || !is_link[t]) continue;
      mine[0]++;
      mine[1] += link_hash(atom->tag[i], atom->bond_atom[i][m], t);
    }
  MPI_Allreduce(mine, all, 2, MPI_LMP_BIGINT, MPI_SUM, world);
  count = all[0];
  sum = all[1];
}

/* ----------------------------------------------------------------------
   local images: for each filament with an owned bead, one image of every
   bead, reached from the first owned bead along the chain by closest images
------------------------------------------------------------------------- */

void BagogabFilaments::setup_local()
{
  const int nlocal = atom->nlocal;
  const tagint *tag = atom->tag;
  const int *mask = atom->mask;
  // the links of the bond lists against those the filaments were found from:
  // a change means bonds or bonded atoms created, deleted or changed during
  // the run (or before a run with pre no), which no solve sees
  {
    bigint count = 0, sum = 0;
    link_signature(count, sum);
    if (count != link_count[0] || sum != link_count[1])
      error->all(FLERR, "{}: the bonds of the filament link types changed at step {} ({} stored "
                 "bond entries, {} when the filaments were found): bonds or bonded atoms were "
                 "created, deleted or changed during the run (fix deposit, fix bond/create, fix "
                 "bond/break, fix bond/swap, fix evaporate), or before a run with pre no; the "
                 "filaments are found at the setup of a run: make such changes between runs and "
                 "run with pre yes", STYLE, update->ntimestep, count, link_count[0]);
  }
  const int ns = static_cast<int>(slot_tag.size());
  slot_img.assign(ns, -1);
  slot_own.assign(ns, -1);
  pass_mask_.assign(mask, mask + nlocal);
  std::vector<char> has_owned(nfilaments(), 0);
  for (int i = 0; i < nlocal; i++) {
    auto it = slot_of.find(tag[i]);
    if (it == slot_of.end()) continue;
    pass_mask_[i] &= ~fix->groupbit;
    slot_own[it->second] = i;
    has_owned[slot_fil[it->second]] = 1;
  }
  own_slots.clear();
  for (int q = 0; q < ns; q++)
    if (slot_own[q] >= 0) own_slots.push_back(q);
  local_fil.clear();
  // the smallest ID of a bead without a usable image here: its filament, and
  // (far) the distance to its nearest copy, its partner and their link length
  bigint missing = MAXTAGINT, missing_fil = 0;
  double far[3] = {0.0, 0.0, 0.0};
  int ghost = 0;
  for (int n = 0; n < nfilaments(); n++) {
    if (!has_owned[n]) continue;
    local_fil.push_back(n);
    const int s0 = fil_bead0[n];
    // the bond graph of the filament (links and material-direction bonds) from
    // its constraints; breadth first from the first owned bead
    int anchor = s0;
    while (slot_own[anchor] < 0) anchor++;
    slot_img[anchor] = slot_own[anchor];
    std::vector<int> queue = {anchor};
    for (size_t q = 0; q < queue.size(); q++) {
      const int s = queue[q];
      for (int q2 = adj_off[s]; q2 < adj_off[s + 1]; q2++) {
        const int o = adj_slot[q2], c = adj_con[q2];
        if (slot_img[o] >= 0) continue;
        int j = slot_tag[o] <= atom->map_tag_max ? atom->map(slot_tag[o]) : -1;
        // the image bonded to s: within twice the constraint length (another
        // image is at least a box length minus that away)
        double r2 = 0.0;
        if (j >= 0) {
          j = domain->closest_image(slot_img[s], j);
          for (int k = 0; k < 3; k++) {
            const double d = atom->x[j][k] - atom->x[slot_img[s]][k];
            r2 += d * d;
          }
        }
        if (j < 0 || r2 > 4.0 * cons_d2[c]) {
          if (slot_tag[o] < missing) {
            missing = slot_tag[o];
            missing_fil = n;
            far[0] = j < 0 ? 0.0 : std::sqrt(r2);
            far[1] = static_cast<double>(slot_tag[s]);
            far[2] = std::sqrt(cons_d2[c]);
          }
          continue;
        }
        slot_img[o] = j;
        if (slot_img[o] >= nlocal) ghost = 1;
        queue.push_back(o);
      }
    }
  }
  bigint mall = 0;
  MPI_Allreduce(&missing, &mall, 1, MPI_LMP_BIGINT, MPI_MIN, world);
  if (mall != MAXTAGINT) missing_bead_error(mall, missing == mall ? missing_fil : -1, far);
  int gall = 0;
  MPI_Allreduce(&ghost, &gall, 1, MPI_INT, MPI_MAX, world);
  need_comm = gall != 0;
  // the masses of the local filaments' beads and their coupling tables
  {
    const BagogabAtoms at = fix->atoms_cpu();
    const Access a = access();
    if (atom->rmass) {
      // per-atom masses from their owners (ghost rmass is not always communicated,
      // e.g. fix property/atom rmass without ghost yes)
      std::vector<double> m(slot_tag.size(), 0.0), all(slot_tag.size(), 0.0);
      for (size_t q = 0; q < slot_own.size(); q++)
        if (slot_own[q] >= 0) m[q] = atom->rmass[slot_own[q]];
      MPI_Allreduce(m.data(), all.data(), static_cast<int>(m.size()), MPI_DOUBLE, MPI_MAX, world);
      for (int n : local_fil)
        for (int q = fil_bead0[n]; q < fil_bead0[n + 1]; q++) wm[q] = 1.0 / all[q];
    } else {
      for (int n : local_fil)
        for (int q = fil_bead0[n]; q < fil_bead0[n + 1]; q++) wm[q] = 1.0 / mass_of(at, slot_img[q]);
    }
    double *cp = cpl.data();
    for (int n : local_fil)
      geomint::fil_coupling_table(a, n, [cp](int c, int j, double value) {
        cp[geomint::FIL_BAND * c + j] = value;
      });
  }
  local_valid = true;
  serial++;
}

/* ----------------------------------------------------------------------
   collective: the ERROR for bead `tag` without a usable image on some rank
   (fil: its filament on the rank that found it, else -1; far: the distance
   to the nearest copy there, 0 for none, the partner's ID, the link length)
------------------------------------------------------------------------- */

void BagogabFilaments::missing_bead_error(bigint tag, int fil, const double far[3])
{
  // the details from one rank that found it (the lowest)
  double all[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
  int me = fil >= 0 ? comm->me : comm->nprocs, from = 0;
  MPI_Allreduce(&me, &from, 1, MPI_INT, MPI_MIN, world);
  if (comm->me == from) {
    all[0] = fil_contour[fil];
    all[1] = static_cast<double>(slot_tag[fil_bead0[fil]]);
    for (int k = 0; k < 3; k++) all[2 + k] = far[k];
  }
  MPI_Bcast(all, 5, MPI_DOUBLE, from, world);
  const int j = tag <= atom->map_tag_max ? atom->map(static_cast<tagint>(tag)) : -1;
  int owned = (j >= 0 && j < atom->nlocal) ? 1 : 0, exists = 0;
  MPI_Allreduce(&owned, &exists, 1, MPI_INT, MPI_MAX, world);
  const bigint start = static_cast<bigint>(all[1]);
  if (!exists)
    error->all(FLERR, "{}: atom {} of the filament from atom {} no longer exists at step {} "
               "(deleted during the run, e.g. by fix evaporate, or before a run with pre no): "
               "filament atoms can be deleted only between runs, with their bonds "
               "(delete_atoms ... bond yes), and the next run with pre yes",
               STYLE, tag, start, update->ntimestep);
  double longest = 0.0;
  for (double c : fil_contour) longest = std::max(longest, c);
  const std::string cutoff = fmt::format(
      "each filament is solved by the owners of its atoms from their ghost copies: set "
      "'comm_modify cutoff' to at least the longest filament's contour length plus the neighbor "
      "skin ({:.6g})", longest + neighbor->skin);
  if (all[2] > 0.0)
    error->all(FLERR, "{}: atom {} of the filament from atom {} is {:.6g} from atom {}, its "
               "partner in a link of length {:.6g}, at step {} (its nearest copy on a rank that "
               "solves the filament): either the link is stretched beyond twice its length (a "
               "displace_atoms, a much shorter bond_coeff r0: the solve cannot start there; "
               "change link lengths by less than a factor 2 between runs), or the copy bonded to "
               "it is beyond the ghost cutoff; {}", STYLE, tag, start, all[2],
               static_cast<bigint>(all[3]), all[4], update->ntimestep, cutoff);
  error->all(FLERR, "{}: atom {} of the filament from atom {} (contour length {:.6g}) is not "
             "within the ghost cutoff of a rank that owns one of its atoms at step {}; {}; or, if "
             "atoms or bonds were created or deleted since the last run, run with pre yes (run N "
             "pre no keeps the filaments found at its setup)",
             STYLE, tag, start, all[0], update->ntimestep, cutoff);
}

/* ---------------------------------------------------------------------- */

void BagogabFilaments::forward_xv()
{
  if (!need_comm) return;
  fix->comm_filaments = true;
  geomint_compat::forward_comm(comm, fix, 6);
  fix->comm_filaments = false;
}

int BagogabFilaments::pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc)
{
  return geomint_comm::pack_forward_xv(domain, atom->x, atom->v, n, list, buf, pbc_flag, pbc);
}

void BagogabFilaments::unpack_forward_comm(int n, int first, double *buf)
{
  geomint_comm::unpack_forward_xv(atom->x, atom->v, n, first, buf);
}

/* ----------------------------------------------------------------------
   one filament: gather its image rows, solve, write its owned beads
------------------------------------------------------------------------- */

void BagogabFilaments::solve_group(const Access &a, const BagogabAtoms &at, const int *fil, int count,
                                   int kind, double tau, Result *out) const
{
  geomint::FilGroup g;
  g.count = count;
  for (int l = 0; l < count; l++) {
    g.n[l] = fil[l];
    out[l] = {{0, 0.0, true}, 0, 0, 0.0, true};
    const int s0 = a.bead0(fil[l]), s1 = s0 + a.nbead(fil[l]);
    for (int s = s0; s < s1; s++) {
      const int i = a.img_[s];
      for (int k = 0; k < 3; k++) {
        a.xs(s, k) = at.x(i, k);
        a.vs(s, k) = at.v(i, k);
        a.dx(s, k) = 0.0;
      }
    }
  }
  if (kind == POSITIONS) {
    for (int l = 0; l < count; l++) {
      const int n = fil[l], s0 = a.bead0(n), s1 = s0 + a.nbead(n);
      // the drift of SHAKE with zero velocity over a unit time: y = x + M^-1 G^T lambda
      for (int s = s0; s < s1; s++)
        for (int k = 0; k < 3; k++) a.ys(s, k) = a.xs(s, k);
      out[l].solve.residual = geomint::fil_residual(a, n);    // (reported: how far off)
      // (2 ftol: the solves stop at ftol and the drift adds round-off; a run that
      // continues, or a restart, must not be corrected)
      if (out[l].solve.residual <= 2.0 * ftol) {
        out[l].solve.residual = 0.0;
        continue;
      }
      // in stages of at most 5 % of each squared length (SHAKE's Newton
      // iteration converges from near the constraints: a new r0 20 % shorter
      // on a bent chain did not in one go); dx: the displacement so far
      const int c0 = a.cons0(n), nc = a.ncons(n);
      std::vector<double> r2(nc), d2t(nc);
      for (int c = c0; c < c0 + nc; c++) {
        r2[c - c0] = 0.0;
        for (int k = 0; k < 3; k++) {
          const double d = a.xs(a.ca(c), k) - a.xs(a.cb(c), k);
          r2[c - c0] += d * d;
        }
      }
      const double want = std::ceil(out[l].solve.residual / 0.05);
      const int nstage = std::isfinite(want) ? static_cast<int>(std::min(1000.0, std::max(1.0, want))) : 1;
      const StagedLengths staged{a, d2t.data(), c0};
      const geomint::FilGroup one = {1, {n}};
      geomint::FilSolve r = {0, 0.0, true};
      for (int t = 1; t <= nstage && r.converged; t++) {
        const double f = static_cast<double>(t) / nstage;
        for (int c = c0; c < c0 + nc; c++)
          d2t[c - c0] = t == nstage ? a.d2(c) : r2[c - c0] + f * (a.d2(c) - r2[c - c0]);
        for (int s = s0; s < s1; s++)
          for (int k = 0; k < 3; k++) a.vs(s, k) = 0.0;
        geomint::fil_shake_group(staged, one, 1.0, ftol, fmaxit, &r);
        for (int s = s0; s < s1; s++)
          for (int k = 0; k < 3; k++) {
            a.dx(s, k) += a.ys(s, k) - a.xs(s, k);
            a.xs(s, k) = a.ys(s, k);
          }
        out[l].solve.iterations += r.iterations;
      }
      out[l].solve.converged = r.converged;
      // (after a stage that failed: the residual against the true lengths, ys = xs)
      if (!r.converged) out[l].solve.residual = geomint::fil_residual(a, n);
      for (int s = s0; s < s1; s++) {
        const int o = a.own_[s];
        if (o >= 0)
          for (int k = 0; k < 3; k++) at.x(o, k) += a.dx(s, k);
      }
    }
    return;
  }

  // A(tau) with SHAKE: the drift x += tau v (as for free atoms) into xs and dx
  auto shake = [&]() {
    geomint::FilSolve r[geomint::FIL_LANES];
    geomint::fil_shake_group(a, g, tau, ftol, fmaxit, r);
    for (int l = 0; l < count; l++) {
      geomint::FilSolve &o = out[l].solve;
      o.iterations = r[l].iterations > o.iterations ? r[l].iterations : o.iterations;
      if (!(r[l].residual <= o.residual)) o.residual = r[l].residual;
      o.converged = o.converged && r[l].converged;
      out[l].it_sum += r[l].iterations;
      out[l].nsolve++;
      const int s0 = a.bead0(fil[l]), s1 = s0 + a.nbead(fil[l]);
      for (int s = s0; s < s1; s++)
        for (int k = 0; k < 3; k++) {
          const double d = tau * a.vs(s, k);
          a.dx(s, k) += d;
          a.xs(s, k) += d;
        }
    }
  };
  // RATTLE, O on every bead of the filament (the same numbers on every rank
  // that solves it), RATTLE with the same factors; heat of the owned beads
  auto rattle_o_rattle = [&]() {
    geomint::fil_project_group(a, g);
    constexpr int NB = geomint::NORMAL_BLOCK;
    for (int l = 0; l < count; l++) {
      const int s0 = a.bead0(fil[l]), s1 = s0 + a.nbead(fil[l]);
      for (int b0 = s0; b0 < s1; b0 += NB) {
        const int nblk = s1 - b0 < NB ? s1 - b0 : NB;
        int64_t tags[NB] = {};
        double xi[NB][3];
        for (int q = 0; q < nblk; q++) tags[q] = at.tag(a.img_[b0 + q]);
        geomint::normal3_block(at.seed, tags, nblk, at.step, geomint::STREAM_O, xi);
        for (int q = 0; q < nblk; q++) {
          const int s = b0 + q, i = a.img_[s];
          double vr[3] = {a.vs(s, 0), a.vs(s, 1), a.vs(s, 2)};
          a.ys(s, 0) = vr[0] * vr[0] + vr[1] * vr[1] + vr[2] * vr[2];
          const int t = at.type(i);
          const double sigma = at.use_rmass ? std::sqrt(at.kt * at.coeff(t, PT_S) * a.w(s))
                                            : at.coeff(t, PT_SIGMA);
          geomint::ou_kick(vr, at.coeff(t, PT_C1), sigma, xi[q]);
          for (int k = 0; k < 3; k++) a.vs(s, k) = vr[k];
        }
      }
    }
    geomint::fil_project_again_group(a, g);
    for (int l = 0; l < count; l++) {
      const int s0 = a.bead0(fil[l]), s1 = s0 + a.nbead(fil[l]);
      for (int s = s0; s < s1; s++)
        if (a.own_[s] >= 0)
          out[l].heat += (a.ys(s, 0) - (a.vs(s, 0) * a.vs(s, 0) + a.vs(s, 1) * a.vs(s, 1) +
                                        a.vs(s, 2) * a.vs(s, 2))) / a.w(s);
    }
  };

  switch (kind) {
    case SHAKE:
      shake();
      break;
    case SHAKE_PROJECT:
      shake();
      geomint::fil_project_group(a, g);
      break;
    case PROJECT:
      geomint::fil_project_group(a, g);
      break;
    default:
      // the whole step of the filaments between the opening kicks and the end
      // of initial_integrate, on this rank's copy of them: A+SHAKE, RATTLE O
      // RATTLE, A+SHAKE [RATTLE].  No communication between the sub-steps:
      // every rank that solves a filament does the same arithmetic
      shake();
      rattle_o_rattle();
      shake();
      if (kind == STEP_PROJECT) geomint::fil_project_group(a, g);
  }
  for (int l = 0; l < count; l++) {
    const int s0 = a.bead0(fil[l]), s1 = s0 + a.nbead(fil[l]);
    for (int s = s0; s < s1; s++)
      if (!std::isfinite(a.vs(s, 0) + a.vs(s, 1) + a.vs(s, 2))) out[l].finite = false;
    for (int s = s0; s < s1; s++) {
      const int o = a.own_[s];
      if (o < 0) continue;
      for (int k = 0; k < 3; k++) {
        at.v(o, k) = a.vs(s, k);
        at.x(o, k) += a.dx(s, k);
      }
    }
  }
}

// group q of this rank's filaments (FIL_LANES of them, the last group the rest):
// solve_group on them, their outcomes into results
void BagogabFilaments::solve_group_of(const Access &a, const BagogabAtoms &at, int q, int kind,
                                      double tau)
{
  constexpr int L = geomint::FIL_LANES;
  const int nfil = static_cast<int>(local_fil.size());
  solve_group(a, at, local_fil.data() + L * q, nfil - L * q < L ? nfil - L * q : L, kind, tau,
              results.data() + L * q);
}

// the groups of this rank's filaments one after the other (fix bagogab/kk: a
// Kokkos parallel_for over them)
void BagogabFilaments::for_filaments(int kind, double tau)
{
  const Access a = access();
  const BagogabAtoms at = fix->atoms_cpu();
  for (int q = 0; q < ngroups(); q++) solve_group_of(a, at, q, kind, tau);
}

double BagogabFilaments::solve_all(int kind, double tau)
{
  forward_xv();
  results.resize(local_fil.size());
  for_filaments(kind, tau);
  double heat = 0.0;
  for (size_t q = 0; q < local_fil.size(); q++) {
    const Result &r = results[q];
    heat += r.heat;
    if (!r.finite && failure.empty())
      failure = fmt::format("the constraints of the filament from atom {} are singular at step {} "
                            "(coincident atoms, or a material-direction atom on its filament's "
                            "axis): the velocities are not finite",
                            slot_tag[fil_bead0[local_fil[q]]], update->ntimestep);
    if (kind == POSITIONS) {
      if (!(r.solve.residual <= res_max)) res_max = r.solve.residual;
      if (!r.solve.converged && failure.empty())
        failure = fmt::format("the atoms of the filament from atom {} cannot be put on its "
                              "constraints at setup (relative residual {:.3g}): check the link "
                              "lengths (bond_coeff r0) against the data file",
                              slot_tag[fil_bead0[local_fil[q]]], r.solve.residual);
      continue;
    }
    if (!r.nsolve) continue;
    it_max = std::max(it_max, r.solve.iterations);
    // (the mean counts each filament once: on the rank that owns its first atom,
    // not on every rank that solves a copy)
    if (slot_own[fil_bead0[local_fil[q]]] >= 0) {
      it_sum += r.it_sum;
      n_solves += r.nsolve;
    }
    if (!(r.solve.residual <= res_max)) res_max = r.solve.residual;
    if (!r.solve.converged && failure.empty())
      failure = fmt::format("the link constraints of the filament from atom {} did not converge "
                            "in {} Newton iterations at step {} (relative residual {:.3g} > ftol "
                            "{:.3g}); reduce the timestep, or raise ftol or fmaxit",
                            slot_tag[fil_bead0[local_fil[q]]], r.solve.iterations,
                            update->ntimestep, r.solve.residual, ftol);
  }
  return heat;
}

void BagogabFilaments::project()
{
  solve_all(PROJECT, 0.0);
}

void BagogabFilaments::agree_on_failures()
{
  const std::string msg = geomint_error::first_failure(lmp, failure);
  failure.clear();
  if (!msg.empty()) error->all(FLERR, "{}: {}", STYLE, msg);
}

/* ----------------------------------------------------------------------
   kicks and the O step of the owned beads (the kernels of bagogab_passes.h)
------------------------------------------------------------------------- */

// B(s h/2) [then B(s2 h/2)] on the owned beads
void BagogabFilaments::kick_beads(double s, double s2)
{
  const BagogabAtoms a = fix->atoms_cpu();
  double **f = atom->f, dke = 0.0;
  for (int q : own_slots) kick_atom(a, slot_own[q], f[slot_own[q]], s, s2, true, dke);
}

// zero yes: RATTLE, O(h) on the beads with their summed random momentum
// removed (collective: between the draw and the update), RATTLE; the heat is
// the kinetic-energy change from tangent velocities to tangent velocities.
// (Without zero yes the same sub-steps run inside the one pass of STEP.)
double BagogabFilaments::o_step_zero()
{
  project();
  const BagogabAtoms a = fix->atoms_cpu();
  double **v = atom->v;
  const int no = static_cast<int>(own_slots.size());
  double sum[4] = {0.0, 0.0, 0.0, 0.0};
  std::vector<double> delta(3 * no, 0.0);
  for (int o = 0; o < no; o++) {
    const int s = own_slots[o], i = slot_own[s];
    v2[s] = v[i][0] * v[i][0] + v[i][1] * v[i][1] + v[i][2] * v[i][2];
    if (!geomint::ou_has_noise(a.coeff(a.type(i), PT_S))) continue;
    double xi[3];
    geomint::normal3(a.seed, a.tag(i), a.step, geomint::STREAM_O, xi);
    const double m = mass_of(a, i), sigma = sigma_of(a, i);
    for (int k = 0; k < 3; k++) {
      delta[3 * o + k] = sigma * xi[k];
      sum[k] += m * delta[3 * o + k];
    }
    sum[3] += m;
  }
  {
    // the beads' net random momentum is removed over the beads (the other atoms
    // get their own shift): the total random momentum is zero
    double shift[3];
    fix->random_momentum_shift(sum, shift);
    for (int o = 0; o < no; o++) {
      const int i = slot_own[own_slots[o]];
      if (!geomint::ou_has_noise(a.coeff(a.type(i), PT_S))) continue;
      double vr[3] = {v[i][0], v[i][1], v[i][2]};
      const double d[3] = {delta[3 * o] - shift[0], delta[3 * o + 1] - shift[1],
                           delta[3 * o + 2] - shift[2]};
      geomint::ou_kick(vr, a.coeff(a.type(i), PT_C1), 1.0, d);
      for (int k = 0; k < 3; k++) v[i][k] = vr[k];
    }
  }
  project();
  double de = 0.0;
  for (int s : own_slots) {
    const int i = slot_own[s];
    de += mass_of(a, i) * (v2[s] - (v[i][0] * v[i][0] + v[i][1] * v[i][1] + v[i][2] * v[i][2]));
  }
  return de;
}

/* ----------------------------------------------------------------------
   the beads' sub-steps of initial_integrate: [B(s_def) RATTLE] B A(SHAKE)
   O RATTLE A(SHAKE) [RATTLE]
------------------------------------------------------------------------- */

void BagogabFilaments::correct_positions()
{
  if (!local_valid) setup_local();
  // (the statistics of f_ID[4..6] start from zero at every setup, as after a restart)
  it_max = it_sum = n_solves = 0;
  res_max = 0.0;
  solve_all(POSITIONS, 1.0);
  agree_on_failures();
  double worst = 0.0;
  MPI_Allreduce(&res_max, &worst, 1, MPI_DOUBLE, MPI_MAX, world);
  res_max = 0.0;
  if (worst > 0.0 && comm->me == 0)
    error->warning(FLERR, "{}: the filament constraints were off by up to {:.3g} (relative "
                   "|r^2 - d^2| / d^2 > 2 ftol, ftol {:.3g}) at setup: the positions were put on them, "
                   "as fix shake does; the velocities are unchanged", STYLE, worst, ftol);
}

double BagogabFilaments::step(double s_def, bool zero, bool project_end)
{
  if (!local_valid) setup_local();
  it_max = it_sum = n_solves = 0;
  res_max = 0.0;
  const double half_h = 0.5 * update->dt;
  // [B(s_def h/2)] B(h/2): the RATTLE projections after them would change nothing
  // that the SHAKE of A does not (its impulses absorb any normal velocity)
  kick_beads(s_def, 1.0);
  double de = 0.0;
  if (!zero) {
    // one pass per filament (vout half: the velocities between steps are
    // tangent, RATTLE after A)
    de = solve_all(project_end ? STEP_PROJECT : STEP, half_h);
  } else {
    // zero yes: the beads' summed random momentum between the draw and the update
    solve_all(SHAKE, half_h);
    de = o_step_zero();
    solve_all(project_end ? SHAKE_PROJECT : SHAKE, half_h);
  }
  agree_on_failures();
  return de;
}

// B(scale h/2) and RATTLE on the beads; the kinetic-energy change (this rank)
double BagogabFilaments::kick(double scale, bool apply)
{
  if (!local_valid) setup_local();
  double **v = atom->v;
  const BagogabAtoms a = fix->atoms_cpu();
  std::vector<double> saved;
  double ke0 = 0.0;
  for (int s : own_slots) {
    const int i = slot_own[s];
    if (!apply) saved.insert(saved.end(), v[i], v[i] + 3);
    ke0 += mass_of(a, i) * (v[i][0] * v[i][0] + v[i][1] * v[i][1] + v[i][2] * v[i][2]);
  }
  kick_beads(scale, 0.0);
  project();
  double ke1 = 0.0;
  size_t q = 0;
  for (int s : own_slots) {
    const int i = slot_own[s];
    ke1 += mass_of(a, i) * (v[i][0] * v[i][0] + v[i][1] * v[i][1] + v[i][2] * v[i][2]);
    if (!apply)
      for (int k = 0; k < 3; k++) v[i][k] = saved[q++];
  }
  return 0.5 * (ke1 - ke0);
}

/* ---------------------------------------------------------------------- */

bigint BagogabFilaments::constraints_in(int jbit)
{
  // (a compute's DOF before the first run, e.g. velocity create after the fix:
  // the constraints from the bond and angle lists, their lengths come at init)
  if (!topology_built) init(0, false);
  std::vector<int> in(slot_tag.size(), 0), all(slot_tag.size(), 0);
  for (int i = 0; i < atom->nlocal; i++) {
    auto it = slot_of.find(atom->tag[i]);
    if (it != slot_of.end() && (atom->mask[i] & jbit)) in[it->second] = 1;
  }
  MPI_Allreduce(in.data(), all.data(), static_cast<int>(in.size()), MPI_INT, MPI_MAX, world);
  bigint n = 0;
  for (size_t c = 0; c < cons_a.size(); c++)
    if (all[cons_a[c]] && all[cons_b[c]]) n++;
  return n;
}

// [0] most Newton iterations of one solve, [1] mean per solve, [2] largest relative residual
double BagogabFilaments::stat(int k)
{
  if (k == 0) {
    int all = 0;
    MPI_Allreduce(&it_max, &all, 1, MPI_INT, MPI_MAX, world);
    return all;
  }
  if (k == 1) {
    double local[2] = {static_cast<double>(it_sum), static_cast<double>(n_solves)}, all[2];
    MPI_Allreduce(local, all, 2, MPI_DOUBLE, MPI_SUM, world);
    return all[1] > 0.0 ? all[0] / all[1] : 0.0;
  }
  double all = 0.0;
  MPI_Allreduce(&res_max, &all, 1, MPI_DOUBLE, MPI_MAX, world);
  return all;
}

double BagogabFilaments::memory_usage()
{
  const double ns = static_cast<double>(slot_tag.size()), nc = static_cast<double>(cons_a.size());
  return ns * (11.0 * sizeof(double) + 3.0 * sizeof(int) + sizeof(tagint)) +
      nc * ((5.0 + geomint::FIL_BAND) * sizeof(double) + 2.0 * sizeof(int)) +
      static_cast<double>(pass_mask_.size()) * sizeof(int);
}
