/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the per-atom state of a /kk fix on the host.  The state is a
   DualView whose host side is the CPU parent's double** array
   (memoryKK->grow_kokkos), so the parent's per-atom hooks (migration,
   restart, new atoms), which LAMMPS calls on the host, keep working once
   the host copy is the current one: HostArrays<Base> wraps each of them in
   a sync to the host before and, where it writes, a host-modified mark
   after.  The /kk fix says how its DualViews do that (state_to_host,
   state_modified_on_host) and grows them with grow_on_host.
------------------------------------------------------------------------- */

#ifndef GEOMINT_KOKKOS_HOST_ARRAYS_H
#define GEOMINT_KOKKOS_HOST_ARRAYS_H

#include "kokkos_type.h"
#include "memory_kokkos.h"

namespace LAMMPS_NS {
namespace geomint_kk {

  template <class Base> class HostArrays : public Base {
   public:
    using Base::Base;

    void copy_arrays(int i, int j, int delflag) override
    {
      state_to_host();
      Base::copy_arrays(i, j, delflag);
      state_modified_on_host();
    }
    void set_arrays(int i) override
    {
      state_to_host();
      Base::set_arrays(i);
      state_modified_on_host();
    }
    int pack_exchange(int i, double *buf) override
    {
      state_to_host();
      return Base::pack_exchange(i, buf);
    }
    int unpack_exchange(int nlocal, double *buf) override
    {
      state_to_host();
      const int n = Base::unpack_exchange(nlocal, buf);
      state_modified_on_host();
      return n;
    }
    int pack_restart(int i, double *buf) override
    {
      state_to_host();
      return Base::pack_restart(i, buf);
    }
    void unpack_restart(int nlocal, int nth) override
    {
      state_to_host();
      Base::unpack_restart(nlocal, nth);
      state_modified_on_host();
    }

   protected:
    virtual void state_to_host() = 0;             // sync the state's DualViews to the host
    virtual void state_modified_on_host() = 0;    // mark them modified there
  };

  // grow the DualView k that aliases a fix's double** array (ncol columns)
  // to nmax rows, keeping its rows.  The host copy must be the newer one when
  // DualView::resize decides which side to keep (with both up to date it
  // keeps the device side and gives the host zeros, which would then count
  // as newest)
  template <class TDual>
  void grow_on_host(MemoryKokkos *memoryKK, TDual &k, double **&array, int nmax, int ncol, const char *name)
  {
    k.template sync<LMPHostType>();
    k.template modify<LMPHostType>();
    memoryKK->grow_kokkos(k, array, nmax, ncol, name);
    k.template modify<LMPHostType>();
  }

}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
