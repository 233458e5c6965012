#!/usr/bin/env bash
# Issue 11 (docs/reference/internal-mode.md, "Cost"): the server round trips of one clean internal-mode
# publication for 2, 3, 5 and 8 replicas and 10^3 to 10^6 rows, counted from the simulator's call log
# (simulator evidence, no ClickHouse needed). Exact counts, the same on every run; prints the docs' tables.
# Usage: bench/round-trips.sh
set -euo pipefail
cd "$(dirname "$0")/.."

mvn -B -q -ntp -pl dpone-clickhouse-internal -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="dpone-clickhouse-internal/target/test-classes:dpone-clickhouse-internal/target/classes:$(cat dpone-clickhouse-internal/target/bench.classpath)"
exec java -cp "$cp" ${BENCH_JAVA_OPTS:-} io.dpone.testkit.roundtrip.RoundTripTableMain
