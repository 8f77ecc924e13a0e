/* ----------------------------------------------------------------------
   GEOMINT - the triangle mesh of fix bagogab's in-triangle points:
   reading and broadcasting the mesh file,
   the vertex -> triangle index, the checks of every setup, the closest
   images of a triangle's corners, and the search and assignment of every
   point's triangle.  The mathematics is lib/geomint/mesh_table.h and
   lib/geomint/triangle.h.
------------------------------------------------------------------------- */

#include "bagogab_mesh.h"

#include "geomint_compat.h"
#include "geomint_error.h"
#include "geomint_mpi_stubs.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "group.h"
#include "neighbor.h"
#include "update.h"
#include "utils.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_map>

using namespace LAMMPS_NS;

/* ----------------------------------------------------------------------
   rank 0 reads and checks the mesh file, every rank gets the table
------------------------------------------------------------------------- */

BagogabMesh::BagogabMesh(LAMMPS *lmp, const std::string &mesh_file, const char *style_name) :
    Pointers(lmp), file(mesh_file), dmax(0.0), style(style_name), checked(false)
{
  std::string err;
  std::vector<int64_t> flat;
  if (comm->me == 0) {
    std::ifstream in(file);
    if (!in) {
      err = "cannot open mesh file " + file + ": " + utils::getsyserror();
    } else {
      std::stringstream text;
      text << in.rdbuf();
      err = geomint::parse_mesh(text.str(), file, table);
      flat = table.tri;
    }
  }
  int len = err.size();
  MPI_Bcast(&len, 1, MPI_INT, 0, world);
  if (len) {
    err.resize(len);
    MPI_Bcast(&err[0], len, MPI_CHAR, 0, world);
    error->all(FLERR, "{}: {}", style, err);
  }
  int ntri = table.ntri;
  MPI_Bcast(&ntri, 1, MPI_INT, 0, world);
  if (comm->me != 0) {
    table.ntri = ntri;
    flat.resize(3 * static_cast<size_t>(ntri));
  }
  MPI_Bcast(flat.data(), 3 * ntri, MPI_INT64_T, 0, world);
  if (comm->me != 0) {
    table.tri = flat;
    table.build_adjacency();
  }
  if (comm->me == 0)
    utils::logmesg(lmp, "{}: mesh {} with {} triangles, {} border edges\n", style, file,
                   table.ntri, table.nborder);

  // vertex -> triangles, for the search of a point's triangle
  vertices = table.vertices();
  vtri_offset.assign(vertices.size() + 1, 0);
  for (int64_t a : table.tri)
    vtri_offset[std::lower_bound(vertices.begin(), vertices.end(), a) -
                vertices.begin() + 1]++;
  for (size_t v = 0; v < vertices.size(); v++) vtri_offset[v + 1] += vtri_offset[v];
  vtri_list.assign(3 * static_cast<size_t>(table.ntri), 0);
  std::vector<int> fill(vtri_offset.begin(), vtri_offset.end() - 1);
  for (int t = 0; t < table.ntri; t++)
    for (int k = 0; k < 3; k++) {
      const size_t v = std::lower_bound(vertices.begin(), vertices.end(),
                                        table.corner(t, k)) - vertices.begin();
      vtri_list[fill[v]++] = t;
    }
}

bool BagogabMesh::is_vertex(int64_t tag) const
{
  return std::binary_search(vertices.begin(), vertices.end(), tag);
}

/* ----------------------------------------------------------------------
   checks of every setup: vertices exist, triangles are not degenerate,
   edges shorter than half the box, points are not vertices; D_max
------------------------------------------------------------------------- */

