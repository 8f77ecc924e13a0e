/* ----------------------------------------------------------------------
   GEOMINT - fix dg/nve/kk (see fix_dg_nve_kokkos.h and doc/fix_dg_nve.rst)

   Each hook syncs what it reads and marks what it writes (atomKK and the
   fix's DualViews); the fix's datamasks are empty.  The passes are those of
   dg_passes.h, as in the CPU fix; sums and maxima are parallel_reduce, whose
   order differs from the CPU loop's at round-off.

   Where the data is: x^n, v^n, fbar, the iterates and the mixing history
   live on DeviceType; one step moves nothing to the host per iteration
   except with newton on (the reverse communication of fbar goes through the
   host copies: LAMMPS's Kokkos comm has no device path for a fix's reverse
   communication before 2026), for DG styles without a /kk variant (computed
   on the host copies), and for the half kicks of external forces.  Once per
   step the host copies of x and the tags are read for the neighbor-list
   check (FixDGNVE::neighbor_lists_stale).
------------------------------------------------------------------------- */

#include "fix_dg_nve_kokkos.h"

#include "dg_hybrid.h"
#include "dg_style.h"

#include "geomint_kokkos_atoms.h"
#include "geomint_kokkos_check.h"
#include "geomint_kokkos_for_each.h"
#include "geomint_kokkos_reduction.h"

#include "atom_kokkos.h"
#include "atom_masks.h"
#include "comm.h"
#include "error.h"
#include "force.h"
#include "memory_kokkos.h"

#include <cstring>
#include <utility>

using namespace LAMMPS_NS;

namespace {

// dg_passes.h's accessor of the per-atom passes (HostAtoms in fix_dg_nve.cpp) on DeviceType
template <class DeviceType> struct KKAtoms {
  using V = geomint_kk::Views<DeviceType>;
  typename V::t_x x_;
  typename V::t_v v_;
  typename V::t_f_const f_;
  typename V::t_double_2d fext_, xold_, vold_, fdg_, fprev_;
  Kokkos::View<double *, DeviceType> dtfm_;
  typename V::t_float_1d rmass_, mass_;
  typename V::t_int_1d type_;
  int nlocal, has_rmass;
  KOKKOS_INLINE_FUNCTION double &x(int i, int d) const { return x_(i, d); }
  KOKKOS_INLINE_FUNCTION double &v(int i, int d) const { return v_(i, d); }
  KOKKOS_INLINE_FUNCTION double f(int i, int d) const { return f_(i, d); }
  KOKKOS_INLINE_FUNCTION double fext(int i, int d) const { return fext_(i, d); }
  KOKKOS_INLINE_FUNCTION double xo(int i, int d) const { return xold_(i, d); }
  KOKKOS_INLINE_FUNCTION double vo(int i, int d) const { return vold_(i, d); }
  KOKKOS_INLINE_FUNCTION double &xo_w(int i, int d) const { return xold_(i, d); }
  KOKKOS_INLINE_FUNCTION double &vo_w(int i, int d) const { return vold_(i, d); }
  KOKKOS_INLINE_FUNCTION double fd(int i, int d) const { return fdg_(i, d); }
  KOKKOS_INLINE_FUNCTION double &prev(int i, int k) const { return fprev_(i, k); }
  KOKKOS_INLINE_FUNCTION double &dtfm(int i) const { return dtfm_(i); }
  KOKKOS_INLINE_FUNCTION double mass(int i) const { return has_rmass ? rmass_(i) : mass_(type_(i)); }
};

using geomint_kk::reduce_each;

struct BeginP {
  double dtf;
  template <class A> KOKKOS_INLINE_FUNCTION void operator()(const A &a, int i, double *r) const
  {
    r[0] += dg_begin_atom(a, i, dtf, r[1]);
  }
};

struct PredictP {
  DGPredict p;
  template <class A> KOKKOS_INLINE_FUNCTION void operator()(const A &a, int i) const
  {
    dg_predict_atom(p, a, i);
  }
};

struct FinishP {
  template <class A> KOKKOS_INLINE_FUNCTION void operator()(const A &a, int i, double *r) const
  {
    dg_finish_atom(a, i, r);
  }
};

struct Disp2P {
  template <class A> KOKKOS_INLINE_FUNCTION void operator()(const A &a, int i, double *r) const
  {
    const double d2 = dg_disp2_atom(a, i);
    r[0] = r[0] < d2 ? d2 : r[0];
  }
};

// NS sums of the mixing's normal equations, then the two maxima (inc, disp)
template <int NH> struct ResidualP {
  static constexpr int NS = NH + NH * (NH + 1) / 2;
  KOKKOS_INLINE_FUNCTION void operator()(const DGFixedPoint &A, int i, double *r) const
  {
    dg_residual_atom<NH>(A, i, r[NS], r[NS + 1], r);
  }
};

template <int NH> struct UpdateP {
  double gamma[DGFixedPoint::MAX_DEPTH];
  KOKKOS_INLINE_FUNCTION void operator()(const DGFixedPoint &A, int i) const
  {
    dg_update_atom<NH>(A, i, gamma);
  }
};

}    // namespace

