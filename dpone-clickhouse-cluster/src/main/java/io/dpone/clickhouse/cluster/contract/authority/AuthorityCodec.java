package io.dpone.clickhouse.cluster.contract.authority;

/**
 * Encodes authority records to control-table rows and judges stored rows. Contract (checked by
 * the testkit's {@code AuthorityCodecContract}): {@code decode(encode(r))} is {@code Valid(r)};
 * {@code decode} never throws; every single-field mutation of an encoded row is {@code Blocked}.
 * Stateless and thread-safe.
 */
public interface AuthorityCodec {
    /** The payload schema version this codec writes. */
    int schemaVersion();

    /** The canonical row for a valid record; throws IllegalArgumentException only for an oversized record. */
    AuthorityRow encode(AuthorityRecord record);

    DecodeResult<AuthorityRecord> decode(AuthorityRow row);
}
