// GEOMINT: MPI-3's const buffers on LAMMPS's MPI STUBS library.
#ifndef GEOMINT_MPI_STUBS_H
#define GEOMINT_MPI_STUBS_H

#include <mpi.h>

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

#endif