void BagogabMesh::check(int groupbit, int intri_bit, const char *intri_name, bool tally_flag,
                        const char *fix_id)
{
  const int nv = vertices.size();
  const int nlocal = atom->nlocal;
  double **x = atom->x;

  // every vertex is owned by exactly one rank; gather the vertex positions
  std::vector<double> pos(4 * static_cast<size_t>(nv), 0.0), all(4 * static_cast<size_t>(nv));
  for (int v = 0; v < nv; v++) {
    if (vertices[v] > atom->map_tag_max) continue;    // no such atom
    const int j = atom->map(static_cast<tagint>(vertices[v]));
    if (j >= 0 && j < nlocal) {
      pos[4 * v] = x[j][0];
      pos[4 * v + 1] = x[j][1];
      pos[4 * v + 2] = x[j][2];
      pos[4 * v + 3] = 1.0;
    }
  }
  MPI_Allreduce(pos.data(), all.data(), 4 * nv, MPI_DOUBLE, MPI_SUM, world);
  for (int v = 0; v < nv; v++)
    if (all[4 * v + 3] != 1.0)
      error->all(FLERR, "{}: atom {} of mesh {} does not exist; every atom ID in the mesh file "
                 "must be an atom of the system",
                 style, vertices[v], file);

  // geometry with the closest-image convention
  const geomint_bagogab::ImageBound bound = image_bound();
  double longest = 0.0;
  for (int t = 0; t < table.ntri; t++) {
    double R[3][3];
    for (int k = 0; k < 3; k++) {
      const size_t v = std::lower_bound(vertices.begin(), vertices.end(),
                                        table.corner(t, k)) - vertices.begin();
      for (int d = 0; d < 3; d++) R[k][d] = all[4 * v + d];
      if (k > 0) {
        double dx[3] = {R[k][0] - R[0][0], R[k][1] - R[0][1], R[k][2] - R[0][2]};
        geomint_compat::minimum_image(domain, FLERR, dx[0], dx[1], dx[2]);
        for (int d = 0; d < 3; d++) R[k][d] = R[0][d] + dx[d];
      }
    }
    geomint::TriFrame F;
    geomint::tri_frame(R[0], R[1], R[2], F);
    const double ell = std::sqrt(F.l2max);
    longest = std::max(longest, ell);
    // area = sqrt(det G)/2 > 1e-12 l^2
    if (!(std::sqrt(std::max(F.det, 0.0)) * 0.5 > 1e-12 * F.l2max))
      error->all(FLERR, "{}: triangle {} of mesh {} has zero area (atoms {} {} {}); remove it or "
                 "move its vertices apart",
                 style, t + 1, file, table.corner(t, 0), table.corner(t, 1), table.corner(t, 2));
    if (!geomint_bagogab::tri_within_image_bound(bound, F))
      error->all(FLERR, "{}: {}", style, edge_bound_msg(t, F, "at the setup"));
  }
  dmax = longest;

  // no point is a vertex
  if (intri_bit) {
    bigint nbad = 0, first = 0;
    for (int i = 0; i < nlocal; i++)
      if ((atom->mask[i] & intri_bit) && is_vertex(atom->tag[i])) {
        if (!nbad) first = atom->tag[i];
        nbad++;
      }
    bigint total = 0, firstmax = 0;
    MPI_Allreduce(&nbad, &total, 1, MPI_LMP_BIGINT, MPI_SUM, world);
    MPI_Allreduce(&first, &firstmax, 1, MPI_LMP_BIGINT, MPI_MAX, world);
    if (total)
      error->all(FLERR, "{}: {} atoms of intri group {} are also mesh vertices (e.g. atom {}); a "
                 "point cannot be a vertex of the mesh it moves on",
                 style, total, intri_name, firstmax);
  }

  if (!checked) {
    checked = true;
    // vertices that this fix does not move
    bigint frozen = 0, nfrozen = 0;
    for (int i = 0; i < nlocal; i++)
      if (!(atom->mask[i] & groupbit) && is_vertex(atom->tag[i])) frozen++;
    MPI_Allreduce(&frozen, &nfrozen, 1, MPI_LMP_BIGINT, MPI_SUM, world);
    if (nfrozen && tally_flag && comm->me == 0)
      error->warning(FLERR, "{}: {} mesh vertices are not in the fix group: they are not "
                     "integrated by this fix, chain-rule and recoil forces on them are dropped, "
                     "and etotal+f_{} is not conserved if other fixes move them",
                     style, nfrozen, fix_id);
  }

  // the ghost shell must hold every vertex of every point's triangle
  const double cut = std::max(neighbor->cutneighmax, comm->cutghostuser);
  if (cut < dmax + neighbor->skin && comm->me == 0)
    error->warning(FLERR, "{}: the ghost cutoff {:.6g} is shorter than the longest triangle edge "
                   "{:.6g} plus the skin {:.6g}; vertices may be missing on some ranks: use "
                   "comm_modify cutoff {:.6g}",
                   style, cut, dmax, neighbor->skin, dmax + 2.0 * neighbor->skin);
}

