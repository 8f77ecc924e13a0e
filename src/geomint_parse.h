// GEOMINT: parsing of keyword values shared by the styles.
#ifndef GEOMINT_PARSE_H
#define GEOMINT_PARSE_H

#include "error.h"

#include <cstring>
#include <string>

namespace LAMMPS_NS {
namespace geomint_parse {

  // yes/no keyword values (utils::logical() exists only from 2022 on).
  inline bool yes_no(Error *error, const std::string &style, const std::string &keyword,
                     const char *value)
  {
    if (strcmp(value, "yes") == 0) return true;
    if (strcmp(value, "no") == 0) return false;
    error->all(FLERR, "{}: keyword {} takes yes or no, not '{}'", style, keyword, value);
    return false;
  }

}    // namespace geomint_parse
}    // namespace LAMMPS_NS

#endif
