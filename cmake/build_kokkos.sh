#!/usr/bin/env bash
# Build Kokkos 3.4.01 (the Kokkos of Debian's Trilinos 13.2, the same version as
# libtrilinos-kokkos-dev) with the Serial AND OpenMP backends as shared
# libraries, from Debian's own source package, into the cache.  Debian's binary
# package has Serial only, which hides races and missing syncs in /kk styles.
# Usage: cmake/build_kokkos.sh CACHE_DIR  -> prints the install prefix on the last line
set -euo pipefail
cache=${1:?cache dir}
key=$(printf '%s\n' "3.4.01" "Serial OpenMP shared Release C++14" "opts-v1" | sha1sum | cut -c1-10)
prefix="$cache/kokkos-3.4.01-$key"
if [ -f "$prefix/install/.complete" ]; then echo "$prefix/install"; exit 0; fi
mkdir -p "$cache/src/trilinos"
cd "$cache/src/trilinos"
if ! ls trilinos_*.orig.tar.* >/dev/null 2>&1; then
  echo "geomint: fetching Kokkos 3.4.01 (apt-get source --download-only trilinos)" >&2
  apt-get source --download-only trilinos >&2
fi
src=$(ls -d "$cache"/src/trilinos/Trilinos-*/packages/kokkos 2>/dev/null | head -n1 || true)
if [ -z "$src" ]; then
  echo "geomint: unpacking packages/kokkos of Trilinos" >&2
  tar xf trilinos_*.orig.tar.* --wildcards '*/packages/kokkos/*'
  src=$(ls -d "$cache"/src/trilinos/Trilinos-*/packages/kokkos | head -n1)
fi
grep -q 'set(Kokkos_VERSION_MINOR 4)' "$src/CMakeLists.txt" \
  || { echo "geomint: $src is not Kokkos 3.4" >&2; exit 1; }
echo "geomint: building Kokkos 3.4.01 (Serial + OpenMP, about 15 s)" >&2
rm -rf "$prefix/build"
cmake -S "$src" -B "$prefix/build" -D CMAKE_BUILD_TYPE=Release -D CMAKE_INSTALL_PREFIX="$prefix/install" \
  -D BUILD_SHARED_LIBS=on -D CMAKE_CXX_STANDARD=14 -D Kokkos_ENABLE_SERIAL=on \
  -D Kokkos_ENABLE_OPENMP=on >&2
cmake --build "$prefix/build" -j"$(nproc)" >&2
cmake --install "$prefix/build" >&2
touch "$prefix/install/.complete"
echo "$prefix/install"
