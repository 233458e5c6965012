package io.dpone.clickhouse.cluster.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.FacadeVerdict.FacadeProblem;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.port.SqlStatement;
import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The one bootstrap statement: sent once, with its own log_comment, failing closed on anything but success. */
class FacadeBootstrapTest {
    private static final FacadeSpec SPEC = new FacadeSpec(new TableRef("dpone_c_x", "publication_authority"), "/x/authority");
    private final List<SqlStatement> sent = new ArrayList<>();
    private final List<QueryContext> contexts = new ArrayList<>();

    private FacadeBootstrap bootstrap(Function<String, MutationOutcome> answer) {
        return new FacadeBootstrap(SPEC, "c1", (statement, context) -> {
            sent.add(statement);
            contexts.add(context);
            return answer.apply(context.queryId());
        }, purpose -> purpose + "-1", 60);
    }

    @Test
    void acknowledgedBootstrapIsDispatchedWithABootstrapLogComment() {
        FacadeBootstrap.Outcome.Dispatched dispatched = assertInstanceOf(FacadeBootstrap.Outcome.Dispatched.class,
                bootstrap(MutationOutcome.Acknowledged::new).bootstrap(new FacadeVerdict.BootstrapAll()));
        assertEquals(1, sent.size());
        assertEquals(StatementKind.DDL_CREATE_CONTROL, sent.get(0).kind());
        assertTrue(sent.get(0).sql().startsWith("CREATE TABLE `dpone_c_x`.`publication_authority` ON CLUSTER `c1`"));
        assertTrue(dispatched.logComment().startsWith(FacadeBootstrap.LOG_COMMENT_PREFIX));
        assertEquals(Optional.of(dispatched.logComment()), contexts.get(0).logComment());
        assertEquals("0", contexts.get(0).settings().get(ServerSetting.SKIP_UNAVAILABLE_SHARDS));
    }

    @Test
    void fillCreatesOnlyWhereAbsent() {
        bootstrap(MutationOutcome.Acknowledged::new).fill(new FacadeVerdict.FillAbsent(List.of(new io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint("r2", 9000))));
        assertTrue(sent.get(0).sql().startsWith("CREATE TABLE IF NOT EXISTS `dpone_c_x`.`publication_authority` ON CLUSTER"));
    }

    @Test
    void refusedLostOrUnsentBootstrapFailsClosedAfterOneSend() {
        List<Function<String, MutationOutcome>> answers = List.of(
                id -> new MutationOutcome.Rejected(id, ServerError.fromRaw(392, "Replicated DDL queries are disabled")),
                id -> new MutationOutcome.Ambiguous(id, MutationOutcome.AmbiguityCause.TIMEOUT, Optional.empty(), "t"),
                id -> new MutationOutcome.NotSent(id, "refused"));
        for (Function<String, MutationOutcome> answer : answers) {
            FacadeBootstrap.Outcome.FailedClosed failed = assertInstanceOf(FacadeBootstrap.Outcome.FailedClosed.class,
                    bootstrap(answer).bootstrap(new FacadeVerdict.BootstrapAll()));
            assertEquals(FacadeProblem.BOOTSTRAP_UNRESOLVED, failed.verdict().problem());
        }
        assertEquals(3, sent.size(), "one send per call, never a retry");
    }
}
