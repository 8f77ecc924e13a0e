#!/usr/bin/env bash
# GPU checks on a lent CUDA machine (the `device` tool; see .ci/gpu/README.md).
# Stages, in order, each resumable while the machine stays warm:
#   probe   what the machine has (nvcc, g++, cmake, cuSOLVER, GPU)
#   lammps  LAMMPS 29Aug2024 + bundled Kokkos 4.4.1 (CUDA sm_90 + OpenMP, no MPI)
#   plugin  GEOMINT with -D GEOMINT_KOKKOS=on -D GEOMINT_CUSOLVER=on, built with nvcc_wrapper
#   test    the quick ctest set (no mpirun there), Kokkos sessions with "-k on g 1 t 2 -sf kk"
#   bench   the hi rpy benchmark with cuSOLVER and with LAPACK, and the Kokkos benchmarks
#   pack    the LAMMPS build, back through $OUT, to carry next time
# Needs .gpu/ (carried): the LAMMPS tarball and deps.tar.xz (OpenBLAS, GoogleTest and
# Random123 from Debian).  Logs: /tmp/g/logs, and $OUT/logs.tgz when $OUT is set.  Usage: .ci/gpu/run.sh STAGE...
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
W=/tmp/g; SRC=$W/src; LB=$W/lb; LP=$W/lp; PB=$W/pb; D=$W/deps
L=$W/logs; mkdir -p "$W" "$L"
J=$(nproc)
export PATH=/usr/local/cuda/bin:$PATH
log() { echo "== $*" | tee -a "$L/summary.txt"; }

stage_probe() {
  { nvidia-smi -L; nvcc --version | tail -2; g++ --version | head -1; cmake --version | head -1
    ninja --version; python3 --version; nproc
    ls /usr/local/cuda/include/cusolverDn.h /usr/local/cuda/lib64/libcusolver.so* 2>&1 | head -3
    ldconfig -p | grep -E "lapack|openblas|libmpi" | head -5; which mpirun; df -h /tmp | tail -1
  } 2>&1 | tee "$L/probe.txt"
}

unpack() {
  if [ ! -f "$SRC/.unpacked" ]; then
    rm -rf "$SRC"; mkdir -p "$SRC"
    tar xf "$repo/.gpu/lammps-29Aug2024-src.tar.xz" -C "$SRC" --strip-components=1
    python3 "$repo/cmake/patch_lammps.py" "$SRC/src"
    python3 "$repo/.ci/gpu/patch_kokkos_cuda13.py" "$SRC"
    touch "$SRC/.unpacked"
  fi
  if [ ! -f "$D/.unpacked" ]; then
    tar xf "$repo/.gpu/deps.tar.xz" -C "$W" && touch "$D/.unpacked"
  fi
}

stage_lammps() {
  unpack
  # a build carried from an earlier lease (.gpu/lmpcuda.tar.xz: /tmp/g/lp and
  # /tmp/g/lb/lib/kokkos, made by the pack stage) saves the 12 minutes of nvcc
  if [ ! -x "$LP/bin/lmp" ] && [ -f "$repo/.gpu/lmpcuda.tar.xz" ]; then
    tar xJf "$repo/.gpu/lmpcuda.tar.xz" -C "$W" && log "LAMMPS from the carried build" && return 0
  fi
  [ -x "$LP/bin/lmp" ] && [ ! -f "$LB/build.ninja" ] && { log "LAMMPS already there"; return 0; }
  if [ ! -f "$LB/build.ninja" ]; then
    cmake -S "$SRC/cmake" -B "$LB" -G Ninja -D CMAKE_BUILD_TYPE=Release \
      -D CMAKE_INSTALL_PREFIX="$LP" -D CMAKE_CXX_COMPILER="$SRC/lib/kokkos/bin/nvcc_wrapper" \
      -D BUILD_SHARED_LIBS=on -D BUILD_MPI=off -D BUILD_OMP=on -D LAMMPS_INSTALL_RPATH=on \
      -D BUILD_TOOLS=off -D BUILD_DOC=off -D DOWNLOAD_POTENTIALS=off \
      -D PKG_PLUGIN=on -D PKG_KOKKOS=on -D PKG_MOLECULE=on -D PKG_RIGID=on -D PKG_ASPHERE=on \
      -D PKG_EXTRA-MOLECULE=on -D PKG_EXTRA-PAIR=on -D PKG_EXTRA-FIX=on \
      -D Kokkos_ENABLE_CUDA=on -D Kokkos_ENABLE_OPENMP=on -D Kokkos_ENABLE_SERIAL=on \
      -D Kokkos_ARCH_HOPPER90=on -D CMAKE_TUNE_FLAGS=-DGEOMINT_GPU_CHECK \
      > "$L/lammps_configure.log" 2>&1 \
      || { tail -40 "$L/lammps_configure.log"; return 1; }
  fi
  local t0=$SECONDS
  timeout ${LAMMPS_BUILD_LIMIT:-530} ninja -C "$LB" -k 0 -j"$J" > "$L/lammps_build.log" 2>&1
  local rc=$?
  log "lammps build rc=$rc in $((SECONDS - t0)) s"
  grep -E "error|Error" "$L/lammps_build.log" | grep -v "^\[" | head -40
  tail -3 "$L/lammps_build.log"
  [ $rc -eq 0 ] && ninja -C "$LB" install > "$L/lammps_install.log" 2>&1 && log "lammps installed in $LP"
  return $rc
}

