package io.dpone.testkit.modes.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.ControlRead;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.artifact.TypedColumn;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.simulated.ExternalWorkerPorts;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.FaultSchedule;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.WorkerPorts;
import io.dpone.testkit.simulator.sample.SampleDriver;
import io.dpone.testkit.simulator.sample.SimRecords;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;

/**
 * One way to make every {@link PortCall} but a sleep on one fixture (the target with rows on two
 * members, the control table, direct member sessions), with whatever calls it needs first, so a
 * test can hold a fault to each port call in turn. {@link #make} returns the call's answer.
 */
final class EveryPortCall {
    /** A member-local plain MergeTree table (direct member inserts go into plain tables only). */
    static final TableRef LOCAL = new TableRef(SampleDriver.DB, "events__local");

    private static final ArtifactSchema SCHEMA =
            new ArtifactSchema(List.of(new TypedColumn("id", new ColumnType.IntegerType(64, false))));

    private EveryPortCall() {}

    /** Every port call a fault can shape: all but {@link PortCall#SLEEP}. */
    static List<PortCall> all() {
        return Arrays.stream(PortCall.values())
                .filter(call -> call != PortCall.SLEEP)
                .toList();
    }

    /** Every read port call. */
    static List<PortCall> reads() {
        return all().stream().filter(call -> !call.isMutation()).toList();
    }

