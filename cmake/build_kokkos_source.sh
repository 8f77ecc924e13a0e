#!/usr/bin/env bash
# Build a Kokkos from its source (a release tarball such as kokkos-5.0.2.tar.gz, or
# an unpacked source tree) with the Serial AND OpenMP backends as shared libraries,
# into the cache, for a LAMMPS whose source has no bundled lib/kokkos (the 2026
# releases as Debian ships them).  Usage:
#   cmake/build_kokkos_source.sh CACHE_DIR PATH CXX_STANDARD  -> prints the install prefix on the last line
set -euo pipefail
cache=${1:?cache dir}; path=${2:?Kokkos tarball or source tree}; std=${3:?C++ standard}
if [ -f "$path" ]; then
  sum=$(sha1sum "$path" | cut -c1-10)
  src="$cache/src/kokkos-tar-$sum"
  if [ ! -f "$src/.unpacked" ]; then
    echo "geomint: unpacking $path" >&2
    rm -rf "$src"; mkdir -p "$src"
    tar xf "$path" -C "$src" --strip-components=1
    touch "$src/.unpacked"
  fi
else
  src=$(cd "$path" && pwd)
fi
[ -f "$src/CMakeLists.txt" ] && grep -q 'Kokkos_VERSION_MAJOR' "$src/CMakeLists.txt" \
  || { echo "geomint: $path is not a Kokkos source (no CMakeLists.txt setting Kokkos_VERSION_MAJOR)" >&2; exit 1; }
ver() { sed -n "s/.*set(Kokkos_VERSION_$1 \([0-9]*\)).*/\1/p" "$src/CMakeLists.txt" | head -n1; }
version="$(ver MAJOR).$(ver MINOR).$(ver PATCH)"
key=$(printf '%s\n' "$src" "$version" "Serial OpenMP shared Release C++$std" "opts-v1" | sha1sum | cut -c1-10)
prefix="$cache/kokkos-$version-$key"
if [ -f "$prefix/install/.complete" ]; then echo "$prefix/install"; exit 0; fi
echo "geomint: building Kokkos $version (Serial + OpenMP, C++$std, about 2 minutes)" >&2
rm -rf "$prefix/build"
cmake -S "$src" -B "$prefix/build" -D CMAKE_BUILD_TYPE=Release -D CMAKE_INSTALL_PREFIX="$prefix/install" \
  -D BUILD_SHARED_LIBS=on -D CMAKE_CXX_STANDARD="$std" -D Kokkos_ENABLE_SERIAL=on \
  -D Kokkos_ENABLE_OPENMP=on -D Kokkos_ENABLE_TESTS=off -D Kokkos_ENABLE_EXAMPLES=off >&2
cmake --build "$prefix/build" -j"$(nproc)" >&2
cmake --install "$prefix/build" >&2
echo "$version" > "$prefix/install/.version"
touch "$prefix/install/.complete"
echo "$prefix/install"
