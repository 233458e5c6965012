package io.dpone.clickhouse.cluster.ddl;

import static io.dpone.clickhouse.cluster.ddl.FakeDdlPort.hosts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver.Until;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.publication.Cancellation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Binding with the bounded visibility wait and aggregation over the exact host set, against the in-memory queue. */
class QueueEntryResolverTest {
    static final String CLUSTER = "c1";
    static final HostEndpoint A = new HostEndpoint("ch-a", 9000);
    static final HostEndpoint B = new HostEndpoint("ch-b", 9000);
    static final Set<HostEndpoint> HOSTS = Set.of(A, B);
    static final SetupDdl.StagingDiscard DISCARD =
            new SetupDdl.StagingDiscard(CLUSTER, new TableRef("pub", "events__cand"));
    static final DdlCorrelationToken TOKEN =
            DdlCorrelationToken.issue(new Digest("a".repeat(64)), DdlAction.DISCARD, 0, RandomBits.from(new Random(1)));
    static final ExpectedDdl EXPECTED = DISCARD.expected(TOKEN);
    static final String QUERY = DISCARD.render().sql();
    static final BoundedWait VISIBILITY = new BoundedWait(4, Duration.ofMillis(100), Duration.ofMillis(150));
    static final BoundedWait COMPLETION = new BoundedWait(3, Duration.ofMillis(200), Duration.ofSeconds(1));

    private final FakeDdlPort queue = new FakeDdlPort();
    private final List<Duration> pauses = new ArrayList<>();
    private final AtomicBoolean cancelled = new AtomicBoolean();

