// 'run N pre no' as the first run of a GEOMINT integrator defined (or
// redefined) after an earlier run: LAMMPS skips init() and setup() with
// pre no, so the fix was never set up.  Before the check, fix
// multiscale/adaptive crashed (segmentation fault), fix dg/nve froze every
// atom without a word and fix bagogab blew the liquid up (PE 8e4 after 50
// steps); now every integrator stops with an ERROR that says to run with pre
// yes.  init() alone does not count (write_data, write_restart, set,
// delete_atoms and minimize call it without the fixes' setup).  A 'run N pre
// no' after a run of the same fix keeps working (and is the same trajectory as
// one run: each style's own tests check that).
#include "lammps_session.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

using geomint_test::Session;

namespace {

struct Case {
  std::string system, fix;
};

}    // namespace

TEST(PreNoFirstRun, EveryIntegratorRefusesToRunWithoutItsSetup)
{
  const std::string lj = geomint_test::lj_liquid(3, 1.0, 4928);
  const std::string lj_dg =
      lj + "pair_style lj/cut/dg 2.5\npair_coeff * * 1.0 1.0 2.5\npair_modify shift yes\n";
  const std::string spheres =
      "units lj\natom_style sphere\natom_modify map array\nlattice sc 0.5\n"
      "region box block 0 4 0 4 0 4\ncreate_box 1 box\ncreate_atoms 1 box\n"
      "set type 1 diameter 1.0\nset type 1 mass 1.0\nvelocity all create 1.0 87287 loop geom\n"
      "pair_style lj/cut 2.5\npair_coeff 1 1 1.0 1.0 2.5\n";
  const Case cases[] = {
      {lj, "bagogab 1.0 1.0 1.0 5"},
      {lj, "nh/mod temp 1.0 1.0 0.5 kd 50.0"},
      {lj_dg, "dg/nve"},
      {lj, "multiscale/adaptive a2 0.1 mode continuum drag beta type 1.0"},
      {spheres, "rigid/quat/hi atom 1.0 1.0 4928 viscosity 0.0795774715 radius 0.5"},
      // (bodies of several atoms: another class)
      {lj, "rigid/quat/hi single 1.0 1.0 4928 gamma_t 1.0 gamma_r 1.0"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.fix);
    const std::string style = c.fix.substr(0, c.fix.find(' '));
    {
      // a new fix after a run of another integrator
      Session s;
      s.cmd(c.system + "fix 1 all nve\nthermo 0\nrun 10\nunfix 1\nfix 2 all " + c.fix);
      const std::string err = s.error_of("run 10 pre no");
      EXPECT_NE(err.find("Fix " + style), std::string::npos) << err;
      EXPECT_NE(err.find("use 'run N' (pre yes)"), std::string::npos) << err;
    }
    {
      // ... also when a command between re-initialised LAMMPS without a setup
      // (write_data calls init(), not the fixes' setup())
      Session s;
      const std::string data = geomint_test::scratch_path("pre_no.data");
      s.cmd(c.system + "fix 1 all nve\nthermo 0\nrun 10\nunfix 1\nfix 2 all " + c.fix +
            "\nwrite_data " + data);
      EXPECT_NE(s.error_of("run 10 pre no").find("was never set up"), std::string::npos);
      std::remove(data.c_str());
    }
    {
      // the fix redefined under its ID; then 'run N' sets it up, and a
      // following 'run N pre no' continues
      Session s;
      s.cmd(c.system + "fix 2 all " + c.fix + "\nthermo 0\nrun 10\nfix 2 all " + c.fix);
      EXPECT_NE(s.error_of("run 10 pre no").find("was never set up"), std::string::npos);
    }
    {
      Session s;
      s.cmd(c.system + "fix 2 all " + c.fix + "\nthermo 0\nrun 10\nrun 10 pre no");
      EXPECT_EQ(s.equal("step"), 20.0);
    }
  }
}
