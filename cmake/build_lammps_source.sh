#!/usr/bin/env bash
# Build a LAMMPS from its source (a source tree or a release tarball, e.g.
# ../shared/lammps/lammps-29Aug2024-src.tar.xz) with GEOMINT's package set plus
# KOKKOS (its bundled Kokkos, Serial + OpenMP), into the cache.  Usage:
#   cmake/build_lammps_source.sh CACHE_DIR PATH  -> prints the install prefix on the last line
set -euo pipefail
cache=${1:?cache dir}; path=${2:?LAMMPS source tree or tarball}
pkgs="PLUGIN KOKKOS MOLECULE RIGID ASPHERE EXTRA-MOLECULE EXTRA-PAIR EXTRA-FIX POEMS"
opts="Release shared MPI OMP kokkos-serial-openmp opts-v1"
mkdir -p "$cache/src"
if [ -f "$path" ]; then
  # a tarball: unpack once, keyed by its checksum
  sum=$(sha1sum "$path" | cut -c1-10)
  src="$cache/src/tar-$sum"
  if [ ! -f "$src/.unpacked" ]; then
    echo "geomint: unpacking $path" >&2
    rm -rf "$src"; mkdir -p "$src"
    tar xf "$path" -C "$src" --strip-components=1
    # LAMMPS's install step copies these folders; a trimmed tarball may lack them
    for d in bench potentials; do mkdir -p "$src/$d"; done
    touch "$src/.unpacked"
  fi
  # our own copy: the same small patches as the pinned build (cmake/patch_lammps.py;
  # a user's source tree is never changed)
  python3 "$(dirname "${BASH_SOURCE[0]}")/patch_lammps.py" "$src/src" >&2
else
  src=$(cd "$path" && pwd)
fi
[ -f "$src/src/version.h" ] && [ -f "$src/cmake/CMakeLists.txt" ] \
  || { echo "geomint: $path is not a LAMMPS source tree (no src/version.h and cmake/CMakeLists.txt)" >&2; exit 1; }
version=$(sed -n 's/.*LAMMPS_VERSION "\(.*\)".*/\1/p' "$src/src/version.h" | tr -d ' ')
key=$(printf '%s\n' "$src" "$version" "$pkgs" "$opts" | sha1sum | cut -c1-10)
prefix="$cache/lammps-$version-$key"
if [ -x "$prefix/install/bin/lmp" ] && [ -f "$prefix/install/.complete" ] \
   && ! [ "$src/src/error.cpp" -nt "$prefix/install/.complete" ]; then
  echo "$prefix/install"; exit 0
fi
pkgargs=""; for p in $pkgs; do pkgargs="$pkgargs -D PKG_$p=on"; done
mkdir -p "$prefix/build"
# (a cached build whose sources changed since, e.g. by a new patch, is rebuilt incrementally)
echo "geomint: configuring LAMMPS $version in $prefix/build" >&2
cmake -S "$src/cmake" -B "$prefix/build" -G "Unix Makefiles" \
  -D CMAKE_BUILD_TYPE=Release -D CMAKE_INSTALL_PREFIX="$prefix/install" \
  -D BUILD_SHARED_LIBS=on -D BUILD_MPI=on -D BUILD_OMP=on -D LAMMPS_INSTALL_RPATH=on \
  -D BUILD_TOOLS=off -D BUILD_DOC=off -D DOWNLOAD_POTENTIALS=off \
  -D Kokkos_ENABLE_SERIAL=on -D Kokkos_ENABLE_OPENMP=on $pkgargs >&2
echo "geomint: building LAMMPS $version (about 13 minutes on 2 cores)" >&2
cmake --build "$prefix/build" -j"$(nproc)" >&2
cmake --install "$prefix/build" >&2
ln -sfn "$src/src" "$prefix/install/lammps-src"
cp "$prefix/build/lmp" "$prefix/install/bin/lmp" 2>/dev/null || true
touch "$prefix/install/.complete"
echo "$prefix/install"
