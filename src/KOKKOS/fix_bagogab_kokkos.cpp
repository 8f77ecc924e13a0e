/* ----------------------------------------------------------------------
   GEOMINT - fix bagogab/kk (see fix_bagogab_kokkos.h and doc/fix_bagogab.rst)

   Dispatch and data movement only: every pass is a struct of
   bagogab_passes.h, called here from generic functors over an accessor of
   Kokkos views (the CPU fix calls it from a plain loop over LAMMPS's
   arrays).  The noise is the CPU fix's: Philox keyed by (seed, atom tag,
   step), drawn in blocks on host spaces (normal3_block) and per atom on
   devices (normal3, bitwise equal), so the trajectory does not depend on
   the backend or the thread count.  Sums are parallel_reduce (their order
   differs from the CPU loop at round-off).

   Scatter onto shared vertices (the chain-rule forces of B and the recoil
   of G): Kokkos ScatterView with the backend's default, i.e. per-thread
   copies summed in copy order on host backends (OpenMP) and atomics on
   GPUs.  Communication: the positions inside the step go through the fix's
   own forward communication on host memory (with 2 threads CommKokkos's
   took twice as long there) and through LAMMPS's atom communication on
   GPUs; the sums of fc and dp onto the owners of ghost vertices through the
   fix's reverse communication on the host.
------------------------------------------------------------------------- */

#include "fix_bagogab_kokkos.h"

#include "geomint_kokkos_atoms.h"
#include "geomint_kokkos_check.h"
#include "geomint_kokkos_for_each.h"
#include "geomint_kokkos_host_arrays.h"
#include "geomint_kokkos_reduction.h"

#include "bagogab_filaments.h"
#include "bagogab_mesh.h"
#include "bagogab_points.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "memory_kokkos.h"
#include "update.h"

#include <Kokkos_ScatterView.hpp>

#include <algorithm>
#include <type_traits>
#include <vector>

using namespace LAMMPS_NS;
using namespace geomint_bagogab;

/* ----------------------------------------------------------------------
   the accessor of the atom data
------------------------------------------------------------------------- */

template <class DeviceType> struct FixBagogabKokkos<DeviceType>::Atoms : AtomScalars {
  geomint_kk::AtomViews<DeviceType> views;
  typename tdual_coeff::t_dev_const coeff_;
  Kokkos::View<double * [3], DeviceType> delta_;

  KOKKOS_INLINE_FUNCTION double &x(int i, int k) const { return views.x(i, k); }
  KOKKOS_INLINE_FUNCTION double &v(int i, int k) const { return views.v(i, k); }
  KOKKOS_INLINE_FUNCTION double f(int i, int k) const { return views.f(i, k); }
  KOKKOS_INLINE_FUNCTION int mask(int i) const { return views.mask(i); }
  KOKKOS_INLINE_FUNCTION int type(int i) const { return views.type(i); }
  KOKKOS_INLINE_FUNCTION int64_t tag(int i) const { return views.tag(i); }
  KOKKOS_INLINE_FUNCTION double rmass(int i) const { return views.rmass(i); }
  KOKKOS_INLINE_FUNCTION double coeff(int t, int k) const { return coeff_(t, k); }
  KOKKOS_INLINE_FUNCTION double &delta(int i, int k) const { return delta_(i, k); }
};

