#!/usr/bin/env bash
# Benchmark of issues 12 and 20 (docs/reference/external-mode.md, "Staging and content-proof cost")
# on local real ClickHouse 26.7 (libchdb: two members, internal_replication = false, started by the
# testkit's LocalProcessBackend). ExternalStagingBench seals ROWS rows (default 1,000,000, with the
# row budget raised to match) and measures, in the same run on the same members:
#   - the baseline: the server's own ingest, one HTTP INSERT ... FORMAT TabSeparated of the same
#     rows into member 1; and the same HTTP insert into both members at once (the two servers' own
#     ingest on this machine: the floor under two members' staging when they share its cores);
#   - staging through the production NativeMemberSessions (create + insert streamed from the
#     store): one member; two members one after the other (today's orchestration); two members at
#     once, each reading its own pass of the artifact (production); two members at once reading
#     one shared pass (SharedArtifactRows, ADR 0010 option 7, measured, not wired).
#     Targets (issue 20): two-member staging <= 2x the HTTP baseline, two members
#     <= 1.2x one member;
#   - clickhouse-native-jdbc's plain batched insert of the same rows into one table (the driver's
#     own cost, for the profile), on a plain driver connection and on one the adapters open
#     (NativeConnections: the socket stream buffered; docs/adr/0010);
#   - the client thread's own CPU time (ThreadMXBean) of staging one member and of the buffered
#     driver insert: the per-row client cost, which load from other processes hardly moves;
#   - the whole machine's busy CPU per phase (/proc/stat: the JVM and both servers), and from it the
#     lowest "two members / one member" ratio these cores allow (two members' CPU seconds / cores /
#     one member's wall time): the measured floor under the 1.2x goal on an idle machine;
#   - the same production insert of one member, then both at once, into ENGINE = Null tables (the
#     servers only decode the blocks): how the client's own work scales from one member to two;
#   - the content proof on one member (MemberSession.content: read back, parse, ContentDigest) vs
#     a plain SELECT * of the same rows through the same driver; keep <= 2x.
# Sealing against sha256sum (keep <= 3x) is bench/seal.sh.
# Medians of ROUNDS after one warm-up round; each ratio is printed as the ratio of the medians and
# as the median of the per-round ratios (the phases of a round run back to back). Heap: each size
# (ROWS / 10 and ROWS) runs in its own JVM capped at -XmxHEAP (default 256m, where the driver's own
# baseline is not bound by garbage collection); per phase it reports the sampled peak used heap and
# the peak live heap (heap in use right after a collection). Neither may grow with the rows.
# JFR=FILE records a Flight Recorder profile of the large run; BATCH_ROWS=N stages (and runs the
# driver's own insert) with N rows per native block instead of the production default.
# Usage: bench/external-staging.sh [ROWS] [ROUNDS] [HEAP]
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-1000000}"
rounds="${2:-5}"
xmx="${3:-256m}"
small=$((rows / 10))

scripts/fetch-clickhouse.sh >/dev/null
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) (before the run)"
mvn -B -q -ntp -pl dpone-clickhouse-external -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="dpone-clickhouse-external/target/test-classes:dpone-clickhouse-external/target/classes:$(cat dpone-clickhouse-external/target/bench.classpath)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

jfr=()
batch=()
if [ -n "${BATCH_ROWS:-}" ]; then
  batch=("-Dbench.batchRows=$BATCH_ROWS")
fi
run() { # ROWS
  java "-Xmx$xmx" "${jfr[@]}" "${batch[@]}" -cp "$cp" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    io.dpone.testkit.external.bench.ExternalStagingBench "$1" "$rounds" "$work/$1" 2>"$work/rounds-$1.log" \
    || { cat "$work/rounds-$1.log" >&2; exit 1; }
}

field() { # NAME OUTPUT
  tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"
}

small_out="$(run "$small")"
echo "small: $(head -1 <<<"$small_out")"
grep '^round' "$work/rounds-$small.log" | sed 's/^/  /'
if [ -n "${JFR:-}" ]; then
  jfr=("-XX:StartFlightRecording=filename=$JFR,settings=profile")
