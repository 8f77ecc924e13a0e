// Small 3-vector helpers shared by the kernel tests (independent of the kernels,
// so that the tests do not check the code with itself).
#ifndef GEOMINT_TEST_VEC3_H
#define GEOMINT_TEST_VEC3_H

#include <array>
#include <cmath>

namespace geomint_test {

using V3 = std::array<double, 3>;

inline V3 add(const V3 &a, const V3 &b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
inline V3 sub(const V3 &a, const V3 &b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline V3 mul(double s, const V3 &a) { return {s * a[0], s * a[1], s * a[2]}; }
inline double dot(const V3 &a, const V3 &b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline V3 cross(const V3 &a, const V3 &b)
{
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double norm(const V3 &a) { return std::sqrt(dot(a, a)); }
inline V3 unit(const V3 &a) { return mul(1.0 / norm(a), a); }
inline V3 to_v3(const double *p) { return {p[0], p[1], p[2]}; }

}    // namespace geomint_test

#endif