/* ---------------------------------------------------------------------- */

namespace {
// before FixDGNVE's constructor (which registers the per-atom callbacks that an
// error in this constructor could not undo): KOKKOS, and no solver newton
LAMMPS *kk_checks(LAMMPS *lmp, int narg, char **arg)
{
  geomint_kk::kokkos_enabled(lmp, "dg/nve");
  for (int i = 3; i + 1 < narg; i += 2)
    if (strcmp(arg[i], "solver") == 0 && strcmp(arg[i + 1], "newton") == 0)
      lmp->error->all(FLERR, "Fix dg/nve/kk: solver newton (Jacobian-free Newton-Krylov) runs "
                      "on the host only: use solver anderson (the default) or fixed, or fix "
                      "dg/nve (suffix off) for solver newton");
  return lmp;
}
}    // namespace

template <class DeviceType>
FixDGNVEKokkos<DeviceType>::FixDGNVEKokkos(LAMMPS *lmp, int narg, char **arg) :
    geomint_kk::HostArrays<FixDGNVE>(kk_checks(lmp, narg, arg), narg, arg)
{
  atomKK = (AtomKokkos *) atom;
  kokkosable = 1;
  execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
  // each hook syncs what it reads and marks what it changes
  datamask_read = EMPTY_MASK;
  datamask_modify = EMPTY_MASK;
  // the per-atom state becomes a DualView (FixDGNVE's constructor grew it with Memory)
  memory->destroy(fprev);
  fprev = nullptr;
  grow_arrays(atom->nmax);
  for (int i = 0; i < atom->nlocal; i++) set_arrays(i);
}

template <class DeviceType> FixDGNVEKokkos<DeviceType>::~FixDGNVEKokkos()
{
  if (copymode) return;
  // the DualViews own these host arrays (FixDGNVE's destructor must not free them)
  memoryKK->destroy_kokkos(k_xold, xold);
  memoryKK->destroy_kokkos(k_vold, vold);
  memoryKK->destroy_kokkos(k_fdg, fdg);
  memoryKK->destroy_kokkos(k_gcur, gcur);
  memoryKK->destroy_kokkos(k_rcur, rcur);
  memoryKK->destroy_kokkos(k_gprev, gprev);
  memoryKK->destroy_kokkos(k_rprev, rprev);
  memoryKK->destroy_kokkos(k_fprev, fprev);
  memoryKK->destroy_kokkos(k_fext, fext);
  xold = vold = fdg = gcur = rcur = gprev = rprev = fprev = fext = nullptr;
}

