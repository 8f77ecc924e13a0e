// force-scaling multiscale kernels (lib/geomint/multiscale.h): the
// half-kicks and their works, the switch law, the Brownian force
#include "geomint/multiscale.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace geomint;

// the explicit kick credits its kinetic-energy change to the four forces
// exactly: m/2 (v'^2 - v^2) = W_k + W_p + W_d + W_b (dtfm = tau/m here)
TEST(MultiscaleKernels, ExplicitKickWorksAddUpToTheKineticEnergy)
{
  const double m = 2.5, tau = 0.01;
  double v[3] = {0.3, -1.2, 0.7};
  const double fk[3] = {4.0, -2.0, 1.0}, fp[3] = {0.5, 0.25, -3.0}, fd[3] = {-0.9, 2.4, -1.4},
               fb[3] = {7.0, -3.0, 0.2};
  double ke0 = 0.0, ke1 = 0.0;
  for (double c : v) ke0 += 0.5 * m * c * c;
  MSAWork w = {0.0, 0.0, 0.0, 0.0};
  const double v0[3] = {v[0], v[1], v[2]};
  msa_kick_explicit(v, fk, fp, fd, fb, tau / m, tau, w);
  for (double c : v) ke1 += 0.5 * m * c * c;
  EXPECT_NEAR(ke1 - ke0, w.k + w.p + w.d + w.b, 1e-15);
  for (int c = 0; c < 3; c++) EXPECT_DOUBLE_EQ(v[c], v0[c] + tau / m * (fk[c] + fp[c] + fd[c] + fb[c]));
  // each work is its force times the mean velocity over the kick
  double wk = 0.0;
  for (int c = 0; c < 3; c++) wk += tau * fk[c] * 0.5 * (v0[c] + v[c]);
  EXPECT_NEAR(w.k, wk, 1e-16);
}

// the exact kick is the solution of m v' = F - gamma (v - u) over tau, its
// works integrate each frozen force over that solution, and the drag takes
// the rest of the kinetic-energy change; the small-rate series joins the
// closed form
TEST(MultiscaleKernels, ExactKickSolvesTheDampedEquation)
{
  const double m = 1.7, gamma = 3.1, tau = 0.05;
  const double u[3] = {0.2, 0.0, -0.4};
  const double fk[3] = {1.0, -2.0, 0.5}, fp[3] = {0.3, 0.0, 0.0}, fb[3] = {-0.7, 0.4, 2.0};
  double v[3] = {1.0, 0.5, -0.25};
  const double v0[3] = {v[0], v[1], v[2]};
  MSAWork w = {0.0, 0.0, 0.0, 0.0};
  msa_kick_exact(v, fk, fp, fb, u, gamma / m, 1.0 / gamma, tau, 0.5 * m, w);
  double ke0 = 0.0, ke1 = 0.0, wk = 0.0;
  for (int c = 0; c < 3; c++) {
    const double F = fk[c] + fp[c] + fb[c];
    const double vinf = u[c] + F / gamma;
    const long double e = std::exp(-static_cast<long double>(gamma) * tau / m);
    EXPECT_NEAR(v[c], vinf + (v0[c] - vinf) * e, 1e-15);
    // int v dt by Simpson on the exact solution (smooth: 1e-12 is ample)
    const int n = 200;
    long double s = 0.0L;
    for (int k = 0; k <= n; k++) {
      const long double t = tau * k / n;
      const long double vt = vinf + (v0[c] - vinf) * std::exp(-static_cast<long double>(gamma) * t / m);
      s += (k == 0 || k == n ? 1 : (k % 2 ? 4 : 2)) * vt;
    }
    wk += fk[c] * static_cast<double>(s * tau / (3 * n));
    ke0 += 0.5 * m * v0[c] * v0[c];
    ke1 += 0.5 * m * v[c] * v[c];
  }
  EXPECT_NEAR(w.k, wk, 1e-12);
  EXPECT_NEAR(ke1 - ke0, w.k + w.p + w.d + w.b, 1e-15);
  EXPECT_LT(w.d, 0.0 + 1e-3);    // drag mostly removes energy here
  // the series branch (rate tau < 1e-5) against the closed form in long
  // double: the works agree to the round-off of v_inf tau (v_inf ~ F/rate)
  for (double rate : {0.99e-5 / tau, 1e-7 / tau}) {
    double vv[3] = {1.0, 0.5, -0.25};
    MSAWork ww = {0.0, 0.0, 0.0, 0.0};
    msa_kick_exact(vv, fk, fp, fb, u, rate, 1.0 / (rate * m), tau, 0.5 * m, ww);
    long double ref = 0.0L, big = 0.0L;
    for (int c = 0; c < 3; c++) {
      const long double F = fk[c] + fp[c] + fb[c];
      const long double vinf = u[c] + F / (static_cast<long double>(rate) * m);
      const long double g = -std::expm1(-static_cast<long double>(rate) * tau) / rate;
      ref += fk[c] * (vinf * tau + (static_cast<long double>(v0[c]) - vinf) * g);
      big += std::fabs(fk[c] * vinf * tau);
    }
    EXPECT_NEAR(ww.k, static_cast<double>(ref), 1e-15 * static_cast<double>(big) + 1e-16) << rate;
  }
}

