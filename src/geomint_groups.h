/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - the atoms of a fix that other fixes also act on: the count of atoms
   two groups share, and the check that no other time integrator moves the
   atoms of a fix
------------------------------------------------------------------------- */

#ifndef GEOMINT_GROUPS_H
#define GEOMINT_GROUPS_H

#include "geomint_mpi_stubs.h"

#include "atom.h"
#include "error.h"
#include "fix.h"
#include "lammps.h"
#include "modify.h"

#include <string>

namespace LAMMPS_NS {
namespace geomint_groups {

  // collective: the number of atoms in both groups (bitmasks)
  inline bigint atoms_in_both(LAMMPS *lmp, int bit1, int bit2)
  {
    const int *mask = lmp->atom->mask;
    bigint local = 0, all = 0;
    for (int i = 0; i < lmp->atom->nlocal; i++)
      if ((mask[i] & bit1) && (mask[i] & bit2)) local++;
    MPI_Allreduce(&local, &all, 1, MPI_LMP_BIGINT, MPI_SUM, lmp->world);
    return all;
  }

  // collective: an ERROR if another time-integrating fix moves atoms of
  // `self`'s group (`advice`: what the user should do)
  inline void refuse_shared_integrators(LAMMPS *lmp, Fix *self, const std::string &style,
                                        const std::string &advice)
  {
    Modify *modify = lmp->modify;
    for (int f = 0; f < modify->nfix; f++) {
      Fix *other = modify->fix[f];
      if (other == self || !other->time_integrate) continue;
      const bigint total = atoms_in_both(lmp, self->groupbit, other->groupbit);
      if (total)
        lmp->error->all(FLERR, "{}: fix {} ({}) also integrates {} atoms of this fix; {}", style,
                        other->id, other->style, total, advice);
    }
  }

}    // namespace geomint_groups
}    // namespace LAMMPS_NS

#endif
