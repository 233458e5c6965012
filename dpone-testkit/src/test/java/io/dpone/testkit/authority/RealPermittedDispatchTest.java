package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.fault.FaultInjectingTransport;
import io.dpone.testkit.fault.FaultPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 13.2 on local real ClickHouse 26.7: a publication DDL leaves only under a permit from a
 * real acknowledged-and-verified CAS, exactly once, with the token of the record that CAS wrote
 * as {@code log_comment} (read back from {@code system.query_log}); a second use of the permit
 * sends nothing. This harness has no distributed-DDL worker, so the initiator answers 392, which
 * the adapter reports as sent (to be resolved through the queue), never as "not enqueued".
 */
@ClickHouseCluster(members = 2)
class RealPermittedDispatchTest {
    private static final long TASK_TIMEOUT = 42;

    @Test
    void thePermitFromAVerifiedCasSendsTheRecordsTokenOnceAndOnlyOnce(RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRecord prepared = AuthorityRecords.prepared();
        List<String> ddlIds = new ArrayList<>();
        ClickHouseEndpoint endpoint = Protocol.HTTP.endpoint(cluster.member(0), cluster.publisher(), "default");
        var http = Protocol.HTTP.mutations(endpoint);
        var reads = Protocol.HTTP.reads(endpoint);
        FaultInjectingTransport counted = new FaultInjectingTransport(http, reads, FaultPlan.none(), duration -> {});
        try (ControlTable.Adapter writer = table.publisherAdapter(Protocol.HTTP, 0)) {
            assertInstanceOf(SlotWrite.Verified.class, writer.authority.createIfAbsent(prepared));
            SlotVersion<AuthorityRecord> seen =
                    RealAuthorityRaceTest.valid(writer.authority.readVersioned(prepared.targetKey()));
            AuthorityRecord dispatching = AuthorityRecords.dispatching(prepared);
            SlotWrite.Verified<AuthorityRecord> verified =
                    assertInstanceOf(SlotWrite.Verified.class, writer.authority.compareAndSwap(seen, dispatching));
            DispatchPermit permit = verified.dispatchPermit().orElseThrow();
            assertEquals(
                    dispatching.payload().publication().token(), permit.token(), "the token of the written record");

            DdlDispatchAdapter ddl = new DdlDispatchAdapter(
                    counted,
                    counted,
                    Sha256ProtocolDigests.INSTANCE,
                    () -> {
                        String id = "ddl-" + UUID.randomUUID();
                        ddlIds.add(id);
                        return id;
                    },
                    TASK_TIMEOUT);
            FencedDdl exchange = new FencedDdl.Exchange(
                    cluster.spec().clusterName(),
                    new TableRef(database.target(), "events"),
                    new TableRef(database.target(), "events__cand"));

            DdlDispatch first = ddl.dispatch(exchange, permit);
            DdlDispatch second = ddl.dispatch(exchange, permit);

            DdlDispatch.Sent sent = assertInstanceOf(DdlDispatch.Sent.class, first);
            var answer = assertInstanceOf(DdlDispatch.InitiatorAnswer.ServerErrorAnswer.class, sent.answer());
            assertEquals(392, answer.error().code(), "Replicated DDL queries are disabled on this harness");
            assertEquals(new DdlDispatch.PermitRefused(DdlDispatch.Refusal.ALREADY_SPENT), second);
            assertEquals(1, ddlIds.size(), "the refused second use did not even take a query id");
            assertEquals(1, counted.counter().sends(sent.queryId()), "exactly one transport invocation");

            MemberClient admin = cluster.member(0).client(cluster.admin());
            admin.execute("SYSTEM FLUSH LOGS");
            String logged =
                    admin.query("SELECT count(), any(log_comment), any(Settings['distributed_ddl_task_timeout'])"
                            + " FROM system.query_log WHERE query_id = '" + sent.queryId()
                            + "' AND type != 'QueryStart' FORMAT TSVRaw");
            assertEquals("1\t" + permit.token().value() + "\t" + TASK_TIMEOUT, logged.strip());
        } finally {
            Protocol.close(http);
            Protocol.close(reads);
        }
    }
}