fi
big_out="$(run "$rows")"
echo "large: $(head -1 <<<"$big_out")"
grep '^round' "$work/rounds-$rows.log" | sed 's/^/  /'
echo "machine: load average $(cut -d' ' -f1-3 /proc/loadavg) (after the run)"

for phase in http_tsv_insert http_tsv_two_members driver_insert driver_insert_buffered staging_one_member staging staging_parallel_own_passes staging_parallel proof select_all staging_one_member_null_engine staging_parallel_null_engine; do
  printf '%s_seconds_median=%s\n' "$phase" "$(field "${phase}_seconds_median" "$big_out")"
done
ratio() { # NAME GOAL
  printf 'ratio_%s=%s (of the medians; median of per-round ratios %s; %s)\n' "$1" "$(field "ratio_$1" "$big_out")" \
    "$(field "ratio_$1_per_round_median" "$big_out")" "$2"
}
ratio staging_to_http_tsv "two members one after the other / HTTP TSV; target <= 2"
ratio staging_parallel_to_http_tsv "two members at once, one shared pass (not wired) / HTTP TSV"
ratio staging_parallel_own_passes_to_http_tsv "two members at once, each its own pass (production) / HTTP TSV; target <= 2"
ratio staging_parallel_to_own_passes "two members at once: one shared pass / each its own pass"
ratio staging_to_one_member "two members one after the other / one member"
ratio staging_parallel_own_passes_to_one_member "two members at once, each its own pass (production) / one member; target <= 1.2"
ratio cpu_floor_two_members_to_one_member "the lowest two-members / one-member ratio these cores allow: the machine's busy CPU of two members at once / cores / one member's wall time (idle machine only)"
ratio staging_parallel_null_engine_to_one_member_null_engine "the same into ENGINE = Null tables (the servers only decode the blocks): how the client's own work scales to two members, an indication for members on their own hosts"
ratio staging_parallel_to_one_member "two members at once, one shared pass (not wired) / one member"
ratio http_tsv_two_members_to_http_tsv "both servers' own HTTP TSV ingest at once / one server's: the floor for two members sharing these cores"
ratio staging_parallel_to_http_tsv_two_members "two members at once / both servers' own HTTP TSV ingest at once"
ratio staging_to_driver_insert "two members one after the other / the driver's own batched insert"
ratio driver_insert_to_http_tsv "the driver's own batched insert / HTTP TSV"
ratio driver_insert_buffered_to_http_tsv "the same on a connection the adapters open (buffered socket stream, ADR 0010) / HTTP TSV"
ratio proof_to_select_all "content proof / SELECT *; keep <= 2"
for name in staging_one_member_client_cpu_seconds_median driver_insert_buffered_client_cpu_seconds_median ratio_staging_client_cpu_to_driver_client_cpu \
  cores http_tsv_insert_machine_cpu_seconds_median http_tsv_two_members_machine_cpu_seconds_median \
  staging_one_member_machine_cpu_seconds_median staging_parallel_own_passes_machine_cpu_seconds_median; do
  printf '%s=%s\n' "$name" "$(field "$name" "$big_out")"
done
for phase in artifact_scan http_tsv_insert http_tsv_two_members driver_insert driver_insert_buffered staging_one_member staging staging_parallel_own_passes staging_parallel proof select_all staging_one_member_null_engine staging_parallel_null_engine; do
  printf '%-30s peak_used_mb small=%-6s large=%-6s  peak_live_mb small=%-6s large=%-6s (both JVMs -Xmx%s)\n' "$phase" \
    "$(field "${phase}_peak_used_mb" "$small_out")" "$(field "${phase}_peak_used_mb" "$big_out")" \
    "$(field "${phase}_peak_live_mb" "$small_out")" "$(field "${phase}_peak_live_mb" "$big_out")" "$xmx"
done
