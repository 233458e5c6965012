package io.dpone.testkit.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.MutationOutcome.AmbiguityCause;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.AuthorityStatements;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.fault.FaultInjectingTransport;
import io.dpone.testkit.fault.FaultPlan;
import io.dpone.testkit.fault.TransportFault;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The fault wrapper around the real adapters, on the real KeeperMap authority table: a lost
 * response after the server executed is ambiguous with exactly one send and the row present; a
 * repeated send (what a hidden retry would do) is caught by strict mode; the versioned CAS raises
 * {@code _version} once and a stale CAS is a successful no-op.
 */
@ClickHouseCluster(members = 2)
class RealFaultInjectionTest {
    private static final String SHA = "0".repeat(64);

    private static TableRef control(RunningCluster cluster, TestDatabase database) {
        TableRef control = new TableRef(database.control(), "publication_authority");
        String onCluster = " ON CLUSTER `" + cluster.spec().clusterName() + "`";
        // ON CLUSTER cannot execute on this harness (no DDL worker); create the same table per member.
        String ddl = DdlStatements.createControlTable(
                        cluster.spec().clusterName(), control, database.keeperMapPath("authority"))
                .sql()
                .replace(onCluster, "");
        for (int member = 0; member < cluster.members().size(); member++) {
            cluster.member(member).client(cluster.admin()).execute(ddl);
        }
        awaitKeeperSession(cluster.member(0).client(cluster.admin()), control, 0);
        return control;
    }

    /**
     * Readiness, not a retry of anything under test. Observed on this harness: the first KeeperMap
     * write after a member starts, sent with insert_keeper_max_retries = 0, fails with 999
     * "Session was killed" (the server's Keeper session is re-established lazily; the adapters
     * classify it AMBIGUOUS). Each member therefore sends one probe write of its own key first and
     * ignores its answer; the statements under test use other keys.
     */
    private static void awaitKeeperSession(MemberClient client, TableRef control, int member) {
        try {
            client.execute(
                    "INSERT INTO " + control.render() + " (target_key, payload_sha256) VALUES ('readiness-probe-"
                            + member + "', '" + SHA + "')",
                    java.util.Map.of("keeper_map_strict_mode", "1", "insert_keeper_max_retries", "0"));
        } catch (MemberQueryException firstWriteAfterStart) {
            // expected at most once per member, see above
        }
        client.query("SELECT count() FROM " + control.render());
    }

    private static FaultInjectingTransport wrap(Transports protocol, ClickHouseEndpoint endpoint, FaultPlan plan) {
        OneShotMutationTransport mutations = protocol.mutations(endpoint);
        ReadTransport reads = protocol.reads(endpoint);
        return new FaultInjectingTransport(mutations, reads, plan, duration -> {});
    }

    private static String row(MemberClient client, TableRef control, String key) {
        return client.query("SELECT phase, dispatch_epoch, _version FROM " + control.render() + " WHERE target_key = '"
                + key + "'");
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void lostResponseAfterExecuteIsAmbiguousWithOneSendAndTheRowPresent(
            Transports protocol, RunningCluster cluster, TestDatabase database) {
        TableRef control = control(cluster, database);
        FaultInjectingTransport transport = wrap(
                protocol,
                protocol.endpoint(cluster.member(0), cluster.admin(), database.control()),
                FaultPlan.builder(42)
                        .always(StatementKind.KEEPER_MAP_INSERT, TransportFault.LOSE_RESPONSE_AFTER_EXECUTE)
                        .build());
        String queryId = "create-" + UUID.randomUUID();
        MutationOutcome outcome = transport.execute(
                AuthorityStatements.insertStrict(control, new ControlRow("k1", "op1", "f1", "PREPARED", 0, "{}", SHA)),
                QueryContext.keeperMapMutation(queryId));

        assertEquals(
                AmbiguityCause.RESPONSE_LOST,
                assertInstanceOf(MutationOutcome.Ambiguous.class, outcome).cause());
        assertEquals(1, transport.counter().sends(queryId));
        assertEquals(
                List.of(new MutationOutcome.Acknowledged(queryId)),
                transport.hiddenOutcomes(),
                "the server acknowledged the statement whose response the wrapper discarded");
        MemberClient other = cluster.member(1).client(cluster.admin());
        assertEquals("PREPARED\t0\t0", row(other, control, "k1"), "the server executed the statement");
        MemberClient admin = cluster.member(0).client(cluster.admin());
        admin.execute("SYSTEM FLUSH LOGS");
        assertEquals(
                "1",
                admin.query("SELECT count() FROM system.query_log WHERE query_id = '" + queryId
                        + "' AND type = 'QueryStart'"));
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void repeatedSendIsDetectedByStrictMode(Transports protocol, RunningCluster cluster, TestDatabase database) {
        TableRef control = control(cluster, database);
        FaultInjectingTransport transport = wrap(
                protocol,
                protocol.endpoint(cluster.member(0), cluster.admin(), database.control()),
                FaultPlan.builder(7)
                        .always(StatementKind.KEEPER_MAP_INSERT, TransportFault.REPEAT_SEND)
                        .build());
        String queryId = "dup-" + UUID.randomUUID();
        MutationOutcome outcome = transport.execute(
                AuthorityStatements.insertStrict(control, new ControlRow("k2", "op1", "f1", "PREPARED", 0, "{}", SHA)),
                QueryContext.keeperMapMutation(queryId));

        // the message names the outcome, so a Keeper hiccup under load is told apart from a classification bug
        MutationOutcome.Rejected second = assertInstanceOf(MutationOutcome.Rejected.class, outcome, outcome::toString);
        assertEquals(999, second.error().code());
        assertEquals(ErrorClass.CONFLICT, second.error().classification().errorClass());
        assertEquals(2, transport.counter().sends(queryId), "the counter exposes the duplicate send");
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void versionedCasAdvancesOnceAndAStaleCasIsANoOp(
            Transports protocol, RunningCluster cluster, TestDatabase database) {
        TableRef control = control(cluster, database);
        FaultInjectingTransport transport = wrap(
                protocol, protocol.endpoint(cluster.member(0), cluster.admin(), database.control()), FaultPlan.none());
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                transport.execute(
                        AuthorityStatements.insertStrict(
                                control, new ControlRow("k3", "op1", "f1", "PREPARED", 0, "{}", SHA)),
                        QueryContext.keeperMapMutation("c-" + UUID.randomUUID())));
        CasExpectation expected = new CasExpectation("k3", 0, "op1", "f1", "PREPARED");
        ControlRow next = new ControlRow("k3", "op1", "f1", "DISPATCHING", 1, "{\"epoch\":1}", SHA);
        String casId = "cas-" + UUID.randomUUID();
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                transport.execute(
                        AuthorityStatements.compareAndSwap(control, expected, next),
                        QueryContext.keeperMapMutation(casId)));
        assertInstanceOf(
                MutationOutcome.Acknowledged.class,
                transport.execute(
                        AuthorityStatements.compareAndSwap(control, expected, next),
                        QueryContext.keeperMapMutation("stale-" + UUID.randomUUID())),
                "a stale CAS is acknowledged: only a post-read can tell it changed nothing");
        assertEquals(1, transport.counter().sends(casId));
        List<List<Object>> rows = transport
                .read(AuthorityStatements.readVersioned(control, "k3"), QueryContext.of("read-" + UUID.randomUUID()))
                .rowsOrThrow()
                .rows();
        assertEquals(List.of(List.of("k3", "op1", "f1", "DISPATCHING", 1L, "{\"epoch\":1}", SHA, 1L)), rows);
    }
}
