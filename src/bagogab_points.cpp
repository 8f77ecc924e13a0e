/* ----------------------------------------------------------------------
   GEOMINT - the in-triangle points of fix bagogab (see bagogab_points.h
   and doc/fix_bagogab.rst, "In-triangle points")
------------------------------------------------------------------------- */

#include "bagogab_points.h"

#include "bagogab_mesh.h"
#include "fix_bagogab.h"

#include "geomint_comm.h"
#include "geomint_compat.h"
#include "geomint_error.h"
#include "geomint_mpi_stubs.h"
#include "geomint_restart.h"

#include "atom.h"
#include "comm.h"
#include "domain.h"
#include "error.h"
#include "group.h"
#include "memory.h"
#include "update.h"
#include "utils.h"

#include <algorithm>
#include <cstdlib>

using namespace LAMMPS_NS;
using namespace geomint_bagogab;

static const char *const STYLE = "Fix bagogab";

BagogabPoints::BagogabPoints(LAMMPS *lmp, FixBagogab *owner, const std::string &mesh_file,
                             int intri_grp, bool snap_flag) :
    Pointers(lmp), mesh(nullptr), intri_group(intri_grp),
    intri_bit(intri_grp >= 0 ? group->bitmask[intri_grp] : 0), state(nullptr), n_transfers(0),
    n_reflections(0), max_segments(0), fix(owner), snap(snap_flag), corners_valid(false),
    fc(nullptr), dp(nullptr), rev_buf(nullptr), timing(getenv("GEOMINT_TIMING") != nullptr),
    substep_seconds{0.0, 0.0, 0.0, 0.0}
{
  mesh = new BagogabMesh(lmp, mesh_file, STYLE);
  const geomint::MeshTable &tab = mesh->table;
  vertex_tags = tab.vertices();
  tri_q.resize(3 * static_cast<size_t>(tab.ntri));
  for (size_t c = 0; c < tri_q.size(); c++)
    tri_q[c] = static_cast<int>(std::lower_bound(vertex_tags.begin(), vertex_tags.end(), tab.tri[c]) -
                                vertex_tags.begin());
  img_off.assign(vertex_tags.size() + 1, 0);
}

// the local images of every mesh vertex, in the order Domain::closest_image
// visits them (atom->map(ID), then the sametag chain)
void BagogabPoints::build_images()
{
  const int nv = static_cast<int>(vertex_tags.size());
  const int *sametag = atom->sametag;
  img_list.clear();
  for (int q = 0; q < nv; q++) {
    img_off[q] = static_cast<int>(img_list.size());
    if (vertex_tags[q] > atom->map_tag_max) continue;
    for (int j = atom->map(static_cast<tagint>(vertex_tags[q])); j >= 0; j = sametag[j])
      img_list.push_back(j);
  }
  img_off[nv] = static_cast<int>(img_list.size());
}

// the owned points and the other owned group atoms, in local index order
void BagogabPoints::build_lists()
{
  mask_to_host();
  const int *mask = fix->pass_mask();    // (filament beads: not in the fix group here)
  const int groupbit = fix->groupbit;
  point_list.clear();
  free_list.clear();
  for (int i = 0; i < atom->nlocal; i++) {
    if (mask[i] & intri_bit)
      point_list.push_back(i);
    else if (mask[i] & groupbit)
      free_list.push_back(i);
  }
}

BagogabPoints::~BagogabPoints()
{
  delete mesh;
}

/* ----------------------------------------------------------------------
   one step with points: B(h/2) A(h/2) G(h/2) O(h) G(h/2) A(h/2) [B(h/2)].
   A(h/2) is two halves around the communication of the positions: the
   first (free atoms drift, points keep A^T v) rides on the pass before it,
   the second (new frames) on the pass of the first G, or stands alone at
   the end of the step.  The recoil of the first G, O and the second G of
   the points share one pass (OGPass).
------------------------------------------------------------------------- */