// a bonded hybrid style (DGBondedHybrid) whose sub-styles all have /kk variants:
// each sub-style's discrete gradient over the terms of its types, on DeviceType
template <class DeviceType>
class FixDGNVEKokkos<DeviceType>::HybridKokkos : public DGStyleKokkos<DeviceType> {
 public:
  using typename DGStyleKokkos<DeviceType>::t_x;
  using typename DGStyleKokkos<DeviceType>::t_double_2d;
  using typename DGStyleKokkos<DeviceType>::t_select;
  HybridKokkos(const std::vector<DGStyleKokkos<DeviceType> *> &s, const std::vector<int> &map) :
      subs(s), style_of_type("dg/nve/kk:style_of_type", map.size())
  {
    auto h = Kokkos::create_mirror_view(style_of_type);
    for (size_t t = 0; t < map.size(); t++) h(t) = map[t];
    Kokkos::deep_copy(style_of_type, h);
  }
  void compute_dg_kk(const t_double_2d &xold, const t_x &xnew, const t_double_2d &fdg,
                     double &vnew, double &vold) override
  {
    for (size_t m = 0; m < subs.size(); m++)
      if (subs[m])
        subs[m]->compute_dg_kk_selected(xold, xnew, fdg, t_select{style_of_type, static_cast<int>(m)},
                                        vnew, vold);
  }
  void dg_step_begin_kk(const t_double_2d &xold, double reach) override
  {
    for (auto *sub : subs)
      if (sub) sub->dg_step_begin_kk(xold, reach);
  }

 private:
  std::vector<DGStyleKokkos<DeviceType> *> subs;
  Kokkos::View<int *, DeviceType> style_of_type;
};

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::init()
{
  atomKK->sync(Host, MASK_MASK);
  FixDGNVE::init();
  // the styles with a /kk variant on this fix's DeviceType (bonded hybrid styles:
  // when all their sub-styles have one); the others run on the host copies
  kkstyles.clear();
  kkhybrids.clear();
  host_styles = false;
  for (DGStyle *dg : dgstyles) {
    auto *kk = dynamic_cast<DGStyleKokkos<DeviceType> *>(dg);
    auto *hybrid = dynamic_cast<DGBondedHybrid *>(dg);
    if (!kk && hybrid) {
      std::vector<DGStyleKokkos<DeviceType> *> subs;
      bool all = true;
      for (DGStyle *sub : hybrid->sub_styles()) {
        subs.push_back(sub ? dynamic_cast<DGStyleKokkos<DeviceType> *>(sub) : nullptr);
        all = all && (!sub || subs.back());
      }
      if (all) {
        kkhybrids.emplace_back(new HybridKokkos(subs, hybrid->style_of_types()));
        kk = kkhybrids.back().get();
      } else if (!Kokkos::SpaceAccessibility<typename DeviceType::execution_space,
                                             Kokkos::HostSpace>::accessible) {
        // (its /kk sub-styles could not run on the host copies of a GPU build)
        error->all(FLERR, "Fix dg/nve/kk: {} mixes sub-styles with and without a /kk variant "
                   "on this fix's execution space; use /kk sub-styles only (all DG bonded "
                   "styles have one), or fix dg/nve with the CPU styles",
                   dgnames[kkstyles.size()]);
      }
    }
    kkstyles.push_back(kk);
    host_styles = host_styles || !kk;
  }
  std::string on_host;
  for (size_t k = 0; k < dgstyles.size(); k++)
    if (!kkstyles[k]) on_host += (on_host.empty() ? "" : ", ") + dgnames[k];
  if (!on_host.empty() && comm->me == 0)
    error->warning(FLERR, "Fix dg/nve/kk: {} without a /kk variant (on this fix's execution "
                   "space): its discrete gradient is computed on the host copies of the data",
                   on_host);
  // per-type masses are set on the host (mass command, data file)
  atomKK->k_mass.template modify<LMPHostType>();
  atomKK->k_mass.template sync<DeviceType>();
}

