#!/usr/bin/env bash
# Benchmark of issue 12 (docs/reference/external-mode.md, "Staging and content-proof cost") on
# local real ClickHouse 26.7 (libchdb: two members, internal_replication = false, started by the
# testkit's LocalProcessBackend). ExternalStagingBench seals ROWS rows (default 1,000,000, with the
# row budget raised to match) and measures, in the same run on the same members:
#   - staging into two members through the production NativeMemberSessions (create + insert
#     streamed from the store) vs clickhouse-native-jdbc's plain batched insert of the same rows
#     into one table; target at most 2.5x;
#   - the content proof on one member (MemberSession.content: read back, parse, ContentDigest) vs
#     a plain SELECT * of the same rows through the same driver; target at most 2x.
# Medians of ROUNDS after one warm-up round; each ratio is printed as the ratio of the medians and
# as the median of the per-round ratios (the two sides of a round run back to back). Heap: each
# size (ROWS / 10 and ROWS) runs in its own JVM capped at -XmxHEAP (default 256m, where the
# driver's own baseline is not bound by garbage collection); per phase it reports the sampled peak used heap and the peak live heap (heap in use
# right after a collection). Neither may grow with the rows.
# Usage: bench/external-staging.sh [ROWS] [ROUNDS] [HEAP]
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-1000000}"
rounds="${2:-5}"
xmx="${3:-256m}"
small=$((rows / 10))

scripts/fetch-clickhouse.sh >/dev/null
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) (before the run)"
mvn -B -q -ntp -pl dpone-testkit -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="dpone-testkit/target/test-classes:dpone-testkit/target/classes:$(cat dpone-testkit/target/bench.classpath)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

run() { # ROWS
  java "-Xmx$xmx" -cp "$cp" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    io.dpone.testkit.external.bench.ExternalStagingBench "$1" "$rounds" "$work/$1" 2>"$work/rounds-$1.log" \
    || { cat "$work/rounds-$1.log" >&2; exit 1; }
}

field() { # NAME OUTPUT
  tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"
}

small_out="$(run "$small")"
echo "small: $(head -1 <<<"$small_out")"
grep '^round' "$work/rounds-$small.log" | sed 's/^/  /'
big_out="$(run "$rows")"
echo "large: $(head -1 <<<"$big_out")"
grep '^round' "$work/rounds-$rows.log" | sed 's/^/  /'
echo "machine: load average $(cut -d' ' -f1-3 /proc/loadavg) (after the run)"

insert="$(field driver_insert_seconds_median "$big_out")"
staging="$(field staging_two_members_seconds_median "$big_out")"
select_all="$(field select_all_seconds_median "$big_out")"
proof="$(field content_proof_seconds_median "$big_out")"
echo "driver_insert_one_table_seconds_median=$insert staging_two_members_seconds_median=$staging"
awk -v a="$staging" -v b="$insert" -v r="$(field staging_ratio_per_round_median "$big_out")" \
  'BEGIN { printf "ratio_staging_two_members_to_driver_insert=%.2f (of the medians; median of per-round ratios %s; target <= 2.5)\n", a / b, r }'
echo "select_all_seconds_median=$select_all content_proof_seconds_median=$proof"
awk -v a="$proof" -v b="$select_all" -v r="$(field proof_ratio_per_round_median "$big_out")" \
  'BEGIN { printf "ratio_content_proof_to_select_all=%.2f (of the medians; median of per-round ratios %s; target <= 2)\n", a / b, r }'
for phase in artifact_scan staging proof driver_insert select_all; do
  printf '%-13s peak_used_mb small=%-6s large=%-6s  peak_live_mb small=%-6s large=%-6s (both JVMs -Xmx%s)\n' "$phase" \
    "$(field "${phase}_peak_used_mb" "$small_out")" "$(field "${phase}_peak_used_mb" "$big_out")" \
    "$(field "${phase}_peak_live_mb" "$small_out")" "$(field "${phase}_peak_live_mb" "$big_out")" "$xmx"
done
