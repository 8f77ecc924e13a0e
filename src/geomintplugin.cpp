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
// [issue 21 pair/bond DG styles: includes]
#include "bond_fene_dg.h"
#include "bond_morse_dg.h"
#include "pair_coul_dsf_dg.h"
#include "pair_lj_cut_coul_dsf_dg.h"
#include "pair_morse_dg.h"
// [issue 21 bonded DG styles: includes]
#include "angle_cosine_dg.h"
#include "dihedral_charmm_dg.h"
#include "dihedral_harmonic_dg.h"
#include "dihedral_multi_harmonic_dg.h"
#include "improper_cvff_dg.h"
#include "improper_harmonic_dg.h"

#ifdef GEOMINT_KOKKOS
#include "fix_bagogab_kokkos.h"
#include "fix_dg_nve_kokkos.h"
#include "pair_lj_cut_dg_kokkos.h"
#include "fix_multiscale_adaptive_kokkos.h"
#include "fix_nh_mod_kokkos.h"
#include "fix_rigid_quat_hi_kokkos.h"
// [issue 23 /kk DG styles]
#include "dg_bonded_styles_kokkos.h"
#include "pair_morse_dg_kokkos.h"
#include "pair_dsf_dg_kokkos.h"
#include "pair_lj_mdf_dg_kokkos.h"
#endif

using namespace LAMMPS_NS;