// the adaptive switch law with hold and hysteresis
TEST(MultiscaleKernels, SwitchLaw)
{
  // off: on above alpha only
  EXPECT_FALSE(msa_switch(false, 0.9, 1.0, 0.0, 10, -1, 0));
  EXPECT_FALSE(msa_switch(false, 1.0, 1.0, 0.0, 10, -1, 0));
  EXPECT_TRUE(msa_switch(false, 1.1, 1.0, 0.0, 10, -1, 0));
  // on: off below alpha (1 - H)
  EXPECT_FALSE(msa_switch(true, 0.9, 1.0, 0.0, 10, 5, 0));
  EXPECT_TRUE(msa_switch(true, 0.9, 1.0, 0.2, 10, 5, 0));
  EXPECT_FALSE(msa_switch(true, 0.79, 1.0, 0.2, 10, 5, 0));
  // hold: no switch within N steps of the last
  EXPECT_TRUE(msa_switch(true, 0.0, 1.0, 0.0, 14, 5, 10));
  EXPECT_FALSE(msa_switch(true, 0.0, 1.0, 0.0, 15, 5, 10));
  EXPECT_FALSE(msa_switch(false, 5.0, 1.0, 0.0, 14, 5, 10));
  EXPECT_TRUE(msa_switch(false, 5.0, 1.0, 0.0, 15, 5, 10));
}

// the Brownian force: gauss has mean 0 and variance sigma^2 per component
// (within 4 standard errors over 2e5 draws); sphere has |F|^2 = 3 sigma^2
// exactly and the same per-component variance; sphere in 2D (MSA_SPHERE_2D)
// |F|^2 = 2 sigma^2 in the xy plane (F_z = 0) and the same in-plane
// variance; uniform the same variance within |F_x| < sqrt(3) sigma; a draw
// is a function of (seed, tag, step)
TEST(MultiscaleKernels, BrownianForceMoments)
{
  const double sigma = 1.7;
  const int n = 200000;
  for (int dist : {MSA_GAUSS, MSA_SPHERE, MSA_UNIFORM, MSA_SPHERE_2D}) {
    double sum = 0.0, sum2 = 0.0, sum4 = 0.0;
    for (int k = 0; k < n; k++) {
      double f[3];
      msa_brownian(77, 1 + k % 1000, k / 1000, sigma, dist, f);
      const double r2 = f[0] * f[0] + f[1] * f[1] + f[2] * f[2];
      if (dist == MSA_SPHERE) ASSERT_NEAR(r2, 3.0 * sigma * sigma, 1e-12);
      if (dist == MSA_SPHERE_2D) {
        ASSERT_EQ(f[2], 0.0);
        ASSERT_NEAR(r2, 2.0 * sigma * sigma, 1e-12);
      }
      if (dist == MSA_UNIFORM) ASSERT_LT(std::fabs(f[0]), std::sqrt(3.0) * sigma);
      sum += f[0];
      sum2 += f[0] * f[0];
      sum4 += f[0] * f[0] * f[0] * f[0];
    }
    const double var = sum2 / n, se_mean = sigma / std::sqrt(n);
    const double se_var = std::sqrt((sum4 / n - var * var) / n);
    EXPECT_NEAR(sum / n, 0.0, 4.0 * se_mean) << dist;
    EXPECT_NEAR(var, sigma * sigma, 4.0 * se_var) << dist;
  }
  double a[3], b[3];
  msa_brownian(5, 123, 456, 1.0, MSA_GAUSS, a);
  msa_brownian(5, 123, 456, 1.0, MSA_GAUSS, b);
  for (int c = 0; c < 3; c++) EXPECT_EQ(a[c], b[c]);
  msa_brownian(5, 124, 456, 1.0, MSA_GAUSS, b);
  EXPECT_NE(a[0], b[0]);
}

