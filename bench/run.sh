#!/usr/bin/env bash
# ./geomint bench [name]: run benchmark decks and print ratios against LAMMPS's own fixes.
set -euo pipefail
root=$1; lmp=$2; which=${3:-all}
out="$root/out/bench"; mkdir -p "$out"
py=python3; [ -x /usr/bin/python3 ] && py=/usr/bin/python3
run_one() {
  local name=$1 a=$2 b=$3; shift 3
  echo "== bench $name: $a vs $b (log: out/bench/$name.log)"
  (cd "$out" && "$lmp" -in "$root/bench/in.$name" -log "$name.log" -screen none "$@") \
    || { echo "benchmark $name failed; see $out/$name.log" >&2; tail -n 5 "$out/$name.log" >&2; exit 1; }
  "$py" "$root/bench/report.py" "$out/$name.log" "$a" "$b"
}
case "$which" in
  bagogab|all) run_one bagogab bagogab langevin+nve ;;
  *) echo "unknown benchmark '$which' (available: bagogab)" >&2; exit 1 ;;
esac
