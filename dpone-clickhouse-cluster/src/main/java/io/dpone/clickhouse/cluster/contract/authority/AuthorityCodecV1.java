package io.dpone.clickhouse.cluster.contract.authority;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult.Blocked;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult.Valid;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.math.BigInteger;

/**
 * Authority record codec, schema version 1 (docs/reference/protocol-contracts.md). The payload is
 * the canonical JSON of {@link PayloadWriter}; payload_sha256 is the lowercase hex SHA-256 of its
 * strict UTF-8 bytes; every typed column is mirrored in the payload. Decoding checks, in order: size,
 * digest, JSON, schema version, shape, columns, column/payload agreement, phase invariants and
 * byte-exact canonical form. Any failure is {@link Blocked}; nothing throws.
 */
public final class AuthorityCodecV1 implements AuthorityCodec {
    public static final AuthorityCodecV1 INSTANCE = new AuthorityCodecV1();
    public static final int SCHEMA_VERSION = 1;
    /** The payload bound in UTF-8 bytes; a V1 record is a few KiB, so 64 KiB means corruption. */
    public static final int MAX_PAYLOAD_BYTES = 64 * 1024;

    private AuthorityCodecV1() {}

    @Override
    public int schemaVersion() {
        return SCHEMA_VERSION;
    }

    @Override
    public AuthorityRow encode(AuthorityRecord record) {
        String payload = PayloadWriter.write(record, SCHEMA_VERSION);
        byte[] bytes = CanonicalEncoder.strictUtf8(payload);
        if (bytes.length > MAX_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("record payload exceeds " + MAX_PAYLOAD_BYTES + " bytes");
        }
        return new AuthorityRow(
                record.targetKey().hex(),
                record.operationId().hex(),
                record.fenceToken().hex(),
                record.phase().name(),
                BigInteger.valueOf(record.dispatchEpoch()),
                payload,
                CanonicalEncoder.sha256(bytes).hex());
    }

    @Override
    public DecodeResult<AuthorityRecord> decode(AuthorityRow row) {
        try {
            return new Valid<>(decodeOrReject(row));
        } catch (PayloadRejected e) {
            return new Blocked<>(e.reason(), e.getMessage());
        } catch (IllegalArgumentException e) {
            return new Blocked<>(BlockReason.INCONSISTENT, "record breaks a V1 invariant");
        } catch (RuntimeException e) {
            // A defect in parsing must still block the slot rather than escape to the caller.
            return new Blocked<>(BlockReason.MALFORMED, "payload could not be decoded");
        }
    }

    private AuthorityRecord decodeOrReject(AuthorityRow row) throws PayloadRejected {
        if (row == null || row.payload() == null || row.payloadSha256() == null) {
            throw JsonFields.malformed("row, payload or payload_sha256 is NULL");
        }
        byte[] bytes = boundedBytes(row.payload());
        if (!Digest.isWellFormed(row.payloadSha256())) {
            throw JsonFields.malformed("payload_sha256 is not 64 lowercase hex characters");
        }
        if (!CanonicalEncoder.sha256(bytes).hex().equals(row.payloadSha256())) {
            throw new PayloadRejected(BlockReason.DIGEST_MISMATCH, "payload_sha256 does not match the payload");
        }
        JsonNode root = PayloadReader.parse(row.payload());
        if (PayloadReader.schemaVersion(root) != SCHEMA_VERSION) {
            throw new PayloadRejected(BlockReason.UNKNOWN_VERSION, "payload schema_version is not 1");
        }
        PayloadReader.Parsed parsed = PayloadReader.read(root);
        AuthorityRecord record = fromColumns(row, parsed.payload());
        requireMirrorsMatch(row, parsed.mirrors());
        if (!PayloadWriter.write(record, SCHEMA_VERSION).equals(row.payload())) {
            throw new PayloadRejected(BlockReason.NON_CANONICAL, "payload is not in canonical form");
        }
        return record;
    }

    private static byte[] boundedBytes(String payload) throws PayloadRejected {
        return PayloadBytes.strictUtf8Within(payload, MAX_PAYLOAD_BYTES, PayloadRejected::new);
    }

    private static AuthorityRecord fromColumns(AuthorityRow row, AuthorityPayload payload) throws PayloadRejected {
        if (!Digest.isWellFormed(row.targetKey()) || !Digest.isWellFormed(row.operationId())) {
            throw JsonFields.malformed("target_key or operation_id is not a digest");
        }
        if (!FenceToken.isWellFormed(row.fenceToken())) {
            throw JsonFields.malformed("fence_token is not 32 lowercase hex characters");
        }
        AuthorityPhase phase = PayloadReader.phase(row.phase());
        BigInteger epoch = row.dispatchEpoch();
        if (epoch == null || epoch.signum() < 0 || epoch.bitLength() > 63) {
            throw JsonFields.malformed("dispatch_epoch is NULL or outside 0..2^63-1");
        }
        return new AuthorityRecord(
                new Digest(row.targetKey()),
                new Digest(row.operationId()),
                new FenceToken(row.fenceToken()),
                phase,
                epoch.longValueExact(),
                payload);
    }

    private static void requireMirrorsMatch(AuthorityRow row, PayloadReader.Mirrors mirrors) throws PayloadRejected {
        boolean match = mirrors.targetKey().equals(row.targetKey())
                && mirrors.operationId().equals(row.operationId())
                && mirrors.fenceToken().equals(row.fenceToken())
                && mirrors.phase().equals(row.phase())
                && BigInteger.valueOf(mirrors.dispatchEpoch()).equals(row.dispatchEpoch());
        if (!match) {
            throw new PayloadRejected(BlockReason.INCONSISTENT, "typed columns disagree with the payload");
        }
    }
}