namespace {

/* ----------------------------------------------------------------------
   generic functors: a pass of bagogab_passes.h over atoms [0, n)
------------------------------------------------------------------------- */

using geomint_kk::SumReduction;    // N doubles: sums, the last NMAX maxima

// a pass's sum argument: a double for one sum, the array for several
template <int N> struct SumArg {
  KOKKOS_INLINE_FUNCTION static double *get(double *s) { return s; }
};
template <> struct SumArg<1> {
  KOKKOS_INLINE_FUNCTION static double &get(double *s) { return s[0]; }
};

// a pass of one sum takes it as a double: its call through reduce_each
template <class Pass> struct OneSum {
  Pass p;
  template <class Acc> KOKKOS_INLINE_FUNCTION void operator()(const Acc &a, int i, double *s) const
  {
    p(a, i, s[0]);
  }
};

// a pass with noise over atoms: its normals drawn in blocks on host spaces
// (the CPU fix's vectorised Box-Muller), atom by atom on devices
template <class Acc, class Pass, int N> struct NoiseBody {
  Acc a;
  Pass p;
  KOKKOS_INLINE_FUNCTION void item(int i, double *s) const { noise_atom(a, i, p, SumArg<N>::get(s)); }
  void block(int i0, int i1, double *s) const { noise_block(a, i0, i1, p, SumArg<N>::get(s)); }
};

// *sum += the pass's sum over atoms [0, n)
template <class DeviceType, class Acc, class Pass> void sum_each(const Acc &a, int n, const Pass &p, double *sum)
{
  double r[1];
  geomint_kk::reduce_each<DeviceType, 1, 0>(a, n, OneSum<Pass>{p}, r);
  *sum += r[0];
}

// sums[k] += the pass's sums over atoms [0, n) (the last NMAX: maxima)
template <class DeviceType, int N, int NMAX = 0, class Acc, class Pass>
void noise_each(const Acc &a, int n, const Pass &p, double *sums)
{
  double r[N];
  geomint_kk::reduce_blocks<DeviceType, SumReduction<N, NMAX>>(n, geomint::NORMAL_BLOCK,
                                                               NoiseBody<Acc, Pass, N>{a, p}, r);
  SumReduction<N, NMAX>::combine(sums, r);
}

template <class DeviceType>
BagogabPoints *make_kk_points(LAMMPS *, FixBagogab *, const std::string &, int, bool);
BagogabFilaments *make_kk_filaments(LAMMPS *, FixBagogab *, const std::vector<int> &,
                                    const std::vector<int> &, double, int);

}    // namespace

/* ---------------------------------------------------------------------- */

template <class DeviceType>
FixBagogabKokkos<DeviceType>::FixBagogabKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixBagogab(geomint_kk::kokkos_enabled(lmp, "bagogab"), narg, arg, &make_kk_points<DeviceType>,
               &make_kk_filaments),
    pass_mask_serial(-1)
{
  atomKK = (AtomKokkos *) atom;
  kokkosable = 1;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = X_MASK | V_MASK | F_MASK | MASK_MASK | RMASS_MASK | TYPE_MASK | TAG_MASK;
  datamask_modify = X_MASK | V_MASK;
  k_coeff = tdual_coeff("bagogab/kk:coeff", atom->ntypes + 1);
}

// the accessor of this step's atom data; the per-type table host -> device when it changed
template <class DeviceType>
typename FixBagogabKokkos<DeviceType>::Atoms FixBagogabKokkos<DeviceType>::atoms_kk()
{
  if (coeff_changed) {
    auto h = k_coeff.view_host();
    for (int t = 0; t <= atom->ntypes; t++)
      for (int k = 0; k < PT_N; k++) h(t, k) = coeff[t * PT_N + k];
    k_coeff.template modify<LMPHostType>();
    k_coeff.template sync<DeviceType>();
    coeff_changed = false;
  }
  if (zero_flag && static_cast<int>(d_delta.extent(0)) < atom->nmax)
    d_delta = Kokkos::View<double * [3], DeviceType>("bagogab/kk:delta", atom->nmax);
  Atoms a;
  a.views = geomint_kk::AtomViews<DeviceType>(atomKK);
  if (filaments) {
    // the passes over the other atoms leave the beads out (FixBagogab::pass_mask)
    if (filaments->local_serial() != pass_mask_serial) {
      const int n = atom->nlocal;
      if (static_cast<int>(d_pass_mask.extent(0)) < n)
        d_pass_mask = typename geomint_kk::Views<DeviceType>::t_int_1d("bagogab/kk:pass_mask",
                                                                        atom->nmax);
      Kokkos::View<const int *, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> h(
          pass_mask(), n);
      Kokkos::deep_copy(Kokkos::subview(d_pass_mask, std::make_pair(0, n)), h);
      pass_mask_serial = filaments->local_serial();
    }
    a.views.mask = d_pass_mask;
  }
  a.coeff_ = k_coeff.template view<DeviceType>();
  a.delta_ = d_delta;
  static_cast<AtomScalars &>(a) = atom_scalars();
  return a;
}

