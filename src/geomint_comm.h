/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - reverse communication of a per-atom array of 3 doubles
   (forces or momenta on ghosts summed onto their owners), shared by the
   fixes' pack_reverse_comm()/unpack_reverse_comm(); forward communication
   of ghost positions (and velocities)
------------------------------------------------------------------------- */

#ifndef GEOMINT_COMM_H
#define GEOMINT_COMM_H

#include "domain.h"

namespace LAMMPS_NS {
namespace geomint_comm {

  inline int pack_reverse3(double **rows, int n, int first, double *buf)
  {
    int m = 0;
    for (int i = first; i < first + n; i++) {
      buf[m++] = rows[i][0];
      buf[m++] = rows[i][1];
      buf[m++] = rows[i][2];
    }
    return m;
  }

  inline void unpack_reverse3(double **rows, int n, const int *list, const double *buf)
  {
    int m = 0;
    for (int q = 0; q < n; q++) {
      const int j = list[q];
      rows[j][0] += buf[m++];
      rows[j][1] += buf[m++];
      rows[j][2] += buf[m++];
    }
  }

  // forward communication of positions (with the periodic shift of the swap,
  // as AtomVec::pack_comm applies it) and, where v is given, velocities
  inline int pack_forward_xv(const Domain *domain, double **x, double **v, int n, const int *list,
                             double *buf, int pbc_flag, const int *pbc)
  {
    double dx = 0.0, dy = 0.0, dz = 0.0;
    if (pbc_flag) {
      dx = pbc[0] * domain->xprd + pbc[5] * domain->xy + pbc[4] * domain->xz;
      dy = pbc[1] * domain->yprd + pbc[3] * domain->yz;
      dz = pbc[2] * domain->zprd;
    }
    int m = 0;
    for (int q = 0; q < n; q++) {
      const int j = list[q];
      buf[m++] = x[j][0] + dx;
      buf[m++] = x[j][1] + dy;
      buf[m++] = x[j][2] + dz;
      if (!v) continue;
      buf[m++] = v[j][0];
      buf[m++] = v[j][1];
      buf[m++] = v[j][2];
    }
    return m;
  }

  inline void unpack_forward_xv(double **x, double **v, int n, int first, const double *buf)
  {
    int m = 0;
    for (int i = first; i < first + n; i++) {
      for (int k = 0; k < 3; k++) x[i][k] = buf[m++];
      if (v)
        for (int k = 0; k < 3; k++) v[i][k] = buf[m++];
    }
  }

}    // namespace geomint_comm
}    // namespace LAMMPS_NS

#endif
