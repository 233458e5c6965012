package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.OperationInputs;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.digest.QualifiedTarget;
import io.dpone.clickhouse.cluster.sql.TableRef;

/**
 * The identities of one operation (spec section 3): the target slot key, the plan digest and the
 * scheduler-stable operation id (worker try number excluded, so every retry resumes it). Each
 * staging attempt names its own candidate ({@link #withAttemptCandidate}): workers of one invocation
 * may stage concurrently, and an attempt may only ever remove the candidate it created itself, never
 * another attempt's, which may already be bound by a record or published.
 *
 * @param candidate the candidate of this attempt, used only until a record binds one
 */
public record OperationIdentity(Digest targetKey, Digest planDigest, Digest operationId, TableRef candidate) {
    public static final int PROTOCOL_VERSION = 1;
    static final String CANDIDATE_INFIX = "__dpone_";
    static final int OPERATION_PREFIX_LENGTH = 16;
    static final int ATTEMPT_BYTES = 4;

    public OperationIdentity {
        requireNonNull(targetKey, "targetKey is null");
        requireNonNull(planDigest, "planDigest is null");
        requireNonNull(operationId, "operationId is null");
        requireNonNull(candidate, "candidate is null");
    }

    /** This identity with a fresh attempt's candidate: {@code <target>__dpone_<16 hex of the operation>_<8 random hex>}. */
    OperationIdentity withAttemptCandidate(PublicationSettings settings, RandomBits random) {
        String attempt = java.util.HexFormat.of().formatHex(random.next(ATTEMPT_BYTES));
        return new OperationIdentity(
                targetKey,
                planDigest,
                operationId,
                new TableRef(
                        settings.target().database(),
                        attemptPrefix(settings.target().table(), operationId) + attempt));
    }

    /** What every attempt candidate of {@code operation} starts with: its candidate name and {@code _}. */
    static String attemptPrefix(String target, Digest operation) {
        return candidateName(target, operation) + "_";
    }

    /** The identities of the operation {@code schedulerInvocationId} runs under {@code settings}. */
    public static OperationIdentity derive(
            PublicationSettings settings, String schedulerInvocationId, ProtocolDigests digests) {
        QualifiedTarget target = qualifiedTarget(settings);
        Digest plan = planDigest(settings);
        Digest operation =
                digests.operationId(new OperationInputs(PROTOCOL_VERSION, schedulerInvocationId, plan, target));
        return new OperationIdentity(
                digests.targetKey(target),
                plan,
                operation,
                new TableRef(
                        settings.target().database(),
                        candidateName(settings.target().table(), operation)));
    }

    /** The slot key of the target: the same for every invocation, so a read without one (status) finds the slot too. */
    static Digest targetKey(PublicationSettings settings, ProtocolDigests digests) {
        return digests.targetKey(qualifiedTarget(settings));
    }

    private static QualifiedTarget qualifiedTarget(PublicationSettings settings) {
        return new QualifiedTarget(
                settings.cluster(),
                settings.target().database(),
                settings.target().table());
    }

    /** The normalized plan: everything the manifest decides about the publication, nothing about recovery. */
    static Digest planDigest(PublicationSettings settings) {
        return CanonicalEncoder.forDomain("dpone-internal-plan-v1")
                .text(settings.cluster())
                .text(settings.target().database())
                .text(settings.target().table())
                .text(settings.engine())
                .number(settings.maxSourceBytes())
                .sha256();
    }

    /** {@code target + "__dpone_" + 16 hex of the operation id}, shortened so it stays a valid name; the attempt suffix follows. */
    static String candidateName(String target, Digest operation) {
        String suffix = CANDIDATE_INFIX + operation.hex().substring(0, OPERATION_PREFIX_LENGTH);
        int room = 200 - suffix.length();
        return (target.length() > room ? target.substring(0, room) : target) + suffix;
    }
}
