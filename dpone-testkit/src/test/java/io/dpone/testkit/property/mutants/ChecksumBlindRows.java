package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;

/** The codec mutants' shared bug: the stored checksum is recomputed instead of checked. */
final class ChecksumBlindRows {
    private ChecksumBlindRows() {}

    static AuthorityRow trusted(AuthorityRow row) {
        if (row.payload() == null) {
            return row;
        }
        String sha;
        try {
            sha = CanonicalEncoder.sha256(CanonicalEncoder.strictUtf8(row.payload()))
                    .hex();
        } catch (IllegalArgumentException notText) {
            return row;
        }
        return new AuthorityRow(
                row.targetKey(),
                row.operationId(),
                row.fenceToken(),
                row.phase(),
                row.dispatchEpoch(),
                row.payload(),
                sha);
    }
}
