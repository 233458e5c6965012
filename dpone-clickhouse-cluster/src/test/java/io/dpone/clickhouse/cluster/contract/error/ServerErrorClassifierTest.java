package io.dpone.clickhouse.cluster.contract.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ServerErrorClassifierTest {
    @ParameterizedTest
    @CsvSource({
        "999, KEEPER_EXCEPTION, AMBIGUOUS",
        "497, ACCESS_DENIED, FATAL",
        "392, QUERY_IS_PROHIBITED, FATAL",
        "159, TIMEOUT_EXCEEDED, AMBIGUOUS",
        "209, SOCKET_TIMEOUT, AMBIGUOUS",
        "210, NETWORK_ERROR, AMBIGUOUS",
        "394, QUERY_WAS_CANCELLED, AMBIGUOUS",
        "60, UNKNOWN_TABLE, CONFLICT",
        "57, TABLE_ALREADY_EXISTS, CONFLICT",
        "62, SYNTAX_ERROR, FATAL",
        // red on main 32d8930 (UNKNOWN, AMBIGUOUS): an external candidate CREATE refused with 42 (a
        // CollapsingMergeTree without its sign column) stayed LOADING and every rerun created again
        "42, NUMBER_OF_ARGUMENTS_DOESNT_MATCH, FATAL",
        "115, UNKNOWN_SETTING, FATAL",
        "202, TOO_MANY_SIMULTANEOUS_QUERIES, RETRYABLE",
        "242, TABLE_IS_READ_ONLY, RETRYABLE",
        "319, UNKNOWN_STATUS_OF_INSERT, AMBIGUOUS",
    })
    void tableRows(int code, String name, ErrorClass expected) {
        ServerErrorClassification row = ServerErrorClassifier.classify(code);
        assertEquals(name, row.name());
        assertEquals(expected, row.errorClass());
        assertFalse(row.reason().isBlank());
    }

    @Test
    void keeperConflictIsRefinedOnlyByConflictEvidence() {
        assertEquals(
                ErrorClass.CONFLICT,
                ServerErrorClassifier.classify(
                                999, "Coordination::Exception: Transaction failed (Node exists): Op #0, path: ?")
                        .errorClass());
        assertEquals(
                ErrorClass.CONFLICT,
                ServerErrorClassifier.classify(999, "Transaction failed (Bad version)")
                        .errorClass());
        assertEquals(
                ErrorClass.AMBIGUOUS,
                ServerErrorClassifier.classify(999, "Coordination::Exception: Connection loss")
                        .errorClass());
        assertEquals(
                ErrorClass.AMBIGUOUS,
                ServerErrorClassifier.classify(999, "Session expired").errorClass());
        assertEquals(
                ErrorClass.AMBIGUOUS, ServerErrorClassifier.classify(999, null).errorClass());
    }

    @Test
    void unknownCodesAreAmbiguousNeverDefinitive() {
        ServerErrorClassification unknown = ServerErrorClassifier.classify(123_456);
        assertEquals("UNKNOWN", unknown.name());
        assertEquals(ErrorClass.AMBIGUOUS, unknown.errorClass());
        assertTrue(unknown.readRetryable());
    }

    @Test
    void everyRowHasItsOwnCodeAndAReason() {
        Map<Integer, ServerErrorClassification> table = ServerErrorClassifier.table();
        assertTrue(table.size() >= 40);
        table.forEach((code, row) -> {
            assertEquals(code, row.code());
            assertTrue(row.name().matches("[A-Z][A-Z0-9_]+"), row.name());
            assertFalse(row.reason().isBlank());
        });
    }

    @Test
    void readRetryabilityFollowsTheClass() {
        assertTrue(ServerErrorClassifier.classify(202).readRetryable());
        assertTrue(ServerErrorClassifier.classify(209).readRetryable());
        assertFalse(ServerErrorClassifier.classify(60).readRetryable());
        assertFalse(ServerErrorClassifier.classify(497).readRetryable());
    }

    @Property
    void classifierIsTotal(@ForAll int code, @ForAll String summary) {
        ServerErrorClassification row = ServerErrorClassifier.classify(code, summary);
        assertEquals(code, row.code());
    }

    /** Issue 13.1: under ON CLUSTER a host's re-raised code proves nothing about the entry. */
    @ParameterizedTest
    @CsvSource({"57", "60", "497", "392", "159", "999", "81", "36"})
    void everyCodeOfADistributedDdlStatementIsAmbiguous(int code) {
        ServerErrorClassification ddl =
                ServerErrorClassifier.classify(code, "Node exists", ExecutionScope.DISTRIBUTED_DDL);
        assertEquals(ErrorClass.AMBIGUOUS, ddl.errorClass());
        assertEquals(ServerErrorClassifier.classify(code, "Node exists").name(), ddl.name(), "the code keeps its name");
        assertTrue(ddl.reason().contains("queue entry"), ddl.reason());
    }

    @Property
    void aSingleHostClassificationIsTheTable(@ForAll int code) {
        assertEquals(
                ServerErrorClassifier.classify(code, ""),
                ServerErrorClassifier.classify(code, "", ExecutionScope.SINGLE_HOST));
        assertEquals(
                ErrorClass.AMBIGUOUS,
                ServerErrorClassifier.classify(code, "", ExecutionScope.DISTRIBUTED_DDL)
                        .errorClass());
    }

    @Test
    void theSingleHostReasonsOf57And60SayTheyHoldForOneHostOnly() {
        assertTrue(ServerErrorClassifier.classify(57).reason().startsWith("single host"));
        assertTrue(ServerErrorClassifier.classify(60).reason().startsWith("single host"));
    }
}
