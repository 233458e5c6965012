package io.dpone.testkit.authority;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.UUID;

/** Consistent V1 records for the real-server tests: a fresh slot, its PREPARED record and dispatch CASes. */
final class AuthorityRecords {
    private static final RandomBits RANDOM = RandomBits.from(new SecureRandom());
    private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
    private static final GenerationIdentity OLD = generation("00000000-0000-0000-0000-00000000000a", "/tables/t/a");
    private static final GenerationIdentity NEW = generation("00000000-0000-0000-0000-00000000000b", "/tables/t/b");

    private AuthorityRecords() {}

    static Digest digest(String seed) {
        return CanonicalEncoder.forDomain("authority-test").text(seed).sha256();
    }

    /** PREPARED at epoch 0 for a fresh random target key. */
    static AuthorityRecord prepared() {
        String slot = UUID.randomUUID().toString();
        return new AuthorityRecord(
                digest("target-" + slot),
                digest("operation-" + slot),
                FenceToken.issue(RANDOM),
                AuthorityPhase.PREPARED,
                0,
                payload(null, T0));
    }

    /** PREPARED -> DISPATCHING with a publication token of fresh random bits (one per worker). */
    static AuthorityRecord dispatching(AuthorityRecord prepared) {
        DdlCorrelationToken token = DdlCorrelationToken.issue(
                prepared.operationId(), DdlAction.EXCHANGE, prepared.dispatchEpoch() + 1, RANDOM);
        return new AuthorityRecord(
                prepared.targetKey(),
                prepared.operationId(),
                prepared.fenceToken(),
                AuthorityPhase.DISPATCHING,
                prepared.dispatchEpoch() + 1,
                payload(DdlBinding.dispatched(token), T0.plusSeconds(1)));
    }

    private static AuthorityPayload payload(DdlBinding publication, Instant updated) {
        return new AuthorityPayload(
                digest("plan"),
                digest("inventory"),
                OLD,
                NEW,
                "t__candidate",
                42,
                publication,
                null,
                T0,
                updated,
                null);
    }

    private static GenerationIdentity generation(String uuid, String path) {
        return new GenerationIdentity(
                UUID.fromString(uuid),
                "ReplicatedMergeTree('" + path + "', '{replica}') ORDER BY id",
                "schema-1",
                "default",
                path);
    }
}
