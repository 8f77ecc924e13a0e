/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the array reductions of the /kk styles' parallel_reduce: a
   value of NSUM + NMAX + NMIN entries of type T, the first NSUM summed,
   the next NMAX their maximum (of nonnegative values: counts, distances;
   they start from 0, as the CPU loops do), the last NMIN their minimum
   (starting from Kokkos's identity, the largest value).  A functor derives
   from it and adds operator()(i, T *r); reduce_each runs a pass over atoms,
   reduce_blocks one that draws noise (in blocks on host spaces).  Kokkos 3 joins volatile values,
   Kokkos 4 and later plain ones: both are here, once.
------------------------------------------------------------------------- */

#ifndef GEOMINT_KOKKOS_REDUCTION_H
#define GEOMINT_KOKKOS_REDUCTION_H

#include <Kokkos_Core.hpp>

#include <type_traits>

namespace LAMMPS_NS {
namespace geomint_kk {

  template <class T, int NSUM, int NMAX, int NMIN> struct ArrayReduction {
    typedef T value_type[];
    const unsigned value_count = NSUM + NMAX + NMIN;

    KOKKOS_INLINE_FUNCTION void init(T *r) const
    {
      for (int k = 0; k < NSUM; k++) r[k] = Kokkos::reduction_identity<T>::sum();
      for (int k = NSUM; k < NSUM + NMAX; k++) r[k] = T(0);
      for (int k = NSUM + NMAX; k < NSUM + NMAX + NMIN; k++) r[k] = Kokkos::reduction_identity<T>::min();
    }
    template <class D, class S> KOKKOS_INLINE_FUNCTION static void combine(D *dst, const S *src)
    {
      for (int k = 0; k < NSUM; k++) dst[k] += src[k];
      for (int k = NSUM; k < NSUM + NMAX; k++)
        if (src[k] > dst[k]) dst[k] = src[k];
      for (int k = NSUM + NMAX; k < NSUM + NMAX + NMIN; k++)
        if (src[k] < dst[k]) dst[k] = src[k];
    }
#if KOKKOS_VERSION < 40000
    KOKKOS_INLINE_FUNCTION void join(volatile T *dst, const volatile T *src) const
    {
      combine(dst, src);
    }
#endif
    KOKKOS_INLINE_FUNCTION void join(T *dst, const T *src) const { combine(dst, src); }
  };

  // N doubles: sums, the last NMAX of them maxima
  template <int N, int NMAX = 0> using SumReduction = ArrayReduction<double, N - NMAX, NMAX, 0>;
  // NSUM sums and NMIN minima of doubles
  template <int NSUM, int NMIN> using SumMinReduction = ArrayReduction<double, NSUM, 0, NMIN>;

  // a pass p(a, i, r) over atoms [0, n) of DeviceType: r[0 .. NSUM) summed,
  // the NMAX after them maxima (the passes of dg_passes.h, bagogab_passes.h)
  template <class DeviceType, class A, class Pass, int NSUM, int NMAX>
  struct ReduceEach : ArrayReduction<double, NSUM, NMAX, 0> {
    typedef DeviceType device_type;
    A a;
    Pass p;
    ReduceEach(const A &a_, const Pass &p_) : a(a_), p(p_) {}
    KOKKOS_INLINE_FUNCTION void operator()(const int i, double *r) const { p(a, i, r); }
  };

  template <class DeviceType, int NSUM, int NMAX, class A, class Pass>
  void reduce_each(const A &a, int n, const Pass &p, double (&r)[NSUM + NMAX])
  {
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, n),
                            ReduceEach<DeviceType, A, Pass, NSUM, NMAX>(a, p), r);
  }

  // passes that draw noise: on host spaces over blocks of `block` items,
  // body.block(i0, i1, r), so that a block's normals are drawn together as
  // the CPU fixes draw them (their vectorised Box-Muller); on devices, and
  // with block <= 1, one item per work item, body.item(i, r).  Reduction: the
  // ArrayReduction of r; body.block is host code, body.item device code
  template <class DeviceType, class Reduction, class Body> struct BlockEach : Reduction {
    typedef DeviceType device_type;
    Body body;
    int n, block;
    BlockEach(const Body &b, int n_, int block_) : body(b), n(n_), block(block_) {}
    void operator()(const int b, double *r) const
    {
      body.block(b * block, n < (b + 1) * block ? n : (b + 1) * block, r);
    }
  };
  template <class DeviceType, class Reduction, class Body> struct ItemEach : Reduction {
    typedef DeviceType device_type;
    Body body;
    explicit ItemEach(const Body &b) : body(b) {}
    KOKKOS_INLINE_FUNCTION void operator()(const int i, double *r) const { body.item(i, r); }
  };

  template <class DeviceType, class Reduction, class Body, int N>
  void blocks_or_items(int n, int block, const Body &body, double (&r)[N], std::true_type /*host*/)
  {
    if (block > 1)
      Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, (n + block - 1) / block),
                              BlockEach<DeviceType, Reduction, Body>(body, n, block), r);
    else
      Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, n),
                              ItemEach<DeviceType, Reduction, Body>(body), r);
  }
  template <class DeviceType, class Reduction, class Body, int N>
  void blocks_or_items(int n, int, const Body &body, double (&r)[N], std::false_type /*device*/)
  {
    Kokkos::parallel_reduce(Kokkos::RangePolicy<DeviceType>(0, n),
                            ItemEach<DeviceType, Reduction, Body>(body), r);
  }
  // r = the reduction over items [0, n) in blocks of `block` (host) or one by one
  template <class DeviceType, class Reduction, class Body, int N>
  void reduce_blocks(int n, int block, const Body &body, double (&r)[N])
  {
    blocks_or_items<DeviceType, Reduction>(
        n, block, body, r, std::is_same<typename DeviceType::memory_space, Kokkos::HostSpace>());
  }

}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
