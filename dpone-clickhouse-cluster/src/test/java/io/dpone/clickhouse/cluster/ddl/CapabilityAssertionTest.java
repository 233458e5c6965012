package io.dpone.clickhouse.cluster.ddl;

import static io.dpone.clickhouse.cluster.ddl.FakeDdlPort.hosts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.SetupDigests;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.CapabilityVerdict.CapabilityProblem;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The synthetic capability assertion (spec section 4 preflight) against the in-memory queue; offline. */
class CapabilityAssertionTest {
    private static final String CLUSTER = "c1";
    private static final HostEndpoint A = new HostEndpoint("ch-a", 9000);
    private static final HostEndpoint B = new HostEndpoint("ch-b", 9000);
    private static final Set<HostEndpoint> HOSTS = Set.of(A, B);
    private static final Digest INVENTORY = new Digest("c".repeat(64));
    private static final BoundedWait WAIT = new BoundedWait(3, Duration.ofMillis(10), Duration.ofMillis(10));

    private final FakeDdlPort queue = new FakeDdlPort();
    /** One source for the whole test, so every probe gets fresh bits as in production. */
    private final RandomBits random = RandomBits.from(new Random(7));

    private CapabilityVerdict prove() {
        QueueEntryResolver resolver =
                new QueueEntryResolver(queue, Sha256ProtocolDigests.INSTANCE, WAIT, WAIT, d -> {}, Cancellation.NEVER);
        return new CapabilityAssertion(queue, resolver, random).prove(CLUSTER, "pub", HOSTS, INVENTORY);
    }

    /** The server's behaviour: the entry stores the statement without its comment, with the token; hosts finish as given. */
    private void serverEnqueues(DdlDispatch answer, Map<HostEndpoint, String> hostStatus) {
        queue.onSetup = (ddl, token, q) -> {
            q.enqueue(CLUSTER, FakeDdlPort.stored(ddl.render().sql()), token.value(), 0, hostStatus);
            return answer;
        };
    }