/* ----------------------------------------------------------------------
   local index of the closest image of corner k of triangle t to atom i
------------------------------------------------------------------------- */

int BagogabMesh::corner_image(int i, int t, int k) const
{
  if (table.corner(t, k) > atom->map_tag_max) return -1;
  const int j = atom->map(static_cast<tagint>(table.corner(t, k)));
  return j < 0 ? -1 : domain->closest_image(i, j);
}

std::string BagogabMesh::degenerate_msg(int tri) const
{
  return fmt::format("triangle {} of mesh {} became degenerate (its corners are collinear) at "
                     "step {}; reduce the timestep or make the membrane stiffer against "
                     "flattening of its triangles",
                     tri, file, update->ntimestep);
}

/* ----------------------------------------------------------------------
   the closest-image bound (ImageBound): without tilt the box vectors of the
   periodic dimensions; with tilt half the narrowest distance w between
   opposite periodic faces, w_d = 1/|grad lambda_d| (rows of h_inv, whose
   order is xx, yy, zz, yz, xz, xy)
------------------------------------------------------------------------- */

geomint_bagogab::ImageBound BagogabMesh::image_bound() const
{
  geomint_bagogab::ImageBound b;
  const int *periodic = domain->periodicity;
  const bool tilt = domain->triclinic && (domain->xy != 0.0 || domain->xz != 0.0 || domain->yz != 0.0);
  if (!tilt) {
    for (int d = 0; d < 3; d++)
      if (periodic[d]) {
        double *t = b.t[b.n++];
        for (int k = 0; k < 3; k++) t[k] = k == d ? domain->prd[d] : 0.0;
        t[3] = 0.5 * domain->prd[d] * domain->prd[d];
        b.r2safe = std::min(b.r2safe, 0.25 * domain->prd[d] * domain->prd[d]);
      }
    return b;
  }
  const double *hi = domain->h_inv;
  const double width[3] = {1.0 / std::sqrt(hi[0] * hi[0] + hi[5] * hi[5] + hi[4] * hi[4]),
                           1.0 / std::sqrt(hi[1] * hi[1] + hi[3] * hi[3]), 1.0 / hi[2]};
  for (int d = 0; d < 3; d++)
    if (periodic[d]) {
      b.tilted = true;
      b.r2safe = std::min(b.r2safe, 0.25 * width[d] * width[d]);
    }
  return b;
}

// triangle t (0-based) with frame F at or beyond the bound: its edge
// nearest to (or farthest past) the bound, and what to do
std::string BagogabMesh::edge_bound_msg(int t, const geomint::TriFrame &F, const char *when) const
{
  const geomint_bagogab::ImageBound b = image_bound();
  const double e23[3] = {F.e3[0] - F.e2[0], F.e3[1] - F.e2[1], F.e3[2] - F.e2[2]};
  const double *edges[3] = {F.e2, F.e3, e23};
  std::string what = "that is no longer the closest of its periodic images";
  double worst = -1.0;
  for (const double *e : edges) {
    if (b.tilted) {
      const double len = std::sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
      if (len <= worst) continue;
      worst = len;
      what = fmt::format("whose length {:.6g} reached {:.6g}, half the narrowest distance between "
                         "opposite periodic faces of the tilted box", len, std::sqrt(b.r2safe));
      continue;
    }
    for (int k = 0; k < b.n; k++) {
      const double *T = b.t[k];
      const double et = std::fabs(e[0] * T[0] + e[1] * T[1] + e[2] * T[2]);
      if (et / T[3] <= worst) continue;
      worst = et / T[3];
      const int axis = T[0] != 0.0 ? 0 : T[1] != 0.0 ? 1 : 2;
      what = fmt::format("whose {} extent {:.6g} reached {:.6g}, half the periodic box length",
                         "xyz"[axis], std::fabs(e[axis]), 0.5 * T[axis]);
    }
  }
  return fmt::format("triangle {} of mesh {} (atoms {} {} {}) has an edge {} {}; the corners of a "
                     "triangle are found as the closest images of its atoms, which are the true "
                     "corners only for shorter edges: use a box with more triangles across it or "
                     "stiffer edges",
                     t + 1, file, table.corner(t, 0), table.corner(t, 1), table.corner(t, 2),
                     what, when);
}

