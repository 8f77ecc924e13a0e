/* ----------------------------------------------------------------------
   GEOMINT - fix bagogab/kk (see fix_bagogab_kokkos.h and doc/fix_bagogab.rst)

   The functors hold only views and scalars (not a copy of the fix), and call
   the kernels of lib/geomint (kick, drift, ou_kick, normal3) in the order of
   the CPU fix, with the noise of the CPU fix: Philox keyed by (seed, atom
   tag, step), so the trajectory does not depend on the backend or the thread
   count.  The heat tally is a parallel_reduce (its sum order differs from the
   CPU loop at round-off).
------------------------------------------------------------------------- */

#include "fix_bagogab_kokkos.h"

#include "atom_kokkos.h"
#include "bagogab_mesh.h"
#include "comm.h"
#include "error.h"
#include "memory_kokkos.h"
#include "atom_masks.h"
#include "force.h"
#include "update.h"

#include "geomint/baoab.h"
#include "geomint/random.h"
#include "geomint/triangle.h"

#include <algorithm>
#include <climits>
#include <string>

#include <cmath>
#include <type_traits>

using namespace LAMMPS_NS;

namespace {

// the atom data a BAOAB functor reads (device views) and the step's scalars
template <class DeviceType> struct BaoabData {
  typename geomint_kk::Views<DeviceType>::t_x x;
  typename geomint_kk::Views<DeviceType>::t_v v;
  typename geomint_kk::Views<DeviceType>::t_f_const f;
  typename geomint_kk::Views<DeviceType>::t_float_1d rmass;
  typename geomint_kk::Views<DeviceType>::t_int_1d type, mask;
  typename geomint_kk::Views<DeviceType>::t_tagint_1d tag;
  typename FixBagogabKokkos<DeviceType>::tdual_ptype::t_dev_const ptype;
  int groupbit, use_rmass;
  uint32_t seed;
  int64_t step;
  double dtf, half_h, s_def, kt;

  KOKKOS_INLINE_FUNCTION double m_of(int i) const
  {
    return use_rmass ? rmass[i] : ptype(type[i], FixBagogabKokkos<DeviceType>::PT_MASS);
  }
  // an atom's position and velocity to and from the registers of a functor
  KOKKOS_INLINE_FUNCTION void load(int i, double xr[3], double vr[3]) const
  {
    for (int k = 0; k < 3; k++) {
      xr[k] = x(i, k);
      vr[k] = v(i, k);
    }
  }
  KOKKOS_INLINE_FUNCTION void store(int i, const double xr[3], const double vr[3]) const
  {
    for (int k = 0; k < 3; k++) {
      x(i, k) = xr[k];
      v(i, k) = vr[k];
    }
  }
  // the CPU fix's noise_sigma()
  KOKKOS_INLINE_FUNCTION double sigma_of(int i) const
  {
    const int t = type[i];
    typedef FixBagogabKokkos<DeviceType> F;
    return use_rmass ? sqrt(kt * ptype(t, F::PT_S) / rmass[i]) : ptype(t, F::PT_SIGMA);
  }
  // the velocity change per unit force of B(s h/2): (s dtf)/m or s dtf/m per type
  KOKKOS_INLINE_FUNCTION double dtfm_of(int i, double s) const
  {
    return use_rmass ? (s * dtf) / rmass[i]
                     : s * ptype(type[i], FixBagogabKokkos<DeviceType>::PT_DTFM);
  }
  // the kinetic-energy change m (v.dv + |dv|^2/2) of the kick dv = c fi (vout half bookkeeping)
  KOKKOS_INLINE_FUNCTION double kick_energy(int i, double c, const double fi[3]) const
  {
    double vdv = 0.0, dv2 = 0.0;
    for (int k = 0; k < 3; k++) {
      const double dv = c * fi[k];
      vdv += v(i, k) * dv;
      dv2 += dv * dv;
    }
    return m_of(i) * (vdv + 0.5 * dv2);
  }

  // host backends: the group atoms among local atoms [b B, (b+1) B) and their
  // normals, drawn together by normal3_block (the CPU fix's vectorised
  // Box-Muller, bitwise equal to normal3); returns how many
  int block_normals(int b, int nlocal, int *idx, double (*xi)[3]) const
  {
    const int B = geomint::NORMAL_BLOCK;
    int64_t tags[B] = {};    // (zeroed: GCC 12 cannot see that only n are read)
    int n = 0;
    for (int i = b * B; i < nlocal && i < (b + 1) * B; i++)
      if (mask[i] & groupbit) {
        idx[n] = i;
        tags[n++] = tag[i];
      }
    geomint::normal3_block(seed, tags, n, step, geomint::STREAM_O, xi);
    return n;
  }
};

// [B(s_def h/2)] B(h/2) A(h/2) O(h) A(h/2); reduces sum m (|v|^2 before O - after)
template <class DeviceType> struct BaoaFunctor {
  typedef DeviceType device_type;
  typedef double value_type;
  BaoabData<DeviceType> d;
  explicit BaoaFunctor(const BaoabData<DeviceType> &data) : d(data) {}

  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &de) const
  {
    if (!(d.mask[i] & d.groupbit)) return;
    double xi[3];
    geomint::normal3(d.seed, d.tag[i], d.step, geomint::STREAM_O, xi);
    step_atom(d, i, xi, de);
  }

  // one atom with its normals xi
  KOKKOS_INLINE_FUNCTION static void step_atom(const BaoabData<DeviceType> &d, int i,
                                               const double xi[3], double &de)
  {
    typedef FixBagogabKokkos<DeviceType> F;
    const int t = d.type[i];
    double xi_[3], vi[3];
    d.load(i, xi_, vi);
    const double fi[3] = {d.f(i, 0), d.f(i, 1), d.f(i, 2)};
    const double c1 = d.ptype(t, F::PT_C1);
    if (d.s_def != 0.0) geomint::kick(vi, fi, d.dtfm_of(i, d.s_def));
    geomint::kick(vi, fi, d.dtfm_of(i, 1.0));
    geomint::drift(xi_, vi, d.half_h);
    if (d.use_rmass)
      de += d.rmass[i] * geomint::ou_kick(vi, c1, d.sigma_of(i), xi);
    else
      de += d.ptype(t, F::PT_MASS) * geomint::ou_kick(vi, c1, d.ptype(t, F::PT_SIGMA), xi);
    geomint::drift(xi_, vi, d.half_h);
    d.store(i, xi_, vi);
  }
};

