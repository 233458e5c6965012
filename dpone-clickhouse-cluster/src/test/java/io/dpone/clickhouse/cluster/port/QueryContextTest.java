package io.dpone.clickhouse.cluster.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.error.ServerErrorClassifier;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class QueryContextTest {
    @Test
    void keeperMapMutationCarriesTheSpecContract() {
        QueryContext context = QueryContext.keeperMapMutation("auth-1");
        assertEquals(Map.of("keeper_map_strict_mode", "1", "insert_keeper_max_retries", "0"), context.settingsByName());
        assertEquals("auth-1", context.queryId());
    }

    @Test
    void distributedDdlCarriesTheSpecSettings() {
        QueryContext context = QueryContext.distributedDdl("ddl-1", "dpone:abc", 300);
        assertEquals(
                Map.of(
                        "skip_unavailable_shards",
                        "0",
                        "distributed_ddl_output_mode",
                        "throw",
                        "distributed_ddl_task_timeout",
                        "300",
                        "log_comment",
                        "dpone:abc"),
                context.settingsByName());
        assertEquals(Optional.of("dpone:abc"), context.logComment());
        assertThrows(IllegalArgumentException.class, () -> QueryContext.distributedDdl("ddl-1", "t", 0));
    }

    @Test
    void rejectsBadQueryIdsAndValues() {
        assertThrows(IllegalArgumentException.class, () -> QueryContext.of("has space"));
        assertThrows(IllegalArgumentException.class, () -> QueryContext.of(""));
        assertThrows(IllegalArgumentException.class, () -> QueryContext.of("x".repeat(129)));
        assertThrows(
                IllegalArgumentException.class,
                () -> QueryContext.of("q").with(ServerSetting.KEEPER_MAP_STRICT_MODE, "true"));
        assertThrows(
                IllegalArgumentException.class,
                () -> QueryContext.of("q").with(ServerSetting.INSERT_KEEPER_MAX_RETRIES, "-1"));
        assertThrows(NullPointerException.class, () -> QueryContext.of(null));
    }

    @Test
    void isImmutable() {
        QueryContext base = QueryContext.of("q");
        QueryContext next = base.with(ServerSetting.LOG_COMMENT, "c");
        assertTrue(base.settings().isEmpty());
        assertThrows(UnsupportedOperationException.class, () -> next.settings().put(ServerSetting.LOG_COMMENT, "x"));
    }

    @Test
    void statementToStringHidesSql() {
        SqlStatement statement = SqlStatement.read("SELECT secret FROM db.t");
        assertFalse(statement.toString().contains("secret"));
    }

    @Test
    void ambiguousServerErrorsCannotBeRejections() {
        ServerError timeout = ServerError.fromRaw(159, "Code: 159. DB::Exception: Watching task is executing longer");
        assertThrows(IllegalArgumentException.class, () -> new MutationOutcome.Rejected("q", timeout));
        ServerError missing = ServerError.fromRaw(60, "Code: 60. DB::Exception: Table `a`.`b` doesn't exist.");
        MutationOutcome outcome = new MutationOutcome.Rejected("q", missing);
        assertEquals(
                ServerErrorClassifier.classify(60),
                ((MutationOutcome.Rejected) outcome).error().classification());
    }

    @Test
    void readFailureRetryability() {
        assertTrue(new ReadOutcome.ReadFailure(ReadOutcome.ReadFailure.Kind.NO_RESPONSE, Optional.empty(), "")
                .retryable());
        assertFalse(ReadOutcome.ReadFailure.server(ServerError.fromRaw(497, "denied"))
                .retryable());
        assertTrue(ReadOutcome.ReadFailure.server(ServerError.fromRaw(209, "timeout"))
                .retryable());
    }
}
