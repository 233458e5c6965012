#!/usr/bin/env bash
# Benchmark of the time to a `dpone check` answer (issue 21, docs/reference/cli.md, "Install"):
#   baseline  the checkout launcher `./dpone` with a current build (no rebuild), as on main
#   artifact  the installed release archive (scripts/package --install), with its CDS archive
#   no-cds    the same installed artifact with DPONE_CDS=off (what the CDS archive buys)
# Rounds alternate the three so load drifts hit each alike; prints the median wall time of each,
# the load average, and the ratios artifact/baseline and artifact/no-cds measured in this run.
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

# seconds of one run, to the millisecond; the answer must be the check summary
time_one() {
  local start end
  start=$(date +%s%N)
  "$@" check -m "$manifest" > "$install/out" 2> /dev/null
  end=$(date +%s%N)
  grep -q '"admitted" : true' "$install/out" || { echo "bench: no check answer from $*" >&2; exit 1; }
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", (e - s) / 1e9 }'
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
baseline=$(median < "$install/baseline")
artifact=$(median < "$install/artifact")
nocds=$(median < "$install/nocds")
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "median of $rounds rounds, wall time to the check answer:"
echo "  checkout launcher ./dpone (baseline): ${baseline} s"
echo "  installed artifact, CDS:              ${artifact} s"
echo "  installed artifact, DPONE_CDS=off:    ${nocds} s"
awk -v a="$artifact" -v b="$baseline" -v n="$nocds" 'BEGIN {
  printf "ratio artifact / checkout launcher: %.2f\n", a / b
  printf "ratio artifact / artifact without CDS: %.2f\n", a / n
  printf "artifact under 0.5 s: %s\n", (a < 0.5) ? "yes" : "no (see the load average)"
}'
