package io.dpone.clickhouse.external.authority;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.BlockReason;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.authority.PayloadBytes;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.math.BigInteger;

/**
 * The external authority codec, schema {@value #SCHEMA}, over the same KeeperMap control row as
 * internal mode (typed columns {@code target_key}, {@code operation_id}, {@code fence_token},
 * {@code phase}, {@code dispatch_epoch}, {@code payload}, {@code payload_sha256}). The payload is
 * the canonical JSON of {@link ExternalPayloadWriter}, named by its {@code schema} key;
 * {@code payload_sha256} is the lowercase hex SHA-256 of its strict UTF-8 bytes; every typed column
 * is mirrored in the payload. Decoding checks, in order: size, digest, JSON, schema name, exact
 * keys and types, columns, column/payload agreement, record invariants and byte-exact canonical
 * form. Any failure is {@link DecodeResult.Blocked}; nothing throws.
 */
public final class ExternalCodecV1 {
    public static final String SCHEMA = "dpone.clickhouse.cluster-external-full-refresh.v1";
    /** Every external schema name starts with this; another version of it is UNKNOWN_VERSION. */
    public static final String SCHEMA_FAMILY = "dpone.clickhouse.cluster-external-full-refresh.";

    public static final String REPLICATION_MODE = "external";
    /** The payload bound in UTF-8 bytes: a few KiB per member, so 256 KiB means corruption. */
    public static final int MAX_PAYLOAD_BYTES = 256 * 1024;

    private ExternalCodecV1() {}

    /** The canonical row; IllegalArgumentException only for a record whose payload exceeds the bound. */
    public static AuthorityRow encode(ExternalRecord record) {
        String payload = ExternalPayloadWriter.write(record);
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

    /** Never throws. */
    public static DecodeResult<ExternalRecord> decode(AuthorityRow row) {
        try {
            return new DecodeResult.Valid<>(decodeOrReject(row));
        } catch (Rejected e) {
            return new DecodeResult.Blocked<>(e.reason(), e.getMessage());
        } catch (IllegalArgumentException e) {
            return new DecodeResult.Blocked<>(BlockReason.INCONSISTENT, "record breaks an external v1 invariant");
        } catch (RuntimeException e) {
            // A defect in parsing must still block the slot rather than escape to the caller.
            return new DecodeResult.Blocked<>(BlockReason.MALFORMED, "payload could not be decoded");
        }
    }

    /**
     * True when the row's payload names an external schema (any version) by its {@code schema}
     * key: such a row is this codec's to judge, never an internal record's. Never throws.
     */
    public static boolean claims(AuthorityRow row) {
        if (row == null || row.payload() == null || row.payload().length() > MAX_PAYLOAD_BYTES) {
            return false;
        }
        try {
            JsonNode schema = ExternalPayloadReader.parse(row.payload()).get(ExternalFields.SCHEMA);
            return schema != null && schema.isTextual() && schema.textValue().startsWith(SCHEMA_FAMILY);
        } catch (Rejected | RuntimeException notExternal) {
            return false;
        }
    }

    private static ExternalRecord decodeOrReject(AuthorityRow row) throws Rejected {
        if (row == null || row.payload() == null || row.payloadSha256() == null) {
            throw Rejected.malformed("row, payload or payload_sha256 is NULL");
        }
        byte[] bytes = boundedBytes(row.payload());
        if (!Digest.isWellFormed(row.payloadSha256())) {
            throw Rejected.malformed("payload_sha256 is not 64 lowercase hex characters");
        }
        if (!CanonicalEncoder.sha256(bytes).hex().equals(row.payloadSha256())) {
            throw new Rejected(BlockReason.DIGEST_MISMATCH, "payload_sha256 does not match the payload");
        }
        JsonNode root = ExternalPayloadReader.parse(row.payload());
        JsonNode schema = root.get(ExternalFields.SCHEMA);
        if (schema == null || !schema.isTextual()) {
            throw Rejected.malformed("payload names no schema");
        }
        if (!SCHEMA.equals(schema.textValue())) {
            throw new Rejected(BlockReason.UNKNOWN_VERSION, "payload schema is not " + SCHEMA);
        }
        ExternalPayloadReader.Parsed parsed = ExternalPayloadReader.read(root);
        ExternalRecord record = fromColumns(row, parsed.payload());
        requireMirrorsMatch(row, parsed.mirrors());
        if (!ExternalPayloadWriter.write(record).equals(row.payload())) {
            throw new Rejected(BlockReason.NON_CANONICAL, "payload is not in canonical form");
        }
        return record;
    }

    private static byte[] boundedBytes(String payload) throws Rejected {
        return PayloadBytes.strictUtf8Within(payload, MAX_PAYLOAD_BYTES, Rejected::new);
    }

    private static ExternalRecord fromColumns(AuthorityRow row, ExternalPayload payload) throws Rejected {
        if (!Digest.isWellFormed(row.targetKey()) || !Digest.isWellFormed(row.operationId())) {
            throw Rejected.malformed("target_key or operation_id is not a digest");
        }
        if (!FenceToken.isWellFormed(row.fenceToken())) {
            throw Rejected.malformed("fence_token is not 32 lowercase hex characters");
        }
        ExternalPhase phase = ExternalPhase.fromStored(row.phase());
        if (phase == null) {
            throw Rejected.malformed("phase is not an external phase");
        }
        BigInteger epoch = row.dispatchEpoch();
        if (epoch == null || epoch.signum() < 0 || epoch.bitLength() > 63) {
            throw Rejected.malformed("dispatch_epoch is NULL or outside 0..2^63-1");
        }
        return new ExternalRecord(
                new Digest(row.targetKey()),
                new Digest(row.operationId()),
                new FenceToken(row.fenceToken()),
                phase,
                epoch.longValueExact(),
                payload);
    }

    private static void requireMirrorsMatch(AuthorityRow row, ExternalPayloadReader.Mirrors mirrors) throws Rejected {
        boolean match = mirrors.targetKey().equals(row.targetKey())
                && mirrors.operationId().equals(row.operationId())
                && mirrors.fenceToken().equals(row.fenceToken())
                && mirrors.phase().equals(row.phase())
                && BigInteger.valueOf(mirrors.dispatchEpoch()).equals(row.dispatchEpoch());
        if (!match) {
            throw new Rejected(BlockReason.INCONSISTENT, "typed columns disagree with the payload");
        }
    }
}
