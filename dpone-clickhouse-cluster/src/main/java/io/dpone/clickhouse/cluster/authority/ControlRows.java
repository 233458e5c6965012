package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.sql.ControlRow;

/** Maps a codec row to the SQL layer's typed row for the control store. Pure. */
final class ControlRows {
    private ControlRows() {}

    /** The typed SQL row of an encoded record; the codec only produces rows that fit. */
    static ControlRow toControlRow(AuthorityRow row) {
        return new ControlRow(
                row.targetKey(),
                row.operationId(),
                row.fenceToken(),
                row.phase(),
                row.dispatchEpoch().longValueExact(),
                row.payload(),
                row.payloadSha256());
    }
}
