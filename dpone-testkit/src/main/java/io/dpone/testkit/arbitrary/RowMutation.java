package io.dpone.testkit.arbitrary;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import java.math.BigInteger;

/**
 * One change to one column of a stored authority row: NULL, a replacement, or a one-character
 * insert, delete or replace; for dispatch_epoch NULL, plus or minus a delta, or a replacement.
 * The result may equal the input; suites skip those.
 *
 * @param column 0 target_key, 1 operation_id, 2 fence_token, 3 phase, 4 dispatch_epoch, 5 payload, 6 payload_sha256
 */
public record RowMutation(int column, int kind, int position, char character, String replacement, BigInteger number) {
    public static final int COLUMNS = 7;

    public AuthorityRow apply(AuthorityRow row) {
        return new AuthorityRow(
                column == 0 ? text(row.targetKey()) : row.targetKey(),
                column == 1 ? text(row.operationId()) : row.operationId(),
                column == 2 ? text(row.fenceToken()) : row.fenceToken(),
                column == 3 ? text(row.phase()) : row.phase(),
                column == 4 ? epoch(row.dispatchEpoch()) : row.dispatchEpoch(),
                column == 5 ? text(row.payload()) : row.payload(),
                column == 6 ? text(row.payloadSha256()) : row.payloadSha256());
    }

    private String text(String value) {
        if (kind == 0 || value == null) {
            return kind == 0 ? null : replacement;
        }
        if (kind == 1) {
            return replacement;
        }
        int length = value.length();
        int at = length == 0 ? 0 : Math.floorMod(position, length);
        return switch (kind) {
            case 2 ->
                value.substring(0, Math.floorMod(position, length + 1))
                        + character
                        + value.substring(Math.floorMod(position, length + 1));
            case 3 -> length == 0 ? replacement : value.substring(0, at) + value.substring(at + 1);
            default ->
                length == 0 ? String.valueOf(character) : value.substring(0, at) + character + value.substring(at + 1);
        };
    }

    private BigInteger epoch(BigInteger value) {
        return switch (kind) {
            case 0 -> null;
            case 1 -> number;
            case 2 -> value == null ? number : value.add(number);
            case 3 -> value == null ? number : value.subtract(number);
            default -> value == null ? number : value.negate().subtract(BigInteger.ONE);
        };
    }
}
