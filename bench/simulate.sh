#!/usr/bin/env bash
# Issue 11's and issue 12's randomized fault schedules outside JUnit (docs/testkit/simulator.md,
# "Randomized fault schedules"): complete publications by the real service of one mode on the
# deterministic simulator, several workers, random faults, healing reruns, six invariants checked
# at every step. Simulator evidence; no ClickHouse needed. The line before the last reads
#   fault_classes=lost_answer:N,not_sent:N,...   (how many schedules each fault class took effect in)
# and the last line
#   schedules=N violations=V committed=... partial_in_progress=... waiting=... terminal_partial=... unknown=... conflict=... ...
# Usage: bench/simulate.sh [--mode internal|external] [--schedules N] [--seed S] [--members M] [--workers W] [--threads T]
#   defaults: internal mode (InternalPublicationService, Replicated members); external mode runs the
#   ExternalPublicationService on internal_replication = false with plain MergeTree members and direct
#   member sessions; 10000 schedules from seed 0; M and W drawn per seed (2-3 members, 1-3 workers)
#   unless given; T = every core. Exit status 1 when any schedule violated an invariant.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
mvn -B -q -ntp -pl dpone-clickhouse-external -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test >/dev/null
cp="dpone-clickhouse-external/target/test-classes:dpone-clickhouse-external/target/classes:$(cat dpone-clickhouse-external/target/bench.classpath)"
exec java -cp "$cp" ${BENCH_JAVA_OPTS:-} io.dpone.testkit.randomized.SimulateMain "$@"
