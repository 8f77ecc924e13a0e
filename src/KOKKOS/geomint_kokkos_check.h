/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - what every /kk fix checks when it is defined, before its CPU
   parent's constructor runs: LAMMPS runs with the KOKKOS package enabled,
   and its KOKKOS package was built as the plugin was (double precision,
   the view layout)
------------------------------------------------------------------------- */

#ifndef GEOMINT_KOKKOS_CHECK_H
#define GEOMINT_KOKKOS_CHECK_H

#include "geomint_kokkos_compat.h"

#include "error.h"
#include "info.h"
#include "lammps.h"

#include <string>

namespace LAMMPS_NS {
namespace geomint_kk {

  // At run time: the LAMMPS this plugin was loaded into has its KOKKOS package in
  // double precision and with the view layout the plugin was compiled for.  (The
  // precision and layout defines are private to liblammps's own build, so the
  // plugin's headers cannot see them; CMake asks `lmp -h`, and this asks LAMMPS.)
  inline void check_build(LAMMPS *lmp, const char *style)
  {
    if (!Info::has_accelerator_feature("KOKKOS", "precision", "double"))
      lmp->error->all(FLERR, "Fix {} needs LAMMPS's KOKKOS package in double precision "
                      "(KOKKOS_PREC=double, the default), and this LAMMPS was built in single or "
                      "mixed precision: use the CPU fix (suffix off), or rebuild LAMMPS", style);
#if GEOMINT_KK_FLOAT_TYPES
#ifdef LMP_KOKKOS_LAYOUT_DEFAULT
    const bool plugin_default = true;
#else
    const bool plugin_default = false;
#endif
    if (Info::has_accelerator_feature("KOKKOS", "layout", "default") != plugin_default)
      lmp->error->all(FLERR, "Fix {}: this LAMMPS was built with KOKKOS_LAYOUT={} and the plugin "
                      "for KOKKOS_LAYOUT={}: configure the plugin with -D LAMMPS_BINARY=<its lmp> "
                      "(or -D GEOMINT_KOKKOS_LAYOUT=...) and rebuild it", style,
                      plugin_default ? "legacy" : "default", plugin_default ? "default" : "legacy");
#endif
  }

  // fix `style`/kk: an ERROR unless LAMMPS runs with the KOKKOS package
  // enabled and check_build passes; returns lmp (for a constructor's base
  // initializer)
  inline LAMMPS *kokkos_enabled(LAMMPS *lmp, const std::string &style)
  {
    const std::string kk = style + "/kk";
    if (!lmp->kokkos)
      lmp->error->all(FLERR, "Fix {} needs the KOKKOS package enabled: run LAMMPS with "
                      "'-k on t N -sf kk' (or use fix {})", kk, style);
    check_build(lmp, kk.c_str());
    return lmp;
  }

}    // namespace geomint_kk
}    // namespace LAMMPS_NS

#endif
