package io.dpone.clickhouse.external.authority;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.spi.error.DponeErrorCode;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/** Valid external records of a two-member operation, one step of the state machine after another. */
final class Records {
    static final RandomBits RANDOM = RandomBits.from(new Random(7));
    static final Digest TARGET_KEY = digest("target");
    static final Digest OPERATION = digest("operation");
    static final FenceToken FENCE = FenceToken.issue(RANDOM);
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final TableDefinition TARGET =
            new TableDefinition("MergeTree ORDER BY id", digest("schema").hex());
    static final TableDefinition CANDIDATE = new TableDefinition(
            "MergeTree ORDER BY id SETTINGS x = 1", digest("schema").hex());
    static final ArtifactBinding ARTIFACT =
            ArtifactBinding.of(OPERATION, digest("sha"), 100, 3, digest("schema"), digest("content"));

    private Records() {}

    static Digest digest(String text) {
        return CanonicalEncoder.forDomain("test").text(text).sha256();
    }

    static UUID uuid(int n) {
        return new UUID(0, n);
    }

    static ExternalPayload payload(
            ArtifactBinding artifact,
            TableDefinition target,
            TableDefinition candidate,
            List<MemberRecord> members,
            DdlBinding publication,
            DdlBinding cleanup,
            DponeErrorCode abort,
            Instant updated) {
        return new ExternalPayload(
                digest("plan"),
                digest("inventory"),
                "t__dpone_ext_0123456789abcdef",
                artifact,
                target,
                candidate,
                members,
                publication,
                cleanup,
                digest("inventory"),
                abort,
                T0,
                updated);
    }

    static ExternalRecord record(ExternalPhase phase, long epoch, ExternalPayload payload) {
        return new ExternalRecord(TARGET_KEY, OPERATION, FENCE, phase, epoch, payload);
    }

    static ExternalRecord locked(long epoch) {
        return record(ExternalPhase.LOCKED, epoch, payload(null, null, null, List.of(), null, null, null, T0));
    }

    static List<MemberRecord> pending(boolean existing) {
        return List.of(
                MemberRecord.pending(1, 1, existing ? uuid(1) : null),
                MemberRecord.pending(1, 2, existing ? uuid(2) : null));
    }

    static List<MemberRecord> ready(boolean existing) {
        return pending(existing).stream()
                .map(m -> m.loading(uuid(10 + (int) m.replicaNumber())).ready(ARTIFACT.contentDigest()))
                .toList();
    }

    static ExternalRecord staging(boolean existing, List<MemberRecord> members, int minutes) {
        return record(
                ExternalPhase.STAGING,
                0,
                payload(
                        ARTIFACT,
                        existing ? TARGET : null,
                        null,
                        members,
                        null,
                        null,
                        null,
                        T0.plusSeconds(60L * minutes)));
    }

    static ExternalRecord staged(boolean existing) {
        return record(
                ExternalPhase.STAGED,
                0,
                payload(
                        ARTIFACT,
                        existing ? TARGET : null,
                        CANDIDATE,
                        ready(existing),
                        null,
                        null,
                        null,
                        T0.plusSeconds(600)));
    }

    static DdlBinding token(DdlAction action, long epoch) {
        return DdlBinding.dispatched(DdlCorrelationToken.issue(OPERATION, action, epoch, RANDOM));
    }

    static ExternalRecord dispatching(boolean existing, DdlBinding publication) {
        return record(
                ExternalPhase.PUBLICATION_DISPATCHING,
                publication.token().dispatchEpoch(),
                payload(
                        ARTIFACT,
                        existing ? TARGET : null,
                        CANDIDATE,
                        ready(existing),
                        publication,
                        null,
                        null,
                        T0.plusSeconds(700)));
    }

    static DdlBinding bound(DdlBinding binding, QueueStatus receipt) {
        return new DdlBinding(binding.token(), "query-0000000007", digest("query"), receipt);
    }

    static ExternalRecord committed(boolean existing, DdlBinding publication) {
        return record(
                ExternalPhase.COMMITTED,
                publication.token().dispatchEpoch(),
                payload(
                        ARTIFACT,
                        existing ? TARGET : null,
                        CANDIDATE,
                        ready(existing).stream().map(MemberRecord::committed).toList(),
                        bound(publication, QueueStatus.TERMINAL_SUCCESS),
                        null,
                        null,
                        T0.plusSeconds(800)));
    }
}
