/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the per-atom passes of fix nh/mod, written once: run by a
   plain loop in fix nh/mod (CPU) and by Kokkos parallel_for in fix
   nh/mod/kk.  The velocity scaling is the nh/mod thermostat's, so fix
   multiscale/adaptive (mode atomistic) and its /kk variant run it too.
   LAMMPS-free and Kokkos-free (GEOMINT_INLINE: device functions in a
   Kokkos build); the step order is FixNHMod's.

   A pass is a struct with its step's scalars and
     template <class A> GEOMINT_INLINE void operator()(const A &a, int i) const
   over an accessor `a` of the atom data: x(i,k), v(i,k) (references),
   f(i,k), mask(i), type(i), rmass(i), mass(t).  The CPU reads LAMMPS's
   arrays through geomint_nhmod::HostAtoms; /kk reads the views of
   geomint_kk::AtomViews, whose members answer the same calls.
------------------------------------------------------------------------- */

#ifndef GEOMINT_NH_MOD_PASSES_H
#define GEOMINT_NH_MOD_PASSES_H

#include "geomint/geomint_inline.h"

namespace geomint_nhmod {

// v += dtf/m f, m per atom (use_rmass) or per type
struct HalfKick {
  int groupbit;
  bool use_rmass;
  double dtf;

  template <class A> GEOMINT_INLINE void operator()(const A &a, int i) const
  {
    if (!(a.mask(i) & groupbit)) return;
    const double dtfm = dtf / (use_rmass ? a.rmass(i) : a.mass(a.type(i)));
    a.v(i, 0) += dtfm * a.f(i, 0);
    a.v(i, 1) += dtfm * a.f(i, 1);
    a.v(i, 2) += dtfm * a.f(i, 2);
  }
};

// x += dtv v
struct Drift {
  int groupbit;
  double dtv;

  template <class A> GEOMINT_INLINE void operator()(const A &a, int i) const
  {
    if (!(a.mask(i) & groupbit)) return;
    a.x(i, 0) += dtv * a.v(i, 0);
    a.x(i, 1) += dtv * a.v(i, 1);
    a.x(i, 2) += dtv * a.v(i, 2);
  }
};

// the thermostat's v *= factor
struct Scale {
  int groupbit;
  double factor;

  template <class A> GEOMINT_INLINE void operator()(const A &a, int i) const
  {
    if (!(a.mask(i) & groupbit)) return;
    a.v(i, 0) *= factor;
    a.v(i, 1) *= factor;
    a.v(i, 2) *= factor;
  }
};

// the CPU accessor: LAMMPS's arrays (rmass and mass may be null)
struct HostAtoms {
  double **x_, **v_, **f_;
  const double *rmass_, *mass_;
  const int *type_, *mask_;

  // (a template, so that no LAMMPS header is needed here)
  template <class Atom> static HostAtoms of(const Atom *atom)
  {
    return {atom->x, atom->v, atom->f, atom->rmass, atom->mass, atom->type, atom->mask};
  }
  double &x(int i, int k) const { return x_[i][k]; }
  double &v(int i, int k) const { return v_[i][k]; }
  double f(int i, int k) const { return f_[i][k]; }
  int mask(int i) const { return mask_[i]; }
  int type(int i) const { return type_[i]; }
  double rmass(int i) const { return rmass_[i]; }
  double mass(int t) const { return mass_[t]; }
};

// a pass over atoms [0, n) on the CPU
template <class A, class Pass> inline void for_each(const A &a, int n, const Pass &p)
{
  for (int i = 0; i < n; i++) p(a, i);
}

}    // namespace geomint_nhmod

#endif