// the per-atom pieces that fix multiscale/adaptive and its /kk variant share:
// an atom's kick is the explicit kick of the scaled forces (others a2 b2
// (f - f_p) where f holds f_p, a2* f_p, a2 f_d, the noise factor times
// f_b); the integrate-no force is their sum with the works at v over h; a
// held draw is due without one, at a multiple of `every` not drawn yet, or
// when stale
TEST(MultiscaleKernels, PerAtomPiecesScaleTheForces)
{
  MSAStep s;
  s.ak = 0.3 * 0.5, s.ap = 0.3, s.ad = 0.3, s.ab = std::sqrt(0.3);
  s.tau = 0.01, s.dtf = 0.01, s.ftm2v = 1.0, s.mvv2e = 1.0;
  s.flow[0] = 0.2, s.flow[1] = s.flow[2] = 0.0;
  s.adaptive = 1, s.sub = 1, s.continuum = 1, s.noise = 1, s.exact = 0, s.planar = 0;
  const double m = 2.0, f[3] = {1.0, -2.0, 3.0}, fp[3] = {0.5, 0.5, -1.0}, fd[3] = {-0.1, 0.2, 0.3},
               fb[3] = {2.0, -1.0, 0.5};
  double v[3] = {0.4, -0.3, 0.1}, vref[3] = {0.4, -0.3, 0.1};
  MSAWork w = {0.0, 0.0, 0.0, 0.0}, wref = {0.0, 0.0, 0.0, 0.0};
  msa_kick_atom<true, true>(s, v, f, fp, fd, fb, s.dtf / m, w);
  double k[3], p[3], d[3], b[3];
  for (int c = 0; c < 3; c++) {
    k[c] = s.ak * (f[c] - fp[c]), p[c] = s.ap * fp[c], d[c] = s.ad * fd[c], b[c] = s.ab * fb[c];
  }
  msa_kick_explicit(vref, k, p, d, b, s.dtf / m, s.tau, wref);
  for (int c = 0; c < 3; c++) EXPECT_EQ(v[c], vref[c]);
  EXPECT_EQ(w.k, wref.k);
  EXPECT_EQ(w.p, wref.p);
  EXPECT_EQ(w.b, wref.b);
  // integrate no: the same forces summed into f; a setup credits nothing,
  // the end of the step credits the first half-kick (h/4) f . (v before +
  // v after), the next step's application the second one
  double ff[3] = {f[0], f[1], f[2]}, rec[MSA_WN] = {}, zero[3] = {0.0, 0.0, 0.0};
  const double v0[3] = {0.4, -0.3, 0.1}, v1[3] = {0.5, -0.1, 0.0}, v2[3] = {0.45, 0.2, -0.3};
  const double h = 0.02;
  MSAWork wf = {0.0, 0.0, 0.0, 0.0};
  msa_apply_atom(s, true, 10.0, 0.25 * h, v0, zero, 0, ff, fp, fd, fb, 0, nullptr, zero, 0, rec, wf);
  EXPECT_EQ(wf.k + wf.p + wf.d + wf.b, 0.0);
  for (int c = 0; c < 3; c++) EXPECT_DOUBLE_EQ(ff[c], k[c] + p[c] + d[c] + b[c]);
  msa_first_half_kick(10.0, 0.25 * h, v1, zero, 0, rec, wf);
  double wk1 = 0.0;
  for (int c = 0; c < 3; c++) wk1 += 0.5 * h * k[c] * 0.5 * (v0[c] + v1[c]);
  EXPECT_DOUBLE_EQ(wf.k, wk1);
  double ff2[3] = {f[0], f[1], f[2]};
  msa_apply_atom(s, false, 11.0, 0.25 * h, v2, zero, 0, ff2, fp, fd, fb, 0, nullptr, zero, 0, rec, wf);
  double wk2 = wk1;
  for (int c = 0; c < 3; c++) wk2 += 0.5 * h * k[c] * 0.5 * (v1[c] + v2[c]);
  EXPECT_NEAR(wf.k, wk2, 1e-16);
  // the drag and the Stokes coefficients
  double drag[3];
  msa_drag(2.0, v0, s.flow, drag);
  EXPECT_DOUBLE_EQ(drag[0], -2.0 * (0.4 - 0.2));
  EXPECT_DOUBLE_EQ(msa_stokes_beta(0.5, 2.0), 6.0 * M_PI);
  EXPECT_DOUBLE_EQ(msa_stokes_rbeta(0.5, 2.0), 32.0 * M_PI);
  EXPECT_DOUBLE_EQ(msa_brownian_sigma(0.5, 8.0), 2.0);
  // held draws (every 3)
  EXPECT_TRUE(msa_noise_due(-1.0, 7.0, false, 3));    // none yet
  EXPECT_TRUE(msa_noise_due(3.0, 6.0, true, 3));      // a multiple of every
  EXPECT_FALSE(msa_noise_due(6.0, 6.0, true, 3));     // drawn already this step
  EXPECT_FALSE(msa_noise_due(6.0, 8.0, false, 3));    // held
  EXPECT_TRUE(msa_noise_due(4.0, 7.0, false, 3));     // stale (a restart at another phase)
}