// host execution spaces: blocks of atoms whose normals are drawn together by
// normal3_block (the CPU fix's vectorised Box-Muller, bitwise equal to normal3)
template <class DeviceType> struct BaoaBlockFunctor {
  typedef DeviceType device_type;
  typedef double value_type;
  BaoabData<DeviceType> d;
  int nlocal;
  BaoaBlockFunctor(const BaoabData<DeviceType> &data, int n) : d(data), nlocal(n) {}

  void operator()(const int b, double &de) const
  {
    int idx[geomint::NORMAL_BLOCK];
    double xi[geomint::NORMAL_BLOCK][3];
    const int n = d.block_normals(b, nlocal, idx, xi);
    for (int j = 0; j < n; j++) BaoaFunctor<DeviceType>::step_atom(d, idx[j], xi[j], de);
  }
};

// the BAOA pass: blocks on host spaces, one atom per work item on devices
template <class DeviceType>
void baoa_pass(const BaoabData<DeviceType> &d, int nlocal, double &de, std::true_type /*host*/)
{
  const int nblock = (nlocal + geomint::NORMAL_BLOCK - 1) / geomint::NORMAL_BLOCK;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nblock),
                          BaoaBlockFunctor<DeviceType>(d, nlocal), de);
}
template <class DeviceType>
void baoa_pass(const BaoabData<DeviceType> &d, int nlocal, double &de, std::false_type /*device*/)
{
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), BaoaFunctor<DeviceType>(d),
                          de);
}

// the reduction of N sums (value_type double[N]): what several functors share
template <int N> struct SumReduction {
  typedef double value_type[];
  const unsigned value_count = N;
  KOKKOS_INLINE_FUNCTION void init(double *sum) const
  {
    for (int k = 0; k < N; k++) sum[k] = 0.0;
  }
  // (Kokkos 3 joins volatile values, Kokkos 4 plain ones)
#if KOKKOS_VERSION < 40000
  KOKKOS_INLINE_FUNCTION void join(volatile double *dst, const volatile double *src) const
  {
    for (int k = 0; k < N; k++) dst[k] += src[k];
  }
#endif
  KOKKOS_INLINE_FUNCTION void join(double *dst, const double *src) const
  {
    for (int k = 0; k < N; k++) dst[k] += src[k];
  }
};

// zero yes, first pass: [B] B A and the random changes delta; reduces
// (sum m delta, sum m)
template <class DeviceType> struct ZeroFirstFunctor : SumReduction<4> {
  typedef DeviceType device_type;
  BaoabData<DeviceType> d;
  Kokkos::View<double * [3], DeviceType> delta;
  ZeroFirstFunctor(const BaoabData<DeviceType> &data, const Kokkos::View<double * [3], DeviceType> &dl) :
      d(data), delta(dl)
  {
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double *sum) const
  {
    if (!(d.mask[i] & d.groupbit)) return;
    double xi_[3], vi[3];
    d.load(i, xi_, vi);
    const double fi[3] = {d.f(i, 0), d.f(i, 1), d.f(i, 2)};
    const double m = d.m_of(i);
    if (d.s_def != 0.0) geomint::kick(vi, fi, d.s_def * d.dtf / m);
    geomint::kick(vi, fi, d.dtf / m);
    geomint::drift(xi_, vi, d.half_h);
    d.store(i, xi_, vi);
    if (!geomint::ou_has_noise(d.ptype(d.type[i], FixBagogabKokkos<DeviceType>::PT_S))) return;
    double xi[3];
    geomint::normal3(d.seed, d.tag[i], d.step, geomint::STREAM_O, xi);
    const double sigma = d.sigma_of(i);
    for (int k = 0; k < 3; k++) {
      delta(i, k) = sigma * xi[k];
      sum[k] += m * delta(i, k);
    }
    sum[3] += m;
  }
};

// zero yes, second pass: O with the shifted changes, then A; reduces the tally
template <class DeviceType> struct ZeroSecondFunctor {
  typedef DeviceType device_type;
  typedef double value_type;
  BaoabData<DeviceType> d;
  Kokkos::View<double * [3], DeviceType> delta;
  double shift[3];
  ZeroSecondFunctor(const BaoabData<DeviceType> &data, const Kokkos::View<double * [3], DeviceType> &dl,
                    const double *sh) :
      d(data), delta(dl), shift{sh[0], sh[1], sh[2]}
  {
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &de) const
  {
    if (!(d.mask[i] & d.groupbit)) return;
    typedef FixBagogabKokkos<DeviceType> F;
    const int t = d.type[i];
    double xi_[3], vi[3];
    d.load(i, xi_, vi);
    if (geomint::ou_has_noise(d.ptype(t, F::PT_S))) {
      const double dl[3] = {delta(i, 0) - shift[0], delta(i, 1) - shift[1], delta(i, 2) - shift[2]};
      de += d.m_of(i) * geomint::ou_kick(vi, d.ptype(t, F::PT_C1), 1.0, dl);
    }
    geomint::drift(xi_, vi, d.half_h);
    d.store(i, xi_, vi);
  }
};

// B(scale h/2) (apply) or the kinetic-energy change it would make (dry)
template <class DeviceType> struct KickFunctor {
  typedef DeviceType device_type;
  typedef double value_type;
  BaoabData<DeviceType> d;
  double scale;
  int apply;
  KickFunctor(const BaoabData<DeviceType> &data, double s, int a) : d(data), scale(s), apply(a) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &dke) const
  {
    if (!(d.mask[i] & d.groupbit)) return;
    const double c = d.dtfm_of(i, scale);
    if (apply) {
      for (int k = 0; k < 3; k++) d.v(i, k) += c * d.f(i, k);
    } else {
      const double fi[3] = {d.f(i, 0), d.f(i, 1), d.f(i, 2)};
      dke += d.kick_energy(i, c, fi);
    }
  }
};

}    // namespace

/* ---------------------------------------------------------------------- */

