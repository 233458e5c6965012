package io.dpone.clickhouse.cluster.contract.ddl;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class DdlCorrelationTokenTest {
    @Test
    void hasTheDocumentedFormatAndBound() {
        DdlCorrelationToken token = DdlCorrelationToken.issue(OPERATION, DdlAction.EXCHANGE, 7, seeded(1));
        String value = token.value();
        assertTrue(value.matches("dpone-ch-v1\\.[0-9a-f]{64}\\.exchange\\.7\\.[0-9a-f]{32}"), value);
        assertTrue(value.length() <= DdlCorrelationToken.MAX_LENGTH);
        DdlCorrelationToken longest =
                new DdlCorrelationToken(OPERATION, DdlAction.BOOTSTRAP, Long.MAX_VALUE, "0".repeat(32));
        assertTrue(longest.value().length() <= DdlCorrelationToken.MAX_LENGTH);
    }

    @Test
    void parsesWhatItIssues() {
        DdlCorrelationToken token = DdlCorrelationToken.issue(OPERATION, DdlAction.DROP, 3, seeded(2));
        assertEquals(Optional.of(token), DdlCorrelationToken.parse(token.value()));
    }

    @Test
    void rejectsEverythingElseWithoutThrowing() {
        String valid = DdlCorrelationToken.issue(OPERATION, DdlAction.RENAME, 1, seeded(3))
                .value();
        for (String text : new String[] {
            null,
            "",
            valid + "0",
            valid.toUpperCase(),
            valid.replace("rename", "truncate"),
            valid.replace(".1.", ".01."),
            valid.replace(".1.", ".-1."),
            "dpone-ch-v2" + valid.substring(11),
            valid.replace(".1.", ".99999999999999999999.")
        }) {
            assertEquals(Optional.empty(), DdlCorrelationToken.parse(text), String.valueOf(text));
        }
    }

    @Test
    void randomSourceOfTheWrongSizeIsADefect() {
        assertThrows(
                IllegalStateException.class,
                () -> DdlCorrelationToken.issue(OPERATION, DdlAction.DROP, 1, count -> new byte[count - 1]));
    }

    @Test
    void carriesNoIdentifierOnlyTheOperationDigest() {
        String value = DdlCorrelationToken.issue(OPERATION, DdlAction.EXCHANGE, 1, seeded(4))
                .value();
        assertFalse(value.contains("db") || value.contains("ch-a") || value.contains("candidate"));
    }
}
