// GEOMINT: the one place where differences between LAMMPS versions are hidden
// (version shims only: the MPI STUBS overloads are in geomint_mpi_stubs.h, the
// access to non-public members in geomint_member_pointer.h, the error policy in
// geomint_error.h, keyword parsing in geomint_parse.h).
//
// LAMMPS_VERSION_NUMBER (yyyymmdd) is parsed from the LAMMPS version.h at
// configure time by CMakeLists.txt.  Supported: 29Sep2021 up to the current
// stable release.
#ifndef GEOMINT_COMPAT_H
#define GEOMINT_COMPAT_H

#include "comm.h"
#include "compute.h"
#include "domain.h"
#include "fix.h"
#include "lammps.h"
#include "modify.h"
#include "timer.h"
#include "utils.h"

#include <cstring>
#include <string>
#include <utility>

#ifndef LAMMPS_VERSION_NUMBER
#error "LAMMPS_VERSION_NUMBER must be defined (the GEOMINT CMake build does this)"
#endif

// LAMMPS throws its exceptions (LAMMPSAbortException ...) on errors in every
// build from 8Feb2023 on, before only when built with -DLAMMPS_EXCEPTIONS
#if defined(LAMMPS_EXCEPTIONS) || LAMMPS_VERSION_NUMBER >= 20230208
#define GEOMINT_LAMMPS_EXCEPTIONS 1
#include "exceptions.h"
#else
#define GEOMINT_LAMMPS_EXCEPTIONS 0
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


  // Domain::minimum_image() takes the caller's (FLERR, ...) in the 2025-2026 releases
  // (for the ERROR it gives on a distance of many box lengths); detected from the signature, so that
  // any release that has it, and only such a release, gets the two arguments.
  // (call as geomint_compat::minimum_image(domain, FLERR, dx, dy, dz))
  namespace detail {
    template <class D>
    inline auto minimum_image(D *domain, const char *file, int line, double &dx, double &dy,
                              double &dz, int)
        -> decltype(domain->minimum_image(std::string(), 0, dx, dy, dz))
    {
      return domain->minimum_image(file, line, dx, dy, dz);
    }
    template <class D>
    inline void minimum_image(D *domain, const char *, int, double &dx, double &dy, double &dz,
                              long)
    {
      domain->minimum_image(dx, dy, dz);
    }
  }    // namespace detail
  inline void minimum_image(Domain *domain, const char *file, int line, double &dx, double &dy,
                            double &dz)
  {
    detail::minimum_image(domain, file, line, dx, dy, dz, 0);
  }
  inline void minimum_image(Domain *domain, const char *file, int line, double *delta)
  {
    detail::minimum_image(domain, file, line, delta[0], delta[1], delta[2], 0);
  }

  // The fix or compute with this ID, nullptr if there is none.  Modify::find_fix()/
  // find_compute() (an index) are deprecated upstream and announced for removal; the
  // pointer lookups exist from 24Mar2022 on.
  inline Fix *fix_by_id(Modify *modify, const std::string &id)
  {
#if LAMMPS_VERSION_NUMBER >= 20220324
    return modify->get_fix_by_id(id);
#else
    const int i = modify->find_fix(id);
    return i >= 0 ? modify->fix[i] : nullptr;
#endif
  }
  inline Compute *compute_by_id(Modify *modify, const std::string &id)
  {
#if LAMMPS_VERSION_NUMBER >= 20220324
    return modify->get_compute_by_id(id);
#else
    const int i = modify->find_compute(id);
    return i >= 0 ? modify->compute[i] : nullptr;
#endif
  }
  // The position of a fix in Modify's list (the order in which fixes act), -1 if absent.
  inline int fix_index(Modify *modify, const Fix *fix)
  {
    for (int i = 0; i < modify->nfix; i++)
      if (modify->fix[i] == fix) return i;
    return -1;
  }

  // Restart records of a fix and of its Kokkos variants.  LAMMPS hands a fix the
  // state stored in a restart file (Modify::add_fix, right after post_constructor())
  // only when the stored style name matches: exactly up to 2022; from 8Feb2023 on
  // (lammps/lammps PR #3538) the global record is written and compared under the
  // style without the -sf suffix (only while that suffix is enabled), the per-atom
  // record still under the full name (measured in 29Aug2024 and 4Jul2026).  So a CPU restart read by
  // fix X/kk (and the reverse, and X/kk/host, X/kk/device, 'suffix off') could
  // silently start afresh.  match_restart_variants(), called by the plugin's fix
  // creators (src/geomintplugin.cpp), renames stored records of this fix ID whose style is a
  // variant of this fix's style (the same after dropping /kk, /kk/host, /kk/device)
  // to the name Modify will compare, so that Modify restores them as its own.
  // `style` is the name the fix will have: a fix found through a suffix (-sf kk,
  // `suffix kk/host`) is created under the plain name and renamed to the key it was
  // registered under after its creator returns, so the creators pass that key.
  // (The records are protected members of Modify: they are reached through member
  // pointers formed in a derived class, which C++ allows.)
  namespace detail {
    struct ModifyRestartRecords : Modify {
      static auto global_ids() { return &ModifyRestartRecords::id_restart_global; }
      static auto global_styles() { return &ModifyRestartRecords::style_restart_global; }
      static auto peratom_ids() { return &ModifyRestartRecords::id_restart_peratom; }
      static auto peratom_styles() { return &ModifyRestartRecords::style_restart_peratom; }
    };
    inline std::string without_kokkos_suffix(std::string style)
    {
      for (const char *sfx : {"/kk/host", "/kk/device", "/kk"}) {
        const size_t n = strlen(sfx);
        if (style.size() > n && style.compare(style.size() - n, n, sfx) == 0) {
          style.resize(style.size() - n);
          break;
        }
      }
      return style;
    }
    inline void rename_variants(LAMMPS *lmp, Fix *fix, const std::string &style, bool global,
                                int n, char **ids, char **styles)
    {
#if LAMMPS_VERSION_NUMBER >= 20230208
      const std::string wanted = global ? utils::strip_style_suffix(style, lmp) : style;
#else
      const std::string wanted = style;
      (void) lmp;
      (void) global;
#endif
      const std::string base = without_kokkos_suffix(style);
      for (int i = 0; i < n; i++) {
        if (strcmp(ids[i], fix->id) != 0 || wanted == styles[i]) continue;
        if (without_kokkos_suffix(styles[i]) != base) continue;
        delete[] styles[i];
        styles[i] = new char[wanted.size() + 1];
        strcpy(styles[i], wanted.c_str());
      }
    }
  }    // namespace detail

  inline void match_restart_variants(LAMMPS *lmp, Fix *fix, const std::string &style)
  {
    Modify *modify = lmp->modify;
    using R = detail::ModifyRestartRecords;
    if (modify->nfix_restart_global > 0)
      detail::rename_variants(lmp, fix, style, true, modify->nfix_restart_global,
                              modify->*R::global_ids(), modify->*R::global_styles());
    if (modify->nfix_restart_peratom > 0)
      detail::rename_variants(lmp, fix, style, false, modify->nfix_restart_peratom,
                              modify->*R::peratom_ids(), modify->*R::peratom_styles());
  }

  // Is a timer timeout set for the current run (running or already run out)?
  // LAMMPS 29Aug2024 and later say so; before, get_timeout_remain() is 0 only
  // without one (it goes negative once the time is up), and a forced timeout
  // (fix halt) is is_timeout()
  inline bool timeout_set(Timer *timer)
  {
#if LAMMPS_VERSION_NUMBER >= 20240829
    return timer->has_timeout() || timer->is_timeout();
#else
    return timer->get_timeout_remain() != 0.0 || timer->is_timeout();
#endif
  }

  // Is a fix with this ID still registered in Modify?  Destructors check it
  // before removing atom callbacks (a fix deleted while being replaced, or
  // constructed outside Modify, has none), as current LAMMPS fixes do.
  inline bool fix_exists(Modify *modify, const char *id)
  {
#if LAMMPS_VERSION_NUMBER >= 20220324
    return modify->get_fix_by_id(id) != nullptr;
#else
    return modify->find_fix(id) >= 0;
#endif
  }

}    // namespace geomint_compat
}    // namespace LAMMPS_NS

#endif
