#!/usr/bin/env bash
# Benchmark of issue 20 (docs/reference/internal-mode.md, "Load cost") on one local real ClickHouse
# 26.7 member (libchdb, started by the testkit's LocalProcessBackend). InternalLoadBench writes ROWS
# rows (default 1,000,000) of six columns (UInt64, String, Decimal(18, 2), Date, DateTime64(3),
# Nullable(String)) and per round inserts them into fresh MergeTree tables as the restricted
# publisher:
#   raw   one HTTP POST of the TSVWithNames file (the server's own ingest: the baseline);
#   tsv   the production load: HttpCandidateLoader fed by the TSV source reader; target <= 1.3x raw;
#   gzip  the same file gzip-compressed, decompressed by the reader as a stream;
#   zstd  the same file zstd-compressed, likewise;
#   csv   the same rows as CSVWithNames through the CSV reader.
# Medians of ROUNDS after one warm-up round; every ratio is to the raw POST of the same round, printed
# as the ratio of the medians and as the median of the per-round ratios. The first round checks that
# every path stored the same rows. JFR=FILE records a Flight Recorder profile of the run.
# Usage: bench/internal-load.sh [ROWS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-1000000}"
rounds="${2:-5}"

scripts/fetch-clickhouse.sh >/dev/null
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) (before the run)"
mvn -B -q -ntp -pl dpone-testkit -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="dpone-testkit/target/test-classes:dpone-testkit/target/classes:$(cat dpone-testkit/target/bench.classpath)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
jfr=()
if [ -n "${JFR:-}" ]; then
  jfr=("-XX:StartFlightRecording=filename=$JFR,settings=profile")
fi

out="$(java -Xmx256m "${jfr[@]}" -cp "$cp" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  io.dpone.testkit.transport.bench.InternalLoadBench "$rows" "$rounds" "$work/files" 2>"$work/rounds.log")" \
  || { cat "$work/rounds.log" >&2; exit 1; }
grep '^round' "$work/rounds.log" | sed 's/^/  /'
echo "machine: load average $(cut -d' ' -f1-3 /proc/loadavg) (after the run)"
grep '^rows=' <<<"$out"

field() { # NAME
  tr ' ' '\n' <<<"$(grep '^raw_seconds_median=' <<<"$out")" | sed -n "s/^$1=//p"
}
echo "raw_post_seconds_median=$(field raw_seconds_median)"
for path in tsv gzip zstd csv; do
  case "$path" in tsv) goal="target <= 1.3" ;; *) goal="reported" ;; esac
  printf 'ratio_%s_load_to_raw_post=%s (of the medians; median of per-round ratios %s; %s; %s_seconds_median=%s)\n' \
    "$path" "$(field "${path}_ratio_of_medians")" "$(field "${path}_ratio_per_round_median")" "$goal" "$path" \
    "$(field "${path}_seconds_median")"
done
