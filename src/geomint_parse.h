// GEOMINT: parsing of keyword values shared by the styles.
#ifndef GEOMINT_PARSE_H
#define GEOMINT_PARSE_H

#include "error.h"
#include "utils.h"

#include <cstdlib>
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

  // a random seed: an integer from 1 to 2147483647 (written as an integer, as
  // utils::inumeric wants it; "5.0" or "1e3" are refused, not rounded)
  inline int seed(Error *error, const std::string &style, const char *value)
  {
    char *end = nullptr;
    const long long n = std::strtoll(value, &end, 10);
    const bool integer = utils::is_integer(value) && end && *end == '\0' && end != value;
    if (!integer || n < 1 || n > 2147483647LL)
      error->all(FLERR, "{}: seed must be an integer from 1 to 2147483647 (got {})", style, value);
    return static_cast<int>(n);
  }

}    // namespace geomint_parse
}    // namespace LAMMPS_NS

#endif
