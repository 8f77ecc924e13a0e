/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   The one registration table of the plugin: every style, CPU and /kk.
------------------------------------------------------------------------- */

#include "lammpsplugin.h"
#include "version.h"
#include "error.h"
#include "geomint_compat.h"

#include <cstring>

#include "angle_cosine_squared_dg.h"
#include "angle_harmonic_dg.h"
#include "bond_harmonic_dg.h"
#include "dihedral_nharmonic_dg.h"
#include "dihedral_opls_dg.h"
#include "fix_bagogab.h"
#include "fix_dg_nve.h"
#include "fix_multiscale_adaptive.h"
#include "fix_nh_mod.h"
#include "fix_orient_harmonic.h"
#include "fix_rigid_quat_hi.h"
#ifdef GEOMINT_RIGID
#include "fix_rigid_quat_hi_body.h"
#endif
#include "pair_lj_cut_dg.h"
#include "pair_lj_mdf_dg.h"

#ifdef GEOMINT_KOKKOS
#include "fix_bagogab_kokkos.h"
#include "fix_multiscale_adaptive_kokkos.h"
#include "fix_nh_mod_kokkos.h"
#include "fix_rigid_quat_hi_kokkos.h"
#endif

using namespace LAMMPS_NS;

namespace {

// Every fix is made through here: a restart file's state of this fix ID written by
// its CPU or Kokkos variant (fix X, X/kk, X/kk/host, X/kk/device) is its own, on
// every LAMMPS version (Modify matches the records right after the creator returns).
// A Kokkos class asked for under its plain name was found through the kk suffix
// (-sf kk, `suffix kk`): LAMMPS renames it X/kk after this returns.
void *adopt_restart_variants(void *lmp, Fix *fix, bool kokkos_class)
{
  std::string style = fix->style;
  if (kokkos_class && style.find("/kk") == std::string::npos) style += "/kk";
  geomint_compat::match_restart_variants(static_cast<LAMMPS *>(lmp), fix, style);
  return fix;
}

template <class FixType, bool Kokkos = false> void *fix_creator(void *lmp, int argc, char **argv)
{
  return adopt_restart_variants(lmp, new FixType(static_cast<LAMMPS *>(lmp), argc, argv), Kokkos);
}

// pair, bond, angle and dihedral styles are made from the LAMMPS instance alone
template <class StyleType> void *style_creator(void *lmp)
{
  return new StyleType(static_cast<LAMMPS *>(lmp));
}

// fix rigid/quat/hi: the body style (arg[3]) picks the class (`kokkos_name`: asked
// for as rigid/quat/hi/kk, where a CPU class serves the other body styles)
void *rigid_quat_hi_make(void *lmp, int argc, char **argv, bool kokkos_name)
{
  auto *l = static_cast<LAMMPS *>(lmp);
  if (argc > 3 && strcmp(argv[3], "atom") != 0) {
#ifdef GEOMINT_RIGID
    return adopt_restart_variants(lmp, new FixRigidQuatHiBody(l, argc, argv), kokkos_name);
#else
    l->error->all(FLERR, "Fix rigid/quat/hi: bodystyle {} needs a GEOMINT built with "
                  "GEOMINT_RIGID on (a LAMMPS with the RIGID package); this one was built "
                  "without it. Use bodystyle atom, or rebuild GEOMINT", argv[3]);
#endif
  }
  return adopt_restart_variants(lmp, new FixRigidQuatHi(l, argc, argv), kokkos_name);
}

void *rigid_quat_hi_creator(void *lmp, int argc, char **argv)
{
  return rigid_quat_hi_make(lmp, argc, argv, false);
}

#ifdef GEOMINT_KOKKOS
// fix rigid/quat/hi/kk: bodystyle atom (on atom_style sphere) has a Kokkos
// class; any other body style gets what fix rigid/quat/hi gives it (under
// -sf kk a CPU fix runs on the host copies of the atom data)
template <class FixType> void *rigid_quat_hi_kk_creator(void *lmp, int argc, char **argv)
{
  if (argc > 3 && strcmp(argv[3], "atom") != 0) return rigid_quat_hi_make(lmp, argc, argv, true);
  return adopt_restart_variants(lmp, new FixType(static_cast<LAMMPS *>(lmp), argc, argv), true);
}
#endif

struct StyleEntry {
  const char *style;
  const char *name;
  const char *info;
  lammpsplugin_factory1 *creator1;    // pair, bond, angle, dihedral
  lammpsplugin_factory2 *creator2;    // fix
};

const StyleEntry styles[] = {
    {"fix", "bagogab", "GEOMINT BAOAB Langevin integrator with in-triangle mesh points", nullptr,
     &fix_creator<FixBagogab>},
    {"fix", "dg/nve", "GEOMINT energy-conserving discrete-gradient NVE integrator", nullptr,
     &fix_creator<FixDGNVE>},
    {"fix", "rigid/quat/hi", "GEOMINT quaternion rigid-body Langevin with hydrodynamic interactions",
     nullptr, &rigid_quat_hi_creator},
    {"fix", "multiscale/adaptive",
     "GEOMINT force-scaling multiscale dynamics (atomistic, continuum, adaptive switching)",
     nullptr, &fix_creator<FixMultiscaleAdaptive>},
    {"fix", "nh/mod", "GEOMINT modified Nose-Hoover thermostat (PI control of kinetic energy)",
     nullptr, &fix_creator<FixNHMod>},
    {"fix", "orient/harmonic", "GEOMINT orientational trap U = -(K/2)(e.u)^2 on ellipsoids", nullptr,
     &fix_creator<FixOrientHarmonic>},
    {"pair", "lj/cut/dg", "GEOMINT pair lj/cut with a discrete gradient",
     &style_creator<PairLJCutDG>, nullptr},
    {"pair", "lj/mdf/dg", "GEOMINT pair lj/mdf with a discrete gradient",
     &style_creator<PairLJMDFDG>, nullptr},
    {"bond", "harmonic/dg", "GEOMINT bond harmonic with a discrete gradient",
     &style_creator<BondHarmonicDG>, nullptr},
    {"angle", "harmonic/dg", "GEOMINT angle harmonic with a discrete gradient",
     &style_creator<AngleHarmonicDG>, nullptr},
    {"angle", "cosine/squared/dg", "GEOMINT angle cosine/squared with a discrete gradient",
     &style_creator<AngleCosineSquaredDG>, nullptr},
    {"dihedral", "nharmonic/dg", "GEOMINT dihedral nharmonic with a discrete gradient",
     &style_creator<DihedralNHarmonicDG>, nullptr},
    {"dihedral", "opls/dg", "GEOMINT dihedral opls with a discrete gradient",
     &style_creator<DihedralOPLSDG>, nullptr},
#ifdef GEOMINT_KOKKOS
    // LAMMPS derives no suffixed names for plugin styles: each /kk name is registered
    {"fix", "bagogab/kk", "GEOMINT BAOAB Langevin integrator, Kokkos", nullptr,
     &fix_creator<FixBagogabKokkos<LMPDeviceType>, true>},
    {"fix", "bagogab/kk/device", "GEOMINT BAOAB Langevin integrator, Kokkos device", nullptr,
     &fix_creator<FixBagogabKokkos<LMPDeviceType>, true>},
    // (without a GPU backend LMPHostType is LMPDeviceType: the same class)
    {"fix", "bagogab/kk/host", "GEOMINT BAOAB Langevin integrator, Kokkos host", nullptr,
     &fix_creator<FixBagogabKokkos<LMPHostType>, true>},
    {"fix", "rigid/quat/hi/kk", "GEOMINT quaternion rigid-body Langevin (spheres), Kokkos", nullptr,
     &rigid_quat_hi_kk_creator<FixRigidQuatHiKokkos<LMPDeviceType>>},
    {"fix", "rigid/quat/hi/kk/device", "GEOMINT quaternion rigid-body Langevin (spheres), Kokkos device",
     nullptr, &rigid_quat_hi_kk_creator<FixRigidQuatHiKokkos<LMPDeviceType>>},
    {"fix", "rigid/quat/hi/kk/host", "GEOMINT quaternion rigid-body Langevin (spheres), Kokkos host",
     nullptr, &rigid_quat_hi_kk_creator<FixRigidQuatHiKokkos<LMPHostType>>},
    {"fix", "nh/mod/kk", "GEOMINT modified Nose-Hoover thermostat, Kokkos", nullptr,
     &fix_creator<FixNHModKokkos<LMPDeviceType>, true>},
    {"fix", "nh/mod/kk/device", "GEOMINT modified Nose-Hoover thermostat, Kokkos device", nullptr,
     &fix_creator<FixNHModKokkos<LMPDeviceType>, true>},
    {"fix", "nh/mod/kk/host", "GEOMINT modified Nose-Hoover thermostat, Kokkos host", nullptr,
     &fix_creator<FixNHModKokkos<LMPHostType>, true>},
    {"fix", "multiscale/adaptive/kk", "GEOMINT force-scaling multiscale dynamics, Kokkos", nullptr,
     &fix_creator<FixMultiscaleAdaptiveKokkos<LMPDeviceType>, true>},
    {"fix", "multiscale/adaptive/kk/device", "GEOMINT force-scaling multiscale dynamics, Kokkos device",
     nullptr, &fix_creator<FixMultiscaleAdaptiveKokkos<LMPDeviceType>, true>},
    {"fix", "multiscale/adaptive/kk/host", "GEOMINT force-scaling multiscale dynamics, Kokkos host",
     nullptr, &fix_creator<FixMultiscaleAdaptiveKokkos<LMPHostType>, true>},
#endif
};

}    // namespace

extern "C" void lammpsplugin_init(void *lmp, void *handle, void *regfunc)
{
  auto register_plugin = reinterpret_cast<lammpsplugin_regfunc>(regfunc);
  for (const StyleEntry &s : styles) {
    lammpsplugin_t plugin;
    plugin.version = LAMMPS_VERSION;
    plugin.style = s.style;
    plugin.name = s.name;
    plugin.info = s.info;
    plugin.author = "GEOMINT developers";
    if (s.creator2)
      plugin.creator.v2 = s.creator2;
    else
      plugin.creator.v1 = s.creator1;
    plugin.handle = handle;
    (*register_plugin)(&plugin, lmp);
  }
}