template <class DeviceType> void FixBagogabKokkos<DeviceType>::baoa_pass(double s_def, double &de)
{
  atomKK->sync(execution_space, datamask_read);
  noise_each<DeviceType, 1>(atoms_kk(), atom->nlocal, BaoaPass{s_def}, &de);
  atomKK->modified(execution_space, X_MASK | V_MASK);
}

template <class DeviceType>
void FixBagogabKokkos<DeviceType>::zero_first_pass(double s_def, double local[4])
{
  atomKK->sync(execution_space, datamask_read);
  noise_each<DeviceType, 4>(atoms_kk(), atom->nlocal, ZeroFirstPass{s_def}, local);
  atomKK->modified(execution_space, X_MASK | V_MASK);
}

template <class DeviceType>
void FixBagogabKokkos<DeviceType>::zero_second_pass(const double shift[3], double &de)
{
  sum_each<DeviceType>(atoms_kk(), atom->nlocal, ZeroSecondPass{{shift[0], shift[1], shift[2]}},
                          &de);
  atomKK->modified(execution_space, X_MASK | V_MASK);
}

template <class DeviceType>
void FixBagogabKokkos<DeviceType>::kick_pass(double scale, bool apply, double &dke)
{
  atomKK->sync(execution_space, V_MASK | F_MASK | MASK_MASK | RMASS_MASK | TYPE_MASK);
  sum_each<DeviceType>(atoms_kk(), atom->nlocal, KickPass{scale, apply}, &dke);
  if (apply) atomKK->modified(execution_space, V_MASK);
}

/* ----------------------------------------------------------------------
   the filaments' host work (their step, kick and local images read and
   write LAMMPS's host arrays): the atom data they read to the host before,
   x and v (owned beads, and the ghosts of their forward communication)
   marked modified there after and synced back to this fix's execution
   space (ModifyKokkos marks datamask_modify modified there after each hook)
------------------------------------------------------------------------- */

template <class DeviceType> void FixBagogabKokkos<DeviceType>::filaments_to_host()
{
  // (BOND_MASK: setup_local checks the links in the bond lists at each reneighboring;
  // a no-op unless a device exchange changed them)
  atomKK->sync(Host, X_MASK | V_MASK | F_MASK | MASK_MASK | RMASS_MASK | TYPE_MASK | TAG_MASK |
                         BOND_MASK);
}

template <class DeviceType> void FixBagogabKokkos<DeviceType>::filaments_done_on_host()
{
  atomKK->modified(Host, X_MASK | V_MASK);
  atomKK->sync(execution_space, X_MASK | V_MASK);
}

/* ======================================================================
   the filaments on Kokkos: BagogabFilaments with the per-filament solves
   as a parallel_for over the filaments on the host execution space.  The
   solves read and write LAMMPS's host arrays (FixBagogab::atoms_cpu), so
   on a GPU build they run on the host threads, with one host round trip
   of the atom data per step (filaments_to_host, filaments_done_on_host);
   solve_group touches only its filaments' work rows and their owned beads
   ====================================================================== */

namespace {

class BagogabFilamentsKokkos : public BagogabFilaments {
 public:
  using BagogabFilaments::BagogabFilaments;

 protected:
  void for_filaments(int kind, double tau) override
  {
    const Access a = access();
    const BagogabAtoms at = fix->atoms_cpu();
    BagogabFilamentsKokkos *self = this;    // (each group writes its own results)
    Kokkos::parallel_for("bagogab/kk:filaments",
                         Kokkos::RangePolicy<LMPHostType::execution_space>(0, ngroups()),
                         [=](const int q) { self->solve_group_of(a, at, q, kind, tau); });
  }
};

BagogabFilaments *make_kk_filaments(LAMMPS *lmp, FixBagogab *fix, const std::vector<int> &links,
                                    const std::vector<int> &twists, double ftol, int fmaxit)
{
  return new BagogabFilamentsKokkos(lmp, fix, links, twists, ftol, fmaxit);
}

}    // namespace

/* ======================================================================
   the in-triangle points on Kokkos: BagogabPoints with its state as a
   DualView (aliasing BagogabPoints::state), its work arrays as views, the
   passes as kernels
   ====================================================================== */

