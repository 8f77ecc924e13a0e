/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the per-atom views of AtomKokkos that the /kk fixes' kernels
   read (bagogab/kk, nh/mod/kk, rigid/quat/hi/kk), taken on DeviceType in
   one place (the caller syncs what it reads and marks what it writes)
------------------------------------------------------------------------- */

#ifndef GEOMINT_KOKKOS_ATOMS_H
#define GEOMINT_KOKKOS_ATOMS_H

#include "atom_kokkos.h"
#include "geomint_kokkos_compat.h"

namespace LAMMPS_NS {
namespace geomint_kk {

  template <class DeviceType> struct AtomViews {
    typename Views<DeviceType>::t_x x;
    typename Views<DeviceType>::t_v v, omega;
    typename Views<DeviceType>::t_f_const f, torque;
    typename Views<DeviceType>::t_float_1d mass, rmass, radius;
    typename Views<DeviceType>::t_int_1d type, mask;
    typename Views<DeviceType>::t_tagint_1d tag;

    AtomViews() = default;
    // (views of arrays the atom style lacks are empty)
    explicit AtomViews(AtomKokkos *atomKK) :
        x(atomKK->k_x.template view<DeviceType>()), v(atomKK->k_v.template view<DeviceType>()),
        omega(atomKK->k_omega.template view<DeviceType>()),
        f(atomKK->k_f.template view<DeviceType>()),
        torque(atomKK->k_torque.template view<DeviceType>()),
        mass(atomKK->k_mass.template view<DeviceType>()),
        rmass(atomKK->k_rmass.template view<DeviceType>()),
        radius(atomKK->k_radius.template view<DeviceType>()),
        type(atomKK->k_type.template view<DeviceType>()),
        mask(atomKK->k_mask.template view<DeviceType>()), tag(atomKK->k_tag.template view<DeviceType>())
    {
    }
  };

}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
