package io.dpone.clickhouse.external.member;

import static java.util.Objects.requireNonNull;

/**
 * What a direct connection says about the member it reached: its own {@code system.clusters} row
 * for the cluster ({@code is_local}) and its server time zone, which places the wall-clock values
 * of date-time columns without a zone of their own.
 */
public record MemberSelf(long shardNumber, long replicaNumber, String timeZone) {
    public MemberSelf {
        requireNonNull(timeZone, "timeZone is null");
    }
}