namespace {

template <class DeviceType> class BagogabPointsKokkos : public BagogabPoints {
 public:
  typedef geomint_kk::Views<DeviceType> V;
  typedef decltype(Kokkos::Experimental::create_scatter_view(typename V::t_double_2d())) t_scatter;

  // the accessor of atoms and points
  struct Access : FixBagogabKokkos<DeviceType>::Atoms {
    int intri_bit;
    typename V::t_double_2d state_, fc_, dp_;
    t_scatter s_fc, s_dp;
    Kokkos::View<int * [4], DeviceType> vtx_;
    Kokkos::View<double * [2], DeviceType> wat_;
    Kokkos::View<geomint::TriFrame *, DeviceType> frames_;
    Kokkos::View<int * [2], DeviceType> fail_;    // failure code, triangle (0-based)
    Kokkos::View<int, DeviceType> failflag;      // some point failed this step
    Kokkos::View<int *, DeviceType> triq, adj, apx, img_off_, img_list_;

    KOKKOS_INLINE_FUNCTION double &state(int i, int k) const { return state_(i, k); }
    KOKKOS_INLINE_FUNCTION int &vtx(int i, int k) const { return vtx_(i, k); }
    KOKKOS_INLINE_FUNCTION geomint::TriFrame &frame(int i) const { return frames_(i); }
    KOKKOS_INLINE_FUNCTION double &wat(int i, int k) const { return wat_(i, k); }
    KOKKOS_INLINE_FUNCTION double fc(int i, int k) const { return fc_(i, k); }
    KOKKOS_INLINE_FUNCTION double dp(int i, int k) const { return dp_(i, k); }
    KOKKOS_INLINE_FUNCTION auto fc_sink() const { return s_fc.access(); }
    KOKKOS_INLINE_FUNCTION auto dp_sink() const { return s_dp.access(); }
    KOKKOS_INLINE_FUNCTION const double *pos(int j) const { return &this->views.x(j, 0); }
    KOKKOS_INLINE_FUNCTION int corner(int t, int k) const { return triq(3 * t + k); }
    KOKKOS_INLINE_FUNCTION int neighbor(int t, int k) const { return adj(3 * t + k); }
    KOKKOS_INLINE_FUNCTION int apex(int t, int k) const { return apx(3 * t + k); }
    KOKKOS_INLINE_FUNCTION int img_off(int q) const { return img_off_(q); }
    KOKKOS_INLINE_FUNCTION int img_list(int o) const { return img_list_(o); }
    // the point's first failure is kept (collect_failures reports the lowest index)
    KOKKOS_INLINE_FUNCTION void fail(int i, int code, int tri) const
    {
      if (fail_(i, 0) == PF_NONE) {
        fail_(i, 0) = code;
        fail_(i, 1) = tri;
      }
      vtx_(i, 3) = -1;
      failflag() = 1;
    }
  };

  BagogabPointsKokkos(LAMMPS *lmp, FixBagogab *owner, const std::string &mesh_file, int intri_grp,
                      bool snap_flag) :
      BagogabPoints(lmp, owner, mesh_file, intri_grp, snap_flag), nmax_kk(0)
  {
    execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
    // the mesh as flat views (BagogabPoints's)
    const int n3 = static_cast<int>(tri_q.size());
    d_triq = Kokkos::View<int *, DeviceType>("bagogab/kk:triq", n3);
    d_adj = Kokkos::View<int *, DeviceType>("bagogab/kk:adj", n3);
    d_apex = Kokkos::View<int *, DeviceType>("bagogab/kk:apex", n3);
    to_device(d_triq, tri_q.data(), n3);
    to_device(d_adj, mesh->table.adj.data(), n3);
    to_device(d_apex, mesh->table.apex.data(), n3);
    d_img_off = Kokkos::View<int *, DeviceType>("bagogab/kk:img_off", img_off.size());
    d_failflag = Kokkos::View<int, DeviceType>("bagogab/kk:failflag");
  }

  ~BagogabPointsKokkos() override
  {
    // the DualViews own these host arrays
    memoryKK->destroy_kokkos(k_state, state);
    memoryKK->destroy_kokkos(k_fc, fc);
    memoryKK->destroy_kokkos(k_dp, dp);
  }

  void grow_arrays(int nmax) override
  {
    geomint_kk::grow_on_host(memoryKK, k_state, state, nmax, 4, "bagogab/kk:state");
  }

  // checks and assignment (snap moves points and projects their velocities) on the host
  void setup() override
  {
    atomKK->sync(Host, X_MASK | V_MASK | MASK_MASK | TAG_MASK | TYPE_MASK);
    k_state.template sync<LMPHostType>();
    BagogabPoints::setup();
    k_state.template modify<LMPHostType>();
    k_state.template sync<DeviceType>();
    atomKK->modified(Host, X_MASK | V_MASK);
    atomKK->sync(execution_space, X_MASK | V_MASK);
  }

 protected:
  ExecutionSpace execution_space;
  typename V::tdual_double_2d k_state, k_fc, k_dp;    // alias state, fc, dp (host sides)
  t_scatter s_fc, s_dp;
  Kokkos::View<int * [4], DeviceType> d_vtx;
  Kokkos::View<double * [2], DeviceType> d_wat;
  Kokkos::View<geomint::TriFrame *, DeviceType> d_frames;
  Kokkos::View<int * [2], DeviceType> d_fail;
  Kokkos::View<int, DeviceType> d_failflag;
  // the mesh: corners as vertex indices, adjacency, apex; the local images of
  // every vertex (CSR, in the order Domain::closest_image visits them),
  // rebuilt at each reneighboring
  Kokkos::View<int *, DeviceType> d_triq, d_adj, d_apex, d_img_off, d_img_list;
  // BagogabPoints's point_list and free_list (rebuilt at each reneighboring)
  Kokkos::View<int *, DeviceType> d_plist, d_flist;
  int nmax_kk;    // allocated rows of the work views

  // n values of a host array into a view (grown if needed)
  static void to_device(Kokkos::View<int *, DeviceType> &d, const int *h, int n)
  {
    if (static_cast<int>(d.extent(0)) < n)
      d = Kokkos::View<int *, DeviceType>(d.label(), n + n / 4 + 16);
    Kokkos::View<const int *, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> hv(h, n);
    Kokkos::deep_copy(Kokkos::subview(d, std::make_pair(0, n)), hv);
  }

  FixBagogabKokkos<DeviceType> *kkfix() const
  {
    return static_cast<FixBagogabKokkos<DeviceType> *>(fix);
  }

  Access access()
  {
    // the G kernel reads a position as three contiguous doubles (&x(j,0))
    static_assert(std::is_same<typename V::t_x::array_layout, Kokkos::LayoutRight>::value,
                  "fix bagogab/kk needs LayoutRight positions (LAMMPS without LMP_KOKKOS_NO_LEGACY)");
    Access p;
    static_cast<typename FixBagogabKokkos<DeviceType>::Atoms &>(p) = kkfix()->atoms_kk();
    k_state.template sync<DeviceType>();
    p.intri_bit = intri_bit;
    p.state_ = k_state.template view<DeviceType>();
    p.fc_ = k_fc.template view<DeviceType>();
    p.dp_ = k_dp.template view<DeviceType>();
    p.s_fc = s_fc;
    p.s_dp = s_dp;
    p.vtx_ = d_vtx;
    p.wat_ = d_wat;
    p.frames_ = d_frames;
    p.fail_ = d_fail;
    p.failflag = d_failflag;
    p.triq = d_triq;
    p.adj = d_adj;
    p.apx = d_apex;
    p.img_off_ = d_img_off;
    p.img_list_ = d_img_list;
    return p;
  }

  void sync_atoms()
  {
    atomKK->sync(execution_space,
                 X_MASK | V_MASK | F_MASK | MASK_MASK | RMASS_MASK | TYPE_MASK | TAG_MASK);
  }

  // work views for nmax atoms (owned and ghost)
  void grow_work() override
  {
    if (atom->nmax <= nmax_kk) return;
    nmax_kk = atom->nmax;
    memoryKK->destroy_kokkos(k_fc, fc);
    memoryKK->destroy_kokkos(k_dp, dp);
    memoryKK->create_kokkos(k_fc, fc, nmax_kk, 3, "bagogab/kk:fc");
    memoryKK->create_kokkos(k_dp, dp, nmax_kk, 3, "bagogab/kk:dp");
    s_fc = Kokkos::Experimental::create_scatter_view(k_fc.template view<DeviceType>());
    s_dp = Kokkos::Experimental::create_scatter_view(k_dp.template view<DeviceType>());
    d_vtx = Kokkos::View<int * [4], DeviceType>("bagogab/kk:vtx", nmax_kk);
    d_wat = Kokkos::View<double * [2], DeviceType>("bagogab/kk:wat", nmax_kk);
    d_frames = Kokkos::View<geomint::TriFrame *, DeviceType>("bagogab/kk:frames", nmax_kk);
    d_fail = Kokkos::View<int * [2], DeviceType>("bagogab/kk:fail", nmax_kk);
    corners_valid = false;
  }

  double work_bytes() override
  {
    // fc, dp, wat, vtx, fail, frames per atom; the mesh and the vertex images
    double bytes = nmax_kk * (8.0 * sizeof(double) + 6.0 * sizeof(int) + sizeof(geomint::TriFrame));
    bytes += d_img_list.extent(0) * sizeof(int) + 3.0 * d_triq.extent(0) * sizeof(int);
    // the per-thread copies of fc and dp on host backends
    if (std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>::value)
      bytes += 6.0 * sizeof(double) * nmax_kk * typename DeviceType::execution_space().concurrency();
    return bytes;
  }

  void state_to_host() override { k_state.template sync<LMPHostType>(); }
  void mask_to_host() override { atomKK->sync(Host, MASK_MASK); }
  int npoints() const { return static_cast<int>(point_list.size()); }
  int nfree() const { return static_cast<int>(free_list.size()); }
  void state_modified_on_host() override { k_state.template modify<LMPHostType>(); }
  void fence() override { Kokkos::fence(); }
  // dumps and computes read f_ID (the state) on the host
  void step_done() override { k_state.template sync<LMPHostType>(); }

  // sum the ghost rows of fc or dp onto their owners (host reverse communication)
  void reverse_sum(double **buf) override
  {
    typename V::tdual_double_2d &k = (buf == fc) ? k_fc : k_dp;
    k.template modify<DeviceType>();
    k.template sync<LMPHostType>();
    reverse_comm_host(buf);
    k.template modify<LMPHostType>();
    k.template sync<DeviceType>();
  }

  void forward_x() override
  {
    if (std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>::value) {
      // host memory: the fix's own communication of x (as the CPU fix)
      atomKK->sync(Host, X_MASK);
      forward_comm_host();
      atomKK->modified(Host, X_MASK);
    } else {
      comm->forward_comm();    // LAMMPS's atom communication, on the device where LAMMPS does it
    }
    atomKK->sync(execution_space, X_MASK);
  }

  void kept_corners(int i, int c[3]) const override
  {
    // (the whole view, on an error path: a row of a LayoutLeft view on a
    // device is strided, which deep_copy cannot move to the host)
    auto h_vtx = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d_vtx);
    for (int k = 0; k < 3; k++) c[k] = h_vtx(i, k);
  }