    private CapabilityVerdict.Missing missing(CapabilityProblem problem) {
        CapabilityVerdict.Missing missing = assertInstanceOf(CapabilityVerdict.Missing.class, prove());
        assertEquals(problem, missing.problem(), missing.detail());
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, missing.code());
        return missing;
    }

    @Test
    void aProbeCarryingItsTokenWithoutTheCommentAndFinishedEverywhereProvesTheCapability() {
        serverEnqueues(FakeDdlPort.acknowledged(), hosts(A, "Finished:0", B, "Finished:0"));
        CapabilityVerdict.Proven proven = assertInstanceOf(CapabilityVerdict.Proven.class, prove());
        assertEquals(INVENTORY, proven.inventoryDigest());
        assertEquals("24.8.14.39", proven.serverVersion());
        assertEquals(1, queue.setups.size(), "one probe, sent once");
        SetupDdl.CapabilityProbe probe = assertInstanceOf(SetupDdl.CapabilityProbe.class, queue.setups.get(0));
        assertEquals("pub", probe.probe().database());
        assertTrue(
                probe.probe().table().matches("__dpone_probe_[0-9a-f]{32}"),
                probe.probe().table());
        assertTrue(probe.render()
                .sql()
                .startsWith("/* dpone-capability-probe " + probe.marker() + " */ DROP TABLE IF EXISTS"));
        assertEquals(DdlAction.PROBE, queue.tokens.get(0).action());
        assertEquals(
                SetupDigests.probeOperation(CLUSTER, INVENTORY),
                queue.tokens.get(0).operationId());
        assertEquals(queue.tokens.get(0).value(), proven.probeEntry().correlationToken(), "bound by the exact token");
        assertFalse(probe.marker().equals(probe.probe().table().substring(14)), "name and marker are independent bits");
    }

    @Test
    void theInitiatorsAnswerProvesNothing() {
        serverEnqueues(FakeDdlPort.sent(57), hosts(A, "Finished:0", B, "Finished:0"));
        assertInstanceOf(
                CapabilityVerdict.Proven.class, prove(), "a re-raised code with a successful entry is success");

        FakeDdlPort silent = queue;
        silent.onSetup = (ddl, token, q) -> FakeDdlPort.acknowledged();
        CapabilityVerdict.Missing noEntry = missing(CapabilityProblem.PROBE_UNBOUND);
        assertTrue(
                noEntry.detail().contains("NO_ENTRY") && noEntry.detail().contains("acknowledged"), noEntry.detail());
    }

    @Test
    void preflightFactsAreCheckedBeforeAnythingIsSent() {
        queue.preflight = CatalogRead.Unreadable.malformed();
        missing(CapabilityProblem.PREFLIGHT_UNREADABLE);
        queue.preflight = new CatalogRead.Observed<>(new CapabilityPreflight.Facts(
                Optional.of(1L), Optional.of(CapabilityPreflight.REQUIRED_SETTINGS_TYPE), "x"));
        missing(CapabilityProblem.ENTRY_FORMAT_UNSUPPORTED);
        queue.preflight = new CatalogRead.Observed<>(new CapabilityPreflight.Facts(
                Optional.empty(), Optional.of(CapabilityPreflight.REQUIRED_SETTINGS_TYPE), "x"));
        missing(CapabilityProblem.ENTRY_FORMAT_UNSUPPORTED);
        queue.preflight =
                new CatalogRead.Observed<>(new CapabilityPreflight.Facts(Optional.of(2L), Optional.of("String"), "x"));
        missing(CapabilityProblem.SETTINGS_MAP_MISSING);
        queue.preflight =
                new CatalogRead.Observed<>(new CapabilityPreflight.Facts(Optional.of(2L), Optional.empty(), "x"));
        missing(CapabilityProblem.SETTINGS_MAP_MISSING);
        assertEquals(0, queue.count("dispatchSetup"));
    }

    @Test
    void aProbeThatWasNotSentOrCannotBeBoundFailsClosedWithoutARetry() {
        queue.onSetup = (ddl, token, q) -> new DdlDispatch.NotSent("q", "connect refused");
        missing(CapabilityProblem.PROBE_NOT_SENT);
        assertEquals(0, queue.count("lookup"));

        FakeDdlPort harness = new FakeDdlPort();
        harness.onSetup = (ddl, token, q) -> FakeDdlPort.sent(392);
        harness.queueUnreadable = true;
        CapabilityVerdict.Missing missing = assertInstanceOf(
                CapabilityVerdict.Missing.class,
                new CapabilityAssertion(
                                harness,
                                new QueueEntryResolver(
                                        harness,
                                        Sha256ProtocolDigests.INSTANCE,
                                        WAIT,
                                        WAIT,
                                        d -> {},
                                        Cancellation.NEVER),
                                RandomBits.from(new Random(3)))
                        .prove(CLUSTER, "pub", HOSTS, INVENTORY));
        assertEquals(CapabilityProblem.PROBE_UNBOUND, missing.problem());
        assertEquals("probe entry QUEUE_UNREADABLE (initiator: code 392)", missing.detail());
        assertEquals(1, harness.count("dispatchSetup"));
        assertEquals(1, harness.count("lookup"), "an unreadable queue is not waited on");
    }

    @Test
    void aStoredLeadingCommentOrAnAlteredLogCommentFailsClosed() {
        queue.onSetup = (ddl, token, q) -> {
            q.enqueue(CLUSTER, ddl.render().sql(), token.value(), 0, hosts(A, "Finished:0", B, "Finished:0"));
            return FakeDdlPort.acknowledged();
        };
        CapabilityVerdict.Missing kept = missing(CapabilityProblem.PROBE_UNBOUND);
        assertTrue(
                kept.detail().startsWith("probe entry QUERY_UNPARSEABLE"),
                "the queue parser accepts no comments: " + kept.detail());

        FakeDdlPort altered = new FakeDdlPort();
        altered.onSetup = (ddl, token, q) -> {
            q.enqueue(
                    CLUSTER,
                    FakeDdlPort.stored(ddl.render().sql()),
                    token.value().substring(0, 100),
                    0,
                    hosts(A, "Finished:0", B, "Finished:0"));
            return FakeDdlPort.acknowledged();
        };
        CapabilityVerdict.Missing missing = assertInstanceOf(
                CapabilityVerdict.Missing.class,
                new CapabilityAssertion(
                                altered,
                                new QueueEntryResolver(
                                        altered,
                                        Sha256ProtocolDigests.INSTANCE,
                                        WAIT,
                                        WAIT,
                                        d -> {},
                                        Cancellation.NEVER),
                                RandomBits.from(new Random(3)))
                        .prove(CLUSTER, "pub", HOSTS, INVENTORY));
        assertEquals(CapabilityProblem.PROBE_UNBOUND, missing.problem(), "a changed log_comment binds nothing");
        assertEquals(WAIT.attempts(), altered.count("lookup"));
    }

    @Test
    void theMarkerAnywhereInTheStoredQueryFailsClosed() {
        // A random source that repeats itself makes the marker equal to the probe name's bits, so the
        // parseable stored query contains it: the check must not care where the marker is.
        FakeDdlPort repeating = new FakeDdlPort();
        repeating.onSetup = (ddl, token, q) -> {
            q.enqueue(
                    CLUSTER,
                    FakeDdlPort.stored(ddl.render().sql()),
                    token.value(),
                    0,
                    hosts(A, "Finished:0", B, "Finished:0"));
            return FakeDdlPort.acknowledged();
        };
        CapabilityVerdict.Missing missing = assertInstanceOf(
                CapabilityVerdict.Missing.class,
                new CapabilityAssertion(
                                repeating,
                                new QueueEntryResolver(
                                        repeating,
                                        Sha256ProtocolDigests.INSTANCE,
                                        WAIT,
                                        WAIT,
                                        d -> {},
                                        Cancellation.NEVER),
                                n -> new byte[n])
                        .prove(CLUSTER, "pub", HOSTS, INVENTORY));
        assertEquals(CapabilityProblem.COMMENT_STORED, missing.problem());
        assertEquals(0, repeating.count("hostRows"));
    }

    @Test
    void everyHostMustFinishTheNoOpSuccessfullyWithinTheBound() {
        serverEnqueues(FakeDdlPort.acknowledged(), hosts(A, "Finished:0", B, "Finished:497"));
        missing(CapabilityProblem.PROBE_FAILED_ON_HOST);
        serverEnqueues(FakeDdlPort.acknowledged(), hosts(A, "Finished:0", B, "Active"));
        missing(CapabilityProblem.PROBE_NOT_TERMINAL);
        serverEnqueues(FakeDdlPort.acknowledged(), hosts(A, "Finished:0"));
        missing(CapabilityProblem.PROBE_HOSTS_UNKNOWN);
        serverEnqueues(FakeDdlPort.acknowledged(), hosts(A, "Finished:0", B, "Removing"));
        missing(CapabilityProblem.PROBE_HOSTS_UNKNOWN);
        queue.onSetup = (ddl, token, q) -> {
            q.enqueue(
                    CLUSTER,
                    FakeDdlPort.stored(ddl.render().sql()),
                    token.value(),
                    0,
                    hosts(A, "Finished:0", B, "Finished:0"));
            return FakeDdlPort.acknowledged();
        };
        queue.hostRowsUnreadable = true;
        missing(CapabilityProblem.PROBE_UNREADABLE);
    }
}
