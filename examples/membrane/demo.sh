#!/usr/bin/env bash
# ./geomint demo: run the flagship example into out/demo/ (log, dump, PNG plot and picture,
# VTK series).
# The flagship is the vesicle with in-triangle points (examples/membrane).
set -euo pipefail
root=$1; lmp=$2
out="$root/out/demo"; mkdir -p "$out"
py=python3; [ -x /usr/bin/python3 ] && py=/usr/bin/python3
nproc=$(nproc)
ex="$root/examples/membrane"
echo "geomint demo: vesicle (2562 vertices) with 300 in-triangle points, fix bagogab, $nproc MPI rank(s)"
cd "$out"
args=(-in "$ex/in.membrane" -var potdir "$root/potentials" -var exdir "$ex" -var outdir "$out"
      -log log.lammps -screen none)
if [ "$nproc" -gt 1 ] && command -v mpirun >/dev/null; then
  mpirun -np "$nproc" "$lmp" "${args[@]}"
else
  "$lmp" "${args[@]}"
fi
grep -A3 "^Loop time" log.lammps | head -n 1
"$py" "$ex/plot.py" log.lammps membrane.dump "$root/potentials/icosphere_2562.mesh" membrane.png
# the picture of the last frame: the mesh (type 1 = its vertices) as a surface, the
# in-triangle points (type 2) as spheres of radius 0.4 (their repulsion range is 0.5)
"$py" "$root/examples/render.py" membrane.dump vesicle.png --mesh "$root/potentials/icosphere_2562.mesh" \
      --types 2:crimson:0.4 --title "vesicle: 2562 vertices, 300 in-triangle points, step {step}"
rm -rf vtk
"$py" "$ex/dump2vtk.py" membrane.dump "$root/potentials/icosphere_2562.mesh" vtk/membrane
echo "geomint demo: outputs in $out:"
ls -1 "$out" | sed 's/^/  /'
echo "  (membrane.png: diffusion and occupancy plots; vesicle.png: picture of the last frame)"
echo "  (ParaView: open vtk/membrane.vtk.series; OVITO: open membrane.dump)"