namespace {

// the registered fix names (each also the template argument of its creator)
constexpr char N_BAGOGAB[] = "bagogab";
constexpr char N_DG_NVE[] = "dg/nve";
constexpr char N_RIGID_QUAT_HI[] = "rigid/quat/hi";
constexpr char N_NH_MOD[] = "nh/mod";
constexpr char N_ORIENT_HARMONIC[] = "orient/harmonic";
constexpr char N_BAGOGAB_KK[] = "bagogab/kk";
constexpr char N_BAGOGAB_KK_DEVICE[] = "bagogab/kk/device";
constexpr char N_BAGOGAB_KK_HOST[] = "bagogab/kk/host";
constexpr char N_RIGID_QUAT_HI_KK[] = "rigid/quat/hi/kk";
constexpr char N_NH_MOD_KK[] = "nh/mod/kk";
constexpr char N_NH_MOD_KK_DEVICE[] = "nh/mod/kk/device";
constexpr char N_NH_MOD_KK_HOST[] = "nh/mod/kk/host";
constexpr char N_MULTISCALE_ADAPTIVE_KK[] = "multiscale/adaptive/kk";
constexpr char N_MULTISCALE_ADAPTIVE_KK_DEVICE[] = "multiscale/adaptive/kk/device";
constexpr char N_MULTISCALE_ADAPTIVE_KK_HOST[] = "multiscale/adaptive/kk/host";
constexpr char N_MULTISCALE_ADAPTIVE[] = "multiscale/adaptive";
constexpr char N_DG_NVE_KK[] = "dg/nve/kk";
constexpr char N_DG_NVE_KK_DEVICE[] = "dg/nve/kk/device";
constexpr char N_DG_NVE_KK_HOST[] = "dg/nve/kk/host";
constexpr char N_RIGID_QUAT_HI_KK_DEVICE[] = "rigid/quat/hi/kk/device";
constexpr char N_RIGID_QUAT_HI_KK_HOST[] = "rigid/quat/hi/kk/host";

// Every fix is made through here, under the name it was registered with (`Name`,
// the key of LAMMPS's fix map): a restart file's state of this fix ID written by
// its CPU or Kokkos variant (fix X, X/kk, X/kk/host, X/kk/device) is its own, on
// every LAMMPS version (Modify matches the records right after the creator
// returns).  A fix found through a suffix (-sf kk, `suffix kk/host`, package
// kokkos pair/only) is made under the plain name and renamed to that key by
// Modify afterwards, so the key, not fix->style, is the name it will have.
void *adopt_restart_variants(void *lmp, Fix *fix, const char *name)
{
  geomint_compat::match_restart_variants(static_cast<LAMMPS *>(lmp), fix, name);
  return fix;
}

template <class FixType, const char *Name> void *fix_creator(void *lmp, int argc, char **argv)
{
  return adopt_restart_variants(lmp, new FixType(static_cast<LAMMPS *>(lmp), argc, argv), Name);
}

// pair, bond, angle and dihedral styles are made from the LAMMPS instance alone
template <class StyleType> void *style_creator(void *lmp)
{
  return new StyleType(static_cast<LAMMPS *>(lmp));
}

// fix rigid/quat/hi: the body style (arg[3]) picks the class (`name`: the registered
// name; under rigid/quat/hi/kk a CPU class serves the other body styles)
void *rigid_quat_hi_make(void *lmp, int argc, char **argv, const char *name)
{
  auto *l = static_cast<LAMMPS *>(lmp);
  if (argc > 3 && strcmp(argv[3], "atom") != 0) {
#ifdef GEOMINT_RIGID
    return adopt_restart_variants(lmp, new FixRigidQuatHiBody(l, argc, argv), name);
#else
    l->error->all(FLERR, "Fix rigid/quat/hi: bodystyle {} needs a GEOMINT built with "
                  "GEOMINT_RIGID on (a LAMMPS with the RIGID package); this one was built "
                  "without it. Use bodystyle atom, or rebuild GEOMINT", argv[3]);
#endif
  }
  return adopt_restart_variants(lmp, new FixRigidQuatHi(l, argc, argv), name);
}

template <const char *Name> void *rigid_quat_hi_creator(void *lmp, int argc, char **argv)
{
  return rigid_quat_hi_make(lmp, argc, argv, Name);
}

#ifdef GEOMINT_KOKKOS
// fix rigid/quat/hi/kk: bodystyle atom (on atom_style sphere) has a Kokkos
// class; any other body style gets what fix rigid/quat/hi gives it (under
// -sf kk a CPU fix runs on the host copies of the atom data)
template <class FixType, const char *Name>
void *rigid_quat_hi_kk_creator(void *lmp, int argc, char **argv)
{
  if (argc > 3 && strcmp(argv[3], "atom") != 0) return rigid_quat_hi_make(lmp, argc, argv, Name);
  return adopt_restart_variants(lmp, new FixType(static_cast<LAMMPS *>(lmp), argc, argv), Name);
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
    {"fix", N_BAGOGAB, "GEOMINT BAOAB Langevin integrator with in-triangle mesh points", nullptr,
     &fix_creator<FixBagogab, N_BAGOGAB>},
    {"fix", N_DG_NVE, "GEOMINT energy-conserving discrete-gradient NVE integrator", nullptr,
     &fix_creator<FixDGNVE, N_DG_NVE>},
    {"fix", N_RIGID_QUAT_HI, "GEOMINT quaternion rigid-body Langevin with hydrodynamic interactions",
     nullptr, &rigid_quat_hi_creator<N_RIGID_QUAT_HI>},
    {"fix", N_MULTISCALE_ADAPTIVE,
     "GEOMINT force-scaling multiscale dynamics (atomistic, continuum, adaptive switching)",
     nullptr, &fix_creator<FixMultiscaleAdaptive, N_MULTISCALE_ADAPTIVE>},
    {"fix", N_NH_MOD, "GEOMINT modified Nose-Hoover thermostat (PI control of kinetic energy)",
     nullptr, &fix_creator<FixNHMod, N_NH_MOD>},
    {"fix", N_ORIENT_HARMONIC, "GEOMINT orientational trap U = -(K/2)(e.u)^2 on ellipsoids", nullptr,
     &fix_creator<FixOrientHarmonic, N_ORIENT_HARMONIC>},
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
    // [issue 21 pair/bond DG styles: entries]
    {"pair", "morse/dg", "GEOMINT pair morse with a discrete gradient",
     &style_creator<PairMorseDG>, nullptr},
    {"pair", "coul/dsf/dg", "GEOMINT pair coul/dsf with a discrete gradient",
     &style_creator<PairCoulDSFDG>, nullptr},
    {"pair", "lj/cut/coul/dsf/dg", "GEOMINT pair lj/cut/coul/dsf with a discrete gradient",
     &style_creator<PairLJCutCoulDSFDG>, nullptr},
    {"bond", "fene/dg", "GEOMINT bond fene with a discrete gradient",
     &style_creator<BondFENEDG>, nullptr},
    {"bond", "morse/dg", "GEOMINT bond morse with a discrete gradient",
     &style_creator<BondMorseDG>, nullptr},
    // [issue 21 bonded DG styles: entries]
    {"angle", "cosine/dg", "GEOMINT angle cosine with a discrete gradient",
     &style_creator<AngleCosineDG>, nullptr},
    {"dihedral", "multi/harmonic/dg", "GEOMINT dihedral multi/harmonic with a discrete gradient",
     &style_creator<DihedralMultiHarmonicDG>, nullptr},
    {"dihedral", "charmm/dg", "GEOMINT dihedral charmm (torsion) with a discrete gradient",
     &style_creator<DihedralCharmmDG>, nullptr},
    {"dihedral", "harmonic/dg", "GEOMINT dihedral harmonic with a discrete gradient",
     &style_creator<DihedralHarmonicDG>, nullptr},
    {"improper", "harmonic/dg", "GEOMINT improper harmonic with a discrete gradient",
     &style_creator<ImproperHarmonicDG>, nullptr},
    {"improper", "cvff/dg", "GEOMINT improper cvff with a discrete gradient",
     &style_creator<ImproperCvffDG>, nullptr},
#ifdef GEOMINT_KOKKOS
    // LAMMPS derives no suffixed names for plugin styles: each /kk name is registered
    {"fix", N_BAGOGAB_KK, "GEOMINT BAOAB Langevin integrator, Kokkos", nullptr,
     &fix_creator<FixBagogabKokkos<LMPDeviceType>, N_BAGOGAB_KK>},
    {"fix", N_BAGOGAB_KK_DEVICE, "GEOMINT BAOAB Langevin integrator, Kokkos device", nullptr,
     &fix_creator<FixBagogabKokkos<LMPDeviceType>, N_BAGOGAB_KK_DEVICE>},
    // (without a GPU backend LMPHostType is LMPDeviceType: the same class)
    {"fix", N_BAGOGAB_KK_HOST, "GEOMINT BAOAB Langevin integrator, Kokkos host", nullptr,
     &fix_creator<FixBagogabKokkos<LMPHostType>, N_BAGOGAB_KK_HOST>},
    {"fix", N_RIGID_QUAT_HI_KK, "GEOMINT quaternion rigid-body Langevin (spheres), Kokkos", nullptr,
     &rigid_quat_hi_kk_creator<FixRigidQuatHiKokkos<LMPDeviceType>, N_RIGID_QUAT_HI_KK>},
    {"fix", N_RIGID_QUAT_HI_KK_DEVICE, "GEOMINT quaternion rigid-body Langevin (spheres), Kokkos device",
     nullptr, &rigid_quat_hi_kk_creator<FixRigidQuatHiKokkos<LMPDeviceType>, N_RIGID_QUAT_HI_KK_DEVICE>},
    {"fix", N_RIGID_QUAT_HI_KK_HOST, "GEOMINT quaternion rigid-body Langevin (spheres), Kokkos host",
     nullptr, &rigid_quat_hi_kk_creator<FixRigidQuatHiKokkos<LMPHostType>, N_RIGID_QUAT_HI_KK_HOST>},
    {"fix", N_NH_MOD_KK, "GEOMINT modified Nose-Hoover thermostat, Kokkos", nullptr,
     &fix_creator<FixNHModKokkos<LMPDeviceType>, N_NH_MOD_KK>},
    {"fix", N_NH_MOD_KK_DEVICE, "GEOMINT modified Nose-Hoover thermostat, Kokkos device", nullptr,
     &fix_creator<FixNHModKokkos<LMPDeviceType>, N_NH_MOD_KK_DEVICE>},
    {"fix", N_NH_MOD_KK_HOST, "GEOMINT modified Nose-Hoover thermostat, Kokkos host", nullptr,
     &fix_creator<FixNHModKokkos<LMPHostType>, N_NH_MOD_KK_HOST>},
    {"fix", N_MULTISCALE_ADAPTIVE_KK, "GEOMINT force-scaling multiscale dynamics, Kokkos", nullptr,
     &fix_creator<FixMultiscaleAdaptiveKokkos<LMPDeviceType>, N_MULTISCALE_ADAPTIVE_KK>},
    {"fix", N_MULTISCALE_ADAPTIVE_KK_DEVICE, "GEOMINT force-scaling multiscale dynamics, Kokkos device",
     nullptr, &fix_creator<FixMultiscaleAdaptiveKokkos<LMPDeviceType>, N_MULTISCALE_ADAPTIVE_KK_DEVICE>},
    {"fix", N_MULTISCALE_ADAPTIVE_KK_HOST, "GEOMINT force-scaling multiscale dynamics, Kokkos host",
     nullptr, &fix_creator<FixMultiscaleAdaptiveKokkos<LMPHostType>, N_MULTISCALE_ADAPTIVE_KK_HOST>},
    {"fix", N_DG_NVE_KK, "GEOMINT energy-conserving discrete-gradient NVE, Kokkos", nullptr,
     &fix_creator<FixDGNVEKokkos<LMPDeviceType>, N_DG_NVE_KK>},
    {"fix", N_DG_NVE_KK_DEVICE, "GEOMINT energy-conserving discrete-gradient NVE, Kokkos device",
     nullptr, &fix_creator<FixDGNVEKokkos<LMPDeviceType>, N_DG_NVE_KK_DEVICE>},
    {"fix", N_DG_NVE_KK_HOST, "GEOMINT energy-conserving discrete-gradient NVE, Kokkos host",
     nullptr, &fix_creator<FixDGNVEKokkos<LMPHostType>, N_DG_NVE_KK_HOST>},
    {"pair", "lj/cut/dg/kk", "GEOMINT pair lj/cut with a discrete gradient, Kokkos",
     &style_creator<PairLJCutDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "lj/cut/dg/kk/device", "GEOMINT pair lj/cut with a discrete gradient, Kokkos device",
     &style_creator<PairLJCutDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "lj/cut/dg/kk/host", "GEOMINT pair lj/cut with a discrete gradient, Kokkos host",
     &style_creator<PairLJCutDGKokkos<LMPHostType>>, nullptr},
    // [issue 23 /kk DG styles]
    {"pair", "morse/dg/kk", "GEOMINT pair morse with a discrete gradient, Kokkos",
     &style_creator<PairMorseDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "morse/dg/kk/device", "GEOMINT pair morse with a discrete gradient, Kokkos device",
     &style_creator<PairMorseDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "morse/dg/kk/host", "GEOMINT pair morse with a discrete gradient, Kokkos host",
     &style_creator<PairMorseDGKokkos<LMPHostType>>, nullptr},
    {"pair", "coul/dsf/dg/kk", "GEOMINT pair coul/dsf with a discrete gradient, Kokkos",
     &style_creator<PairCoulDSFDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "coul/dsf/dg/kk/device", "GEOMINT pair coul/dsf with a discrete gradient, Kokkos device",
     &style_creator<PairCoulDSFDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "coul/dsf/dg/kk/host", "GEOMINT pair coul/dsf with a discrete gradient, Kokkos host",
     &style_creator<PairCoulDSFDGKokkos<LMPHostType>>, nullptr},
    {"pair", "lj/cut/coul/dsf/dg/kk", "GEOMINT pair lj/cut/coul/dsf with a discrete gradient, Kokkos",
     &style_creator<PairLJCutCoulDSFDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "lj/cut/coul/dsf/dg/kk/device", "GEOMINT pair lj/cut/coul/dsf with a discrete gradient, Kokkos device",
     &style_creator<PairLJCutCoulDSFDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "lj/cut/coul/dsf/dg/kk/host", "GEOMINT pair lj/cut/coul/dsf with a discrete gradient, Kokkos host",
     &style_creator<PairLJCutCoulDSFDGKokkos<LMPHostType>>, nullptr},
    {"pair", "lj/mdf/dg/kk", "GEOMINT pair lj/mdf with a discrete gradient, Kokkos",
     &style_creator<PairLJMDFDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "lj/mdf/dg/kk/device", "GEOMINT pair lj/mdf with a discrete gradient, Kokkos device",
     &style_creator<PairLJMDFDGKokkos<LMPDeviceType>>, nullptr},
    {"pair", "lj/mdf/dg/kk/host", "GEOMINT pair lj/mdf with a discrete gradient, Kokkos host",
     &style_creator<PairLJMDFDGKokkos<LMPHostType>>, nullptr},
    {"bond", "harmonic/dg/kk", "GEOMINT bond harmonic with a discrete gradient, Kokkos",
     &style_creator<BondHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"bond", "harmonic/dg/kk/device", "GEOMINT bond harmonic with a discrete gradient, Kokkos device",
     &style_creator<BondHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"bond", "harmonic/dg/kk/host", "GEOMINT bond harmonic with a discrete gradient, Kokkos host",
     &style_creator<BondHarmonicDGKokkos<LMPHostType>>, nullptr},
    {"bond", "fene/dg/kk", "GEOMINT bond fene with a discrete gradient, Kokkos",
     &style_creator<BondFENEDGKokkos<LMPDeviceType>>, nullptr},
    {"bond", "fene/dg/kk/device", "GEOMINT bond fene with a discrete gradient, Kokkos device",
     &style_creator<BondFENEDGKokkos<LMPDeviceType>>, nullptr},
    {"bond", "fene/dg/kk/host", "GEOMINT bond fene with a discrete gradient, Kokkos host",
     &style_creator<BondFENEDGKokkos<LMPHostType>>, nullptr},
    {"bond", "morse/dg/kk", "GEOMINT bond morse with a discrete gradient, Kokkos",
     &style_creator<BondMorseDGKokkos<LMPDeviceType>>, nullptr},
    {"bond", "morse/dg/kk/device", "GEOMINT bond morse with a discrete gradient, Kokkos device",
     &style_creator<BondMorseDGKokkos<LMPDeviceType>>, nullptr},
    {"bond", "morse/dg/kk/host", "GEOMINT bond morse with a discrete gradient, Kokkos host",
     &style_creator<BondMorseDGKokkos<LMPHostType>>, nullptr},
    {"angle", "harmonic/dg/kk", "GEOMINT angle harmonic with a discrete gradient, Kokkos",
     &style_creator<AngleHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"angle", "harmonic/dg/kk/device", "GEOMINT angle harmonic with a discrete gradient, Kokkos device",
     &style_creator<AngleHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"angle", "harmonic/dg/kk/host", "GEOMINT angle harmonic with a discrete gradient, Kokkos host",
     &style_creator<AngleHarmonicDGKokkos<LMPHostType>>, nullptr},
    {"angle", "cosine/dg/kk", "GEOMINT angle cosine with a discrete gradient, Kokkos",
     &style_creator<AngleCosineDGKokkos<LMPDeviceType>>, nullptr},
    {"angle", "cosine/dg/kk/device", "GEOMINT angle cosine with a discrete gradient, Kokkos device",
     &style_creator<AngleCosineDGKokkos<LMPDeviceType>>, nullptr},
    {"angle", "cosine/dg/kk/host", "GEOMINT angle cosine with a discrete gradient, Kokkos host",
     &style_creator<AngleCosineDGKokkos<LMPHostType>>, nullptr},
    {"angle", "cosine/squared/dg/kk", "GEOMINT angle cosine/squared with a discrete gradient, Kokkos",
     &style_creator<AngleCosineSquaredDGKokkos<LMPDeviceType>>, nullptr},
    {"angle", "cosine/squared/dg/kk/device", "GEOMINT angle cosine/squared with a discrete gradient, Kokkos device",
     &style_creator<AngleCosineSquaredDGKokkos<LMPDeviceType>>, nullptr},
    {"angle", "cosine/squared/dg/kk/host", "GEOMINT angle cosine/squared with a discrete gradient, Kokkos host",
     &style_creator<AngleCosineSquaredDGKokkos<LMPHostType>>, nullptr},
    {"dihedral", "opls/dg/kk", "GEOMINT dihedral opls with a discrete gradient, Kokkos",
     &style_creator<DihedralOPLSDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "opls/dg/kk/device", "GEOMINT dihedral opls with a discrete gradient, Kokkos device",
     &style_creator<DihedralOPLSDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "opls/dg/kk/host", "GEOMINT dihedral opls with a discrete gradient, Kokkos host",
     &style_creator<DihedralOPLSDGKokkos<LMPHostType>>, nullptr},
    {"dihedral", "nharmonic/dg/kk", "GEOMINT dihedral nharmonic with a discrete gradient, Kokkos",
     &style_creator<DihedralNHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "nharmonic/dg/kk/device", "GEOMINT dihedral nharmonic with a discrete gradient, Kokkos device",
     &style_creator<DihedralNHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "nharmonic/dg/kk/host", "GEOMINT dihedral nharmonic with a discrete gradient, Kokkos host",
     &style_creator<DihedralNHarmonicDGKokkos<LMPHostType>>, nullptr},
    {"dihedral", "multi/harmonic/dg/kk", "GEOMINT dihedral multi/harmonic with a discrete gradient, Kokkos",
     &style_creator<DihedralMultiHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "multi/harmonic/dg/kk/device", "GEOMINT dihedral multi/harmonic with a discrete gradient, Kokkos device",
     &style_creator<DihedralMultiHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "multi/harmonic/dg/kk/host", "GEOMINT dihedral multi/harmonic with a discrete gradient, Kokkos host",
     &style_creator<DihedralMultiHarmonicDGKokkos<LMPHostType>>, nullptr},
    {"dihedral", "charmm/dg/kk", "GEOMINT dihedral charmm (torsion) with a discrete gradient, Kokkos",
     &style_creator<DihedralCharmmDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "charmm/dg/kk/device", "GEOMINT dihedral charmm (torsion) with a discrete gradient, Kokkos device",
     &style_creator<DihedralCharmmDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "charmm/dg/kk/host", "GEOMINT dihedral charmm (torsion) with a discrete gradient, Kokkos host",
     &style_creator<DihedralCharmmDGKokkos<LMPHostType>>, nullptr},
    {"dihedral", "harmonic/dg/kk", "GEOMINT dihedral harmonic with a discrete gradient, Kokkos",
     &style_creator<DihedralHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "harmonic/dg/kk/device", "GEOMINT dihedral harmonic with a discrete gradient, Kokkos device",
     &style_creator<DihedralHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"dihedral", "harmonic/dg/kk/host", "GEOMINT dihedral harmonic with a discrete gradient, Kokkos host",
     &style_creator<DihedralHarmonicDGKokkos<LMPHostType>>, nullptr},
    {"improper", "harmonic/dg/kk", "GEOMINT improper harmonic with a discrete gradient, Kokkos",
     &style_creator<ImproperHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"improper", "harmonic/dg/kk/device", "GEOMINT improper harmonic with a discrete gradient, Kokkos device",
     &style_creator<ImproperHarmonicDGKokkos<LMPDeviceType>>, nullptr},
    {"improper", "harmonic/dg/kk/host", "GEOMINT improper harmonic with a discrete gradient, Kokkos host",
     &style_creator<ImproperHarmonicDGKokkos<LMPHostType>>, nullptr},
    {"improper", "cvff/dg/kk", "GEOMINT improper cvff with a discrete gradient, Kokkos",
     &style_creator<ImproperCvffDGKokkos<LMPDeviceType>>, nullptr},
    {"improper", "cvff/dg/kk/device", "GEOMINT improper cvff with a discrete gradient, Kokkos device",
     &style_creator<ImproperCvffDGKokkos<LMPDeviceType>>, nullptr},
    {"improper", "cvff/dg/kk/host", "GEOMINT improper cvff with a discrete gradient, Kokkos host",
     &style_creator<ImproperCvffDGKokkos<LMPHostType>>, nullptr},
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