template <class DeviceType>
FixBagogabKokkos<DeviceType>::FixBagogabKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixBagogab(lmp, narg, arg), nmax_kk(0)
{
  if (!lmp->kokkos)
    error->all(FLERR, "Fix bagogab/kk needs the KOKKOS package enabled: run LAMMPS with "
               "'-k on t N -sf kk' (or use fix bagogab)");
  geomint_kk::check_build(lmp, "bagogab/kk");
  atomKK = (AtomKokkos *) atom;
  kokkosable = 1;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  datamask_read = X_MASK | V_MASK | F_MASK | MASK_MASK | RMASS_MASK | TYPE_MASK | TAG_MASK;
  datamask_modify = X_MASK | V_MASK;
  k_ptype = tdual_ptype("bagogab/kk:ptype", atom->ntypes + 1);

  if (mesh_active) {
    // the per-atom state becomes a DualView (FixBagogab's constructor grew it
    // with Memory, before this class existed); every row is zero here
    memory->destroy(state);
    state = nullptr;
    grow_arrays(atom->nmax);
    for (int i = 0; i < atom->nmax; i++) FixBagogabKokkos::set_arrays(i);

    // the mesh as flat views: corners as indices q into the sorted vertex IDs
    // (an order-preserving relabelling: the G kernel compares corner IDs only
    // for order and equality), adjacency and apex as in the table
    const geomint::MeshTable &tab = mesh->table;
    vertex_tags = tab.vertices();
    const int n3 = 3 * tab.ntri;
    d_triq = Kokkos::View<int *, DeviceType>("bagogab/kk:triq", n3);
    d_adj = Kokkos::View<int *, DeviceType>("bagogab/kk:adj", n3);
    d_apex = Kokkos::View<int *, DeviceType>("bagogab/kk:apex", n3);
    auto h_triq = Kokkos::create_mirror_view(d_triq);
    auto h_adj = Kokkos::create_mirror_view(d_adj);
    auto h_apex = Kokkos::create_mirror_view(d_apex);
    for (int c = 0; c < n3; c++) {
      h_triq(c) = static_cast<int>(
          std::lower_bound(vertex_tags.begin(), vertex_tags.end(), tab.tri[c]) - vertex_tags.begin());
      h_adj(c) = tab.adj[c];
      h_apex(c) = tab.apex[c];
    }
    Kokkos::deep_copy(d_triq, h_triq);
    Kokkos::deep_copy(d_adj, h_adj);
    Kokkos::deep_copy(d_apex, h_apex);
    k_img_off = Kokkos::DualView<int *, DeviceType>("bagogab/kk:img_off", vertex_tags.size() + 1);
    d_failflag = Kokkos::View<int, DeviceType>("bagogab/kk:failflag");
  }
}

template <class DeviceType> FixBagogabKokkos<DeviceType>::~FixBagogabKokkos()
{
  if (copymode) return;
  // the DualViews own these host arrays (FixBagogab's destructor must not free them)
  memoryKK->destroy_kokkos(k_state, state);
  memoryKK->destroy_kokkos(k_fc, fc);
  memoryKK->destroy_kokkos(k_dp, dp);
  state = nullptr;
  fc = dp = nullptr;
}

// the per-type table of this step, host -> device
template <class DeviceType> void FixBagogabKokkos<DeviceType>::update_ptype()
{
  auto h = k_ptype.view_host();
  for (int t = 1; t <= atom->ntypes; t++) {
    h(t, PT_C1) = c1_type[t];
    h(t, PT_S) = s_type[t];
    h(t, PT_SIGMA) = sigma_type[t];
    h(t, PT_DTFM) = dtfm_type[t];
    h(t, PT_MASS) = atom->mass ? atom->mass[t] : 0.0;
    h(t, PT_INVM) = invm_type[t];
  }
  k_ptype.template modify<LMPHostType>();
  k_ptype.template sync<DeviceType>();
}

namespace {
template <class DeviceType>
BaoabData<DeviceType> baoab_data(AtomKokkos *atomKK, int groupbit, int seed, int64_t step,
                                 double dt, double dtf, double s_def, double kt,
                                 const typename FixBagogabKokkos<DeviceType>::tdual_ptype &k_ptype)
{
  BaoabData<DeviceType> d;
  d.x = atomKK->k_x.view<DeviceType>();
  d.v = atomKK->k_v.view<DeviceType>();
  d.f = atomKK->k_f.view<DeviceType>();
  d.rmass = atomKK->k_rmass.view<DeviceType>();
  d.type = atomKK->k_type.view<DeviceType>();
  d.mask = atomKK->k_mask.view<DeviceType>();
  d.tag = atomKK->k_tag.view<DeviceType>();
  d.ptype = k_ptype.template view<DeviceType>();
  d.groupbit = groupbit;
  d.use_rmass = atomKK->rmass ? 1 : 0;
  d.seed = static_cast<uint32_t>(seed);
  d.step = step;
  d.dtf = dtf;
  d.half_h = 0.5 * dt;
  d.s_def = s_def;
  d.kt = kt;
  return d;
}
}    // namespace

template <class DeviceType> void FixBagogabKokkos<DeviceType>::baoa_step(double s_def)
{
  update_ptype();
  atomKK->sync(execution_space, datamask_read);
  const BaoabData<DeviceType> d =
      baoab_data<DeviceType>(atomKK, groupbit, seed, update->ntimestep, update->dt, dtf, s_def, kt_mvv2e, k_ptype);
  double de = 0.0;
  baoa_pass<DeviceType>(d, atom->nlocal, de,
                        std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>());
  atomKK->modified(execution_space, datamask_modify);
  if (tally_flag) e_bath_local += 0.5 * force->mvv2e * de;
}

template <class DeviceType> void FixBagogabKokkos<DeviceType>::baoa_step_zero(double s_def)
{
  update_ptype();
  atomKK->sync(execution_space, datamask_read);
  if (static_cast<int>(d_delta.extent(0)) < atom->nmax)
    d_delta = Kokkos::View<double * [3], DeviceType>("bagogab/kk:delta", atom->nmax);
  const BaoabData<DeviceType> d =
      baoab_data<DeviceType>(atomKK, groupbit, seed, update->ntimestep, update->dt, dtf, s_def, kt_mvv2e, k_ptype);
  double local[4] = {0.0, 0.0, 0.0, 0.0};
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal),
                          ZeroFirstFunctor<DeviceType>(d, d_delta), local);
  double shift[3];
  random_momentum_shift(local, shift);
  double de = 0.0;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal),
                          ZeroSecondFunctor<DeviceType>(d, d_delta, shift), de);
  atomKK->modified(execution_space, datamask_modify);
  if (tally_flag) e_bath_local += 0.5 * force->mvv2e * de;
}

template <class DeviceType> double FixBagogabKokkos<DeviceType>::kick_all(double scale, bool apply)
{
  if (mesh_active) {
    update_ptype();
    const double dke = mesh_b(scale, 0.0, apply);
    collect_failures();
    agree_on_failures();
    return dke;
  }
  update_ptype();
  atomKK->sync(execution_space, V_MASK | F_MASK | MASK_MASK | RMASS_MASK | TYPE_MASK);
  const BaoabData<DeviceType> d =
      baoab_data<DeviceType>(atomKK, groupbit, seed, update->ntimestep, update->dt, dtf, 0.0, kt_mvv2e, k_ptype);
  double dke = 0.0;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, atom->nlocal),
                          KickFunctor<DeviceType>(d, scale, apply ? 1 : 0), dke);
  if (apply) atomKK->modified(execution_space, V_MASK);
  return force->mvv2e * dke;
}

