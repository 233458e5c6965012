package io.dpone.clickhouse.cluster.contract.ddl;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.status;
import static io.dpone.clickhouse.cluster.contract.ddl.QueueStatus.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every row of the spec's "Pinned queue-status normalization" table, with its edge inputs. */
class PinnedQueueStatusNormalizerTest {
    static Stream<Arguments> specTable() {
        return Stream.of(
                // Row 1: Inactive or Active, both exception fields NULL -> IN_PROGRESS
                Arguments.of("row1", "Inactive", null, null, IN_PROGRESS),
                Arguments.of("row1", "Active", null, null, IN_PROGRESS),
                // Row 2: Finished, code 0 and empty text -> TERMINAL_SUCCESS
                Arguments.of("row2", "Finished", "0", "", TERMINAL_SUCCESS),
                // Row 3: Finished, code > 0 and non-empty text -> TERMINAL_FAILURE
                Arguments.of("row3", "Finished", "1", "Code: 1. boom", TERMINAL_FAILURE),
                Arguments.of("row3", "Finished", "65535", "x", TERMINAL_FAILURE),
                // Row 4: Finished with NULL, negative, unparseable or contradictory evidence -> UNKNOWN
                Arguments.of("row4 null code", "Finished", null, "", OUTCOME_UNKNOWN),
                Arguments.of("row4 null text", "Finished", "0", null, OUTCOME_UNKNOWN),
                Arguments.of("row4 both null", "Finished", null, null, OUTCOME_UNKNOWN),
                Arguments.of("row4 negative", "Finished", "-1", "x", OUTCOME_UNKNOWN),
                Arguments.of("row4 unparseable", "Finished", "abc", "x", OUTCOME_UNKNOWN),
                Arguments.of("row4 empty code", "Finished", "", "", OUTCOME_UNKNOWN),
                Arguments.of("row4 leading zero", "Finished", "01", "x", OUTCOME_UNKNOWN),
                Arguments.of("row4 plus sign", "Finished", "+1", "x", OUTCOME_UNKNOWN),
                Arguments.of("row4 whitespace", "Finished", " 1", "x", OUTCOME_UNKNOWN),
                Arguments.of("row4 above UInt16", "Finished", "65536", "x", OUTCOME_UNKNOWN),
                Arguments.of("row4 huge", "Finished", "99999999999999999999", "x", OUTCOME_UNKNOWN),
                Arguments.of("row4 zero with text", "Finished", "0", "error", OUTCOME_UNKNOWN),
                Arguments.of("row4 code without text", "Finished", "7", "", OUTCOME_UNKNOWN),
                // Row 5: Removing or Unknown, any evidence -> UNKNOWN
                Arguments.of("row5", "Removing", "0", "", OUTCOME_UNKNOWN),
                Arguments.of("row5", "Removing", null, null, OUTCOME_UNKNOWN),
                Arguments.of("row5", "Unknown", "0", "", OUTCOME_UNKNOWN),
                Arguments.of("row5", "Unknown", null, null, OUTCOME_UNKNOWN),
                // Row 6: NULL or unrecognized status, any evidence -> UNKNOWN
                Arguments.of("row6", null, null, null, OUTCOME_UNKNOWN),
                Arguments.of("row6", null, "0", "", OUTCOME_UNKNOWN),
                Arguments.of("row6 case", "finished", "0", "", OUTCOME_UNKNOWN),
                Arguments.of("row6 case", "ACTIVE", null, null, OUTCOME_UNKNOWN),
                Arguments.of("row6 empty", "", null, null, OUTCOME_UNKNOWN),
                Arguments.of("row6 padded", "Finished ", "0", "", OUTCOME_UNKNOWN),
                // Row 7: Inactive or Active with any non-NULL exception field -> UNKNOWN
                Arguments.of("row7", "Active", "0", null, OUTCOME_UNKNOWN),
                Arguments.of("row7", "Active", null, "", OUTCOME_UNKNOWN),
                Arguments.of("row7", "Inactive", "5", "x", OUTCOME_UNKNOWN),
                Arguments.of("row7", "Inactive", null, "x", OUTCOME_UNKNOWN));
    }

    @ParameterizedTest(name = "{0}: status={1} code={2} text={3} -> {4}")
    @MethodSource("specTable")
    void normalizesExactlyAsThePinnedTable(String row, String status, String code, String text, QueueStatus expected) {
        assertEquals(expected, PinnedQueueStatusNormalizer.INSTANCE.normalize(status(status, code, text)), row);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specTable")
    void onlyWellFormedFinishedRowsAreTerminal(
            String row, String status, String code, String text, QueueStatus expected) {
        boolean terminal = PinnedQueueStatusNormalizer.INSTANCE
                .normalize(status(status, code, text))
                .isTerminal();
        assertEquals(terminal, "Finished".equals(status) && expected.isTerminal(), row);
    }
}
