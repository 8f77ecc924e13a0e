/* ----------------------------------------------------------------------
   GEOMINT - geometric integrators for LAMMPS
   The one registration table of the plugin: every style, CPU and /kk.
------------------------------------------------------------------------- */

#include "lammpsplugin.h"
#include "version.h"

#include "fix_bagogab.h"

using namespace LAMMPS_NS;

namespace {

template <class FixType> void *fix_creator(void *lmp, int argc, char **argv)
{
  return new FixType(static_cast<LAMMPS *>(lmp), argc, argv);
}

struct StyleEntry {
  const char *style;
  const char *name;
  const char *info;
  lammpsplugin_factory2 *creator2;
};

const StyleEntry styles[] = {
    {"fix", "bagogab", "GEOMINT BAOAB Langevin integrator with in-triangle mesh points",
     &fix_creator<FixBagogab>},
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
    plugin.creator.v2 = s.creator2;
    plugin.handle = handle;
    (*register_plugin)(&plugin, lmp);
  }
}