    private QueueEntryResolver resolver() {
        return new QueueEntryResolver(
                queue, Sha256ProtocolDigests.INSTANCE, VISIBILITY, COMPLETION, pauses::add, cancelled::get);
    }

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void anEntryThatBecomesVisibleWithinTheBoundIsBoundAndAggregated() {
        queue.enqueue(CLUSTER, QUERY, TOKEN.value(), 2, hosts(A, "Finished:0", B, "Finished:0"));
        QueueResolution.Bound bound =
                assertInstanceOf(QueueResolution.Bound.class, resolver().resolve(EXPECTED, HOSTS, Until.FIRST_READ));
        assertEquals(QueueStatus.TERMINAL_SUCCESS, bound.outcome());
        assertEquals(TOKEN.value(), bound.entry().correlationToken());
        assertEquals(3, queue.count("lookup"), "looked up again only while no entry was visible");
        assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(150)), pauses, "doubling, capped");
    }

    @Test
    void zeroEntriesAfterTheBoundAreUnknownNeverNotEnqueued() {
        QueueResolution resolution = resolver().resolve(EXPECTED, HOSTS, Until.TERMINAL);
        assertEquals(new QueueResolution.Unknown(QueueResolution.Cause.NO_ENTRY), resolution);
        assertEquals(VISIBILITY.attempts(), queue.count("lookup"));
        assertEquals(VISIBILITY.totalPause(), pauses.stream().reduce(Duration.ZERO, Duration::plus));
        assertEquals(0, queue.count("hostRows"));
    }

    @Test
    void everyOtherLookupFailureReturnsAtOnce() {
        queue.queueUnreadable = true;
        assertEquals(
                new QueueResolution.Unknown(QueueResolution.Cause.QUEUE_UNREADABLE),
                resolver().resolve(EXPECTED, HOSTS, Until.TERMINAL));
        assertEquals(1, queue.count("lookup"));
        assertTrue(pauses.isEmpty());

        FakeDdlPort twice = new FakeDdlPort();
        twice.enqueue(CLUSTER, QUERY, TOKEN.value(), 0, hosts(A, "Finished:0", B, "Finished:0"));
        twice.enqueue(CLUSTER, QUERY, TOKEN.value(), 0, hosts(A, "Finished:0", B, "Finished:0"));
        QueueEntryResolver resolver = new QueueEntryResolver(
                twice, Sha256ProtocolDigests.INSTANCE, VISIBILITY, COMPLETION, pauses::add, Cancellation.NEVER);
        assertEquals(
                new QueueResolution.Unknown(QueueResolution.Cause.MULTIPLE_ENTRIES),
                resolver.resolve(EXPECTED, HOSTS, Until.TERMINAL),
                "the newest is never chosen");

        FakeDdlPort other = new FakeDdlPort();
        other.enqueue(CLUSTER, QUERY.replace("events__cand", "events"), TOKEN.value(), 0, hosts(A, "Finished:0"));
        assertEquals(
                new QueueResolution.Unknown(QueueResolution.Cause.QUERY_MISMATCH),
                new QueueEntryResolver(
                                other,
                                Sha256ProtocolDigests.INSTANCE,
                                VISIBILITY,
                                COMPLETION,
                                pauses::add,
                                Cancellation.NEVER)
                        .resolve(EXPECTED, HOSTS, Until.TERMINAL));
        assertEquals(1, other.count("lookup"));
        assertTrue(pauses.isEmpty());
    }

    @Test
    void terminalWaitRereadsOnlyWhileInProgressAndWithinTheBound() {
        queue.enqueue(
                CLUSTER,
                QUERY,
                TOKEN.value(),
                0,
                hosts(A, "Finished:0", B, "Inactive"),
                hosts(A, "Finished:0", B, "Active"),
                hosts(A, "Finished:0", B, "Finished:57"));
        QueueResolution.Bound bound =
                assertInstanceOf(QueueResolution.Bound.class, resolver().resolve(EXPECTED, HOSTS, Until.TERMINAL));
        assertEquals(QueueStatus.TERMINAL_FAILURE, bound.outcome());
        assertEquals(3, queue.count("hostRows"));
        assertEquals(List.of(Duration.ofMillis(200), Duration.ofMillis(400)), pauses);

        FakeDdlPort slow = new FakeDdlPort();
        slow.enqueue(CLUSTER, QUERY, TOKEN.value(), 0, hosts(A, "Active", B, "Active"));
        QueueResolution.Bound still = assertInstanceOf(
                QueueResolution.Bound.class,
                new QueueEntryResolver(
                                slow,
                                Sha256ProtocolDigests.INSTANCE,
                                VISIBILITY,
                                COMPLETION,
                                d -> {},
                                Cancellation.NEVER)
                        .resolve(EXPECTED, HOSTS, Until.TERMINAL));
        assertEquals(QueueStatus.IN_PROGRESS, still.outcome(), "the bound ended the wait");
        assertEquals(COMPLETION.attempts(), slow.count("hostRows"));
    }

    @Test
    void firstReadDoesNotWait() {
        queue.enqueue(
                CLUSTER,
                QUERY,
                TOKEN.value(),
                0,
                hosts(A, "Active", B, "Active"),
                hosts(A, "Finished:0", B, "Finished:0"));
        QueueResolution.Bound bound =
                assertInstanceOf(QueueResolution.Bound.class, resolver().resolve(EXPECTED, HOSTS, Until.FIRST_READ));
        assertEquals(QueueStatus.IN_PROGRESS, bound.outcome());
        assertEquals(1, queue.count("hostRows"));
    }

    @Test
    void theHostSetMustBeExactAndUnknownIsNotWaitedOn() {
        HostEndpoint c = new HostEndpoint("ch-c", 9000);
        queue.enqueue(CLUSTER, QUERY, TOKEN.value(), 0, hosts(A, "Finished:0", B, "Finished:0", c, "Finished:0"));
        QueueResolution.Bound extra =
                assertInstanceOf(QueueResolution.Bound.class, resolver().resolve(EXPECTED, HOSTS, Until.TERMINAL));
        assertEquals(QueueStatus.OUTCOME_UNKNOWN, extra.outcome());
        assertEquals(1, extra.aggregation().unexpectedRows());
        assertEquals(
                QueueStatus.OUTCOME_UNKNOWN,
                assertInstanceOf(
                                QueueResolution.Bound.class,
                                resolver()
                                        .resolve(
                                                EXPECTED,
                                                Set.of(A, B, c, new HostEndpoint("ch-d", 9000)),
                                                Until.TERMINAL))
                        .outcome(),
                "a missing host is unknown even when every present row finished");
        assertEquals(2, queue.count("hostRows"), "no second read of an unknown entry");
    }

    @Test
    void aPersistedBindingIsReadWithoutALookupAndUnreadableRowsAreUnknown() {
        String entry = queue.enqueue(CLUSTER, QUERY, TOKEN.value(), 0, hosts(A, "Finished:0", B, "Finished:0"));
        BoundEntry persisted =
                new BoundEntry(CLUSTER, entry, Sha256ProtocolDigests.INSTANCE.ddlQuery(QUERY), TOKEN.value());
        assertEquals(
                QueueStatus.TERMINAL_SUCCESS,
                assertInstanceOf(QueueResolution.Bound.class, resolver().read(persisted, HOSTS, Until.TERMINAL))
                        .outcome());
        assertEquals(0, queue.count("lookup"));
        queue.hostRowsUnreadable = true;
        assertEquals(
                new QueueResolution.Unknown(QueueResolution.Cause.HOST_ROWS_UNREADABLE),
                resolver().read(persisted, HOSTS, Until.TERMINAL));
        BoundEntry otherDigest =
                new BoundEntry(CLUSTER, entry, Sha256ProtocolDigests.INSTANCE.ddlQuery(QUERY + " "), TOKEN.value());
        queue.hostRowsUnreadable = false;
        assertEquals(
                QueueStatus.OUTCOME_UNKNOWN,
                assertInstanceOf(QueueResolution.Bound.class, resolver().read(otherDigest, HOSTS, Until.TERMINAL))
                        .outcome(),
                "a changed query digest is unknown");
    }

    @Test
    void cancellationStopsWaitingButNeverTheFirstRead() {
        cancelled.set(true);
        assertEquals(
                new QueueResolution.Unknown(QueueResolution.Cause.CANCELLED),
                resolver().resolve(EXPECTED, HOSTS, Until.TERMINAL));
        assertEquals(1, queue.count("lookup"));
        queue.enqueue(CLUSTER, QUERY, TOKEN.value(), 0, hosts(A, "Active", B, "Active"));
        assertEquals(
                QueueStatus.IN_PROGRESS,
                assertInstanceOf(QueueResolution.Bound.class, resolver().resolve(EXPECTED, HOSTS, Until.TERMINAL))
                        .outcome(),
                "the last read, no further wait");
        assertEquals(1, queue.count("hostRows"));
        assertTrue(pauses.isEmpty());
    }

    @Test
    void anInterruptedPauseEndsTheWaitAndKeepsTheFlag() {
        QueueEntryResolver resolver = new QueueEntryResolver(
                queue,
                Sha256ProtocolDigests.INSTANCE,
                VISIBILITY,
                COMPLETION,
                d -> {
                    throw new InterruptedException();
                },
                Cancellation.NEVER);
        assertEquals(
                new QueueResolution.Unknown(QueueResolution.Cause.CANCELLED),
                resolver.resolve(EXPECTED, HOSTS, Until.TERMINAL));
        assertTrue(Thread.currentThread().isInterrupted());
        assertEquals(1, queue.count("lookup"));
    }

    @Test
    void waitPoliciesAreBoundedAndValidated() {
        BoundedWait wait = new BoundedWait(5, Duration.ofMillis(250), Duration.ofSeconds(1));
        assertEquals(Duration.ofMillis(250), wait.pauseBefore(2));
        assertEquals(Duration.ofMillis(500), wait.pauseBefore(3));
        assertEquals(Duration.ofSeconds(1), wait.pauseBefore(4));
        assertEquals(Duration.ofSeconds(1), wait.pauseBefore(5));
        assertEquals(Duration.ofMillis(2750), wait.totalPause());
        assertEquals(Duration.ZERO, BoundedWait.once().totalPause());
        assertThrows(IllegalArgumentException.class, () -> wait.pauseBefore(1));
        assertThrows(IllegalArgumentException.class, () -> wait.pauseBefore(6));
        assertThrows(IllegalArgumentException.class, () -> new BoundedWait(0, Duration.ZERO, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new BoundedWait(101, Duration.ZERO, Duration.ZERO));
        assertThrows(
                IllegalArgumentException.class, () -> new BoundedWait(2, Duration.ofSeconds(2), Duration.ofSeconds(1)));
        assertThrows(
                IllegalArgumentException.class, () -> new BoundedWait(2, Duration.ofMillis(-1), Duration.ofSeconds(1)));
    }
}
