// Dense reference algebra for the tests (row-major N x N), written plainly
// and independently of LAPACK: product, transpose, Gauss-Jordan inverse and
// the matrix exponential by scaling and squaring.
#ifndef GEOMINT_TEST_DENSE_REF_H
#define GEOMINT_TEST_DENSE_REF_H

#include <algorithm>
#include <cmath>
#include <vector>

namespace geomint_test {

using Mat = std::vector<double>;    // row-major N x N

inline Mat matmul(const Mat &a, const Mat &b, int N)
{
  Mat c(N * N, 0.0);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++) c[i * N + j] += a[i * N + k] * b[k * N + j];
  return c;
}

inline Mat transpose(const Mat &a, int N)
{
  Mat t(N * N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) t[j * N + i] = a[i * N + j];
  return t;
}

// inverse by Gauss-Jordan with partial pivoting
inline Mat inverse(Mat a, int N)
{
  Mat inv(N * N, 0.0);
  for (int i = 0; i < N; i++) inv[i * N + i] = 1.0;
  for (int c = 0; c < N; c++) {
    int p = c;
    for (int r = c + 1; r < N; r++)
      if (std::fabs(a[r * N + c]) > std::fabs(a[p * N + c])) p = r;
    for (int j = 0; j < N; j++) std::swap(a[c * N + j], a[p * N + j]), std::swap(inv[c * N + j], inv[p * N + j]);
    const double d = a[c * N + c];
    for (int j = 0; j < N; j++) a[c * N + j] /= d, inv[c * N + j] /= d;
    for (int r = 0; r < N; r++) {
      if (r == c) continue;
      const double m = a[r * N + c];
      for (int j = 0; j < N; j++) a[r * N + j] -= m * a[c * N + j], inv[r * N + j] -= m * inv[c * N + j];
    }
  }
  return inv;
}

// exp(X) by scaling and squaring with a Taylor series (independent of LAPACK)
inline Mat expm(Mat x, int N)
{
  double norm = 0.0;
  for (double v : x) norm = std::max(norm, std::fabs(v));
  int s = 0;
  while (norm * N > 0.5) norm /= 2, s++;
  for (double &v : x) v /= std::pow(2.0, s);
  Mat term(N * N, 0.0), sum(N * N, 0.0);
  for (int i = 0; i < N; i++) term[i * N + i] = sum[i * N + i] = 1.0;
  for (int k = 1; k < 30; k++) {
    term = matmul(term, x, N);
    for (double &v : term) v /= k;
    for (int i = 0; i < N * N; i++) sum[i] += term[i];
  }
  for (int k = 0; k < s; k++) sum = matmul(sum, sum, N);
  return sum;
}

}    // namespace geomint_test

#endif
