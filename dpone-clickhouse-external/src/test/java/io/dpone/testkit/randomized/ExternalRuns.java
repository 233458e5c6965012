package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.authority.ExternalCodecV1;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.ExternalWorkerPorts;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.ScenarioFailure;
import io.dpone.testkit.modes.acceptance.EvidenceLeakScan;
import io.dpone.testkit.schedule.AttemptOutcome;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.schedule.ModeRuns;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleGenerator;
import io.dpone.testkit.schedule.ScheduleMode;
import io.dpone.testkit.schedule.ScheduleResult;
import io.dpone.testkit.schedule.ScheduleRunner;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.WorkerPorts;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * External mode's schedules run with the real {@code ExternalPublicationService} on a simulator of
 * members with {@code internal_replication = false}, plain {@code MergeTree} tables, the simulator's
 * direct member sessions and a real artifact store of its own, with {@link ExternalInvariants} at
 * every step; once every invocation ran, the published content is checked against what its record
 * bound.
 */
final class ExternalRuns implements ModeRuns {
    static final ExternalRuns RUNS = new ExternalRuns();
    private static final Set<ExternalPhase> PUBLISHED =
            EnumSet.of(ExternalPhase.COMMITTED, ExternalPhase.CLEANUP_DISPATCHING, ExternalPhase.COMPLETED);
    /** Rows per simulated insert batch: small, so a load can break off between batches. */
    private static final int BATCH_ROWS = 2;

    private ExternalRuns() {}

    /** External mode's schedules; {@code members} and {@code workers} of 0 are drawn per seed. */
    static ScheduleMode mode(int members, int workers) {
        return new ScheduleMode(new ScheduleGenerator(new ExternalDraws(), members, workers), RUNS);
    }

    static ScheduleResult run(Schedule schedule) {
        return ScheduleRunner.run(schedule, RUNS);
    }

    @Override
    public ClusterSimulator build(ClusterSimulator.Builder simulator) {
        return simulator.internalReplication(false).build();
    }

    @Override
    public InvariantChecker checker(ClusterSimulator simulator) {
        return ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
    }

    @Override
    public World open(ClusterSimulator simulator, Schedule schedule) {
        SimulatedExternalCluster cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE);
        try {
            ExternalDriver driver = new ExternalDriver(cluster);
            cluster.createDatabases(
                    PublicationDriver.TARGET.database(),
                    PublicationDriver.FACADE.control().database());
            if (schedule.targetRows() >= 0) {
                cluster.createMergeTreeTable(PublicationDriver.TARGET, schedule.targetRows());
            }
            if (schedule.facade() == Schedule.Facade.PARTIAL) {
                simulator
                        .admin()
                        .createControlTable(
                                schedule.partialFacadeMember(),
                                PublicationDriver.FACADE.control(),
                                PublicationDriver.FACADE.keeperRoot(),
                                UUID.nameUUIDFromBytes("partial".getBytes(StandardCharsets.UTF_8)));
            } else if (schedule.facade() == Schedule.Facade.PRESENT) {
                simulator
                        .admin()
                        .createControlTable(PublicationDriver.FACADE.control(), PublicationDriver.FACADE.keeperRoot());
            }
            return new ExternalWorld(simulator, cluster, driver);
        } catch (RuntimeException | Error setupFailed) {
            cluster.close(); // the world never opened: its store goes with it
            throw setupFailed;
        }
    }

    /** What every worker of one schedule shares. */
    private record ExternalWorld(ClusterSimulator simulator, SimulatedExternalCluster cluster, ExternalDriver driver)
            implements World {
        @Override
        public AttemptOutcome attempt(WorkerPorts ports, String invocation, int rows) {
            ExternalPorts external = ExternalWorkerPorts.of(
                    ports,
                    PublicationDriver.FACADE.control(),
                    cluster.store(),
                    ExternalWorkerPorts.memberSessions(ports, BATCH_ROWS));
            ExternalPublicationService service =
                    new ExternalPublicationService(external, driver.settings(), ports.randomBits());
            Attempt attempt;
            try {
                attempt = new Attempt.Receipt(
                        service.publish(invocation, source(rows), Cancellation.NEVER, ProgressListener.NONE));
            } catch (DponeException refused) {
                attempt = new Attempt.Refused(refused);
            }
            List<String> leaks = EvidenceLeakScan.scan(ports.name(), attempt);
            if (!leaks.isEmpty()) {
                throw new AssertionError("evidence leak: " + leaks);
            }
            return Attempts.outcome(attempt);
        }

        /** Not checked when an outside writer changed a candidate's row: its rows are outside the protocol. */
        @Override
        public List<String> settledDefects(Schedule schedule) {
            return schedule.hasOutsideWriter() ? List.of() : publishedContent(simulator, cluster);
        }

        @Override
        public void close() {
            cluster.close();
        }
    }

    /**
     * Whenever the slot's record says the publication committed (COMMITTED and later), every
     * member's target that is a candidate the record names holds exactly the artifact that record
     * bound (its typed content digest): no stale write reached the published generation. Read from
     * the simulator's own state. Only the row count is revalidated against a writer that bypasses
     * dpone after the proof, so schedules with one skip this check.
     */
    private static List<String> publishedContent(ClusterSimulator simulator, SimulatedExternalCluster cluster) {
        List<String> wrong = new ArrayList<>();
        for (Map<String, VersionedRow> rows : simulator.observe().keeperMaps().values()) {
            for (VersionedRow row : rows.values()) {
                if (!(ExternalCodecV1.decode(row.row()) instanceof DecodeResult.Valid<ExternalRecord> valid)
                        || !PUBLISHED.contains(valid.record().phase())) {
                    continue;
                }
                Digest expected = valid.record().payload().artifact().contentDigest();
                Set<UUID> published = valid.record().payload().members().stream()
                        .map(MemberRecord::candidateUuid)
                        .filter(Objects::nonNull)
                        .collect(Collectors.toSet());
                for (int member = 0; member < cluster.members(); member++) {
                    // a member whose target is not a candidate the record published (one that left the
                    // cluster, say) is judged by the publication invariants, not by its content
                    if (!cluster.uuid(member, PublicationDriver.TARGET)
                            .map(published::contains)
                            .orElse(false)) {
                        continue;
                    }
                    Optional<Digest> held;
                    try {
                        held = cluster.content(member, PublicationDriver.TARGET, ExternalDriver.SCHEMA);
                    } catch (ScenarioFailure untyped) {
                        held = Optional.empty();
                    }
                    if (!held.equals(Optional.of(expected))) {
                        wrong.add("the record is " + valid.record().phase() + ", but member " + member
                                + "'s target does not hold exactly the artifact it bound");
                    }
                }
            }
        }
        return wrong;
    }

    /**
     * {@code rows} typed rows whose values are distinctive, so that the leak scan finds any that
     * leaks; a negative count is {@code -rows - 1} rows and one more whose {@code UInt64} id is
     * negative: a source the sealer refuses for good.
     */
    private static PublicationSource source(int rows) {
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < Math.abs(rows); i++) {
            boolean invalid = rows < 0 && i == -rows - 1;
            cells.add(List.of(invalid ? "-1" : Integer.toString(i), EvidenceLeakScan.ROW_VALUE_PREFIX + i));
        }
        return new PublicationSource.Rows(ExternalDriver.COLUMNS, cells);
    }
}
