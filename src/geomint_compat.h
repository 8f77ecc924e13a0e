// GEOMINT: the one place where differences between LAMMPS versions are hidden.
//
// LAMMPS_VERSION_NUMBER (yyyymmdd) is parsed from the LAMMPS version.h at
// configure time by CMakeLists.txt.  Supported: 29Sep2021 up to the current
// stable release.
#ifndef GEOMINT_COMPAT_H
#define GEOMINT_COMPAT_H

#include "comm.h"
#include "compute.h"
#include "domain.h"
#include "error.h"
#include "fix.h"
#include "lammps.h"
#include "modify.h"
#include "timer.h"
#include "universe.h"
#include "update.h"
#include "utils.h"

#if defined(LAMMPS_EXCEPTIONS) || LAMMPS_VERSION_NUMBER >= 20230208
#include "exceptions.h"
#endif

// LAMMPS built without MPI (BUILD_MPI=off: its STUBS library, GEOMINT_MPI=off here):
// the stubs take non-const buffers and have no MPI_INT64_T; these overloads accept
// MPI-3's const arguments, so that the same code builds against both
#ifdef MPI_STUBS
#ifndef MPI_INT64_T
#define MPI_INT64_T MPI_LONG_LONG
#endif
// (the stubs' MPI_IN_PLACE is NULL, which would fit both overloads alike)
#undef MPI_IN_PLACE
#define MPI_IN_PLACE static_cast<void *>(nullptr)
// (each calls the stub through its exact non-const type: should a later STUBS
// take const buffers itself, this is a compile error rather than a recursion)
#define GEOMINT_NC(p) const_cast<void *>(p)
#define GEOMINT_NCI(p) const_cast<int *>(p)
#define GEOMINT_STUB(name, type) static_cast<type>(&name)
inline int MPI_Allreduce(const void *s, void *r, int n, MPI_Datatype t, MPI_Op o, MPI_Comm c)
{
  using F = int (*)(void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
  return GEOMINT_STUB(MPI_Allreduce, F)(GEOMINT_NC(s), r, n, t, o, c);
}
inline int MPI_Reduce(const void *s, void *r, int n, MPI_Datatype t, MPI_Op o, int root, MPI_Comm c)
{
  using F = int (*)(void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm);
  return GEOMINT_STUB(MPI_Reduce, F)(GEOMINT_NC(s), r, n, t, o, root, c);
}
inline int MPI_Scan(const void *s, void *r, int n, MPI_Datatype t, MPI_Op o, MPI_Comm c)
{
  using F = int (*)(void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
  return GEOMINT_STUB(MPI_Scan, F)(GEOMINT_NC(s), r, n, t, o, c);
}
inline int MPI_Allgather(const void *s, int ns, MPI_Datatype ts, void *r, int nr, MPI_Datatype tr,
                         MPI_Comm c)
{
  using F = int (*)(void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);
  return GEOMINT_STUB(MPI_Allgather, F)(GEOMINT_NC(s), ns, ts, r, nr, tr, c);
}
inline int MPI_Allgatherv(const void *s, int ns, MPI_Datatype ts, void *r, const int *nr,
                          const int *d, MPI_Datatype tr, MPI_Comm c)
{
  using F = int (*)(void *, int, MPI_Datatype, void *, int *, int *, MPI_Datatype, MPI_Comm);
  return GEOMINT_STUB(MPI_Allgatherv, F)(GEOMINT_NC(s), ns, ts, r, GEOMINT_NCI(nr), GEOMINT_NCI(d),
                                         tr, c);
}
inline int MPI_Gather(const void *s, int ns, MPI_Datatype ts, void *r, int nr, MPI_Datatype tr,
                      int root, MPI_Comm c)
{
  using F = int (*)(void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);
  return GEOMINT_STUB(MPI_Gather, F)(GEOMINT_NC(s), ns, ts, r, nr, tr, root, c);
}
inline int MPI_Gatherv(const void *s, int ns, MPI_Datatype ts, void *r, const int *nr,
                       const int *d, MPI_Datatype tr, int root, MPI_Comm c)
{
  using F = int (*)(void *, int, MPI_Datatype, void *, int *, int *, MPI_Datatype, int, MPI_Comm);
  return GEOMINT_STUB(MPI_Gatherv, F)(GEOMINT_NC(s), ns, ts, r, GEOMINT_NCI(nr), GEOMINT_NCI(d), tr,
                                      root, c);
}
inline int MPI_Scatterv(const void *s, const int *ns, const int *d, MPI_Datatype ts, void *r,
                        int nr, MPI_Datatype tr, int root, MPI_Comm c)
{
  using F = int (*)(void *, int *, int *, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);
  return GEOMINT_STUB(MPI_Scatterv, F)(GEOMINT_NC(s), GEOMINT_NCI(ns), GEOMINT_NCI(d), ts, r, nr, tr,
                                       root, c);
}
#undef GEOMINT_NC
#undef GEOMINT_NCI
#undef GEOMINT_STUB
#endif

#include <cstring>
#include <string>
#include <utility>

#ifndef LAMMPS_VERSION_NUMBER
#error "LAMMPS_VERSION_NUMBER must be defined (the GEOMINT CMake build does this)"
#endif

namespace LAMMPS_NS {
namespace geomint_compat {

// A non-public data member of a LAMMPS class (the members GEOMINT reads are
// private in some LAMMPS versions and protected in others), read through a
// member pointer taken in an explicit template instantiation, whose names are
// not access-checked.  Once, at namespace scope in one .cpp file:
//   struct BondMap { using type = int *BondHybrid::*; };
//   template struct geomint_compat::MemberPointerSetter<BondMap, &BondHybrid::map>;
// then obj->*geomint_compat::MemberPointer<BondMap>::value is the member.
template <class Tag> struct MemberPointer {
  static typename Tag::type value;
};
template <class Tag> typename Tag::type MemberPointer<Tag>::value;
template <class Tag, typename Tag::type P> struct MemberPointerSetter {
  MemberPointerSetter() { MemberPointer<Tag>::value = P; }
  static MemberPointerSetter instance;
};
template <class Tag, typename Tag::type P>
MemberPointerSetter<Tag, P> MemberPointerSetter<Tag, P>::instance;

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

  // Collective: the first non-empty failure message over the ranks (lowest
  // rank wins), "" on every rank if none failed.  For checks that every rank
  // reaches (setup), so that the error is an error->all() that rank 0 writes
  // to log.lammps even when another rank found the problem.
  inline std::string first_failure(LAMMPS *lmp, const std::string &local)
  {
    int me = 0, nprocs = 1;
    MPI_Comm_rank(lmp->world, &me);
    MPI_Comm_size(lmp->world, &nprocs);
    const int mine = local.empty() ? nprocs : me;
    int first = nprocs;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, lmp->world);
    if (first == nprocs) return "";
    int len = static_cast<int>(local.size());
    MPI_Bcast(&len, 1, MPI_INT, first, lmp->world);
    std::string msg = local;
    msg.resize(len);
    MPI_Bcast(&msg[0], len, MPI_CHAR, first, lmp->world);
    return msg;
  }

  // error->one() that reaches the screen file and log.lammps in a batch job.
  // Error::one() with exceptions writes into buffered stdio and throws; main()
  // then calls MPI_Abort(), which does not flush, so with stdout redirected to
  // a file the ERROR line was lost.  Here the same message is written and
  // flushed before the same exception is thrown.  (Only the failing rank
  // writes; log.lammps is rank 0's, so per-rank errors that can be agreed on
  // use error->all() instead.)
  template <typename... Args>
  [[noreturn]] inline void error_one(LAMMPS *lmp, const std::string &file, int line,
                                     const std::string &format, Args &&...args)
  {
    const std::string str = fmt::format(format, std::forward<Args>(args)...);
#if defined(LAMMPS_EXCEPTIONS) || LAMMPS_VERSION_NUMBER >= 20230208
    int me = 0;
    MPI_Comm_rank(lmp->world, &me);
    std::string file_only = file;
    const auto slash = file_only.find_last_of('/');
    if (slash != std::string::npos) file_only = file_only.substr(slash + 1);
    const std::string mesg = fmt::format("ERROR on proc {}: {} ({}:{})\n", me, str, file_only, line);
    utils::logmesg(lmp, mesg);
    if (lmp->universe->nworlds > 1 && lmp->universe->uscreen)
      fputs(mesg.c_str(), lmp->universe->uscreen);
    if (lmp->screen) fflush(lmp->screen);
    if (lmp->logfile) fflush(lmp->logfile);
    if (lmp->update) lmp->update->whichflag = 0;
    throw LAMMPSAbortException(mesg, lmp->world);
#else
    lmp->error->one(file, line, str);    // without exceptions Error::one flushes itself
    throw 0;                             // not reached
#endif
  }

}    // namespace geomint_compat
}    // namespace LAMMPS_NS

#endif
