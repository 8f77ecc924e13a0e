#!/usr/bin/env bash
# The shared DG term functors (src/*_dg.h, lib/geomint) compiled by nvcc as
# __host__ __device__ and run on a GPU and on the host with the same inputs
# (issue 23).  Builds on any machine with nvcc and the LAMMPS headers of the
# pinned build (GEOMINT_INLINE from fake/Kokkos_Macros.hpp); the binary runs on
# the lent GPU machine (`device` tool, carry its folder):
#   .ci/gpu/dg_terms/build.sh OUTDIR && <on the GPU> OUTDIR/dg_terms_device
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:-$root/out/gpu_dg}
mkdir -p "$out"
L=$(ls -d "$HOME"/.cache/geomint/lammps-29Sep2021u2-*/install/lammps-src | head -n1)
mpiinc=$(mpicxx --showme:incdirs 2>/dev/null | cut -d' ' -f1)
nvcc -std=c++17 -arch=${GEOMINT_CUDA_ARCH:-sm_90} -O2 -DGEOMINT_KOKKOS -I"$here/fake" \
  -I"$root/src" -I"$root/lib" -I"$L" -I"$L/MOLECULE" -I"$L/EXTRA-MOLECULE" -I"$L/EXTRA-PAIR" \
  ${mpiinc:+-I"$mpiinc"} "$here/dg_terms_device.cu" -o "$out/dg_terms_device" 2> "$out/nvcc.log"
echo "built $out/dg_terms_device"
