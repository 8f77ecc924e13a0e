#!/usr/bin/env python3
"""Small, documented patches that GEOMINT applies to the pinned LAMMPS source
before building it (cmake/build_lammps.sh).  Idempotent: a patched file keeps a
marker comment and is left alone the second time.

error-one-flush: Error::one() writes its message into buffered stdio and, with
LAMMPS_EXCEPTIONS, throws; main() then calls MPI_Abort(), which does not flush
stdio.  With stdout redirected to a file (every batch job) the ERROR line was
lost from both the screen file and log.lammps.  The patch flushes screen and
logfile before the throw (as the non-exception branch already does).

error-all-flush: the same for Error::all() on rank 0: with several ranks,
mpirun may kill rank 0 (another rank's exit(1) came first) before its
exit() flushes the log, and log.lammps lost the ERROR line.
LAMMPS releases from 2023 on flush in Error::one()/all() themselves
(utils::flush_buffers): their error.cpp is left as it is.

kokkos-version: LAMMPS 4Jul2026's cmake/Modules/Packages/KOKKOS.cmake asks for
exactly Kokkos 5.1.0 (the version it would download); Kokkos 5.0.2, which is
what can be had here, builds and runs it.  The floor is lowered to the version
given, in GEOMINT's own copy of that LAMMPS's cmake/ folder.

Usage: patch_lammps.py LAMMPS_SRC_DIR   (the folder holding error.cpp)
       patch_lammps.py --kokkos-version X.Y.Z LAMMPS_CMAKE_DIR"""
import re
import pathlib
import sys

MARK = "/* GEOMINT patch error-one-flush */"
MARK_ALL = "/* GEOMINT patch error-all-flush */"


def insert_flush(src, mark, function, anchor, after, indent):
    """Insert a flush of screen and logfile, tagged with mark, at the first
    anchor line inside function of error.cpp (before it, or after it)."""
    path = pathlib.Path(src) / "error.cpp"
    text = path.read_text()
    if mark in text:
        return "already patched"
    if "utils::flush_buffers(lmp)" in text:
        return "not needed (this LAMMPS flushes before it throws)"
    if function not in text or anchor not in text[text.index(function):]:
        sys.exit("geomint: cannot patch " + str(path) + ": '" + function +
                 "' or its anchor not found (an unknown LAMMPS version?)")
    at = text.index(anchor, text.index(function)) + (len(anchor) if after else 0)
    flush = (indent + mark + "\n" + indent + "if (screen) fflush(screen);\n" + indent +
             "if (logfile) fflush(logfile);\n")
    path.write_text(text[:at] + flush + text[at:])
    return "patched"


SIGNATURE = "(const std::string &file, int line, const std::string &str)"


def patch_error_one(src):
    return insert_flush(src, MARK, "void Error::one" + SIGNATURE,
                        "  throw LAMMPSAbortException(mesg, world);", after=False, indent="  ")


def patch_error_all(src):
    return insert_flush(src, MARK_ALL, "void Error::all" + SIGNATURE,
                        "    utils::logmesg(lmp,mesg);\n", after=True, indent="    ")


def patch_kokkos_version(cmake_dir, version):
    path = pathlib.Path(cmake_dir) / "Modules" / "Packages" / "KOKKOS.cmake"
    text = path.read_text()
    new, n = re.subn(r"find_package\(Kokkos [0-9.]+ REQUIRED CONFIG\)",
                     "find_package(Kokkos " + version + " REQUIRED CONFIG)", text)
    if n == 0:
        return "nothing to change"
    path.write_text(new)
    return "find_package(Kokkos " + version + ")"


if __name__ == "__main__":
    if sys.argv[1] == "--kokkos-version":
        print("geomint: KOKKOS.cmake:", patch_kokkos_version(sys.argv[3], sys.argv[2]),
              file=sys.stderr)
        sys.exit(0)
    print("geomint: error.cpp (Error::one):", patch_error_one(sys.argv[1]), file=sys.stderr)
    print("geomint: error.cpp (Error::all):", patch_error_all(sys.argv[1]), file=sys.stderr)
