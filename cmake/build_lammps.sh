#!/usr/bin/env bash
# Build the pinned LAMMPS (29Sep2021 update 2, Debian source package) that GEOMINT
# tests against, into a cache outside the work tree.  Usage:
#   cmake/build_lammps.sh CACHE_DIR  -> prints the install prefix on the last line
set -euo pipefail
cache=${1:?cache dir}
pkgs="PLUGIN KOKKOS MOLECULE RIGID ASPHERE EXTRA-MOLECULE EXTRA-PAIR EXTRA-FIX POEMS"
# the cache key: LAMMPS version + package set + this script's options
# (KOKKOS is built against GEOMINT's own threaded Kokkos 3.4.01: cmake/build_kokkos.sh)
key=$(printf '%s\n' "29Sep2021u2" "$pkgs" "opts-v3" "kokkos-3.4.01-serial-openmp" | sha1sum | cut -c1-10)
prefix="$cache/lammps-29Sep2021u2-$key"
patches="error-one-flush error-all-flush"   # cmake/patch_lammps.py; a new patch rebuilds incrementally
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ -x "$prefix/install/bin/lmp" ] && [ -f "$prefix/install/.complete" ]; then
  if [ "$(cat "$prefix/install/.patches" 2>/dev/null)" = "$patches" ]; then
    echo "$prefix/install"; exit 0
  fi
  # an older cached build: patch the source and rebuild what changed (seconds)
  src=$(readlink "$prefix/install/lammps-src")
  python3 "$here/patch_lammps.py" "$src" >&2
  echo "geomint: rebuilding the cached LAMMPS with the patches: $patches" >&2
  cmake --build "$prefix/build" -j"$(nproc)" >&2
  cmake --install "$prefix/build" >&2
  cp "$prefix/build/lmp" "$prefix/install/bin/lmp" 2>/dev/null || true
  echo "$patches" > "$prefix/install/.patches"
  echo "$prefix/install"; exit 0
fi
kokkos=$("$here/build_kokkos.sh" "$cache" | tail -n1)
mkdir -p "$cache/src"
src=$(ls -d "$cache"/src/lammps-0~2022* 2>/dev/null | head -n1 || true)
if [ -z "$src" ]; then
  echo "geomint: fetching LAMMPS source (apt-get source lammps)" >&2
  (cd "$cache/src" && apt-get source --download-only lammps >&2)
  (cd "$cache/src" && tar xJf lammps_*.orig.tar.xz)
  src=$(ls -d "$cache"/src/lammps-0~2022* | head -n1)
fi
grep -q '29 Sep 2021' "$src/src/version.h" || { echo "geomint: $src is not LAMMPS 29Sep2021" >&2; exit 1; }
python3 "$here/patch_lammps.py" "$src/src" >&2
pkgargs=""; for p in $pkgs; do pkgargs="$pkgargs -D PKG_$p=on"; done
mkdir -p "$prefix/build"
echo "geomint: configuring LAMMPS in $prefix/build" >&2
cmake -S "$src/cmake" -B "$prefix/build" -G "Unix Makefiles" \
  -D CMAKE_BUILD_TYPE=Release \
  -D CMAKE_INSTALL_PREFIX="$prefix/install" -D BUILD_SHARED_LIBS=on -D BUILD_MPI=on -D BUILD_OMP=on \
  -D LAMMPS_INSTALL_RPATH=on -D BUILD_TOOLS=off -D BUILD_DOC=off \
  -D EXTERNAL_KOKKOS=on -D Kokkos_ROOT="$kokkos" \
  -D LAMMPS_EXCEPTIONS=on -D DOWNLOAD_POTENTIALS=off $pkgargs >&2
echo "geomint: building LAMMPS (about 7 minutes on 2 cores)" >&2
cmake --build "$prefix/build" -j"$(nproc)" >&2
cmake --install "$prefix/build" >&2
# keep the full source headers (the plugin compiles against src/ and src/KOKKOS/)
ln -sfn "$src/src" "$prefix/install/lammps-src"
cp "$prefix/build/lmp" "$prefix/install/bin/lmp" 2>/dev/null || true
echo "$patches" > "$prefix/install/.patches"
echo "$kokkos" > "$prefix/install/kokkos-prefix"
touch "$prefix/install/.complete"
echo "$prefix/install"
