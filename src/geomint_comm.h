/* -*- c++ -*- ----------------------------------------------------------
   GEOMINT - reverse communication of a per-atom array of 3 doubles
   (forces or momenta on ghosts summed onto their owners), shared by the
   fixes' pack_reverse_comm()/unpack_reverse_comm()
------------------------------------------------------------------------- */

#ifndef GEOMINT_COMM_H
#define GEOMINT_COMM_H

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

}    // namespace geomint_comm
}    // namespace LAMMPS_NS

#endif
