package io.dpone.clickhouse.external.identity;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.QualifiedTarget;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * External mode's identity formulas (spec 001, "External identity contract"), each SHA-256 over the
 * protocol's canonical field encoding ({@link CanonicalEncoder}) under its own domain tag:
 * <pre>
 * target_key     = H(cluster, database, target)                       the internal V1 slot key
 * operation_id   = H(protocol_version, scheduler_invocation, target_key, normalized_plan_digest)
 * member_id      = H(shard_num, replica_num)
 * generation_id  = H(operation_id, artifact_sha256, schema_digest, row_count)
 * candidate_name = bounded(target + "__dpone_ext_" + operation_id_prefix)
 * attempt_name   = candidate_name + "_" + hex(candidate_uuid)            dpone's, not the spec's
 * </pre>
 * No formula takes an endpoint, a host order or a worker try number. The target key is exactly
 * internal mode's, so both modes meet in one KeeperMap slot per target: that is how an unresolved
 * internal record blocks external mode and a completed one is migrated. Golden vectors pin every
 * formula (docs/reference/external-mode.md, "Identities"); changing one is a protocol change. Pure.
 */
public final class ExternalIdentities {
    public static final int PROTOCOL_VERSION = 1;
    public static final String TAG_PREFIX = "dpone.clickhouse.cluster-external.v1/";
    public static final String CANDIDATE_INFIX = "__dpone_ext_";
    public static final int OPERATION_PREFIX_LENGTH = 16;
    /**
     * The bound on a candidate name's file-name form: an Atomic database stores a table's metadata
     * in {@code <escapeForFileName(name)>.sql} (written as {@code .sql.tmp} first), where every
     * UTF-8 byte other than {@code [A-Za-z0-9_]} becomes {@code %XX}; 200 bytes keep that file
     * name well below the usual 255-byte limit. An ASCII word-character name's escaped length is
     * its length, so such names are bounded at 200 characters exactly as before.
     */
    public static final int MAX_CANDIDATE_LENGTH = 200;

    private ExternalIdentities() {}

    public static Digest targetKey(String cluster, String database, String target) {
        return Sha256ProtocolDigests.INSTANCE.targetKey(new QualifiedTarget(cluster, database, target));
    }

    public static Digest operationId(String schedulerInvocation, Digest targetKey, Digest normalizedPlanDigest) {
        requireNonNull(schedulerInvocation, "schedulerInvocation is null");
        return CanonicalEncoder.forDomain(TAG_PREFIX + "operation-id")
                .number(PROTOCOL_VERSION)
                .text(schedulerInvocation)
                .text(requireNonNull(targetKey, "targetKey is null").hex())
                .text(requireNonNull(normalizedPlanDigest, "normalizedPlanDigest is null")
                        .hex())
                .sha256();
    }

    public static Digest memberId(long shardNumber, long replicaNumber) {
        return CanonicalEncoder.forDomain(TAG_PREFIX + "member-id")
                .number(shardNumber)
                .number(replicaNumber)
                .sha256();
    }

    public static Digest generationId(Digest operationId, Digest artifactSha256, Digest schemaDigest, long rowCount) {
        return CanonicalEncoder.forDomain(TAG_PREFIX + "generation-id")
                .text(requireNonNull(operationId, "operationId is null").hex())
                .text(requireNonNull(artifactSha256, "artifactSha256 is null").hex())
                .text(requireNonNull(schemaDigest, "schemaDigest is null").hex())
                .number(rowCount)
                .sha256();
    }

    /**
     * {@code target + "__dpone_ext_" + 16 hex of the operation id}, the target shortened to its
     * longest prefix of whole code points (a surrogate pair is never split) whose escaped file-name
     * form ({@link #escapedLength}) keeps the whole name within {@value #MAX_CANDIDATE_LENGTH}
     * bytes; the suffix is always whole (28 word characters).
     */
    public static String candidateName(String target, Digest operationId) {
        requireNonNull(target, "target is null");
        String suffix = CANDIDATE_INFIX + operationId.hex().substring(0, OPERATION_PREFIX_LENGTH);
        int room = MAX_CANDIDATE_LENGTH - suffix.length();
        int end = 0;
        int used = 0;
        while (end < target.length()) {
            int codePoint = target.codePointAt(end);
            int cost = escapedLength(new String(Character.toChars(codePoint)));
            if (used + cost > room) {
                break;
            }
            used += cost;
            end += Character.charCount(codePoint);
        }
        return target.substring(0, end) + suffix;
    }

    /**
     * The name one staging attempt creates and loads its table under: the candidate name, {@code _}
     * and the 32 hex digits of the UUID the attempt recorded before its {@code CREATE ... UUID}. A
     * name made of the UUID only ever holds that one table, so a statement that resolves it late
     * reaches that table or none (ADR 0008). At most {@value #MAX_CANDIDATE_LENGTH} + 33 escaped
     * bytes: its metadata file name ({@code .sql.tmp} included) stays within 255 bytes.
     */
    public static String attemptName(String candidateName, UUID candidateUuid) {
        requireNonNull(candidateName, "candidateName is null");
        return candidateName + "_"
                + requireNonNull(candidateUuid, "candidateUuid is null")
                        .toString()
                        .replace("-", "");
    }

    /**
     * The length in bytes of ClickHouse's {@code escapeForFileName} of {@code name}: one byte per
     * UTF-8 byte in {@code [A-Za-z0-9_]}, three ({@code %XX}) per other UTF-8 byte.
     */
    public static int escapedLength(String name) {
        int length = 0;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            boolean word = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_';
            length += word ? 1 : 3;
        }
        return length;
    }
}
