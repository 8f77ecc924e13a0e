#!/usr/bin/env bash
# Build a LAMMPS from its source (a source tree or a release tarball, e.g.
# ../shared/lammps/lammps-29Aug2024-src.tar.xz) with GEOMINT's package set plus
# KOKKOS (Serial + OpenMP), into the cache.  Usage:
#   cmake/build_lammps_source.sh CACHE_DIR PATH  -> prints the install prefix on the last line
# Kokkos: the source's bundled lib/kokkos where it has one (upstream tarballs up to
# 2025); otherwise an external Kokkos, in this order: $GEOMINT_KOKKOS_PATH (./geomint
# --kokkos PATH), $Kokkos_ROOT, a kokkos-*.tar.gz beside the LAMMPS tarball or tree.
# Each may be an installed Kokkos (its prefix) or a Kokkos source (tarball or tree),
# which is built into the cache first (cmake/build_kokkos_source.sh).
set -euo pipefail
cache=${1:?cache dir}; path=${2:?LAMMPS source tree or tarball}
want="PLUGIN KOKKOS MOLECULE RIGID ASPHERE EXTRA-MOLECULE EXTRA-PAIR EXTRA-FIX POEMS"
opts="Release shared MPI OMP kokkos-serial-openmp opts-v1"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
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
  python3 "$here/patch_lammps.py" "$src/src" >&2
  owned=1
else
  src=$(cd "$path" && pwd)
  owned=0
fi
[ -f "$src/src/version.h" ] && [ -f "$src/cmake/CMakeLists.txt" ] \
  || { echo "geomint: $path is not a LAMMPS source tree (no src/version.h and cmake/CMakeLists.txt)" >&2; exit 1; }
version=$(sed -n 's/.*LAMMPS_VERSION "\(.*\)".*/\1/p' "$src/src/version.h" | tr -d ' ')
# the packages of GEOMINT's set that this LAMMPS has (POEMS was removed after 22Jul2025)
pkgs=""
for p in $want; do
  if [ -d "$src/src/$p" ]; then pkgs="$pkgs $p"; else echo "geomint: LAMMPS $version has no package $p: built without it" >&2; fi
done

# ---- Kokkos: bundled, or external (built from source into the cache when given as source) ----
kokkos_args=(-D Kokkos_ENABLE_SERIAL=on -D Kokkos_ENABLE_OPENMP=on)
kokkos_prefix=""
if [ ! -f "$src/lib/kokkos/CMakeLists.txt" ]; then
  kpath=${GEOMINT_KOKKOS_PATH:-${Kokkos_ROOT:-}}
  if [ -z "$kpath" ]; then
    kpath=$(ls -d "$(dirname "$path")"/kokkos-*.tar.gz "$(dirname "$path")"/kokkos-*.tar.xz 2>/dev/null | sort -V | tail -n1 || true)
  fi
  [ -n "$kpath" ] || { echo "geomint: LAMMPS $version in $path has no bundled lib/kokkos: give a Kokkos with" \
    "--kokkos PATH (an installed Kokkos or a Kokkos source tarball), or put kokkos-X.Y.Z.tar.gz beside it" >&2; exit 1; }
  # the C++ standard this LAMMPS asks of KOKKOS (2026: C++20, Kokkos 5)
  std=17
  grep -qs 'CMAKE_CXX_STANDARD LESS 20' "$src/cmake/Modules/Packages/KOKKOS.cmake" && std=20
  if ls "$kpath"/lib*/cmake/Kokkos/KokkosConfig.cmake >/dev/null 2>&1; then
    kokkos_prefix=$(cd "$kpath" && pwd)
  else
    kokkos_prefix=$("$here/build_kokkos_source.sh" "$cache" "$kpath" "$std" | tail -n1) \
      || { echo "geomint: building Kokkos from $kpath failed" >&2; exit 1; }
  fi
  kver=$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")/\1/p' "$kokkos_prefix"/lib*/cmake/Kokkos/KokkosConfigVersion.cmake | head -n1)
  echo "geomint: LAMMPS $version against the external Kokkos $kver in $kokkos_prefix" >&2
  # LAMMPS 4Jul2026 asks for exactly Kokkos 5.1.0 (find_package(Kokkos 5.1.0 ...)); an
  # older Kokkos of the same major version builds and runs it: lower that floor in our
  # copy of its cmake/ (a user's tree is never changed: a shadow tree is made for it)
  need=$(sed -n 's/.*find_package(Kokkos \([0-9.]*\) REQUIRED CONFIG).*/\1/p' "$src/cmake/Modules/Packages/KOKKOS.cmake" | head -n1)
  if [ -n "$need" ] && [ "$(printf '%s\n%s\n' "$need" "$kver" | sort -V | head -n1)" != "$need" ]; then
    if [ "${need%%.*}" != "${kver%%.*}" ]; then
      echo "geomint: LAMMPS $version needs Kokkos $need; $kver is another major version" >&2; exit 1
    fi
    if [ "$owned" = 0 ]; then
      shadow="$cache/src/shadow-$(printf '%s' "$src" | sha1sum | cut -c1-10)"
      rm -rf "$shadow"; mkdir -p "$shadow"
      for f in "$src"/*; do [ "$(basename "$f")" = cmake ] || ln -s "$f" "$shadow/"; done
      cp -r "$src/cmake" "$shadow/cmake"; chmod -R u+w "$shadow/cmake"
      src=$shadow
    fi
    python3 "$here/patch_lammps.py" --kokkos-version "$kver" "$src/cmake" >&2
  fi
  kokkos_args=(-D EXTERNAL_KOKKOS=on -D Kokkos_ROOT="$kokkos_prefix")
fi
key=$(printf '%s\n' "$src" "$version" "$pkgs" "$opts" "$kokkos_prefix" | sha1sum | cut -c1-10)
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
  "${kokkos_args[@]}" $pkgargs >&2
echo "geomint: building LAMMPS $version (13 to 25 minutes on 2 cores)" >&2
cmake --build "$prefix/build" -j"$(nproc)" >&2
cmake --install "$prefix/build" >&2
ln -sfn "$src/src" "$prefix/install/lammps-src"
cp "$prefix/build/lmp" "$prefix/install/bin/lmp" 2>/dev/null || true
if [ -n "$kokkos_prefix" ]; then echo "$kokkos_prefix" > "$prefix/install/kokkos-prefix"; fi
touch "$prefix/install/.complete"
echo "$prefix/install"
