package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.ddl.PinnedQueueStatusNormalizer;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatusNormalizer;
import io.dpone.testkit.property.QueueStatusNormalizerContract;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** The bug: a Finished row's code parsed with {@code Integer.parseInt(code.trim())}, so {@code " 0"}, {@code "+0"}, {@code "00"} succeed. */
@AddLifecycleHook(FixedSeedHook.class)
public class LenientCodeNormalizerMutant extends QueueStatusNormalizerContract {
    @Override
    protected QueueStatusNormalizer normalizer() {
        return row -> {
            if (!"Finished".equals(row.status()) || row.exceptionCode() == null || row.exceptionText() == null) {
                return PinnedQueueStatusNormalizer.INSTANCE.normalize(row);
            }
            int code;
            try {
                code = Integer.parseInt(row.exceptionCode().trim());
            } catch (NumberFormatException unparseable) {
                return QueueStatus.OUTCOME_UNKNOWN;
            }
            if (code == 0) {
                return row.exceptionText().isEmpty() ? QueueStatus.TERMINAL_SUCCESS : QueueStatus.OUTCOME_UNKNOWN;
            }
            return row.exceptionText().isEmpty() || code < 0 || code > 65_535
                    ? QueueStatus.OUTCOME_UNKNOWN
                    : QueueStatus.TERMINAL_FAILURE;
        };
    }
}
