#!/usr/bin/env python3
"""Build-time patches that let LAMMPS 29Aug2024's bundled Kokkos 4.4.1 compile with
CUDA 13 (the lent GPU machines have nvcc 13.0 only; Kokkos supports CUDA 13 from
4.7.02).  For the GPU checks of .ci/gpu/run.sh only, never for users' builds.
CUDA 13 made the cudaMemLocation forms of cudaMemAdvise/cudaMemPrefetchAsync and
the edge-data form of cudaGraphAddDependencies the only ones, and nvcc 13 has no
sm_70 (nvcc_wrapper's default architecture).  Idempotent.
Usage: patch_kokkos_cuda13.py LAMMPS_SOURCE_ROOT"""
import pathlib
import sys

root = pathlib.Path(sys.argv[1]) / "lib" / "kokkos"
MARK = "/* GEOMINT cuda13 */"


def patch(rel, old, new):
    path = root / rel
    text = path.read_text()
    if new in text:
        return
    if old not in text:
        sys.exit(f"patch_kokkos_cuda13: {rel}: anchor not found:\n{old}")
    path.write_text(text.replace(old, new, 1))


inst = "core/src/Cuda/Kokkos_Cuda_Instance.hpp"
patch(inst, "    return cudaMemAdvise(devPtr, count, advice, device);",
      "#if CUDART_VERSION >= 13000 " + MARK + "\n"
      "    cudaMemLocation loc;\n"
      "    loc.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;\n"
      "    loc.id = device;\n"
      "    return cudaMemAdvise(devPtr, count, advice, loc);\n"
      "#else\n"
      "    return cudaMemAdvise(devPtr, count, advice, device);\n"
      "#endif")
patch(inst, "    return cudaMemPrefetchAsync(devPtr, count, dstDevice,\n"
            "                                get_input_stream(stream));",
      "#if CUDART_VERSION >= 13000 " + MARK + "\n"
      "    cudaMemLocation loc;\n"
      "    loc.type = dstDevice == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;\n"
      "    loc.id = dstDevice;\n"
      "    return cudaMemPrefetchAsync(devPtr, count, loc, 0, get_input_stream(stream));\n"
      "#else\n"
      "    return cudaMemPrefetchAsync(devPtr, count, dstDevice,\n"
      "                                get_input_stream(stream));\n"
      "#endif")
patch(inst, "    return cudaGraphAddDependencies(graph, from, to, numDependencies);",
      "#if CUDART_VERSION >= 13000 " + MARK + "\n"
      "    return cudaGraphAddDependencies(graph, from, to, nullptr, numDependencies);\n"
      "#else\n"
      "    return cudaGraphAddDependencies(graph, from, to, numDependencies);\n"
      "#endif")
patch("bin/nvcc_wrapper", 'default_arch="sm_70"', 'default_arch="sm_90"  # GEOMINT cuda13')
print("patch_kokkos_cuda13: patched", root)
