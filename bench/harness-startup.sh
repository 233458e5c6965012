#!/usr/bin/env bash
# Benchmark of the real-ClickHouse test harness (docs/testkit/real-clickhouse.md, "Cost").
#   1. first-time download: scripts/fetch-clickhouse.sh into an empty cache and an empty npm cache
#      (network + SHA-256 verification + extraction + launcher build); skip with --no-cold-fetch
#   2. cached start: HarnessStartupBench, one node alone (baseline) vs two members + ZooKeeper,
#      median of ROUNDS starts each, printed as a ratio measured in the same run.
# Usage: bench/harness-startup.sh [--no-cold-fetch] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."

cold=1
if [ "${1:-}" = "--no-cold-fetch" ]; then cold=0; shift; fi
rounds="${1:-5}"

if [ "$cold" = 1 ]; then
  scratch="$(mktemp -d)"
  trap 'rm -rf "$scratch"' EXIT
  start=$(date +%s.%N)
  DPONE_CACHE_DIR="$scratch/cache" npm_config_cache="$scratch/npm" scripts/fetch-clickhouse.sh
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "first-time download (empty caches): %.1f s\n", e - s }'
  start=$(date +%s.%N)
  DPONE_CACHE_DIR="$scratch/cache" scripts/fetch-clickhouse.sh
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "re-run with a verified cache (no-op): %.3f s\n", e - s }'
  rm -rf "$scratch"
fi

scripts/fetch-clickhouse.sh
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
mvn -B -q -ntp -pl dpone-testkit -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="dpone-testkit/target/test-classes:dpone-testkit/target/classes:$(cat dpone-testkit/target/bench.classpath)"
java -cp "$cp" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  io.dpone.testkit.clickhouse.bench.HarnessStartupBench "$rounds"
