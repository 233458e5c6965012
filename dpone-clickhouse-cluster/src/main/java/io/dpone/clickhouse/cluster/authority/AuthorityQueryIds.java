package io.dpone.clickhouse.cluster.authority;

import java.util.UUID;

/**
 * Supplies the opaque client query id of each authority request. Every call must return a new id:
 * the id is how evidence and tests prove one send per mutation. Ids carry no identifiers or values.
 */
@FunctionalInterface
public interface AuthorityQueryIds {
    /** A fresh id for a request of {@code purpose} ({@code create}, {@code cas} or {@code read}). */
    String next(String purpose);

    /** {@code dpone-authority-<purpose>-<random UUID>}. */
    static AuthorityQueryIds random() {
        return purpose -> "dpone-authority-" + purpose + "-" + UUID.randomUUID();
    }
}