/* ======================================================================
   in-triangle points (mesh keyword): the sub-steps of FixBagogab's
   bagogab_step as Kokkos kernels over the same lib/geomint kernels.

   Scatter onto shared vertices (the chain-rule forces of B and the recoil
   of G): Kokkos ScatterView with the backend's default, i.e. per-thread
   copies summed in copy order on host backends (OpenMP) and atomics on
   GPUs.  With one thread the sums are the CPU fix's, bitwise; with more
   threads a vertex's contributions are added in another association
   (round-off), and on a GPU in an order that varies from run to run.

   Communication: the positions inside the step go through the fix's own
   forward communication on host memory (as in the CPU fix: with 2 threads
   CommKokkos's took twice as long there) and through LAMMPS's atom
   communication on GPUs (comm->forward_comm(), on the device); the sums of fc and dp onto the owners of ghost vertices go
   through the fix's reverse communication on the host (on a GPU two copies
   of the work array per sum, three sums per step, four with vout full).
   ====================================================================== */

namespace {

enum MeshFailure { MF_NONE = 0, MF_NO_TRIANGLE, MF_MISSING_VERTEX, MF_DEGENERATE, MF_TOO_MANY };

template <class DeviceType> struct MeshData {
  BaoabData<DeviceType> d;
  typename geomint_kk::Views<DeviceType>::t_double_2d state, fc, dp;
  typename FixBagogabKokkos<DeviceType>::t_scatter s_fc, s_dp;
  Kokkos::View<int * [4], DeviceType> vtx;
  Kokkos::View<double * [2], DeviceType> wat;
  Kokkos::View<geomint::TriFrame *, DeviceType> frames;
  Kokkos::View<int * [2], DeviceType> fail;
  Kokkos::View<int, DeviceType> failflag;
  Kokkos::View<double * [3], DeviceType> delta;
  Kokkos::View<int *, DeviceType> triq, adj, apex;
  Kokkos::View<int *, DeviceType> img_off, img_list;
  int intri_bit, zero_flag;
  double s, s2, tau;    // B: kick scales; G: drift time
  int apply;

  KOKKOS_INLINE_FUNCTION bool is_point(int i) const { return d.mask[i] & intri_bit; }
  KOKKOS_INLINE_FUNCTION bool is_free(int i) const
  {
    return (d.mask[i] & d.groupbit) && !(d.mask[i] & intri_bit);
  }
  KOKKOS_INLINE_FUNCTION const double *pos(int j) const { return &d.x(j, 0); }

  // Domain::closest_image(i, map(ID)) for the vertex with index q: the images
  // in the order closest_image walks them, the first of the nearest wins
  KOKKOS_INLINE_FUNCTION int image(int i, int q) const
  {
    int best = -1;
    double rmin = 0.0;
    for (int o = img_off(q); o < img_off(q + 1); o++) {
      const int j = img_list(o);
      const double dx = d.x(i, 0) - d.x(j, 0);
      const double dy = d.x(i, 1) - d.x(j, 1);
      const double dz = d.x(i, 2) - d.x(j, 2);
      const double r = dx * dx + dy * dy + dz * dz;
      if (best < 0 || r < rmin) {
        best = j;
        rmin = r;
      }
    }
    return best;
  }

  // FixBagogab::fail(): the point's first failure is kept, the point is left
  // alone for the rest of the step
  KOKKOS_INLINE_FUNCTION void set_fail(int i, int code, int tri) const
  {
    if (fail(i, 0) == MF_NONE) {
      fail(i, 0) = code;
      fail(i, 1) = tri;
    }
    vtx(i, 3) = -1;
    failflag() = 1;
  }

  KOKKOS_INLINE_FUNCTION void frame_of(int i, geomint::TriFrame &F) const
  {
    geomint::tri_frame(pos(vtx(i, 0)), pos(vtx(i, 1)), pos(vtx(i, 2)), F);
  }

  // FixBagogab::corners_of()
  KOKKOS_INLINE_FUNCTION void corners_of(int i) const
  {
    const int t = static_cast<int>(state(i, 0)) - 1;
    if (t < 0) return set_fail(i, MF_NO_TRIANGLE, -1);
    for (int k = 0; k < 3; k++) {
      vtx(i, k) = image(i, triq(3 * t + k));
      if (vtx(i, k) < 0) return set_fail(i, MF_MISSING_VERTEX, t);
    }
    vtx(i, 3) = 1;
    geomint::TriFrame F;
    frame_of(i, F);
    frames(i) = F;
    if (geomint::tri_degenerate(F)) set_fail(i, MF_DEGENERATE, t);
  }

  // the kick of B on atom i with force fi (FixBagogab::b_step's kick)
  KOKKOS_INLINE_FUNCTION void kick(int i, const double fi[3], double &dke) const
  {
    if (!apply) {
      dke += d.kick_energy(i, d.dtfm_of(i, s), fi);
      return;
    }
    double vi[3] = {d.v(i, 0), d.v(i, 1), d.v(i, 2)};
    if (s != 0.0) geomint::kick(vi, fi, d.dtfm_of(i, s));
    if (s2 != 0.0) geomint::kick(vi, fi, d.dtfm_of(i, s2));
    for (int k = 0; k < 3; k++) d.v(i, k) = vi[k];
  }
};

// what g_drift_frame sees of the mesh for point i (FixBagogab's MeshAccess);
// "tags" are the vertex indices q, ordered as the IDs; recoil into the
// scatter access a
template <class DeviceType, class Access> struct DeviceMeshAccess {
  const MeshData<DeviceType> &m;
  const Access &a;
  int i;
  KOKKOS_INLINE_FUNCTION const double *pos(int j) const { return m.pos(j); }
  KOKKOS_INLINE_FUNCTION int64_t tag(int t, int k) const { return m.triq(3 * t + k); }
  KOKKOS_INLINE_FUNCTION int neighbor(int t, int k) const { return m.adj(3 * t + k); }
  KOKKOS_INLINE_FUNCTION int apex(int t, int k) const { return m.apex(3 * t + k); }
  KOKKOS_INLINE_FUNCTION int image(int64_t q) const { return m.image(i, static_cast<int>(q)); }
  KOKKOS_INLINE_FUNCTION void recoil(int j, double c, const double v[3]) const
  {
    if (!(m.d.mask[j] & m.d.groupbit)) return;    // frozen geometry: recoil dropped
    for (int k = 0; k < 3; k++) a(j, k) += c * v[k];
  }
};

// zero rows [0, n) of a work array (owned and ghost atoms)
template <class DeviceType> struct ZeroRowsFunctor {
  typedef DeviceType device_type;
  typename geomint_kk::Views<DeviceType>::t_double_2d a;
  explicit ZeroRowsFunctor(const typename geomint_kk::Views<DeviceType>::t_double_2d &arr) : a(arr) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int j) const { a(j, 0) = a(j, 1) = a(j, 2) = 0.0; }
};

