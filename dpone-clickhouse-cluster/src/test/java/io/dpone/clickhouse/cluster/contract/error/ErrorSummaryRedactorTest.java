package io.dpone.clickhouse.cluster.contract.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ErrorSummaryRedactorTest {
    @Test
    void keepsTheFirstLineAfterTheExceptionPrefixWithoutTags() {
        assertEquals(
                "Table ?.? doesn't exist.",
                ErrorSummaryRedactor.redact(
                        "Code: 60. DB::Exception: Table `pub`.`nope` doesn't exist. (UNKNOWN_TABLE) (version 26.7.2.1)\nStack trace:\n0. x"));
        assertEquals(
                "Table ? already exists.",
                ErrorSummaryRedactor.redact(
                        "Code: 57. DB::Exception: Table pub.t already exists. (TABLE_ALREADY_EXISTS) (version 26.7.2.1)"));
    }

    /**
     * Two answers a wrong coordinator setting gets from real ClickHouse 26.7 (RealCoordinatorConnectionTest):
     * red on main 32d8930, the native port's number and the principal's name reached the message.
     */
    @Test
    void dropsThePortNumberAndThePrincipalOfConnectionAnswers() {
        assertEquals(
                "Port ? is for clickhouse-client program",
                ErrorSummaryRedactor.redact(
                        "Port 39883 is for clickhouse-client program\r\nYou must use port 8123 for HTTP.\r\n"));
        assertEquals(
                "?: Authentication failed: password is incorrect, or there is no user with such name.",
                ErrorSummaryRedactor.redact(
                        "Code: 516. DB::Exception: dpone_publisher: Authentication failed: password is"
                                + " incorrect, or there is no user with such name. (AUTHENTICATION_FAILED) (version 26.7.2.1)"));
    }

    @Test
    void cutsEchoedSql() {
        String raw =
                "Code: 62. DB::Exception: Syntax error: failed at position 7 (1): 1 FROM secret_table WHERE x='v'. (SYNTAX_ERROR)";
        String summary = ErrorSummaryRedactor.redact(raw);
        assertEquals("Syntax error:", summary);
        String scoped = ErrorSummaryRedactor.redact(
                "Code: 60. DB::Exception: Unknown table expression identifier 'pub.nope2' in scope SELECT * FROM pub.nope2. (UNKNOWN_TABLE)");
        assertEquals("Unknown table expression identifier ?", scoped);
    }

    @Test
    void dropsQuotedValuesAddressesAndPaths() {
        String summary = ErrorSummaryRedactor.redact(
                "Connect to http://db-7.internal:8123 [db-7.internal/10.1.2.3] failed: refused "
                        + "'secret' \"other\" `ident` host-9:9000 192.168.0.1 /var/lib/clickhouse/x");
        for (String leaked :
                new String[] {"db-7", "10.1.2.3", "secret", "other", "ident", "host-9", "9000", "192.168", "/var"}) {
            assertFalse(summary.contains(leaked), leaked + " leaked into " + summary);
        }
        assertTrue(summary.startsWith("Connect to ?"), summary);
    }

    @Test
    void keepsKeeperConflictEvidence() {
        String summary = ErrorSummaryRedactor.redact(
                "Code: 999. DB::Exception: Coordination::Exception: Transaction failed (Node exists): Op #0, path: /dpone/ctl/k1. (KEEPER_EXCEPTION)");
        assertTrue(summary.contains("(Node exists)"), summary);
        assertFalse(summary.contains("/dpone"), summary);
    }

    @Property
    void alwaysBoundedSingleLineAndTotal(@ForAll String raw) {
        String summary = ErrorSummaryRedactor.redact(raw);
        assertTrue(summary.length() <= ErrorSummaryRedactor.MAX_LENGTH);
        assertFalse(summary.contains("\n") || summary.contains("\r"));
    }

    @Property
    void quotedPayloadNeverSurvives(@ForAll("payload") String secret) {
        String summary = ErrorSummaryRedactor.redact("DB::Exception: value '" + secret + "' is bad");
        assertFalse(summary.contains(secret), summary);
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> payload() {
        return net.jqwik.api.Arbitraries.strings()
                .alpha()
                .numeric()
                .ofMinLength(6)
                .ofMaxLength(40);
    }
}
