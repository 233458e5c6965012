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

/**
 * Properties every {@link QueueStatusNormalizer} must have: it is total, it agrees with the seed's
 * pinned table on every raw (status, exception_code, exception_text) combination, and only a
 * well-formed Finished row is ever terminal. Extend and implement {@link #normalizer()}.
 */
public abstract class QueueStatusNormalizerContract {
    protected QueueStatusNormalizerContract() {
    }

    /** The implementation under test; called once per try. */
    protected abstract QueueStatusNormalizer normalizer();

    @Property
    void normalizationIsTotal(@ForAll("anyRows") QueueRow row) {
        assertNotNull(normalizer().normalize(row));
    }

    @Property
    void agreesWithThePinnedTable(@ForAll("statuses") String status, @ForAll("codes") String code, @ForAll("texts") String text) {
        assertEquals(SeedQueueTable.expected(status, code, text), normalizer().normalize(row(status, code, text)));
    }

    @Property
    void onlyFinishedRowsAreTerminal(@ForAll("statuses") String status, @ForAll("codes") String code, @ForAll("texts") String text) {
        QueueStatus normalized = normalizer().normalize(row(status, code, text));
        if (normalized.isTerminal()) {
            assertEquals("Finished", status);
        }
    }

    @Property
    void activeRowsWithAnyExceptionEvidenceAreUnknown(@ForAll("codes") String code, @ForAll("texts") String text) {
        if (code != null || text != null) {
            assertEquals(QueueStatus.OUTCOME_UNKNOWN, normalizer().normalize(row("Active", code, text)));
            assertEquals(QueueStatus.OUTCOME_UNKNOWN, normalizer().normalize(row("Inactive", code, text)));
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

    private static QueueRow row(String status, String code, String text) {
        return new QueueRow("query-0000000001", 5, null, null, "c1", "q", Map.of(), Instant.EPOCH, "h", 9000,
                status, code, text, null, null);
    }
}