double BagogabPoints::step(double s_def)
{
  n_transfers = n_reflections = max_segments = 0;
  const double half_h = 0.5 * update->dt;
  double t[7] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  auto mark = [&](int k) {
    if (!timing) return;
    fence();
    t[k] = MPI_Wtime();
  };
  mark(0);
  b_step(s_def, 1.0, true, true);    // B(h/2), A(h/2) first half
  mark(1);
  forward_x();
  mark(2);
  int counts[3] = {0, 0, 0};
  ag_points(half_h, counts);         // A(h/2) second half, G(h/2)
  n_transfers += counts[0];
  n_reflections += counts[1];
  max_segments = std::max(max_segments, counts[2]);
  reverse_sum(dp);
  mark(3);
  const double de = og_step(half_h);    // its recoil, O(h), G(h/2), A(h/2) first half
  mark(4);
  reverse_sum(fc);
  g_recoil(true, true);
  mark(5);
  forward_x();
  a_second();
  mark(6);
  if (timing) {
    substep_seconds[0] += t[1] - t[0];
    substep_seconds[1] += (t[2] - t[1]) + (t[6] - t[5]);
    substep_seconds[2] += (t[3] - t[2]) + (t[5] - t[4]);
    substep_seconds[3] += t[4] - t[3];
  }
  agree_on_failures();
  step_done();
  return de;
}

// B(s h/2): points get (s h/2) Pi f, vertices the chain-rule forces lambda_k f;
// with s2 != 0 a second kick B(s2 h/2) follows as its own addition (the
// deferred closing kick of vout half, then the step's opening kick); then_a:
// the first half of A(h/2) follows
double BagogabPoints::b_step(double s, double s2, bool apply, bool then_a)
{
  grow_work();
  if (!corners_valid) {
    build_images();
    build_lists();
    corners_pass();
    corners_valid = true;
  }
  double dke = 0.0;
  b_points(s, s2, apply, then_a, dke);
  reverse_sum(fc);
  b_free(s, s2, apply, then_a, dke);
  return dke;
}

// O(h) on every group atom; points tally Pi v.  zero yes acts on the atoms that
// are not points and receive noise: a point's noise is projected into its
// triangle's plane and its velocity is relative to the mesh, so that no common
// shift could cancel it.  In the same pass: the recoil of the first G before
// it, the second G of the points after it (recoil into fc)
double BagogabPoints::og_step(double tau)
{
  double sums[8] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  const bool zero = fix->zero_momentum();
  og_points(zero, tau, sums);
  n_transfers += static_cast<int>(sums[5]);
  n_reflections += static_cast<int>(sums[6]);
  max_segments = std::max(max_segments, static_cast<int>(sums[7]));
  double de = sums[4];
  if (zero) {
    double shift[3];
    fix->random_momentum_shift(sums, shift);
    o_zero_free(shift, de);
  }
  return de;
}

/* ----------------------------------------------------------------------
   failures during a step (a point without triangle, a missing vertex, a
   degenerate triangle, too many edge events) are recorded on the rank that
   sees them: the point is left alone for the rest of the step (vtx = -1),
   and all ranks agree on the first failure at the end of the sub-steps, so
   that the ERROR is an error->all() that reaches the screen and log.lammps
   whichever rank found it
------------------------------------------------------------------------- */

std::string BagogabPoints::failure_message(int i, int code, int t) const
{
  switch (code) {
    case PF_NO_TRIANGLE:
      return fmt::format("point {} has no triangle at step {}: it joined group {} or was created "
                         "after the last setup (a run's setup assigns the points their triangles): "
                         "add points between runs, not during one (fix deposit, fix pour), and "
                         "run with 'pre yes' (the default) after adding them",
                         atom->tag[i], update->ntimestep, group->names[intri_group]);
    case PF_MISSING_VERTEX:
      return mesh->missing_vertex_msg(i, t);
    case PF_DEGENERATE:
      return mesh->degenerate_msg(t + 1);
    case PF_HALF_BOX: {
      int c[3];
      kept_corners(i, c);
      return mesh->half_box_msg(i, t, c);
    }
    case PF_TOO_MANY:
      return fmt::format("time step too large for the mesh: point {} crossed more than {} "
                         "triangle edges in one G half-step at step {}; reduce the timestep",
                         atom->tag[i], geomint::MAX_SEGMENTS, update->ntimestep);
    default:
      return "";
  }
}

