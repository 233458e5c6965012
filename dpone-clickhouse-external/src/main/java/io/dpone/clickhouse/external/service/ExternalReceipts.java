package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.invocation.InvocationReceipts;
import io.dpone.spi.manifest.ReplicationMode;

/**
 * The external receipt's facts, schema {@value #SCHEMA} (spec 001, "Receipt and evidence
 * contract"); the receipt itself, as internal mode's, is built by the core's
 * {@link InvocationReceipts} from {@link ExternalEvidence}. Public for the schema name only.
 */
public final class ExternalReceipts {
    public static final String SCHEMA = "dpone.clickhouse.cluster-external-full-refresh-receipt.v1";
    static final InvocationReceipts FACTS = new InvocationReceipts(SCHEMA, ReplicationMode.EXTERNAL);

    private ExternalReceipts() {}
}