// point i's triangle t reached the bound during a run: its corners are the
// local images c (kept since the last reneighboring, host positions)
std::string BagogabMesh::half_box_msg(int i, int t, const int c[3]) const
{
  double R[3][3];
  for (int k = 0; k < 3; k++)
    for (int d = 0; d < 3; d++) R[k][d] = atom->x[c[k]][d];
  geomint::TriFrame F;
  geomint::tri_frame(R[0], R[1], R[2], F);
  std::string msg = edge_bound_msg(
      t, F, fmt::format("at step {} (point {})", update->ntimestep, atom->tag[i]).c_str());
  // (a point that crossed into the triangle took the closest images there: a
  // nearer one may be missing on this rank)
  const double need = cutoff_estimate();
  if (need > std::max(neighbor->cutneighmax, comm->cutghostuser))
    msg += fmt::format("; or, as the ghost cutoff is shorter than the estimate {:.6g}, a nearer "
                       "image is missing on rank {}: use comm_modify cutoff {}",
                       need, comm->me, std::ceil(need * 100.0) / 100.0);
  return msg;
}

// the ghost cutoff that holds every vertex of the points' triangles:
// D_max + skin + 2 max|v| h (this rank's fastest atom)
double BagogabMesh::cutoff_estimate() const
{
  double vmax = 0.0;
  double **v = atom->v;
  for (int a = 0; a < atom->nlocal; a++)
    vmax = std::max(vmax, std::sqrt(v[a][0] * v[a][0] + v[a][1] * v[a][1] + v[a][2] * v[a][2]));
  return dmax + neighbor->skin + 2.0 * vmax * update->dt;
}

std::string BagogabMesh::missing_vertex_msg(int i, int t) const
{
  // a corner without image; else (the closest images span more than half the
  // box) the corner whose image is farthest from the point
  int64_t vtag = 0;
  double far = -1.0;
  bool missing = false;
  for (int k = 0; k < 3; k++) {
    const int j = corner_image(i, t, k);
    if (j < 0) {
      vtag = table.corner(t, k);
      missing = true;
    } else if (!missing) {
      double r2 = 0.0;
      for (int d = 0; d < 3; d++) r2 += (atom->x[j][d] - atom->x[i][d]) * (atom->x[j][d] - atom->x[i][d]);
      if (r2 > far) {
        far = r2;
        vtag = table.corner(t, k);
      }
    }
  }
  const double need = cutoff_estimate();
  const std::string where =
      missing ? fmt::format("vertex {} of triangle {} (point {}) not found on rank {} at step {}",
                            vtag, t + 1, atom->tag[i], comm->me, update->ntimestep)
              : fmt::format("only an image of vertex {} of triangle {} (point {}) too far for an "
                            "edge shorter than half the box was found on rank {} at step {}",
                            vtag, t + 1, atom->tag[i], comm->me, update->ntimestep);
  const double cut = std::max(neighbor->cutneighmax, comm->cutghostuser);
  if (need > cut) return fmt::format("{}; use comm_modify cutoff {}", where, std::ceil(need * 100.0) / 100.0);
  if (!missing)
    return fmt::format("{}: the triangle's edges grew to half the periodic box (use a box with "
                       "more triangles across it or stiffer edges), or atoms moved further than "
                       "the skin between reneighborings (neigh_modify every 1 delay 0 check yes)",
                       where);
  // (the estimate is met: atoms moved more than the skin between reneighborings)
  return fmt::format("{}, although the ghost cutoff {:.6g} exceeds the longest edge plus the skin "
                     "and two steps at this rank's fastest speed ({:.6g}): atoms moved further "
                     "than that between reneighborings; reneighbor more often (neigh_modify every "
                     "1 delay 0 check yes) or use a larger comm_modify cutoff (e.g. {})",
                     where, cut, need, std::ceil(1.5 * cut * 100.0) / 100.0);
}


