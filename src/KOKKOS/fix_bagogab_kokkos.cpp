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
#include "atom_masks.h"
#include "force.h"
#include "update.h"

#include "geomint/baoab.h"
#include "geomint/random.h"

#include <cmath>
#include <type_traits>

using namespace LAMMPS_NS;

namespace {

// the atom data a BAOAB functor reads (device views) and the step's scalars
template <class DeviceType> struct BaoabData {
  typename ArrayTypes<DeviceType>::t_x_array x;
  typename ArrayTypes<DeviceType>::t_v_array v;
  typename ArrayTypes<DeviceType>::t_f_array_const f;
  typename ArrayTypes<DeviceType>::t_float_1d rmass;
  typename ArrayTypes<DeviceType>::t_int_1d type, mask;
  typename ArrayTypes<DeviceType>::t_tagint_1d tag;
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
    if (d.use_rmass) {
      if (d.s_def != 0.0) geomint::kick(vi, fi, (d.s_def * d.dtf) / d.rmass[i]);
      geomint::kick(vi, fi, d.dtf / d.rmass[i]);
      geomint::drift(xi_, vi, d.half_h);
      de += d.rmass[i] * geomint::ou_kick(vi, c1, d.sigma_of(i), xi);
    } else {
      const double dtfm = d.ptype(t, F::PT_DTFM);
      if (d.s_def != 0.0) geomint::kick(vi, fi, d.s_def * dtfm);
      geomint::kick(vi, fi, dtfm);
      geomint::drift(xi_, vi, d.half_h);
      de += d.ptype(t, F::PT_MASS) * geomint::ou_kick(vi, c1, d.ptype(t, F::PT_SIGMA), xi);
    }
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
    const int B = geomint::NORMAL_BLOCK;
    int idx[B];
    int64_t tags[B];
    double xi[B][3];
    int n = 0;
    for (int i = b * B; i < nlocal && i < (b + 1) * B; i++)
      if (d.mask[i] & d.groupbit) {
        idx[n] = i;
        tags[n++] = d.tag[i];
      }
    geomint::normal3_block(d.seed, tags, n, d.step, geomint::STREAM_O, xi);
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

// zero yes, first pass: [B] B A and the random changes delta; reduces
// (sum m delta, sum m)
template <class DeviceType> struct ZeroFirstFunctor {
  typedef DeviceType device_type;
  typedef double value_type[];
  const unsigned value_count = 4;
  BaoabData<DeviceType> d;
  Kokkos::View<double * [3], DeviceType> delta;
  ZeroFirstFunctor(const BaoabData<DeviceType> &data, const Kokkos::View<double * [3], DeviceType> &dl) :
      d(data), delta(dl)
  {
  }
  KOKKOS_INLINE_FUNCTION void init(double *sum) const
  {
    for (int k = 0; k < 4; k++) sum[k] = 0.0;
  }
  // (Kokkos 3 joins volatile values, Kokkos 4 plain ones)
#if KOKKOS_VERSION < 40000
  KOKKOS_INLINE_FUNCTION void join(volatile double *dst, const volatile double *src) const
  {
    for (int k = 0; k < 4; k++) dst[k] += src[k];
  }
#endif
  KOKKOS_INLINE_FUNCTION void join(double *dst, const double *src) const
  {
    for (int k = 0; k < 4; k++) dst[k] += src[k];
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
    double xi[3];
    geomint::normal3(d.seed, d.tag[i], d.step, geomint::STREAM_O, xi);
    const double sigma = d.sigma_of(i);
    for (int k = 0; k < 3; k++) {
      delta(i, k) = sigma * xi[k];
      sum[k] += m * delta(i, k);
    }
    sum[3] += m;
    d.store(i, xi_, vi);
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
    const double dl[3] = {delta(i, 0) - shift[0], delta(i, 1) - shift[1], delta(i, 2) - shift[2]};
    de += d.m_of(i) * geomint::ou_kick(vi, d.ptype(t, F::PT_C1), 1.0, dl);
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
    typedef FixBagogabKokkos<DeviceType> F;
    const double c = d.use_rmass ? (scale * d.dtf) / d.rmass[i] : scale * d.ptype(d.type[i], F::PT_DTFM);
    if (apply) {
      for (int k = 0; k < 3; k++) d.v(i, k) += c * d.f(i, k);
    } else {
      const double m = d.m_of(i);
      double vdv = 0.0, dv2 = 0.0;
      for (int k = 0; k < 3; k++) {
        const double dv = c * d.f(i, k);
        vdv += d.v(i, k) * dv;
        dv2 += dv * dv;
      }
      dke += m * (vdv + 0.5 * dv2);
    }
  }
};

}    // namespace

/* ---------------------------------------------------------------------- */

template <class DeviceType>
FixBagogabKokkos<DeviceType>::FixBagogabKokkos(LAMMPS *lmp, int narg, char **arg) :
    FixBagogab(lmp, narg, arg)
{
  if (!lmp->kokkos)
    error->all(FLERR, "Fix bagogab/kk needs the KOKKOS package enabled: run LAMMPS with "
               "'-k on t N -sf kk' (or use fix bagogab)");
  atomKK = (AtomKokkos *) atom;
  if (mesh_active) {
    // in-triangle points: host code on host data (the defaults of Fix)
    kokkosable = 0;
  } else {
    kokkosable = 1;
    execution_space = ExecutionSpaceFromDevice<DeviceType>::space;
    datamask_read = X_MASK | V_MASK | F_MASK | MASK_MASK | RMASS_MASK | TYPE_MASK | TAG_MASK;
    datamask_modify = X_MASK | V_MASK;
  }
  k_ptype = tdual_ptype("bagogab/kk:ptype", atom->ntypes + 1);
}

// the per-type table of this step, host -> device
template <class DeviceType> void FixBagogabKokkos<DeviceType>::update_ptype()
{
  auto h = k_ptype.h_view;
  for (int t = 1; t <= atom->ntypes; t++) {
    h(t, PT_C1) = c1_type[t];
    h(t, PT_S) = s_type[t];
    h(t, PT_SIGMA) = sigma_type[t];
    h(t, PT_DTFM) = dtfm_type[t];
    h(t, PT_MASS) = atom->mass ? atom->mass[t] : 0.0;
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
  if (mesh_active) return FixBagogab::kick_all(scale, apply);    // host data (kokkosable = 0)
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

namespace LAMMPS_NS {
template class FixBagogabKokkos<LMPDeviceType>;
#ifdef LMP_KOKKOS_GPU
template class FixBagogabKokkos<LMPHostType>;
#endif
}    // namespace LAMMPS_NS