void BagogabPoints::fail_first(int i, int code, int tri)
{
  if (failure.empty()) failure = failure_message(i, code, tri);
}

void BagogabPoints::agree_on_failures()
{
  collect_failures();
  const std::string msg = geomint_error::first_failure(lmp, failure);
  failure.clear();
  if (!msg.empty()) error->all(FLERR, "{}: {}", STYLE, msg);
}

/* ----------------------------------------------------------------------
   setup: checks, then every owned point keeps its triangle or gets the
   closest one
------------------------------------------------------------------------- */

void BagogabPoints::setup()
{
  mesh->check(fix->groupbit, intri_bit, intri_group >= 0 ? group->names[intri_group] : "",
              fix->tally_on(), fix->id);
  mesh->assign(intri_bit, snap, state);
  geomint_compat::forward_comm(comm, fix);
  corners_valid = false;
}

void BagogabPoints::report_timing()
{
  if (!timing) return;
  double tmax[4];
  MPI_Allreduce(substep_seconds, tmax, 4, MPI_DOUBLE, MPI_MAX, world);
  if (comm->me == 0)
    utils::logmesg(lmp, "GEOMINT_TIMING fix {} bagogab: G sub-steps {:.6g} s; B (initial) {:.6g} "
                   "s, A {:.6g} s, O {:.6g} s (max over ranks; fused passes count where they start: "
                   "B with half of A, the first G with half of A, O with the second G)\n",
                   fix->id, tmax[2], tmax[0], tmax[1], tmax[3]);
  for (double &t : substep_seconds) t = 0.0;
}

bigint BagogabPoints::count(int jbit) const
{
  bigint n = 0;
  for (int i = 0; i < atom->nlocal; i++)
    if ((atom->mask[i] & intri_bit) && (atom->mask[i] & jbit)) n++;
  return n;
}

double BagogabPoints::memory_usage()
{
  return 4.0 * atom->nmax * sizeof(double) + work_bytes() + mesh->memory_usage();
}

/* ----------------------------------------------------------------------
   per-atom state: migration, restart
------------------------------------------------------------------------- */

void BagogabPoints::copy_arrays(int i, int j)
{
  state_to_host();
  for (int k = 0; k < 4; k++) state[j][k] = state[i][k];
  state_modified_on_host();
}

void BagogabPoints::set_arrays(int i)
{
  state_to_host();
  for (int k = 0; k < 4; k++) state[i][k] = 0.0;
  state_modified_on_host();
}

int BagogabPoints::pack_exchange(int i, double *buf)
{
  state_to_host();
  buf[0] = state[i][0];
  buf[1] = state[i][2];
  buf[2] = state[i][3];
  return 3;
}

int BagogabPoints::unpack_exchange(int nlocal, double *buf)
{
  state_to_host();
  state[nlocal][0] = buf[0];
  state[nlocal][2] = buf[1];
  state[nlocal][3] = buf[2];
  state[nlocal][1] = buf[0] > 0.0 ? 1.0 - buf[1] - buf[2] : 0.0;    // non-points hold zeros
  state_modified_on_host();
  return 3;
}

// per-atom restart: [5, version 2, triangle, l2, l3]; legacy version 1: [4, triangle, l2, l3]
static constexpr int PERATOM_VERSION = 2;

int BagogabPoints::pack_restart(int i, double *buf)
{
  state_to_host();
  buf[0] = 5;
  buf[1] = PERATOM_VERSION;
  buf[2] = state[i][0];
  buf[3] = state[i][2];
  buf[4] = state[i][3];
  return 5;
}