  // the first failure of this step on this rank (lowest local index)
  void collect_failures() override
  {
    auto h_flag = Kokkos::create_mirror_view(d_failflag);
    Kokkos::deep_copy(h_flag, d_failflag);
    if (!h_flag()) return;
    auto h_fail = Kokkos::create_mirror_view(d_fail);
    Kokkos::deep_copy(h_fail, d_fail);
    atomKK->sync(Host, X_MASK | V_MASK | TAG_MASK);
    for (int i = 0; i < atom->nlocal && failure.empty(); i++)
      if (h_fail(i, 0) != PF_NONE) failure = failure_message(i, h_fail(i, 0), h_fail(i, 1));
    Kokkos::deep_copy(d_fail, 0);
    Kokkos::deep_copy(d_failflag, 0);
  }

  /* the passes */

  void corners_pass() override
  {
    sync_atoms();
    to_device(d_img_off, img_off.data(), static_cast<int>(img_off.size()));
    to_device(d_img_list, img_list.data(), static_cast<int>(img_list.size()));
    to_device(d_plist, point_list.data(), npoints());
    to_device(d_flist, free_list.data(), nfree());
    geomint_kk::for_each<DeviceType>(access(), atom->nlocal, CornersPass());
  }

  void b_points(double s, double s2, bool apply, bool then_a, double &dke) override
  {
    sync_atoms();
    const Access p = access();
    const int nall = atom->nlocal + atom->nghost;
    Kokkos::deep_copy(Kokkos::subview(p.fc_, std::make_pair(0, nall), Kokkos::ALL()), 0.0);
    s_fc.reset_except(p.fc_);
    sum_each<DeviceType>(p, npoints(), on_list(BPointPass{s, s2, apply, then_a}, d_plist), &dke);
    auto fcv = p.fc_;
    Kokkos::Experimental::contribute(fcv, s_fc);
    if (apply) atomKK->modified(execution_space, V_MASK);
  }