    /** Two members, the target with 10 rows, the control table; {@code schedule} armed from the start. */
    static ClusterSimulator fixture(long seed, FaultSchedule schedule) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(seed)
                .faults(schedule)
                .build();
        SampleDriver.fixture(simulator, 10);
        simulator.admin().createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        return simulator;
    }

    /** Makes {@code call} through {@code ports} (after the calls it needs first) and returns its answer. */
    static Object make(PortCall call, WorkerPorts ports, String cluster) throws InterruptedException {
        SampleDriver driver = new SampleDriver(ports, cluster);
        return switch (call) {
            case INVENTORY -> ports.catalog().inventory(cluster);
            case MEMBERS -> ports.catalog().members(cluster, SampleDriver.TARGET, SampleDriver.CANDIDATE);
            case CANDIDATE_HEALTH -> ports.catalog().candidateHealth(cluster, SampleDriver.TARGET);
            case TABLE_NAMES -> ports.catalog().tableNames(cluster, SampleDriver.DB, "events");
            case FACADE_OBSERVE ->
                ports.facade()
                        .observe(
                                cluster,
                                new FacadeSpec(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT),
                                SimRecords.digest("target-probe"));
            case DDL_PREFLIGHT -> ports.ddl().preflight();
            case DDL_LOOKUP -> ports.ddl().lookup(discard(ports, cluster));
            case DDL_ENTRIES_BY_PREFIX -> {
                discard(ports, cluster);
                yield ports.ddl().entriesWithTokenPrefix(cluster, DdlCorrelationToken.PREFIX + ".");
            }
            case DDL_HOST_ROWS -> {
                QueueLookup.Bound bound =
                        assertInstanceOf(QueueLookup.Bound.class, ports.ddl().lookup(discard(ports, cluster)));
                yield ports.ddl().hostRows(bound.entry());
            }
            case CONTROL_READ ->
                ports.controlStore(SampleDriver.CONTROL)
                        .read(SimRecords.digest("target-probe").hex(), "probe-read");
            case CONTROL_INSERT ->
                ports.authority(SampleDriver.CONTROL).createIfAbsent(SimRecords.prepared("probe", ports.randomBits()));
            case CONTROL_CAS -> driver.acquire("probe");
            case DDL_SETUP ->
                ports.ddl()
                        .dispatchSetup(
                                new SetupDdl.StagingDiscard(cluster, SampleDriver.CANDIDATE),
                                SimRecords.setupToken(DdlAction.DISCARD, ports.randomBits()));
            case LOAD -> {
                driver.stageCandidate(5);
                yield "loaded";
            }
            case DDL_DISPATCH -> {
                driver.stageCandidate(5);
                yield driver.exchange(driver.acquire("probe"));
            }
            case MEMBER_IDENTIFY -> session(ports).identify(cluster);
            case MEMBER_POLICY -> session(ports).policy(SampleDriver.DB);
            case MEMBER_TABLE -> session(ports).table(SampleDriver.TARGET);
            case MEMBER_CONTENT -> session(ports).content(SampleDriver.TARGET, SCHEMA, 100);
            case MEMBER_ROW_COUNT -> session(ports).rowCount(SampleDriver.TARGET);
            case MEMBER_CREATE -> createLocal(ports);
            case MEMBER_DROP -> session(ports).drop(LOCAL);
            case MEMBER_RENAME -> {
                createLocal(ports);
                yield session(ports).rename(LOCAL, new TableRef(LOCAL.database(), LOCAL.table() + "_renamed"));
            }
            case MEMBER_INSERT -> {
                createLocal(ports);
                Iterator<List<Object>> rows = List.<List<Object>>of(List.of(BigInteger.ONE), List.of(BigInteger.TWO))
                        .iterator();
                yield session(ports)
                        .insert(LOCAL, SCHEMA, () -> rows.hasNext() ? rows.next() : null, Cancellation.NEVER);
            }
            case SLEEP -> throw new IllegalArgumentException("a sleep has no answer to shape");
        };
    }

    /**
     * Asserts that {@code answer} is the failure value the real adapter returns through the port for a
     * read failure of {@code kind}: {@code CatalogRead.Unreadable(READ_FAILED)} with that kind (catalog,
     * facade, queue and member reads), {@code ControlRead.Unavailable} carrying the failure's
     * description ({@code SqlControlStore}), {@code QueueLookup.Unknown(QUEUE_UNREADABLE)}
     * ({@code DdlDispatchAdapter.lookup}).
     */
    static void assertReadFailed(PortCall call, Object answer, ReadFailure.Kind kind) {
        if (answer instanceof CatalogRead.Unreadable<?> unreadable) {
            assertEquals(CatalogRead.Cause.READ_FAILED, unreadable.cause(), call.name());
            assertEquals(kind, unreadable.failure().orElseThrow().kind(), call.name());
        } else if (answer instanceof ControlRead.Unavailable unavailable) {
            assertTrue(
                    unavailable.summary().startsWith("read failed: " + kind + ":"),
                    call + ": " + unavailable.summary());
        } else {
            assertEquals(new QueueLookup.Unknown(QueueLookup.Reason.QUEUE_UNREADABLE), answer, call.name());
        }
    }

    /** Asserts that a read answered: observed facts, a found slot or a bound entry. */
    static void assertAnswered(PortCall call, Object answer) {
        assertTrue(
                answer instanceof CatalogRead.Observed<?>
                        || answer instanceof ControlRead.Found
                        || answer instanceof QueueLookup.Bound,
                call + " answered " + answer);
    }

    /** Dispatches a staging discard and returns what its lookup expects. */
    private static io.dpone.clickhouse.cluster.port.ExpectedDdl discard(WorkerPorts ports, String cluster) {
        SetupDdl.StagingDiscard discard = new SetupDdl.StagingDiscard(cluster, SampleDriver.CANDIDATE);
        DdlCorrelationToken token = SimRecords.setupToken(DdlAction.DISCARD, ports.randomBits());
        ports.ddl().dispatchSetup(discard, token);
        return discard.expected(token);
    }

    private static MemberSession session(WorkerPorts ports) {
        return ExternalWorkerPorts.memberSessions(ports).session(new ResolvedEndpoint("clickhouse-01", 9000));
    }

    private static Object createLocal(WorkerPorts ports) {
        return session(ports)
                .create(
                        LOCAL,
                        UUID.fromString("00000000-0000-4000-8000-0000000000aa"),
                        new CandidateDefinition.Columns(
                                List.of(new CandidateDefinition.Column("id", "UInt64")), "MergeTree"));
    }
}