// corners and frames of every owned point (after a reneighboring)
template <class DeviceType> struct CornersFunctor {
  typedef DeviceType device_type;
  MeshData<DeviceType> m;
  explicit CornersFunctor(const MeshData<DeviceType> &data) : m(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    m.vtx(i, 3) = 0;
    if (m.is_point(i)) m.corners_of(i);
  }
};

// B, points: chain-rule forces onto the corners (scatter), projected kicks
template <class DeviceType> struct BPointFunctor {
  typedef DeviceType device_type;
  typedef double value_type;
  MeshData<DeviceType> m;
  explicit BPointFunctor(const MeshData<DeviceType> &data) : m(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &dke) const
  {
    if (!m.is_point(i)) return;
    if (!m.vtx(i, 3)) m.corners_of(i);    // joined the points since the last setup
    if (m.vtx(i, 3) < 0) return;
    const double fi[3] = {m.d.f(i, 0), m.d.f(i, 1), m.d.f(i, 2)};
    auto a = m.s_fc.access();
    for (int k = 0; k < 3; k++) {
      const int j = m.vtx(i, k);
      if (!(m.d.mask[j] & m.d.groupbit)) continue;
      const double lam = m.state(i, k + 1);
      for (int c = 0; c < 3; c++) a(j, c) += lam * fi[c];
    }
    double ldot[3], pf[3];
    const geomint::TriFrame F = m.frames(i);
    geomint::tri_project(F, fi, ldot, pf);
    m.kick(i, pf, dke);
  }
};

// B, the other atoms of the group: their force plus the chain-rule forces
template <class DeviceType> struct BFreeFunctor {
  typedef DeviceType device_type;
  typedef double value_type;
  MeshData<DeviceType> m;
  explicit BFreeFunctor(const MeshData<DeviceType> &data) : m(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &dke) const
  {
    if (!m.is_free(i)) return;
    const double ft[3] = {m.d.f(i, 0) + m.fc(i, 0), m.d.f(i, 1) + m.fc(i, 1),
                          m.d.f(i, 2) + m.fc(i, 2)};
    m.kick(i, ft, dke);
  }
};

// A, first half: points keep A^T v, the other atoms drift
template <class DeviceType> struct AFirstFunctor {
  typedef DeviceType device_type;
  MeshData<DeviceType> m;
  explicit AFirstFunctor(const MeshData<DeviceType> &data) : m(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (m.is_point(i)) {
      if (m.vtx(i, 3) <= 0) return;
      const geomint::TriFrame F = m.frames(i);
      const double vi[3] = {m.d.v(i, 0), m.d.v(i, 1), m.d.v(i, 2)};
      double w[2];
      geomint::tri_at(F, vi, w);
      m.wat(i, 0) = w[0];
      m.wat(i, 1) = w[1];
    } else if (m.d.mask[i] & m.d.groupbit) {
      double xi[3], vi[3];
      m.d.load(i, xi, vi);
      geomint::drift(xi, vi, m.d.half_h);
      for (int k = 0; k < 3; k++) m.d.x(i, k) = xi[k];
    }
  }
};

// A, second half: the points' new frames, velocities and positions
template <class DeviceType> struct ASecondFunctor {
  typedef DeviceType device_type;
  MeshData<DeviceType> m;
  explicit ASecondFunctor(const MeshData<DeviceType> &data) : m(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (!m.is_point(i) || m.vtx(i, 3) < 0) return;
    geomint::TriFrame F;
    m.frame_of(i, F);
    m.frames(i) = F;
    if (geomint::tri_degenerate(F)) return m.set_fail(i, MF_DEGENERATE, static_cast<int>(m.state(i, 0)) - 1);
    const double w[2] = {m.wat(i, 0), m.wat(i, 1)};
    double ldot[3], vi[3], xi[3];
    geomint::tri_from_at(F, w, ldot, vi);
    const double lam[3] = {m.state(i, 1), m.state(i, 2), m.state(i, 3)};
    geomint::tri_point(F, lam, xi);
    for (int k = 0; k < 3; k++) {
      m.d.v(i, k) = vi[k];
      m.d.x(i, k) = xi[k];
    }
  }
};

// G: the exact drift of every point over the frozen mesh, recoil by scatter;
// reduces (edge transfers, border reflections, max segments)
template <class DeviceType> struct GFunctor {
  typedef DeviceType device_type;
  typedef int value_type[];
  const unsigned value_count = 3;
  MeshData<DeviceType> m;
  explicit GFunctor(const MeshData<DeviceType> &data) : m(data) {}
  KOKKOS_INLINE_FUNCTION void init(int *c) const { c[0] = c[1] = c[2] = 0; }
#if KOKKOS_VERSION < 40000
  KOKKOS_INLINE_FUNCTION void join(volatile int *dst, const volatile int *src) const
  {
    dst[0] += src[0];
    dst[1] += src[1];
    if (src[2] > dst[2]) dst[2] = src[2];
  }
#endif
  KOKKOS_INLINE_FUNCTION void join(int *dst, const int *src) const
  {
    dst[0] += src[0];
    dst[1] += src[1];
    if (src[2] > dst[2]) dst[2] = src[2];
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, int *c) const
  {
    if (!m.is_point(i) || m.vtx(i, 3) < 0) return;
    int t = static_cast<int>(m.state(i, 0)) - 1;
    double lam[3] = {m.state(i, 1), m.state(i, 2), m.state(i, 3)};
    double vi[3] = {m.d.v(i, 0), m.d.v(i, 1), m.d.v(i, 2)};
    int vtx[3] = {m.vtx(i, 0), m.vtx(i, 1), m.vtx(i, 2)};
    geomint::TriFrame F = m.frames(i);
    const auto a = m.s_dp.access();
    const DeviceMeshAccess<DeviceType, decltype(a)> acc = {m, a, i};
    const geomint::GDriftResult r = geomint::g_drift_frame(acc, t, vtx, F, lam, vi, m.d.m_of(i), m.tau);
    if (r.status == geomint::G_MISSING_VERTEX) return m.set_fail(i, MF_MISSING_VERTEX, t);
    if (r.status == geomint::G_DEGENERATE) return m.set_fail(i, MF_DEGENERATE, t);
    if (r.status == geomint::G_TOO_MANY_SEGMENTS) return m.set_fail(i, MF_TOO_MANY, t);
    m.state(i, 0) = t + 1;
    for (int k = 0; k < 3; k++) {
      m.state(i, k + 1) = lam[k];
      m.d.v(i, k) = vi[k];
      m.vtx(i, k) = vtx[k];
    }
    m.frames(i) = F;
    c[0] += r.transfers;
    c[1] += r.reflections;
    if (r.segments > c[2]) c[2] = r.segments;
  }
};