void BagogabMesh::assign(int intri_bit, bool snap, double **state)
{
  if (!intri_bit) return;
  double **x = atom->x;
  double **v = atom->v;
  const int *mask = atom->mask;
  const int nlocal = atom->nlocal;
  const int nall = nlocal + atom->nghost;

  // vertex atoms (owned and ghost images) binned with bins of size D_max
  const double bin = dmax > 0.0 ? dmax : 1.0;
  auto key = [bin](const double *p, int dx, int dy, int dz) {
    const int64_t ix = static_cast<int64_t>(std::floor(p[0] / bin)) + dx;
    const int64_t iy = static_cast<int64_t>(std::floor(p[1] / bin)) + dy;
    const int64_t iz = static_cast<int64_t>(std::floor(p[2] / bin)) + dz;
    return (ix * 73856093) ^ (iy * 19349663) ^ (iz * 83492791);
  };
  std::unordered_map<int64_t, std::vector<int>> bins;
  const double inf = std::numeric_limits<double>::infinity();
  double vlo[3] = {inf, inf, inf}, vhi[3] = {-inf, -inf, -inf};    // vertices' bounding box
  std::vector<int> stamp;    // stamp[t] == i: triangle t considered for point i
  bool built = false;

  std::string failure;    // the first failure on this rank
  for (int i = 0; i < nlocal; i++) {
    if (!(mask[i] & intri_bit)) continue;

    // keep a valid assignment without touching x (bitwise restarts)
    const int t0 = static_cast<int>(state[i][0]) - 1;
    if (t0 >= 0 && t0 < table.ntri) {
      int c[3];
      bool ok = true;
      for (int k = 0; k < 3; k++) ok = ok && (c[k] = corner_image(i, t0, k)) >= 0;
      if (ok) {
        geomint::TriFrame F;
        frame_of(x, c, F);
        double lam[3] = {state[i][1], state[i][2], state[i][3]}, r[3], dx[3];
        geomint::tri_point(F, lam, r);
        geomint::sub3(x[i], r, dx);
        if (std::sqrt(geomint::dot3(dx, dx)) <= 1e-6 * std::sqrt(F.l2max)) {
          double ldot[3], pv[3], out[3];
          geomint::tri_project(F, v[i], ldot, pv);
          geomint::sub3(v[i], pv, out);
          if (geomint::dot3(out, out) > 1e-24 * geomint::dot3(v[i], v[i]))
            for (int d = 0; d < 3; d++) v[i][d] = pv[d];
          continue;
        }
      }
    }

    if (!built) {
      for (int j = 0; j < nall; j++)
        if (is_vertex(atom->tag[j])) {
          bins[key(x[j], 0, 0, 0)].push_back(j);
          for (int d = 0; d < 3; d++) {
            vlo[d] = std::min(vlo[d], x[j][d]);
            vhi[d] = std::max(vhi[d], x[j][d]);
          }
        }
      stamp.assign(table.ntri, -1);
      built = true;
    }

    // The closest point over the triangles whose three corners are on this
    // rank (ties: the lower triangle id), searched in growing cubes of bins
    // around the point: ring r holds every vertex within r D_max of it.
    // Triangle t is reached from its vertex atom j (an owned atom or a ghost
    // image); its corners are the images closest to j, so that a periodic
    // mesh gives the triangle near the point, not a sliver across the box.
    // A triangle with a corner missing on this rank could be closer than its
    // vertex j minus D_max: such doubt is an error (the ghost cutoff is short).
    int best = -1, bestc[3] = {-1, -1, -1};
    double bestd = 0.0, bestlam[3] = {0.0, 0.0, 0.0}, bestell = 0.0;
    double doubt = inf;    // the nearest a skipped triangle can be
    auto consider = [&](int t, int j) {
      if (stamp[t] == i) return;
      stamp[t] = i;
      int c[3];
      bool ok = true;
      for (int k = 0; k < 3; k++) ok = ok && (c[k] = corner_image(j, t, k)) >= 0;
      if (!ok) {
        double dj[3];
        geomint::sub3(x[j], x[i], dj);
        doubt = std::min(doubt, std::sqrt(geomint::dot3(dj, dj)) - dmax);
        return;
      }
      double lam[3];
      const double d = std::sqrt(
          geomint::closest_point_triangle(x[i], x[c[0]], x[c[1]], x[c[2]], lam));
      const double tol = 1e-12 * dmax;
      if (best < 0 || d < bestd - tol || (std::fabs(d - bestd) <= tol && t < best)) {
        geomint::TriFrame F;
        frame_of(x, c, F);
        best = t;
        bestd = d;
        bestell = std::sqrt(F.l2max);
        for (int k = 0; k < 3; k++) {
          bestc[k] = c[k];
          bestlam[k] = lam[k];
        }
      }
    };
    auto visit = [&](int dx, int dy, int dz) {
      auto it = bins.find(key(x[i], dx, dy, dz));
      if (it == bins.end()) return;
      for (int j : it->second) {
        const size_t vv = std::lower_bound(vertices.begin(), vertices.end(),
                                           static_cast<int64_t>(atom->tag[j])) -
            vertices.begin();
        for (int q = vtri_offset[vv]; q < vtri_offset[vv + 1]; q++) consider(vtri_list[q], j);
      }
    };
    // the bins at Chebyshev distance r from the point's bin (the shell of the cube)
    auto ring = [&](int r) {
      for (int dx = -r; dx <= r; dx++)
        for (int dy = -r; dy <= r; dy++) {
          if (std::abs(dx) == r || std::abs(dy) == r) {
            for (int dz = -r; dz <= r; dz++) visit(dx, dy, dz);
          } else {
            visit(dx, dy, -r);
            if (r > 0) visit(dx, dy, r);
          }
        }
    };
    // rings 0 and 1 hold every triangle that contains the point: a point on
    // the mesh is done; for one off it, the rings out to bestd + D_max (every
    // closer triangle has its corners within that), at most to the farthest
    // vertex on this rank
    ring(0);
    ring(1);
    const bool off = best < 0 || bestd > 1e-6 * bestell;
    if (off) {
      double reach = 0.0;
      for (int d = 0; d < 3; d++)
        reach = std::max(reach, std::max(std::fabs(x[i][d] - vlo[d]), std::fabs(vhi[d] - x[i][d])));
      const int rmax = static_cast<int>(std::ceil(reach / bin)) + 1;
      for (int r = 2; r <= rmax && (best < 0 || (r - 1) * bin < bestd + dmax); r++) ring(r);
    }
    const double cut = std::max(neighbor->cutneighmax, comm->cutghostuser);
    // a skipped triangle closer than the best, or (on several ranks) a
    // triangle without any corner here, which is farther than the ghost
    // cutoff minus D_max from an owned point: with snap yes the closest, with
    // snap no one that contains the point (all its corners within D_max of
    // it, so present here if the cutoff is at least D_max)
    const bool far_doubt = comm->nprocs > 1 && bestd > cut - dmax && (snap || cut < dmax);
    if (best >= 0 && off && (doubt < bestd || far_doubt)) {
      if (failure.empty())
        failure = fmt::format("point {} is {:.6g} away from triangle {}, the closest one whose "
                              "vertices are all on rank {}; a closer triangle may have "
                              "vertices beyond the ghost cutoff {:.6g}: use comm_modify "
                              "cutoff {}",
                              atom->tag[i], bestd, best + 1, comm->me, cut,
                              std::ceil((bestd + dmax + 2.0 * neighbor->skin) * 100.0) / 100.0);
      continue;
    }
    if (best < 0) {
      if (failure.empty())
        failure = fmt::format("no candidate triangle for point {} on rank {}: no triangle "
                              "has all its vertices within the ghost cutoff {:.6g}; use "
                              "comm_modify cutoff D, with D at least the point's distance "
                              "from the mesh plus {}",
                              atom->tag[i], comm->me, cut,
                              std::ceil((dmax + 2.0 * neighbor->skin) * 100.0) / 100.0);
      continue;
    }
    // (errors are agreed on by all ranks after the loop: error->all reaches log.lammps)
    if (!snap && bestd > 1e-6 * bestell) {
      if (failure.empty())
        failure = fmt::format("point {} is {:.6g} away from the closest triangle {} (longest "
                              "edge {:.6g}); points must lie on the mesh, or use 'snap yes' to "
                              "project them onto it",
                              atom->tag[i], bestd, best + 1, bestell);
      continue;
    }

    geomint::clamp_barycentric(bestlam);
    geomint::TriFrame F;
    frame_of(x, bestc, F);
    geomint::tri_point(F, bestlam, x[i]);
    double ldot[3], pv[3];
    geomint::tri_project(F, v[i], ldot, pv);
    for (int d = 0; d < 3; d++) v[i][d] = pv[d];
    state[i][0] = best + 1;
    for (int k = 0; k < 3; k++) state[i][k + 1] = bestlam[k];
  }
  const std::string msg = geomint_error::first_failure(lmp, failure);
  if (!msg.empty()) error->all(FLERR, "{}: {}", style, msg);
}

