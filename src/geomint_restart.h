/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - self-describing restart payloads of the GEOMINT fixes

   Global state (write_restart/restart): the doubles
     [RESTART_MAGIC, version, n, value_1 .. value_n]
   A payload without the magic word is a layout from before versioning
   (its size is not passed to Fix::restart(), so each fix recognises its
   known legacy layouts by their content, and never reads past them).

   Per-atom state (pack_restart/unpack_restart): LAMMPS's own convention
   [size, ...] with the version as the first value after the size:
     [n + 2, version, value_1 .. value_n]
   A legacy per-atom layout is recognised by its size; any other layout is
   refused with refuse_peratom().
------------------------------------------------------------------------- */

#ifndef GEOMINT_RESTART_H
#define GEOMINT_RESTART_H

#include "atom.h"
#include "error.h"
#include "geomint_error.h"
#include "lammps.h"

#include <cstdio>
#include <string>
#include <vector>

namespace LAMMPS_NS {
namespace geomint_restart {

  // not an integer, not a plausible tally: marks a versioned GEOMINT payload
  constexpr double RESTART_MAGIC = -7.3574692917035e+299;

  // rank 0 writes [size][MAGIC, version, n, values...]
  inline void write_global(FILE *fp, int me, int version, const std::vector<double> &values)
  {
    if (me != 0) return;
    std::vector<double> list;
    list.reserve(values.size() + 3);
    list.push_back(RESTART_MAGIC);
    list.push_back(version);
    list.push_back(static_cast<double>(values.size()));
    list.insert(list.end(), values.begin(), values.end());
    const int size = static_cast<int>(list.size() * sizeof(double));
    fwrite(&size, sizeof(int), 1, fp);
    fwrite(list.data(), sizeof(double), list.size(), fp);
  }

  // a versioned global payload: version, n and a pointer to the values
  struct Global {
    bool versioned;        // false: a legacy layout (no magic word)
    int version;
    int count;
    const double *values;  // versioned: the n values; legacy: the raw buffer
  };

  inline Global read_global(const char *buf)
  {
    const double *list = reinterpret_cast<const double *>(buf);
    if (list[0] != RESTART_MAGIC) return {false, 0, 0, list};
    return {true, static_cast<int>(list[1]), static_cast<int>(list[2]), list + 3};
  }

  // the ERROR for a global payload of a layout this GEOMINT does not read
  // (`advice`: what the user can do; `older`: the older layouts the fix also
  // reads, e.g. " and versions 1 and 2")
  inline void refuse_global(Error *error, const char *style, const char *id, const Global &g,
                            int version, const std::string &advice, const char *older = "")
  {
    error->all(FLERR, "{}: the restart file holds fix {} state of an unknown layout (version {}, "
               "{} values); this GEOMINT reads version {}{}. {}",
               style, id, g.versioned ? g.version : 0, g.count, version, older, advice);
  }

  // this fix's per-atom record [size, ...] of atom `nlocal` in atom->extra: the
  // nth of the atom's records (the arguments Fix::unpack_restart() is given)
  inline const double *peratom_record(LAMMPS *lmp, int nlocal, int nth)
  {
    const double *extra = lmp->atom->extra[nlocal];
    int m = 0;
    for (int i = 0; i < nth; i++) m += static_cast<int>(extra[m]);
    return extra + m;
  }

  // the ERROR for per-atom state of a layout this fix does not read.
  // `record` is the fix's record in atom->extra, [size, version, values...]
  // (size counts the two header words); `version` and `count` are the
  // layout the fix reads now (its version and number of values); `advice`:
  // what the user can do; `older`: the older layouts it also reads.  Called
  // from unpack_restart(), on the rank that holds the atom (other ranks may
  // hold none): it stops the run with a line that reaches the screen and the
  // log also in a batch job (geomint_error::error_one)
  [[noreturn]] inline void refuse_peratom(LAMMPS *lmp, const char *style, const char *id,
                                          const double *record, int version, int count,
                                          const std::string &advice, const char *older = "")
  {
    const int size = static_cast<int>(record[0]);
    geomint_error::error_one(lmp, FLERR, "{}: the restart file holds per-atom fix {} state of an "
                              "unknown layout (version {}, {} values); fix {} as defined now reads "
                              "version {} with {} values{}. {}",
                              style, id, size > 1 ? record[1] : 0.0, size > 2 ? size - 2 : 0, id,
                              version, count, older, advice);
  }

}    // namespace geomint_restart
}    // namespace LAMMPS_NS

#endif
