package io.dpone.testkit.simulator.sample;

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
import io.dpone.testkit.simulator.ClusterSimulator;
import java.time.Instant;
import java.util.UUID;

/** Consistent V1 authority records for simulator tests, from a worker's seeded random bits. */
public final class SimRecords {
    private static final Instant T0 = ClusterSimulator.EPOCH;
    private static final GenerationIdentity OLD = generation("00000000-0000-0000-0000-00000000000a", "/tables/t/a");
    private static final GenerationIdentity NEW = generation("00000000-0000-0000-0000-00000000000b", "/tables/t/b");

    private SimRecords() {}

    public static Digest digest(String seed) {
        return CanonicalEncoder.forDomain("simulator-test").text(seed).sha256();
    }

    public static AuthorityRecord prepared(String slot, RandomBits random) {
        return new AuthorityRecord(
                digest("target-" + slot),
                digest("operation-" + slot),
                FenceToken.issue(random),
                AuthorityPhase.PREPARED,
                0,
                payload(null, T0));
    }

    /** PREPARED -> DISPATCHING with a fresh publication token of {@code action} (RENAME: no predecessor). */
    public static AuthorityRecord dispatching(AuthorityRecord prepared, DdlAction action, RandomBits random) {
        DdlCorrelationToken token =
                DdlCorrelationToken.issue(prepared.operationId(), action, prepared.dispatchEpoch() + 1, random);
        GenerationIdentity predecessor = action == DdlAction.RENAME ? null : OLD;
        return new AuthorityRecord(
                prepared.targetKey(),
                prepared.operationId(),
                prepared.fenceToken(),
                AuthorityPhase.DISPATCHING,
                prepared.dispatchEpoch() + 1,
                payload(DdlBinding.dispatched(token), T0.plusSeconds(1), predecessor));
    }

    /** A PREPARED record of a publication to an absent target (a RENAME). */
    public static AuthorityRecord preparedWithoutPredecessor(String slot, RandomBits random) {
        return new AuthorityRecord(
                digest("target-" + slot),
                digest("operation-" + slot),
                FenceToken.issue(random),
                AuthorityPhase.PREPARED,
                0,
                payload(null, T0, null));
    }

    /** A setup token (bootstrap, stage, probe, discard) of a fixed operation. */
    public static DdlCorrelationToken setupToken(DdlAction action, RandomBits random) {
        return DdlCorrelationToken.issue(digest("setup-operation"), action, 0, random);
    }

    private static AuthorityPayload payload(DdlBinding publication, Instant updated) {
        return payload(publication, updated, OLD);
    }

    private static AuthorityPayload payload(DdlBinding publication, Instant updated, GenerationIdentity predecessor) {
        return new AuthorityPayload(
                digest("plan"),
                digest("inventory"),
                predecessor,
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
