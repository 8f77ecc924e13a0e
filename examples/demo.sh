#!/usr/bin/env bash
# ./geomint demo: run the flagship example into out/demo/.  The flagship is the
# vesicle with in-triangle points (examples/membrane/demo.sh).
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/membrane/demo.sh" "$@"
