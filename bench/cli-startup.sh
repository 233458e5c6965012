#!/usr/bin/env bash
# Benchmark of the time to a `dpone check` answer (issue 21, docs/reference/cli.md, "Install"):
#   baseline  the checkout launcher `./dpone` with a current build (no rebuild), as on main
#   artifact  the installed release archive (scripts/package --install), with its CDS archive
#   no-cds    the same installed artifact with DPONE_CDS=off (what the CDS archive buys)
# Rounds alternate the three so load drifts hit each alike; prints the median wall and CPU time of
# each, the load average, and the ratios artifact/baseline and artifact/no-cds measured in this run.
# Target: the artifact under 0.5 s on an idle machine.
# Usage: bench/cli-startup.sh [ROUNDS]   (default 9)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-9}"
manifest="$PWD/fixtures/manifests/cluster-internal.yaml"
install="$(mktemp -d)"
trap 'rm -rf "$install"' EXIT

./dpone check -m "$manifest" > /dev/null                         # brings the checkout build up to date
scripts/package --skip-build --install "$install/dpone" > /dev/null
echo "machine: $(nproc) cores, load average before $(cut -d' ' -f1-3 /proc/loadavg)"

# "wall cpu" seconds of one run (cpu = user + system of the JVM and the launcher script); the
# answer must be the check summary. On a loaded machine wall time is mostly waiting for a core,
# so the CPU time is reported too: it is what the launcher itself costs.
time_one() {
  /usr/bin/time -o "$install/time" -f '%e %U %S' "$@" check -m "$manifest" > "$install/out" 2> /dev/null
  grep -q '"admitted" : true' "$install/out" || { echo "bench: no check answer from $*" >&2; exit 1; }
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$install/time"
}

median() {
  sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

: > "$install/baseline"; : > "$install/artifact"; : > "$install/nocds"
for _ in $(seq "$rounds"); do
  time_one ./dpone >> "$install/baseline"
  time_one "$install/dpone/bin/dpone" >> "$install/artifact"
  DPONE_CDS=off time_one "$install/dpone/bin/dpone" >> "$install/nocds"
done
for run in baseline artifact nocds; do
  eval "${run}_wall=\$(cut -d' ' -f1 < \"\$install/$run\" | median)"
  eval "${run}_cpu=\$(cut -d' ' -f2 < \"\$install/$run\" | median)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "median of $rounds rounds to the check answer (wall s / cpu s):"
echo "  checkout launcher ./dpone (baseline): ${baseline_wall} / ${baseline_cpu}"
echo "  installed artifact, CDS:              ${artifact_wall} / ${artifact_cpu}"
echo "  installed artifact, DPONE_CDS=off:    ${nocds_wall} / ${nocds_cpu}"
awk -v aw="$artifact_wall" -v bw="$baseline_wall" -v nw="$nocds_wall" -v ac="$artifact_cpu" -v bc="$baseline_cpu" -v nc="$nocds_cpu" 'BEGIN {
  printf "ratio artifact / checkout launcher: wall %.2f, cpu %.2f\n", aw / bw, ac / bc
  printf "ratio artifact / artifact without CDS: wall %.2f, cpu %.2f\n", aw / nw, ac / nc
  printf "artifact under 0.5 s wall: %s\n", (aw < 0.5) ? "yes" : "no (see the load average)"
}'
