package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatusNormalizer;
import io.dpone.testkit.arbitrary.QueueArbitraries;
import java.time.Instant;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.domains.Domain;
import net.jqwik.api.domains.DomainContext;

/**
 * Properties every {@link QueueStatusNormalizer} must have: it is total, it agrees with the spec's
 * pinned table on every raw (status, exception_code, exception_text) combination, and only a
 * well-formed Finished row is ever terminal. Extend and implement {@link #normalizer()}.
 */
@Domain(DomainContext.Global.class)
@Domain(FieldsReportingDomain.class)
public abstract class QueueStatusNormalizerContract {
    protected QueueStatusNormalizerContract() {}

    /** The implementation under test; called once per try. */
    protected abstract QueueStatusNormalizer normalizer();

    @Property
    void normalizationIsTotal(@ForAll("anyRows") QueueRow row) {
        assertNotNull(
                normalizer().normalize(row),
                () -> "rule: normalization is total, but null for " + FieldsReportingFormat.describe(row));
    }

    @Property
    void agreesWithThePinnedTable(
            @ForAll("statuses") String status, @ForAll("codes") String code, @ForAll("texts") String text) {
        assertEquals(
                SpecQueueTable.expected(status, code, text),
                normalizer().normalize(row(status, code, text)),
                () ->
                        "rule: the pinned queue table (a code is canonical ASCII decimal within UInt16; Finished needs code 0 with"
                                + " empty text or a non-zero code with text) for " + raw(status, code, text));
    }

    @Property
    void onlyFinishedRowsAreTerminal(
            @ForAll("statuses") String status, @ForAll("codes") String code, @ForAll("texts") String text) {
        QueueStatus normalized = normalizer().normalize(row(status, code, text));
        if (normalized.isTerminal()) {
            assertEquals(
                    "Finished",
                    status,
                    () -> "rule: only a Finished row is terminal, but " + normalized + " for "
                            + raw(status, code, text));
        }
    }

    @Property
    void activeRowsWithAnyExceptionEvidenceAreUnknown(@ForAll("codes") String code, @ForAll("texts") String text) {
        if (code != null || text != null) {
            for (String active : new String[] {"Active", "Inactive"}) {
                assertEquals(
                        QueueStatus.OUTCOME_UNKNOWN,
                        normalizer().normalize(row(active, code, text)),
                        () -> "rule: an active row with exception evidence is OUTCOME_UNKNOWN, for "
                                + raw(active, code, text));
            }
        }
    }

    @Provide
    Arbitrary<QueueRow> anyRows() {
        return QueueArbitraries.rows();
    }

    @Provide
    Arbitrary<String> statuses() {
        return QueueArbitraries.rawStatuses();
    }

    @Provide
    Arbitrary<String> codes() {
        return QueueArbitraries.rawExceptionCodes();
    }

    @Provide
    Arbitrary<String> texts() {
        return QueueArbitraries.exceptionTexts();
    }

    private static String raw(String status, String code, String text) {
        return "status=" + FieldsReportingFormat.quoted(status) + ", exception_code="
                + FieldsReportingFormat.quoted(code) + ", exception_text=" + FieldsReportingFormat.quoted(text);
    }

    private static QueueRow row(String status, String code, String text) {
        return new QueueRow(
                "query-0000000001",
                5,
                null,
                null,
                "c1",
                "q",
                Map.of(),
                Instant.EPOCH,
                "h",
                9000,
                status,
                code,
                text,
                null,
                null);
    }
}
