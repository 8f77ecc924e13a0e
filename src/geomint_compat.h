// GEOMINT: the one place where differences between LAMMPS versions are hidden.
//
// LAMMPS_VERSION_NUMBER (yyyymmdd) is parsed from the LAMMPS version.h at
// configure time by CMakeLists.txt.  Supported: 29Sep2021 up to the current
// stable release.
#ifndef GEOMINT_COMPAT_H
#define GEOMINT_COMPAT_H

#include "comm.h"
#include "error.h"
#include "fix.h"
#include "lammps.h"

#include <cstring>
#include <string>
#include <utility>

#ifndef LAMMPS_VERSION_NUMBER
#error "LAMMPS_VERSION_NUMBER must be defined (the GEOMINT CMake build does this)"
#endif

namespace LAMMPS_NS {
namespace geomint_compat {

  // Comm::forward_comm_fix()/reverse_comm_fix() became forward_comm()/reverse_comm()
  // in lammps/lammps PR #3148 (first released in 24Mar2022).
  template <class Style> inline void forward_comm(Comm *comm, Style *style, int size = 0)
  {
#if LAMMPS_VERSION_NUMBER >= 20220324
    comm->forward_comm(style, size);
#else
    comm->forward_comm_fix(style, size);
#endif
  }

  template <class Style> inline void reverse_comm(Comm *comm, Style *style, int size = 0)
  {
#if LAMMPS_VERSION_NUMBER >= 20220324
    comm->reverse_comm(style, size);
#else
    comm->reverse_comm_fix(style, size);
#endif
  }

  // Fix::dof() returns int in 2021-2022 and bigint in later releases
  using dof_type = decltype(std::declval<Fix &>().dof(0));

  // yes/no keyword values (utils::logical() exists only from 2022 on).
  inline bool yes_no(Error *error, const std::string &style, const std::string &keyword,
                     const char *value)
  {
    if (strcmp(value, "yes") == 0) return true;
    if (strcmp(value, "no") == 0) return false;
    error->all(FLERR, "{}: keyword {} takes yes or no, not '{}'", style, keyword, value);
    return false;
  }

}    // namespace geomint_compat
}    // namespace LAMMPS_NS

#endif
