#!/usr/bin/env bash
# Benchmark of issue 12 (docs/reference/external-mode.md, "Sealing cost"): sealing a CSV of ROWS
# rows (default 1,000,000, with the row budget raised to match) against `sha256sum` of the same file
# in the same run; target at most 3x. Medians of ROUNDS; the seal is timed inside one JVM after a
# warm-up (JVM start excluded), and once more end to end through `./dpone seal` (JVM start included).
# Heap: each size runs in its own JVM capped at -Xmx64m; the peak heap must not grow with the file.
# Pure local file I/O: no ClickHouse. Usage: bench/seal.sh [ROWS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-1000000}"
rounds="${2:-3}"
small=$((rows / 10))

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
mvn -B -q -ntp -pl dpone-clickhouse-external -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="dpone-clickhouse-external/target/test-classes:dpone-clickhouse-external/target/classes:$(cat dpone-clickhouse-external/target/bench.classpath)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

run() { # FILE ROWS
  java -Xmx64m -cp "$cp" io.dpone.clickhouse.external.seal.SealBench "$1" "$2" "$work/store" "$rounds"
}

small_line="$(run "$work/small.csv" "$small")"
big_line="$(run "$work/big.csv" "$rows")"
echo "small: $small_line"
echo "large: $big_line"

sha=()
for _ in $(seq "$rounds"); do
  start=$(date +%s.%N); sha256sum "$work/big.csv" >/dev/null; end=$(date +%s.%N)
  sha+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')")
done
sha_median="$(printf '%s\n' "${sha[@]}" | sort -n | sed -n "$(( (rounds + 1) / 2 ))p")"
seal_median="$(sed -E 's/.*seal_seconds_median=([0-9.]+).*/\1/' <<<"$big_line")"
echo "sha256sum_seconds_median=$sha_median"
awk -v a="$seal_median" -v b="$sha_median" 'BEGIN { printf "ratio_seal_to_sha256sum=%.2f (target <= 3)\n", a / b }'

if [ -f dpone-cli/target/dpone.args ] || mvn -B -q -ntp -pl dpone-cli -am package -DskipTests >/dev/null; then
  start=$(date +%s.%N)
  DPONE_SKIP_BUILD=1 ./dpone seal --source "$work/big.csv" --format CSVWithNames --row-budget "$rows" --store "$work/store" \
    --columns "id UInt64, name String, amount Decimal(18, 2), day Date, at DateTime64(3), ok Bool, note Nullable(String)" >/dev/null
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" -v b="$sha_median" 'BEGIN { printf "end_to_end_dpone_seal_seconds=%.3f ratio=%.2f (JVM start included)\n", e - s, (e - s) / b }'
fi
peak_small="$(sed -E 's/.*peak_heap_mb=([0-9.]+).*/\1/' <<<"$small_line")"
peak_big="$(sed -E 's/.*peak_heap_mb=([0-9.]+).*/\1/' <<<"$big_line")"
echo "peak_heap_mb small=$peak_small large=$peak_big (both under -Xmx64m)"