void BagogabPoints::unpack_restart(int nlocal, int nth)
{
  state_to_host();
  const double *record = geomint_restart::peratom_record(lmp, nlocal, nth);
  const int size = static_cast<int>(record[0]);
  int first = 2;      // where the values start
  if (size == 4) {    // legacy version 1
    first = 1;
  } else if (!(size == 5 && record[1] == PERATOM_VERSION)) {
    geomint_restart::refuse_peratom(lmp, STYLE, fix->id, record, PERATOM_VERSION, 3,
                                    "Use the GEOMINT that wrote it, or a new fix ID to start the "
                                    "fix afresh", " (and version 1)");
  }
  state[nlocal][0] = record[first];
  state[nlocal][2] = record[first + 1];
  state[nlocal][3] = record[first + 2];
  state[nlocal][1] = state[nlocal][0] > 0.0 ? 1.0 - state[nlocal][2] - state[nlocal][3] : 0.0;
  state_modified_on_host();
}

/* ----------------------------------------------------------------------
   forward communication of x inside the step (with the PBC shift, as
   AtomVec::pack_comm does); reverse sums of fc or dp onto owners
------------------------------------------------------------------------- */

int BagogabPoints::pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc)
{
  return geomint_comm::pack_forward_xv(domain, atom->x, nullptr, n, list, buf, pbc_flag, pbc);
}

void BagogabPoints::unpack_forward_comm(int n, int first, double *buf)
{
  geomint_comm::unpack_forward_xv(atom->x, nullptr, n, first, buf);
}

int BagogabPoints::pack_reverse_comm(int n, int first, double *buf)
{
  return geomint_comm::pack_reverse3(rev_buf, n, first, buf);
}

void BagogabPoints::unpack_reverse_comm(int n, int *list, double *buf)
{
  geomint_comm::unpack_reverse3(rev_buf, n, list, buf);
}

void BagogabPoints::reverse_comm_host(double **buf)
{
  rev_buf = buf;
  geomint_compat::reverse_comm(comm, fix);
}

void BagogabPoints::forward_comm_host()
{
  geomint_compat::forward_comm(comm, fix);
}

/* ======================================================================
   the CPU component: the passes as plain loops over LAMMPS's arrays
   ====================================================================== */

namespace {
// rows of a double** as a scatter sink (s(j,k) += value)
struct Rows3 {
  double **a;
  double &operator()(int j, int k) const { return a[j][k]; }
};
}    // namespace

struct BagogabPointsCpu::Access : BagogabAtoms {
  int intri_bit;
  double **state_, **wat_, **fc_, **dp_;
  int **vtx_;
  geomint::TriFrame *frames_;
  const geomint::MeshTable *table;
  const int *tri_q_, *img_off_, *img_list_;
  BagogabPointsCpu *points;

  double &state(int i, int k) const { return state_[i][k]; }
  int &vtx(int i, int k) const { return vtx_[i][k]; }
  geomint::TriFrame &frame(int i) const { return frames_[i]; }
  double &wat(int i, int k) const { return wat_[i][k]; }
  double fc(int i, int k) const { return fc_[i][k]; }
  double dp(int i, int k) const { return dp_[i][k]; }
  Rows3 fc_sink() const { return {fc_}; }
  Rows3 dp_sink() const { return {dp_}; }
  const double *pos(int j) const { return x_[j]; }
  int corner(int t, int k) const { return tri_q_[3 * t + k]; }
  int neighbor(int t, int k) const { return table->adj[3 * t + k]; }
  int apex(int t, int k) const { return table->apex[3 * t + k]; }
  int img_off(int q) const { return img_off_[q]; }
  int img_list(int o) const { return img_list_[o]; }
  void fail(int i, int code, int tri) const
  {
    points->fail_first(i, code, tri);
    vtx_[i][3] = -1;
  }
};

BagogabPointsCpu::BagogabPointsCpu(LAMMPS *lmp, FixBagogab *owner, const std::string &mesh_file,
                                   int intri_grp, bool snap_flag) :
    BagogabPoints(lmp, owner, mesh_file, intri_grp, snap_flag), nmax_work(0), vtx(nullptr),
    wat(nullptr)
{
}

BagogabPointsCpu::~BagogabPointsCpu()
{
  memory->destroy(state);
  memory->destroy(vtx);
  memory->destroy(fc);
  memory->destroy(dp);
  memory->destroy(wat);
}

void BagogabPointsCpu::grow_arrays(int nmax)
{
  memory->grow(state, nmax, 4, "bagogab:state");
}