// the neighbor-list record and check read x and the tags on the host
template <class DeviceType> void FixDGNVEKokkos<DeviceType>::setup_post_neighbor()
{
  atomKK->sync(Host, X_MASK | TAG_MASK);
  FixDGNVE::setup_post_neighbor();
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::post_neighbor()
{
  atomKK->sync(Host, X_MASK | TAG_MASK);
  FixDGNVE::post_neighbor();
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::initial_integrate(int vflag)
{
  atomKK->sync(Host, X_MASK | TAG_MASK);
  FixDGNVE::initial_integrate(vflag);
}

// the styles' forces of this step's force call (for F_ext), on the host
template <class DeviceType> void FixDGNVEKokkos<DeviceType>::pre_reverse(int eflag, int vflag)
{
  if (ext_active) {
    atomKK->sync(Host, F_MASK);
    k_fext.template sync<LMPHostType>();
  }
  FixDGNVE::pre_reverse(eflag, vflag);
  if (ext_active) k_fext.template modify<LMPHostType>();
}

// the half kicks of external forces on the host copies (once per half step)
template <class DeviceType> double FixDGNVEKokkos<DeviceType>::external_kick()
{
  atomKK->sync(Host, V_MASK | F_MASK | TYPE_MASK | RMASS_MASK);
  k_fext.template sync<LMPHostType>();
  const double dke = FixDGNVE::external_kick();
  k_fext.template modify<LMPHostType>();
  atomKK->modified(Host, V_MASK);
  atomKK->sync(execution_space, V_MASK);
  return dke;
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::grow_fext()
{
  nmax_ext = atom->nmax;
  memoryKK->destroy_kokkos(k_fext, fext);
  memoryKK->create_kokkos(k_fext, fext, nmax_ext, 3, "dg/nve/kk:fext");
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::grow()
{
  if (atom->nmax <= nmax) return;
  nmax = atom->nmax;
  auto make = [this](tdual_2d &k, double **&array, const char *name) {
    memoryKK->destroy_kokkos(k, array);
    memoryKK->create_kokkos(k, array, nmax, 3, name);
  };
  make(k_xold, xold, "dg/nve/kk:xold");
  make(k_vold, vold, "dg/nve/kk:vold");
  make(k_fdg, fdg, "dg/nve/kk:fdg");
  make(k_gcur, gcur, "dg/nve/kk:gcur");
  make(k_rcur, rcur, "dg/nve/kk:rcur");
  make(k_gprev, gprev, "dg/nve/kk:gprev");
  make(k_rprev, rprev, "dg/nve/kk:rprev");
  d_mixhist = Kokkos::View<double *, DeviceType>("dg/nve/kk:mixhist",
                                                 anderson ? 6 * static_cast<size_t>(depth) * nmax : 0);
  d_dtfm = Kokkos::View<double *, DeviceType>("dg/nve/kk:dtfm", nmax);
}

/* ----------------------------------------------------------------------
   the per-atom passes on DeviceType
------------------------------------------------------------------------- */

namespace {
template <class DeviceType, class TDual>
KKAtoms<DeviceType> kk_atoms(AtomKokkos *atomKK, TDual &xold, TDual &vold, TDual &fdg, TDual &fprev,
                             TDual &fext, const Kokkos::View<double *, DeviceType> &dtfm)
{
  KKAtoms<DeviceType> a;
  a.x_ = atomKK->k_x.template view<DeviceType>();
  a.v_ = atomKK->k_v.template view<DeviceType>();
  a.f_ = atomKK->k_f.template view<DeviceType>();
  a.fext_ = fext.template view<DeviceType>();
  a.xold_ = xold.template view<DeviceType>();
  a.vold_ = vold.template view<DeviceType>();
  a.fdg_ = fdg.template view<DeviceType>();
  a.fprev_ = fprev.template view<DeviceType>();
  a.dtfm_ = dtfm;
  a.rmass_ = atomKK->k_rmass.template view<DeviceType>();
  a.mass_ = atomKK->k_mass.template view<DeviceType>();
  a.type_ = atomKK->k_type.template view<DeviceType>();
  a.nlocal = atomKK->nlocal;
  a.has_rmass = atomKK->rmass_flag;
  return a;
}
}    // namespace

template <class DeviceType> double FixDGNVEKokkos<DeviceType>::begin_pass(double &xmax)
{
  atomKK->sync(execution_space, X_MASK | V_MASK | TYPE_MASK | RMASS_MASK);
  double r[2];
  reduce_each<DeviceType, 1, 1>(kk_atoms<DeviceType>(atomKK, k_xold, k_vold, k_fdg, k_fprev, k_fext, d_dtfm), atom->nlocal + atom->nghost, BeginP{dtf}, r);
  k_xold.template modify<DeviceType>();
  k_vold.template modify<DeviceType>();
  xmax = r[1] > xmax ? r[1] : xmax;
  return r[0];
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::predict_pass(const DGPredict &pred)
{
  atomKK->sync(execution_space, F_MASK);
  k_fprev.template sync<DeviceType>();
  if (pred.kicked) k_fext.template sync<DeviceType>();
  geomint_kk::for_each<DeviceType>(kk_atoms<DeviceType>(atomKK, k_xold, k_vold, k_fdg, k_fprev, k_fext, d_dtfm), atom->nlocal, PredictP{pred});
  atomKK->modified(execution_space, X_MASK);
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::finish_pass(double r[3])
{
  k_fdg.template sync<DeviceType>();
  k_fprev.template sync<DeviceType>();
  double sums[3];
  reduce_each<DeviceType, 1, 2>(kk_atoms<DeviceType>(atomKK, k_xold, k_vold, k_fdg, k_fprev, k_fext, d_dtfm), atom->nlocal, FinishP{}, sums);
  for (int k = 0; k < 3; k++) r[k] = sums[k];
  k_fprev.template modify<DeviceType>();
  atomKK->modified(execution_space, V_MASK);
}

template <class DeviceType> double FixDGNVEKokkos<DeviceType>::max_disp2_local()
{
  double r[1];
  reduce_each<DeviceType, 0, 1>(kk_atoms<DeviceType>(atomKK, k_xold, k_vold, k_fdg, k_fprev, k_fext, d_dtfm), atom->nlocal, Disp2P{}, r);
  return r[0];
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::styles_step_begin(double reach)
{
  if (host_styles) {
    atomKK->sync(Host, X_MASK | TYPE_MASK);
    k_xold.template sync<LMPHostType>();
  }
  k_xold.template sync<DeviceType>();
  for (size_t k = 0; k < dgstyles.size(); k++) {
    if (kkstyles[k])
      kkstyles[k]->dg_step_begin_kk(k_xold.template view<DeviceType>(), reach);
    else
      dgstyles[k]->dg_step_begin(xold, reach);
  }
}

template <class DeviceType> DGFixedPoint FixDGNVEKokkos<DeviceType>::fixed_point_arrays()
{
  DGFixedPoint A{k_xold.template view<DeviceType>().data(),
                 k_vold.template view<DeviceType>().data(),
                 k_fdg.template view<DeviceType>().data(),
                 d_dtfm.data(),
                 atomKK->k_x.template view<DeviceType>().data(),
                 k_gcur.template view<DeviceType>().data(),
                 k_rcur.template view<DeviceType>().data(),
                 k_gprev.template view<DeviceType>().data(),
                 k_rprev.template view<DeviceType>().data(),
                 nullptr, nullptr, {}, {}, dtv};
  const size_t stride = 3 * static_cast<size_t>(nmax);
  for (int a = 0; a < (anderson ? depth : 0); a++) {
    A.dG[a] = d_mixhist.data() + 2 * a * stride;
    A.dR[a] = d_mixhist.data() + (2 * a + 1) * stride;
  }
  return A;
}

template <class DeviceType>
void FixDGNVEKokkos<DeviceType>::residual_pass(int nh, const DGFixedPoint &A, double &inc,
                                               double &disp, double *sums)
{
  k_fdg.template sync<DeviceType>();
  dg_with_depth(nh, [&](auto n) {
    constexpr int NH = decltype(n)::value;
    constexpr int NS = ResidualP<NH>::NS;
    double r[NS + 2];
    reduce_each<DeviceType, NS, 2>(A, atom->nlocal, ResidualP<NH>{}, r);
    for (int k = 0; k < NS; k++) sums[k] = r[k];
    inc = r[NS] > inc ? r[NS] : inc;
    disp = r[NS + 1] > disp ? r[NS + 1] : disp;
  });
  k_gcur.template modify<DeviceType>();
  k_rcur.template modify<DeviceType>();
}

template <class DeviceType>
void FixDGNVEKokkos<DeviceType>::update_pass(int nh, const DGFixedPoint &A, const double *gamma)
{
  dg_with_depth(nh, [&](auto n) {
    constexpr int NH = decltype(n)::value;
    UpdateP<NH> p{};
    for (int a = 0; a < NH; a++) p.gamma[a] = gamma[a];
    geomint_kk::for_each<DeviceType>(A, atom->nlocal, p);
  });
  atomKK->modified(execution_space, X_MASK);
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::swap_cur_prev()
{
  FixDGNVE::swap_cur_prev();
  std::swap(k_gcur, k_gprev);
  std::swap(k_rcur, k_rprev);
}

template <class DeviceType> int FixDGNVEKokkos<DeviceType>::worst_atom_local(double &value)
{
  k_rcur.template sync<LMPHostType>();
  atomKK->sync(Host, TAG_MASK);
  return FixDGNVE::worst_atom_local(value);
}

/* ----------------------------------------------------------------------
   the discrete force at the trial positions
------------------------------------------------------------------------- */

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::forward_trial_positions()
{
  // (CommKokkos syncs x to where it communicates, and marks the ghosts' x there)
  comm->forward_comm();
  atomKK->sync(execution_space, X_MASK);
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::zero_discrete_force()
{
  const int nall = atom->nlocal + atom->nghost;
  Kokkos::deep_copy(Kokkos::subview(k_fdg.template view<DeviceType>(), std::make_pair(0, nall),
                                    Kokkos::ALL()),
                    0.0);
  k_fdg.template modify<DeviceType>();
}

template <class DeviceType>
void FixDGNVEKokkos<DeviceType>::style_discrete_force(size_t k, double &vnew, double &vold_sum)
{
  if (kkstyles[k]) {
    k_xold.template sync<DeviceType>();
    k_fdg.template sync<DeviceType>();
    kkstyles[k]->compute_dg_kk(k_xold.template view<DeviceType>(),
                               atomKK->k_x.template view<DeviceType>(),
                               k_fdg.template view<DeviceType>(), vnew, vold_sum);
    k_fdg.template modify<DeviceType>();
    return;
  }
  // a DG style without a /kk variant: on the host copies
  atomKK->sync(Host, X_MASK | TYPE_MASK | Q_MASK);
  k_xold.template sync<LMPHostType>();
  k_fdg.template sync<LMPHostType>();
  FixDGNVE::style_discrete_force(k, vnew, vold_sum);
  k_fdg.template modify<LMPHostType>();
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::sum_ghost_discrete_force()
{
  k_fdg.template sync<LMPHostType>();
  FixDGNVE::sum_ghost_discrete_force();
  k_fdg.template modify<LMPHostType>();
  k_fdg.template sync<DeviceType>();
}

/* ----------------------------------------------------------------------
   the per-atom state (fprev) on the host for LAMMPS's per-atom hooks
------------------------------------------------------------------------- */

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::grow_arrays(int nmax_new)
{
  geomint_kk::grow_on_host(memoryKK, k_fprev, fprev, nmax_new, NPREV, "dg/nve/kk:fprev");
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::state_to_host()
{
  k_fprev.template sync<LMPHostType>();
}

template <class DeviceType> void FixDGNVEKokkos<DeviceType>::state_modified_on_host()
{
  k_fprev.template modify<LMPHostType>();
}

template <class DeviceType> double FixDGNVEKokkos<DeviceType>::memory_usage()
{
  double bytes = FixDGNVE::memory_usage() + static_cast<double>(d_mixhist.extent(0)) * sizeof(double);
  if (!std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>::value)
    bytes += (21.0 * nmax + 3.0 * nmax_ext + static_cast<double>(NPREV) * atom->nmax) * sizeof(double);
  return bytes;
}

namespace LAMMPS_NS {
template class FixDGNVEKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixDGNVEKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