// G: the recoil momenta onto the other atoms of the group
template <class DeviceType> struct GRecoilFunctor {
  typedef DeviceType device_type;
  MeshData<DeviceType> m;
  explicit GRecoilFunctor(const MeshData<DeviceType> &data) : m(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const
  {
    if (!m.is_free(i)) return;
    typedef FixBagogabKokkos<DeviceType> F;
    const double im = m.d.use_rmass ? 1.0 / m.d.rmass[i] : m.d.ptype(m.d.type[i], F::PT_INVM);
    for (int k = 0; k < 3; k++) m.d.v(i, k) += m.dp(i, k) * im;
  }
};

// O on every group atom (points: the tally of the projected change); with
// zero yes the random changes of the other atoms and their momentum sums.
// Reduces (sum m delta (3), sum m, tally)
template <class DeviceType> struct OFunctor : SumReduction<5> {
  typedef DeviceType device_type;
  MeshData<DeviceType> m;
  explicit OFunctor(const MeshData<DeviceType> &data) : m(data) {}
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double *sum) const
  {
    if (!(m.d.mask[i] & m.d.groupbit)) return;
    double xi[3];
    geomint::normal3(m.d.seed, m.d.tag[i], m.d.step, geomint::STREAM_O, xi);
    step_atom(i, xi, sum);
  }

  // one group atom with its normals xi
  KOKKOS_INLINE_FUNCTION void step_atom(const int i, const double xi[3], double *sum) const
  {
    typedef FixBagogabKokkos<DeviceType> F;
    const int t = m.d.type[i];
    const double mi = m.d.m_of(i);
    const double sigma = m.d.sigma_of(i);
    const double c1 = m.d.ptype(t, F::PT_C1);
    if (m.is_point(i)) {
      if (m.vtx(i, 3) < 0) return;
      if (c1 == 1.0 && sigma == 0.0) return;    // no friction: v unchanged exactly
      double vi[3] = {m.d.v(i, 0), m.d.v(i, 1), m.d.v(i, 2)};
      // the out-of-plane part of the noise is dropped by the next projection
      const double v2 = geomint::dot3(vi, vi);
      for (int k = 0; k < 3; k++) vi[k] = c1 * vi[k] + sigma * xi[k];
      double ldot[3], pv[3];
      const geomint::TriFrame Fr = m.frames(i);
      geomint::tri_project(Fr, vi, ldot, pv);
      sum[4] += mi * (v2 - geomint::dot3(pv, pv));
      for (int k = 0; k < 3; k++) m.d.v(i, k) = vi[k];
    } else if (m.zero_flag) {
      if (!geomint::ou_has_noise(m.d.ptype(t, F::PT_S))) return;    // nofriction: v unchanged
      for (int k = 0; k < 3; k++) {
        m.delta(i, k) = sigma * xi[k];
        sum[k] += mi * m.delta(i, k);
      }
      sum[3] += mi;
    } else {
      double vi[3] = {m.d.v(i, 0), m.d.v(i, 1), m.d.v(i, 2)};
      sum[4] += mi * geomint::ou_kick(vi, c1, sigma, xi);
      for (int k = 0; k < 3; k++) m.d.v(i, k) = vi[k];
    }
  }
};

// O on host backends: blocks of atoms whose normals come from normal3_block
// (the CPU fix's vectorised draw, bitwise equal to normal3)
template <class DeviceType> struct OBlockFunctor : SumReduction<5> {
  typedef DeviceType device_type;
  OFunctor<DeviceType> o;
  int nlocal;
  OBlockFunctor(const MeshData<DeviceType> &data, int n) : o(data), nlocal(n) {}
  void operator()(const int b, double *sum) const
  {
    int idx[geomint::NORMAL_BLOCK];
    double xi[geomint::NORMAL_BLOCK][3];
    const int n = o.m.d.block_normals(b, nlocal, idx, xi);
    for (int j = 0; j < n; j++) o.step_atom(idx[j], xi[j], sum);
  }
};

template <class DeviceType>
void o_pass(const MeshData<DeviceType> &m, int nlocal, double (&sums)[5], std::true_type /*host*/)
{
  const int nblock = (nlocal + geomint::NORMAL_BLOCK - 1) / geomint::NORMAL_BLOCK;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nblock),
                          OBlockFunctor<DeviceType>(m, nlocal), sums);
}
template <class DeviceType>
void o_pass(const MeshData<DeviceType> &m, int nlocal, double (&sums)[5], std::false_type /*device*/)
{
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), OFunctor<DeviceType>(m), sums);
}

// O with zero yes, the other atoms: the shifted random changes
template <class DeviceType> struct OZeroFunctor {
  typedef DeviceType device_type;
  typedef double value_type;
  MeshData<DeviceType> m;
  double shift[3];
  OZeroFunctor(const MeshData<DeviceType> &data, const double *sh) :
      m(data), shift{sh[0], sh[1], sh[2]}
  {
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double &de) const
  {
    if (!m.is_free(i)) return;
    typedef FixBagogabKokkos<DeviceType> F;
    if (!geomint::ou_has_noise(m.d.ptype(m.d.type[i], F::PT_S))) return;    // nofriction: untouched
    double vi[3] = {m.d.v(i, 0), m.d.v(i, 1), m.d.v(i, 2)};
    const double dl[3] = {m.delta(i, 0) - shift[0], m.delta(i, 1) - shift[1],
                          m.delta(i, 2) - shift[2]};
    de += m.d.m_of(i) * geomint::ou_kick(vi, m.d.ptype(m.d.type[i], F::PT_C1), 1.0, dl);
    for (int k = 0; k < 3; k++) m.d.v(i, k) = vi[k];
  }
};

}    // namespace

/* ---------------------------------------------------------------------- */