stage_plugin() {
  unpack
  local kd=$LB/lib/kokkos
  if [ ! -f "$PB/build.ninja" ]; then
    cmake -S "$repo" -B "$PB" -G Ninja -D CMAKE_BUILD_TYPE=Release \
      -D CMAKE_CXX_COMPILER="$SRC/lib/kokkos/bin/nvcc_wrapper" \
      -D LAMMPS_SOURCE_DIR="$SRC/src" -D LAMMPS_LIBRARY="$(ls $LP/lib*/liblammps.so | head -1)" \
      -D LAMMPS_BINARY="$LP/bin/lmp" -D GEOMINT_MPI=off -D GEOMINT_LAMMPS_EXCEPTIONS=on \
      -D GEOMINT_KOKKOS=on -D Kokkos_DIR="$kd" -D GEOMINT_CUSOLVER=on \
      -D GTEST_ROOT="$D" -D CMAKE_CXX_FLAGS="-I$D/include" \
      -D BLA_VENDOR=OpenBLAS -D CMAKE_PREFIX_PATH="$D" > "$L/plugin_configure.log" 2>&1 \
      || { tail -40 "$L/plugin_configure.log"; return 1; }
    grep GEOMINT "$L/plugin_configure.log"
  fi
  local t0=$SECONDS
  LD_LIBRARY_PATH=$D/lib timeout ${PLUGIN_BUILD_LIMIT:-500} ninja -C "$PB" -k 0 -j"$J" > "$L/plugin_build.log" 2>&1
  local rc=$?
  log "plugin build rc=$rc in $((SECONDS - t0)) s"
  grep -E -B2 -A6 "error" "$L/plugin_build.log" | head -80
  tail -3 "$L/plugin_build.log"
  return $rc
}

stage_test() {
  export LD_LIBRARY_PATH=$D/lib:$PB:$(dirname "$(ls $LP/lib*/liblammps.so | head -1)")
  export GEOMINT_TEST_KOKKOS_GPUS=1 OMP_PROC_BIND=false OMP_PLACES=threads OMP_WAIT_POLICY=passive
  export CUDA_LAUNCH_BLOCKING=${CUDA_LAUNCH_BLOCKING:-0}
  local t0=$SECONDS
  (cd "$PB" && timeout ${TEST_LIMIT:-480} ctest -L quick -j${TEST_J:-6} --timeout 300 \
     ${TEST_REGEX:+-R "$TEST_REGEX"} --output-on-failure > "$L/test.log" 2>&1)
  local rc=$?
  log "ctest rc=$rc in $((SECONDS - t0)) s"
  grep -E "tests passed|Failed|\*\*\*|Not Run|Timeout" "$L/test.log" | head -40
  return $rc
}

stage_bench() {
  export LD_LIBRARY_PATH=$D/lib:$PB:$(dirname "$(ls $LP/lib*/liblammps.so | head -1)")
  local py=python3 b=$L rc=0
  # hi rpy: cuSOLVER on the GPU, then LAPACK (OpenBLAS, all cores) with the GPU hidden
  (cd "$b" && timeout 240 "$LP/bin/lmp" -in "$repo/bench/in.rigid_rpy" -var n 100 200 400 800 \
     -log rpy_cusolver.log -screen none) || rc=1
  log "hi rpy cuSOLVER rc=$rc"
  $py "$repo/bench/report.py" --hi "$b/rpy_cusolver.log" 2>&1 | tee -a "$L/summary.txt"
  (cd "$b" && CUDA_VISIBLE_DEVICES= timeout 200 "$LP/bin/lmp" -in "$repo/bench/in.rigid_rpy" \
     -var n 100 200 400 800 -log rpy_lapack.log -screen none) || rc=1
  log "hi rpy LAPACK rc=$rc"
  $py "$repo/bench/report.py" --hi "$b/rpy_lapack.log" 2>&1 | tee -a "$L/summary.txt"
  # the Kokkos benchmarks on the GPU (BENCH_KK=none: none)
  for w in ${BENCH_KK:-rigid nhmod multiscale}; do
    [ "$w" = none ] && continue
    GEOMINT_KK_GPUS=1 timeout 150 "$repo/bench/run.sh" "$repo" "$LP/bin/lmp" $w --kk 2>&1 \
      | tee -a "$L/summary.txt" || rc=1
  done
  return $rc
}

stage_pack() {
  # the LAMMPS build for the next lease (comes back through $OUT in 15 MB parts:
  # cat lmpcuda.part.* > .gpu/lmpcuda.tar.xz)
  strip --strip-unneeded "$LP"/lib*/liblammps.so.0 2>/dev/null
  tar cf - -C "$W" --exclude='*.o' --exclude=CMakeFiles lp lb/lib/kokkos | xz -T0 -6 > "$W/lmpcuda.tar.xz"
  [ -n "${OUT:-}" ] && (cd "$OUT" && split -b 15M "$W/lmpcuda.tar.xz" lmpcuda.part.)
  log "packed $(du -h "$W/lmpcuda.tar.xz" | cut -f1)"
}

for s in "$@"; do
  log "stage $s ($(date +%T))"
  "stage_$s" || { log "stage $s failed"; [ "${KEEP_GOING:-0}" = 1 ] || break; }
done
[ -n "${OUT:-}" ] && tar czf "$OUT/logs.tgz" -C "$W" logs
true
