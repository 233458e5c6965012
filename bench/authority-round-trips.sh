#!/usr/bin/env bash
# Benchmark of issue 5 (docs/reference/authority.md, "Cost"): round trips and wall time of
# admission + acquire + CAS + post-read on the two-member harness, per transport, as a ratio to one
# SELECT 1 round trip measured in the same run (medians of ROUNDS, interleaved, after a warm-up).
# Usage: bench/authority-round-trips.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-50}"

scripts/fetch-clickhouse.sh
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
mvn -B -q -ntp -pl dpone-testkit -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="dpone-testkit/target/test-classes:dpone-testkit/target/classes:$(cat dpone-testkit/target/bench.classpath)"
java -cp "$cp" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  ${BENCH_JAVA_OPTS:-} io.dpone.testkit.authority.AuthorityRoundTripBench "$rounds"