template <class DeviceType>
template <class Data>
Data FixBagogabKokkos<DeviceType>::mesh_data()
{
  Data m;
  // the G kernel reads a position as three contiguous doubles (&x(j,0))
  static_assert(std::is_same<typename geomint_kk::Views<DeviceType>::t_x::array_layout,
                             Kokkos::LayoutRight>::value,
                "fix bagogab/kk needs LayoutRight positions (LAMMPS without LMP_KOKKOS_NO_LEGACY)");
  // (the kicks of B take their scales from MeshData: s_def is not used here)
  m.d = baoab_data<DeviceType>(atomKK, groupbit, seed, update->ntimestep, update->dt, dtf, 0.0,
                               kt_mvv2e, k_ptype);
  k_state.template sync<DeviceType>();
  m.state = k_state.template view<DeviceType>();
  m.fc = k_fc.template view<DeviceType>();
  m.dp = k_dp.template view<DeviceType>();
  m.s_fc = s_fc;
  m.s_dp = s_dp;
  m.vtx = d_vtx;
  m.wat = d_wat;
  m.frames = d_frames;
  m.fail = d_fail;
  m.failflag = d_failflag;
  m.delta = d_delta;
  m.triq = d_triq;
  m.adj = d_adj;
  m.apex = d_apex;
  m.img_off = k_img_off.template view<DeviceType>();
  m.img_list = k_img_list.template view<DeviceType>();
  m.intri_bit = intri_bit;
  m.zero_flag = zero_flag ? 1 : 0;
  m.s = m.s2 = m.tau = 0.0;
  m.apply = 1;
  return m;
}

// work views for nmax atoms (owned and ghost)
template <class DeviceType> void FixBagogabKokkos<DeviceType>::grow_mesh_work()
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
  if (zero_flag) d_delta = Kokkos::View<double * [3], DeviceType>("bagogab/kk:delta", nmax_kk);
  vtx_valid = false;
}

// the local images of every mesh vertex, in the order Domain::closest_image
// visits them (atom->map(ID), then the sametag chain); host, at reneighboring
template <class DeviceType> void FixBagogabKokkos<DeviceType>::build_images()
{
  const int nv = static_cast<int>(vertex_tags.size());
  const int *sametag = atom->sametag;
  auto h_off = k_img_off.view_host();
  std::vector<int> list;
  list.reserve(nv);
  for (int q = 0; q < nv; q++) {
    h_off(q) = static_cast<int>(list.size());
    if (vertex_tags[q] > atom->map_tag_max) continue;
    for (int j = atom->map(static_cast<tagint>(vertex_tags[q])); j >= 0; j = sametag[j])
      list.push_back(j);
  }
  h_off(nv) = static_cast<int>(list.size());
  if (static_cast<int>(k_img_list.extent(0)) < static_cast<int>(list.size()) + 1)
    k_img_list = Kokkos::DualView<int *, DeviceType>("bagogab/kk:img_list", list.size() + list.size() / 4 + 16);
  for (size_t o = 0; o < list.size(); o++) k_img_list.view_host()(o) = list[o];
  k_img_off.template modify<LMPHostType>();
  k_img_list.template modify<LMPHostType>();
  k_img_off.template sync<DeviceType>();
  k_img_list.template sync<DeviceType>();
}

// sum the ghost rows of a work array onto their owners (host reverse comm)
template <class DeviceType>
void FixBagogabKokkos<DeviceType>::reverse_sum(typename geomint_kk::Views<DeviceType>::tdual_double_2d &k,
                                               double **host)
{
  k.template modify<DeviceType>();
  k.template sync<LMPHostType>();
  rev_buf = host;
  geomint_compat::reverse_comm(comm, this);
  k.template modify<LMPHostType>();
  k.template sync<DeviceType>();
}

// B(s h/2) [then B(s2 h/2)]: FixBagogab::b_step
template <class DeviceType> double FixBagogabKokkos<DeviceType>::mesh_b(double s, double s2, bool apply)
{
  grow_mesh_work();
  atomKK->sync(execution_space, datamask_read);
  const int nlocal = atom->nlocal, nall = atom->nlocal + atom->nghost;
  if (!vtx_valid) build_images();
  MeshData<DeviceType> m = mesh_data<MeshData<DeviceType>>();
  m.s = s;
  m.s2 = s2;
  m.apply = apply ? 1 : 0;
  if (!vtx_valid) {
    Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nlocal), CornersFunctor<DeviceType>(m));
    vtx_valid = true;
  }
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nall), ZeroRowsFunctor<DeviceType>(m.fc));
  s_fc.reset_except(m.fc);
  double dke = 0.0, dke_free = 0.0;
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), BPointFunctor<DeviceType>(m), dke);
  Kokkos::Experimental::contribute(m.fc, s_fc);
  reverse_sum(k_fc, fc);
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), BFreeFunctor<DeviceType>(m), dke_free);
  if (apply) atomKK->modified(execution_space, V_MASK);
  return force->mvv2e * (dke + dke_free);
}

// A(h/2): FixBagogab::a_step
template <class DeviceType> void FixBagogabKokkos<DeviceType>::mesh_a()
{
  const int nlocal = atom->nlocal;
  const MeshData<DeviceType> m = mesh_data<MeshData<DeviceType>>();
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nlocal), AFirstFunctor<DeviceType>(m));
  atomKK->modified(execution_space, X_MASK);
  if (std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>::value) {
    // host memory: the fix's own communication of x (as the CPU fix)
    atomKK->sync(Host, X_MASK);
    geomint_compat::forward_comm(comm, this);
    atomKK->modified(Host, X_MASK);
  } else {
    comm->forward_comm();    // LAMMPS's atom communication, on the device where LAMMPS does it
  }
  atomKK->sync(execution_space, X_MASK);
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nlocal), ASecondFunctor<DeviceType>(m));
  atomKK->modified(execution_space, X_MASK | V_MASK);
}

// G(tau): FixBagogab::g_step
template <class DeviceType> void FixBagogabKokkos<DeviceType>::mesh_g(double tau)
{
  const int nlocal = atom->nlocal, nall = atom->nlocal + atom->nghost;
  MeshData<DeviceType> m = mesh_data<MeshData<DeviceType>>();
  m.tau = tau;
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nall), ZeroRowsFunctor<DeviceType>(m.dp));
  s_dp.reset_except(m.dp);
  int counts[3] = {0, 0, 0};
  Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal), GFunctor<DeviceType>(m), counts);
  Kokkos::Experimental::contribute(m.dp, s_dp);
  k_state.template modify<DeviceType>();
  n_transfers += counts[0];
  n_reflections += counts[1];
  max_segments = std::max(max_segments, counts[2]);
  reverse_sum(k_dp, dp);
  Kokkos::parallel_for(Kokkos::RangePolicy<DeviceType>(0, nlocal), GRecoilFunctor<DeviceType>(m));
  atomKK->modified(execution_space, V_MASK);
}

