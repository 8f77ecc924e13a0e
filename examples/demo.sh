#!/usr/bin/env bash
# ./geomint demo: run the flagship example into out/demo/ (log, dump, PNG plot).
# The flagship is the BAOAB LJ liquid (examples/bagogab) until the membrane
# example of in-triangle points exists.
set -euo pipefail
root=$1; lmp=$2
out="$root/out/demo"; mkdir -p "$out"
py=python3; [ -x /usr/bin/python3 ] && py=/usr/bin/python3
nproc=$(nproc)
echo "geomint demo: LJ liquid (4000 atoms) thermostatted by fix bagogab, $nproc MPI rank(s)"
cd "$out"
if [ "$nproc" -gt 1 ] && command -v mpirun >/dev/null; then
  mpirun -np "$nproc" "$lmp" -in "$root/examples/bagogab/in.bagogab_lj" -log log.lammps -screen none
else
  "$lmp" -in "$root/examples/bagogab/in.bagogab_lj" -log log.lammps -screen none
fi
grep -A3 "^Loop time" log.lammps | head -n 1
"$py" "$root/examples/bagogab/plot.py" log.lammps bagogab_lj.png
echo "geomint demo: outputs in $out:"
ls -1 "$out" | sed 's/^/  /'
