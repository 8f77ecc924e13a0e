// Destructors of the fixes that get Kokkos subclasses (issue "Trustworthy in
// real workflows", item 13): a copy made for a Kokkos functor (copymode = 1)
// must free nothing, and a fix that is not (or no longer) registered in Modify
// must not try to remove its atom callbacks.  The fix classes are compiled
// into this test (not loaded as the plugin) so that the test can copy and
// construct them directly.
#include "geomint_compat.h"
#include "lammps_session.h"

#include "fix_bagogab.h"
#include "fix_dg_nve.h"

#include "atom.h"
#include "modify.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

using geomint_test::Session;
using namespace LAMMPS_NS;

namespace {

template <class T> Fix *create(LAMMPS *lmp, int narg, char **arg)
{
  return new T(lmp, narg, arg);
}

// what a Kokkos functor holds: a copy of the fix with copymode set
template <class T> struct KokkosCopy : public T {
  explicit KokkosCopy(const T &fix) : T(fix) { this->copymode = 1; }
};

// a LAMMPS instance with this executable's fix classes registered as styles
void register_styles(Session &s)
{
  (*s.lmp->modify->fix_map)["bagogab"] = &create<FixBagogab>;
  (*s.lmp->modify->fix_map)["dg/nve"] = &create<FixDGNVE>;
}

std::string triangle_system()
{
  const std::string mesh = geomint_test::scratch_path("lifecycle.mesh");
  std::ofstream(mesh) << "# one triangle\n1 triangles\n\nTriangles\n\n1 1 2 3\n";
  return "units lj\natom_style atomic\natom_modify map array\nregion b block -5 5 -5 5 -5 5\n"
         "create_box 2 b\ncreate_atoms 1 single 0 0 0\ncreate_atoms 1 single 2 0 0\n"
         "create_atoms 1 single 0.5 1.5 0\ncreate_atoms 2 single 0.8 0.5 0\nmass * 1.0\n"
         "group pts type 2\npair_style zero 2.0\npair_coeff * *\n"
         "velocity all create 1.0 4321 loop geom\nthermo 0\n"
         "variable mesh string " + mesh + "\n";
}

// A Kokkos-style copy (copymode = 1) is destroyed in the middle of a run's
// life; the original keeps its per-atom state and memory, runs on and is
// destroyed once (a copy that freed the state would crash or double-free).
TEST(FixLifecycle, BagogabCopyInCopymodeFreesNothing)
{
  Session s(false);
  register_styles(s);
  s.cmd(triangle_system() + "fix 1 all bagogab 1.0 1.0 1.0 5 mesh ${mesh} intri pts zero yes\n"
        "run 10");
  auto *fix = dynamic_cast<FixBagogab *>(LAMMPS_NS::geomint_compat::fix_by_id(s.lmp->modify, "1"));
  ASSERT_NE(fix, nullptr);
  delete new KokkosCopy<FixBagogab>(*fix);
  s.cmd("run 10");
  EXPECT_EQ(fix->array_atom[s.lmp->atom->map(4)][0], 1.0);    // the point keeps its triangle
  s.cmd("unfix 1\nrun 0");
}

TEST(FixLifecycle, DGNVECopyInCopymodeFreesNothing)
{
  Session s(true);    // the DG pair style comes from the plugin
  register_styles(s);
  s.cmd("units lj\natom_style atomic\natom_modify map array\nlattice fcc 0.8442\n"
        "region box block 0 3 0 3 0 3\ncreate_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
        "velocity all create 1.5 87287 loop geom\npair_style lj/cut/dg 2.5\n"
        "pair_coeff 1 1 1.0 1.0 2.5\nneigh_modify every 1 delay 0 check yes\nthermo 0\n"
        "fix 1 all dg/nve\nrun 5");
  Fix *fix = LAMMPS_NS::geomint_compat::fix_by_id(s.lmp->modify, "1");
  delete new KokkosCopy<FixDGNVE>(*dynamic_cast<FixDGNVE *>(fix));
  s.cmd("run 5\nunfix 1");
}

// A fix constructed outside Modify (as a Kokkos variant's helper might be) or
// already removed from it has no callbacks to remove: its destructor must not
// stop with "Trying to delete non-existent Atom::grow() callback" (thrown from
// a destructor, that would terminate the program).
TEST(FixLifecycle, BagogabNotInModifyIsDestroyedCleanly)
{
  Session s(false);
  register_styles(s);
  s.cmd(triangle_system());
  const char *args[] = {"99", "all", "bagogab", "1.0", "1.0", "1.0", "5", "mesh",
                        nullptr, "intri", "pts"};
  const std::string mesh = geomint_test::scratch_path("lifecycle.mesh");
  args[8] = mesh.c_str();
  const int ngrow = s.lmp->atom->nextra_grow;
  auto *fix = new FixBagogab(s.lmp, 11, const_cast<char **>(args));
  EXPECT_EQ(s.lmp->atom->nextra_grow, ngrow + 1);
  delete fix;
  SUCCEED();
}

}    // namespace