void BagogabPointsCpu::grow_work()
{
  if (atom->nmax <= nmax_work) return;
  nmax_work = atom->nmax;
  memory->destroy(vtx);
  memory->destroy(fc);
  memory->destroy(dp);
  memory->destroy(wat);
  memory->create(vtx, nmax_work, 4, "bagogab:vtx");
  memory->create(fc, nmax_work, 3, "bagogab:fc");
  memory->create(dp, nmax_work, 3, "bagogab:dp");
  memory->create(wat, nmax_work, 2, "bagogab:wat");
  frames.resize(nmax_work);
  corners_valid = false;
}

double BagogabPointsCpu::work_bytes()
{
  return nmax_work * (4.0 * sizeof(int) + 8.0 * sizeof(double));
}

BagogabPointsCpu::Access BagogabPointsCpu::access()
{
  Access p;
  static_cast<BagogabAtoms &>(p) = fix->atoms_cpu();
  p.intri_bit = intri_bit;
  p.state_ = state;
  p.wat_ = wat;
  p.fc_ = fc;
  p.dp_ = dp;
  p.vtx_ = vtx;
  p.frames_ = frames.data();
  p.table = &mesh->table;
  p.tri_q_ = tri_q.data();
  p.img_off_ = img_off.data();
  p.img_list_ = img_list.data();
  p.points = this;
  return p;
}

void BagogabPointsCpu::reverse_sum(double **buf)
{
  reverse_comm_host(buf);
}

void BagogabPointsCpu::forward_x()
{
  forward_comm_host();
}

// fc and dp: every row zeroed at each reneighboring; between two, only the
// rows of the vertex images are written (scatters onto corners, and reverse
// sums from ghost images onto their owners, both vertex images), so that a
// pass zeroes those rows only
void BagogabPointsCpu::corners_pass()
{
  const int nall = atom->nlocal + atom->nghost;
  for (int j = 0; j < nall; j++)
    fc[j][0] = fc[j][1] = fc[j][2] = dp[j][0] = dp[j][1] = dp[j][2] = 0.0;
  for_atoms(access(), atom->nlocal, CornersPass());
}

void BagogabPointsCpu::zero_vertex_rows(double **buf)
{
  for (const int j : img_list) buf[j][0] = buf[j][1] = buf[j][2] = 0.0;
}

void BagogabPointsCpu::b_points(double s, double s2, bool apply, bool then_a, double &dke)
{
  zero_vertex_rows(fc);
  for_atoms(access(), static_cast<int>(point_list.size()),
            on_list(BPointPass{s, s2, apply, then_a}, IndexList{point_list.data()}), dke);
}

void BagogabPointsCpu::b_free(double s, double s2, bool apply, bool then_a, double &dke)
{
  for_atoms(access(), static_cast<int>(free_list.size()),
            on_list(BFreePass{s, s2, apply, then_a}, IndexList{free_list.data()}), dke);
}

void BagogabPointsCpu::a_second()
{
  for_atoms(access(), static_cast<int>(point_list.size()),
            on_list(ASecondPass(), IndexList{point_list.data()}));
}

void BagogabPointsCpu::ag_points(double tau, int counts[3])
{
  zero_vertex_rows(dp);
  for_atoms(access(), static_cast<int>(point_list.size()),
            on_list(AGPointPass{tau}, IndexList{point_list.data()}), counts);
}

void BagogabPointsCpu::g_recoil(bool then_a, bool from_fc)
{
  for_atoms(access(), static_cast<int>(free_list.size()),
            on_list(GRecoilPass{then_a, from_fc}, IndexList{free_list.data()}));
}

void BagogabPointsCpu::og_points(bool zero, double tau, double sums[8])
{
  zero_vertex_rows(fc);
  for_atoms_noise(access(), atom->nlocal, OGPass{zero, tau}, sums);
}

void BagogabPointsCpu::o_zero_free(const double shift[3], double &de)
{
  const OZeroFreePass pass{{shift[0], shift[1], shift[2]}};
  for_atoms(access(), static_cast<int>(free_list.size()),
            on_list(pass, IndexList{free_list.data()}), de);
}