// a 2D run (MSAStep::planar): the fix's own forces act in the xy plane.
// The drag, the Brownian force (with z components here) and the flow do
// not touch v_z, which gets the kick of the other forces alone (as fix
// nve); the rotational drag acts on the z spin alone; integrate no writes
// no z part of drag and noise, nor x, y parts of the rotational drag; the
// kinetic-energy change still equals the works; with planar 0 the kicks
// are the 3D ones bit for bit
TEST(MultiscaleKernels, PlanarKicksKeepTheFixInThePlane)
{
  MSAStep s;
  s.ak = 0.3, s.ap = 0.3, s.ad = 0.3, s.ab = 0.3;
  s.tau = 0.01, s.dtf = 0.01, s.ftm2v = 1.0, s.mvv2e = 1.0;
  s.flow[0] = 0.2, s.flow[1] = -0.1, s.flow[2] = 0.0;
  s.adaptive = 0, s.sub = 0, s.continuum = 1, s.noise = 1, s.planar = 1;
  const double m = 2.0, beta = 1.5, f[3] = {1.0, -2.0, 0.25}, fd[3] = {-0.1, 0.2, 0.3},
               fb[3] = {2.0, -1.0, 0.5};
  for (int exact : {0, 1}) {
    s.exact = exact;
    double v[3] = {0.4, -0.3, 0.1};
    const double v0[3] = {v[0], v[1], v[2]};
    MSAWork w = {0.0, 0.0, 0.0, 0.0};
    if (exact) msa_kick_atom_exact(s, v, f, nullptr, fb, m, beta, w);
    else msa_kick_atom<false, true>(s, v, f, nullptr, fd, fb, s.dtf / m, w);
    // z: the other forces' explicit kick only
    EXPECT_EQ(v[2], v0[2] + s.dtf / m * (s.ak * f[2])) << exact;
    double dke = 0.0;
    for (int c = 0; c < 3; c++) dke += 0.5 * m * (v[c] * v[c] - v0[c] * v0[c]);
    EXPECT_NEAR(dke, w.k + w.p + w.d + w.b, 1e-15) << exact;
    // x, y: as in 3D
    MSAStep s3 = s;
    s3.planar = 0;
    double v3[3] = {v0[0], v0[1], v0[2]};
    MSAWork w3 = {0.0, 0.0, 0.0, 0.0};
    if (exact) msa_kick_atom_exact(s3, v3, f, nullptr, fb, m, beta, w3);
    else msa_kick_atom<false, true>(s3, v3, f, nullptr, fd, fb, s.dtf / m, w3);
    EXPECT_EQ(v[0], v3[0]) << exact;
    EXPECT_EQ(v[1], v3[1]) << exact;
    EXPECT_NE(v[2], v3[2]) << exact;
    // the same in 3D as the kick written out (planar 0 is the 3D arithmetic)
    if (!exact) {
      double vref[3] = {v0[0], v0[1], v0[2]}, k[3], d[3], b[3], p[3] = {0.0, 0.0, 0.0};
      for (int c = 0; c < 3; c++) k[c] = s.ak * f[c], d[c] = s.ad * fd[c], b[c] = s.ab * fb[c];
      MSAWork wref = {0.0, 0.0, 0.0, 0.0};
      msa_kick_explicit<false, true>(vref, k, p, d, b, s.dtf / m, s.tau, wref);
      for (int c = 0; c < 3; c++) EXPECT_EQ(v3[c], vref[c]);
    }
  }
  // rotation: the drag on the z spin only, explicit and exact
  const double torque[3] = {0.5, -0.4, 0.3}, tdrag[3] = {-1.0, 2.0, -0.5}, inertia = 0.4;
  for (int exact : {0, 1}) {
    s.exact = exact;
    double om[3] = {0.2, -0.1, 1.0};
    const double om0[3] = {om[0], om[1], om[2]};
    MSAWork w = {0.0, 0.0, 0.0, 0.0};
    msa_kick_rotation(s, om, torque, tdrag, inertia, 0.8, w);
    for (int c = 0; c < 2; c++) EXPECT_EQ(om[c], om0[c] + s.dtf / inertia * (s.ak * torque[c])) << exact << c;
    const double dz_free = s.dtf / inertia * (s.ak * torque[2]);
    EXPECT_GT(std::fabs(om[2] - om0[2] - dz_free), 1e-4) << exact;    // the z spin feels the drag
    double dke = 0.0;
    for (int c = 0; c < 3; c++) dke += 0.5 * inertia * (om[c] * om[c] - om0[c] * om0[c]);
    EXPECT_NEAR(dke, w.k + w.d, 1e-15) << exact;
  }
  // integrate no: the parts written into f and the torque
  s.exact = 0;
  double ff[3] = {f[0], f[1], f[2]}, t[3] = {torque[0], torque[1], torque[2]}, rec[MSA_WN] = {};
  const double zero[3] = {0.0, 0.0, 0.0}, vv[3] = {0.4, -0.3, 0.1};
  MSAWork wf = {0.0, 0.0, 0.0, 0.0};
  msa_apply_atom(s, true, 3.0, 0.005, vv, zero, 1, ff, nullptr, fd, fb, 1, t, tdrag, 1, rec, wf);
  EXPECT_EQ(rec[6 + 2], 0.0);
  EXPECT_EQ(rec[9 + 2], 0.0);
  EXPECT_EQ(ff[2], s.ak * f[2]);
  EXPECT_EQ(ff[0], s.ak * f[0] + 0.0 + s.ad * fd[0] + s.ab * fb[0]);
  EXPECT_EQ(rec[MSA_TDW + 0], 0.0);
  EXPECT_EQ(rec[MSA_TDW + 1], 0.0);
  EXPECT_EQ(t[0], s.ak * torque[0]);
  EXPECT_EQ(t[2], s.ak * torque[2] + s.ad * tdrag[2]);
}
