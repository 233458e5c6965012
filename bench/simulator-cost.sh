#!/usr/bin/env bash
# Benchmark of issue 10 (docs/testkit/simulator.md, "Cost"): the cost of one simulated port call as a
# ratio to a trivial in-memory map operation measured in the same run, and the wall time of
# publication-shaped schedules (two racing workers, ~50 port calls, one fault each), single-threaded
# and on every core. No ClickHouse needed.
# Usage: bench/simulator-cost.sh [SCHEDULES]   (default 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
schedules="${1:-10000}"

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
mvn -B -q -ntp -pl dpone-testkit -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="dpone-testkit/target/test-classes:dpone-testkit/target/classes:$(cat dpone-testkit/target/bench.classpath)"
java -cp "$cp" ${BENCH_JAVA_OPTS:-} io.dpone.testkit.simulator.bench.SimulatorCostBench "$schedules"