  void b_free(double s, double s2, bool apply, bool then_a, double &dke) override
  {
    sum_each<DeviceType>(access(), nfree(), on_list(BFreePass{s, s2, apply, then_a}, d_flist),
                            &dke);
    if (apply) atomKK->modified(execution_space, then_a ? X_MASK | V_MASK : V_MASK);
  }

  void a_second() override
  {
    geomint_kk::for_each<DeviceType>(access(), npoints(), on_list(ASecondPass(), d_plist));
    atomKK->modified(execution_space, X_MASK | V_MASK);
  }

  // the G pass reduces (edge transfers, border reflections, max segments)
  struct GCounts : geomint_kk::ArrayReduction<int, 2, 1, 0> {
    typedef DeviceType device_type;
    Access p;
    OnList<AGPointPass, Kokkos::View<int *, DeviceType>> pass;
    GCounts(const Access &acc, double tau, const Kokkos::View<int *, DeviceType> &list) :
        p(acc), pass{AGPointPass{tau}, list}
    {
    }
    KOKKOS_INLINE_FUNCTION void operator()(const int i, int *c) const { pass(p, i, c); }
  };

  void ag_points(double tau, int counts[3]) override
  {
    const Access p = access();
    const int nall = atom->nlocal + atom->nghost;
    Kokkos::deep_copy(Kokkos::subview(p.dp_, std::make_pair(0, nall), Kokkos::ALL()), 0.0);
    s_dp.reset_except(p.dp_);
    int c[3];    // (an array: Kokkos 4 takes no pointer for an array reduction)
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, npoints()),
                            GCounts(p, tau, d_plist), c);
    for (int k = 0; k < 3; k++) counts[k] = c[k];
    auto dpv = p.dp_;
    Kokkos::Experimental::contribute(dpv, s_dp);
    k_state.template modify<DeviceType>();
    atomKK->modified(execution_space, X_MASK | V_MASK);
  }

  void g_recoil(bool then_a, bool from_fc) override
  {
    geomint_kk::for_each<DeviceType>(access(), nfree(),
                                     on_list(GRecoilPass{then_a, from_fc}, d_flist));
    atomKK->modified(execution_space, then_a ? X_MASK | V_MASK : V_MASK);
  }

  void og_points(bool zero, double tau, double sums[8]) override
  {
    const Access p = access();
    const int nall = atom->nlocal + atom->nghost;
    Kokkos::deep_copy(Kokkos::subview(p.fc_, std::make_pair(0, nall), Kokkos::ALL()), 0.0);
    s_fc.reset_except(p.fc_);
    noise_each<DeviceType, 8, 1>(p, atom->nlocal, OGPass{zero, tau}, sums);
    auto fcv = p.fc_;
    Kokkos::Experimental::contribute(fcv, s_fc);
    k_state.template modify<DeviceType>();
    atomKK->modified(execution_space, V_MASK);
  }

  void o_zero_free(const double shift[3], double &de) override
  {
    sum_each<DeviceType>(access(), nfree(),
                            on_list(OZeroFreePass{{shift[0], shift[1], shift[2]}}, d_flist), &de);
    atomKK->modified(execution_space, V_MASK);
  }
};

template <class DeviceType>
BagogabPoints *make_kk_points(LAMMPS *lmp, FixBagogab *fix, const std::string &mesh_file,
                              int intri_group, bool snap)
{
  return new BagogabPointsKokkos<DeviceType>(lmp, fix, mesh_file, intri_group, snap);
}

}    // namespace

namespace LAMMPS_NS {
template class FixBagogabKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixBagogabKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
