// GEOMINT: the error policy of the styles: a failure found on some ranks
// agreed on by all (first_failure, for error->all()), and error->one() that
// reaches the log of a batch job (error_one).
#ifndef GEOMINT_ERROR_H
#define GEOMINT_ERROR_H

#include "geomint_compat.h"    // GEOMINT_LAMMPS_EXCEPTIONS (and exceptions.h where LAMMPS throws)
#include "geomint_mpi_stubs.h"

#include "error.h"
#include "lammps.h"
#include "universe.h"
#include "update.h"
#include "utils.h"

#include <cstdio>
#include <string>
#include <utility>

namespace LAMMPS_NS {
namespace geomint_error {

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
#if GEOMINT_LAMMPS_EXCEPTIONS
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

  // 'run N pre no' as the first run of a fix defined (or redefined) after an
  // earlier run: LAMMPS then skips init() and setup(), and the fix's first
  // step would run on state it never set up (it crashed, froze or blew up the
  // atoms).  Every GEOMINT integrator notes that its setup() ran (init() alone
  // is not enough: write_data, write_restart, set, delete_atoms and minimize
  // call it without a setup) and calls this at its first per-step hook.
  // Collective (every rank has the same flag).
  inline void require_setup(LAMMPS *lmp, const char *style, const char *id, bool setup_ran)
  {
    if (!setup_ran)
      lmp->error->all(FLERR, "Fix {} (ID {}): this run skips init and setup (run N pre no), but "
                      "the fix was defined after the last run that had them, so it was never set "
                      "up: use 'run N' (pre yes) as the first run after defining or redefining a "
                      "fix", style, id);
  }

}    // namespace geomint_error
}    // namespace LAMMPS_NS

#endif
