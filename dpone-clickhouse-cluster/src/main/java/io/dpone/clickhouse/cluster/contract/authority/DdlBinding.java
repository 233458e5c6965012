package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.digest.Digest;

/**
 * What the record remembers about one distributed DDL (publication or cleanup): its token, then
 * the bound queue entry and query digest once proved, then the terminal receipt once every
 * expected host finished. A receipt persisted here survives queue retention (spec section 4).
 *
 * @param entry the bound queue entry name, or null before binding
 * @param queryDigest the bound entry's query digest; null exactly when {@code entry} is null
 * @param receipt TERMINAL_SUCCESS or TERMINAL_FAILURE, or null before terminal proof
 */
public record DdlBinding(DdlCorrelationToken token, String entry, Digest queryDigest, QueueStatus receipt) {
    public DdlBinding {
        requireNonNull(token, "token is null");
        if ((entry == null) != (queryDigest == null)) {
            throw new IllegalArgumentException("entry and queryDigest are bound together");
        }
        if (receipt != null && (!receipt.isTerminal() || entry == null)) {
            throw new IllegalArgumentException("a receipt is terminal and needs a bound entry");
        }
    }

    public static DdlBinding dispatched(DdlCorrelationToken token) {
        return new DdlBinding(token, null, null, null);
    }

    public boolean hasReceipt() {
        return receipt != null;
    }
}
