package io.dpone.clickhouse.external.member;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a member lets publication do in the target database, as its own direct connection sees it
 * (issue 19): the privileges staging and publication need that the connection's principal lacks
 * ({@code CHECK GRANT}, so roles, wildcards and partial revokes are the server's own judgement), and
 * the server's {@code merge_tree} default {@code non_replicated_deduplication_window}, which every
 * table that does not set its own inherits.
 *
 * @param missingPrivileges each of {@link #REQUIRED} not granted on {@code <database>.*}, in that order
 */
public record MemberPolicy(List<String> missingPrivileges, long deduplicationWindowDefault) {
    /**
     * The table privileges on the target database that CREATE, INSERT, the content read, the local
     * RENAME of a proven attempt, the EXCHANGE or RENAME of publication and the DROPs need
     * (ClickHouse's InterpreterRenameQuery: SELECT and DROP TABLE on the source, CREATE TABLE and
     * INSERT on the destination; EXCHANGE both on both tables).
     */
    public static final List<String> REQUIRED = List.of("SELECT", "INSERT", "CREATE TABLE", "DROP TABLE");

    public MemberPolicy {
        missingPrivileges = List.copyOf(requireNonNull(missingPrivileges, "missingPrivileges is null"));
        if (!REQUIRED.containsAll(missingPrivileges)) {
            throw new IllegalArgumentException("missingPrivileges names only required privileges");
        }
        if (deduplicationWindowDefault < 0) {
            throw new IllegalArgumentException("deduplicationWindowDefault is not negative");
        }
    }
}
