package io.dpone.testkit.ddl;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.transport.Transports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The glossary's {@code system.query_log} query finds a statement the service's DDL adapter sent,
 * by the operation id in its {@code log_comment} (local real ClickHouse 26.7). This harness has no
 * distributed-DDL worker, so the {@code ON CLUSTER} statement is refused (392) on the initiator and
 * only the initiator's row exists, and its members cannot reach each other, so the query's
 * {@code clusterAllReplicas} fan-out is replaced by the initiator's own {@code system.query_log}.
 * That each host's DDL-worker execution carries the token too is argued from the sources, not run here.
 */
@ClickHouseCluster(members = 2)
class RealQueryLogCorrelationTest {
    private static final Path GLOSSARY = Path.of("..", "docs", "reference", "glossary.md");

    @Test
    void theGlossaryQueryFindsTheStatementByItsOperationId(RunningCluster cluster, TestDatabase db) throws Exception {
        Digest operation = new Digest("b".repeat(64));
        DdlCorrelationToken token =
                DdlCorrelationToken.issue(operation, DdlAction.DISCARD, 0, RandomBits.from(new SecureRandom()));
        var http =
                Transports.HTTP.mutations(Transports.HTTP.endpoint(cluster.member(0), cluster.publisher(), "default"));
        var reads = Transports.HTTP.reads(Transports.HTTP.endpoint(cluster.member(0), cluster.publisher(), "default"));
        try {
            DdlDispatch sent = new DdlDispatchAdapter(
                            reads, http, Sha256ProtocolDigests.INSTANCE, () -> "read-" + UUID.randomUUID(), 30)
                    .dispatchSetup(
                            new SetupDdl.StagingDiscard(
                                    cluster.spec().clusterName(), new TableRef(db.target(), "events__cand")),
                            token);
            assertInstanceOf(DdlDispatch.Sent.class, sent, "the statement reached the server");
        } finally {
            Transports.close(http);
            Transports.close(reads);
        }
        MemberClient admin = cluster.member(0).client(cluster.admin());
        admin.execute("SYSTEM FLUSH LOGS");
        // the harness's members cannot reach each other (clusterAllReplicas fails with 279), so the query runs
        // on the initiator's own log: the same WHERE clause and columns, without the fan-out
        String query = glossaryQuery().replace("<operation_id>", operation.hex());
        String fanOut = "clusterAllReplicas('<cluster>', system.query_log)";
        assertTrue(query.contains(fanOut), query);
        String found = admin.query(query.replace(fanOut, "system.query_log") + " FORMAT TSVRaw");
        assertTrue(found.contains(token.value()), "the query finds the token:\n" + found);
        assertTrue(found.contains("\tdiscard\t0"), "action and epoch are split out of the token:\n" + found);
    }

    /** The SQL block of the glossary's query_log section, as an operator would paste it. */
    private static String glossaryQuery() throws IOException {
        String page = Files.readString(GLOSSARY);
        int section = page.indexOf("## Finding an operation's statements in `system.query_log`");
        int start = page.indexOf("```sql\n", section) + "```sql\n".length();
        return page.substring(start, page.indexOf("```", start)).strip();
    }
}
