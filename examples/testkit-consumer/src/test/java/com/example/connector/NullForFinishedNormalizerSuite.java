package com.example.connector;

import io.dpone.clickhouse.cluster.contract.ddl.QueueStatusNormalizer;
import io.dpone.testkit.property.QueueStatusNormalizerContract;

/**
 * A deliberately wrong normalizer (no answer for Finished rows), run only by
 * {@link CounterexampleReportTest}: its name keeps Surefire from running it as a test.
 */
class NullForFinishedNormalizerSuite extends QueueStatusNormalizerContract {
    @Override
    protected QueueStatusNormalizer normalizer() {
        return row -> "Finished".equals(row.status()) ? null : new StrictQueueStatusNormalizer().normalize(row);
    }
}
