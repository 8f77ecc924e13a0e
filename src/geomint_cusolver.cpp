/* ----------------------------------------------------------------------
   GEOMINT - the eigendecomposition of fix rigid/quat/hi's dense step (hi
   rpy) on a GPU: cuSOLVER's syevd, used by geomint::ou_hi_factor when the
   plugin is built with -D GEOMINT_CUSOLVER=on (a CUDA toolkit).  Rank 0
   gathers the bodies and builds the 6n x 6n matrix on the host anyway (MPI),
   so only the O((6n)^3) eigensolve moves to the GPU: the matrix goes there
   and its eigenvectors come back (2 x 288 n^2 bytes per factorisation).
   Without a usable GPU (none, or the CUDA runtime fails) it returns -1 and
   LAPACK's dsyevd does the work, as in a build without this option.  The
   eigenvectors may differ from LAPACK's by signs and by the basis of a
   degenerate eigenspace: the step uses them through the symmetric root
   U f(Lambda) U^T only, which does not see either.
------------------------------------------------------------------------- */

#ifdef GEOMINT_CUSOLVER

#include "geomint/ou_hi.h"

#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <cstddef>

namespace {

// the handle and device buffers, kept from one factorisation to the next
struct CusolverSyevd {
  bool tried = false, usable = false;
  cusolverDnHandle_t handle = nullptr;
  double *a = nullptr, *w = nullptr, *work = nullptr;
  int *info = nullptr;
  size_t a_size = 0, w_size = 0, work_size = 0;
};

CusolverSyevd &solver()
{
  // (never freed: at process exit the CUDA runtime may already be gone)
  static CusolverSyevd s;
  return s;
}

// a device buffer p of at least n elements
template <class T> bool reserve(T *&p, size_t &size, size_t n)
{
  if (p && size >= n) return true;
  if (p) cudaFree(p);
  p = nullptr;
  size = 0;
  if (cudaMalloc(reinterpret_cast<void **>(&p), n * sizeof(T)) != cudaSuccess) return false;
  size = n;
  return true;
}

}    // namespace

int geomint::cusolver_syevd(int n, double *a, double *w)
{
  CusolverSyevd &s = solver();
  if (!s.tried) {
    s.tried = true;
    int count = 0;
    size_t one = 0;
    s.usable = cudaGetDeviceCount(&count) == cudaSuccess && count > 0 &&
        cusolverDnCreate(&s.handle) == CUSOLVER_STATUS_SUCCESS && reserve(s.info, one, 1);
    if (!s.usable) cudaGetLastError();    // (clear the runtime's error state)
  }
  if (!s.usable) return -1;

  // up to the solve, a failure leaves a untouched: LAPACK takes over
  const size_t nn = static_cast<size_t>(n) * n;
  int lwork = 0;
  if (!reserve(s.a, s.a_size, nn) || !reserve(s.w, s.w_size, static_cast<size_t>(n)) ||
      cudaMemcpy(s.a, a, nn * sizeof(double), cudaMemcpyHostToDevice) != cudaSuccess ||
      cusolverDnDsyevd_bufferSize(s.handle, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n,
                                  s.a, n, s.w, &lwork) != CUSOLVER_STATUS_SUCCESS ||
      !reserve(s.work, s.work_size, static_cast<size_t>(lwork > 0 ? lwork : 1)) ||
      cusolverDnDsyevd(s.handle, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, s.a, n, s.w,
                       s.work, lwork, s.info) != CUSOLVER_STATUS_SUCCESS)
    return -1;
  int info = 0;
  if (cudaMemcpy(&info, s.info, sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess) return -1;
  if (info < 0) return -1;    // an illegal argument: let LAPACK say what is wrong
  if (info > 0) return info;  // no convergence, as LAPACK's info > 0
  if (cudaMemcpy(w, s.w, static_cast<size_t>(n) * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess ||
      cudaMemcpy(a, s.a, nn * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess)
    return 1;    // (a may be half overwritten: report a failure, not a fallback)
  return 0;
}

#endif