// O(h): FixBagogab::o_step
template <class DeviceType> void FixBagogabKokkos<DeviceType>::mesh_o()
{
  const int nlocal = atom->nlocal;
  MeshData<DeviceType> m = mesh_data<MeshData<DeviceType>>();
  double sums[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
  o_pass<DeviceType>(m, nlocal, sums,
                     std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>());
  double de = sums[4];
  if (zero_flag) {
    double shift[3];
    random_momentum_shift(sums, shift);
    double de_free = 0.0;
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, nlocal),
                            OZeroFunctor<DeviceType>(m, shift), de_free);
    de += de_free;
  }
  atomKK->modified(execution_space, V_MASK);
  if (tally_flag) e_bath_local += 0.5 * force->mvv2e * de;
}

// the first failure of this step on this rank (lowest local index) as
// FixBagogab::fail() words it; agree_on_failures() then stops all ranks
template <class DeviceType> void FixBagogabKokkos<DeviceType>::collect_failures()
{
  auto h_flag = Kokkos::create_mirror_view(d_failflag);
  Kokkos::deep_copy(h_flag, d_failflag);
  if (!h_flag()) return;
  auto h_fail = Kokkos::create_mirror_view(d_fail);
  Kokkos::deep_copy(h_fail, d_fail);
  atomKK->sync(Host, X_MASK | V_MASK | TAG_MASK);
  for (int i = 0; i < atom->nlocal && failure.empty(); i++) {
    const int t = h_fail(i, 1);
    switch (h_fail(i, 0)) {
      case MF_NO_TRIANGLE:
        failure = no_triangle_msg(i);
        break;
      case MF_MISSING_VERTEX:
        failure = mesh->missing_vertex_msg(i, t);
        break;
      case MF_DEGENERATE:
        failure = mesh->degenerate_msg(t + 1);
        break;
      case MF_TOO_MANY:
        failure = too_many_segments_msg(i);
        break;
      default:
        break;
    }
  }
  Kokkos::deep_copy(d_fail, 0);
  Kokkos::deep_copy(d_failflag, 0);
}

// one step with points: B(h/2) A(h/2) G(h/2) O(h) G(h/2) A(h/2) [B(h/2)]
template <class DeviceType> void FixBagogabKokkos<DeviceType>::bagogab_step(double s_def)
{
  n_transfers = n_reflections = max_segments = 0;
  update_ptype();
  const double half_h = 0.5 * update->dt;
  double t[7] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  auto mark = [&](int k) {
    if (!timing) return;
    Kokkos::fence();
    t[k] = MPI_Wtime();
  };
  mark(0);
  mesh_b(s_def, 1.0, true);
  mark(1);
  mesh_a();
  mark(2);
  mesh_g(half_h);
  mark(3);
  mesh_o();
  mark(4);
  mesh_g(half_h);
  mark(5);
  mesh_a();
  mark(6);
  if (timing) {
    substep_seconds[0] += t[1] - t[0];
    substep_seconds[1] += (t[2] - t[1]) + (t[6] - t[5]);
    substep_seconds[2] += (t[3] - t[2]) + (t[5] - t[4]);
    substep_seconds[3] += t[4] - t[3];
  }
  collect_failures();
  agree_on_failures();
  // dumps and computes read f_ID (the state) on the host
  k_state.template sync<LMPHostType>();
}

/* ----------------------------------------------------------------------
   host-side access to the per-atom state: sync first, mark what changed
------------------------------------------------------------------------- */

template <class DeviceType> void FixBagogabKokkos<DeviceType>::setup_pre_neighbor()
{
  if (!mesh_active) return;
  // checks and assignment (snap moves points and projects their velocities) on the host
  atomKK->sync(Host, X_MASK | V_MASK | MASK_MASK | TAG_MASK | TYPE_MASK);
  k_state.template sync<LMPHostType>();
  FixBagogab::setup_pre_neighbor();
  k_state.template modify<LMPHostType>();
  k_state.template sync<DeviceType>();
  atomKK->modified(Host, X_MASK | V_MASK);
  atomKK->sync(execution_space, X_MASK | V_MASK);
}

template <class DeviceType> void FixBagogabKokkos<DeviceType>::grow_arrays(int nmax)
{
  if (!mesh_active) return;
  // the host copy must be the newer one when DualView::resize decides which
  // side to keep (with both up to date it keeps the device side and gives the
  // host zeros, which would then count as newest)
  k_state.template sync<LMPHostType>();
  k_state.template modify<LMPHostType>();
  memoryKK->grow_kokkos(k_state, state, nmax, 4, "bagogab/kk:state");
  array_atom = state;
  k_state.template modify<LMPHostType>();
}

template <class DeviceType> void FixBagogabKokkos<DeviceType>::copy_arrays(int i, int j, int delflag)
{
  k_state.template sync<LMPHostType>();
  FixBagogab::copy_arrays(i, j, delflag);
  k_state.template modify<LMPHostType>();
}

template <class DeviceType> void FixBagogabKokkos<DeviceType>::set_arrays(int i)
{
  k_state.template sync<LMPHostType>();
  FixBagogab::set_arrays(i);
  k_state.template modify<LMPHostType>();
}

template <class DeviceType> int FixBagogabKokkos<DeviceType>::pack_exchange(int i, double *buf)
{
  k_state.template sync<LMPHostType>();
  return FixBagogab::pack_exchange(i, buf);
}

template <class DeviceType> int FixBagogabKokkos<DeviceType>::unpack_exchange(int nlocal, double *buf)
{
  k_state.template sync<LMPHostType>();
  const int n = FixBagogab::unpack_exchange(nlocal, buf);
  k_state.template modify<LMPHostType>();
  return n;
}

template <class DeviceType> int FixBagogabKokkos<DeviceType>::pack_restart(int i, double *buf)
{
  k_state.template sync<LMPHostType>();
  return FixBagogab::pack_restart(i, buf);
}

template <class DeviceType> void FixBagogabKokkos<DeviceType>::unpack_restart(int nlocal, int nth)
{
  k_state.template sync<LMPHostType>();
  FixBagogab::unpack_restart(nlocal, nth);
  k_state.template modify<LMPHostType>();
}

template <class DeviceType> double FixBagogabKokkos<DeviceType>::memory_usage()
{
  double bytes = FixBagogab::memory_usage();
  if (mesh_active) {
    // fc, dp, wat, vtx, fail, frames per atom; the mesh and the vertex images
    bytes += nmax_kk * (8.0 * sizeof(double) + 6.0 * sizeof(int) + sizeof(geomint::TriFrame));
    bytes += k_img_list.extent(0) * sizeof(int) + 3.0 * d_triq.extent(0) * sizeof(int);
    // the per-thread copies of fc and dp on host backends
    if (std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>::value)
      bytes += 6.0 * sizeof(double) * nmax_kk * typename DeviceType::execution_space().concurrency();
  }
  return bytes;
}

namespace LAMMPS_NS {
template class FixBagogabKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixBagogabKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
