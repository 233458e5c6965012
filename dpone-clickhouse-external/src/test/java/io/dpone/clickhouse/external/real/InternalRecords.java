package io.dpone.clickhouse.external.real;

import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import java.time.Instant;
import java.util.UUID;

/**
 * Internal-mode V1 records planted in the real control table of a test, as an internal-mode
 * publication of the same target would have left them: the control facade is created on every
 * member with the bootstrap's own statement in local form, and the encoded V1 row is inserted
 * strictly through the production SQL control store.
 */
final class InternalRecords {
    private static final RandomBits RANDOM = RandomBits.secure();

    private InternalRecords() {}

    static AuthorityRecord prepared(Digest targetKey) {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        return new AuthorityRecord(
                targetKey,
                digest("internal-op"),
                FenceToken.issue(RANDOM),
                AuthorityPhase.PREPARED,
                0,
                new AuthorityPayload(
                        digest("plan"),
                        digest("inventory"),
                        null,
                        generation(),
                        "orders__dpone_0123456789abcdef",
                        3,
                        null,
                        null,
                        now,
                        now,
                        null));
    }

    /** A finished absent-target publication: RENAME at epoch 1 with its terminal receipt. */
    static AuthorityRecord completed(Digest targetKey) {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        Digest operation = digest("internal-op");
        DdlBinding publication = new DdlBinding(
                DdlCorrelationToken.issue(operation, DdlAction.RENAME, 1, RANDOM),
                "query-0000000001",
                digest("query"),
                QueueStatus.TERMINAL_SUCCESS);
        return new AuthorityRecord(
                targetKey,
                operation,
                FenceToken.issue(RANDOM),
                AuthorityPhase.COMPLETED,
                1,
                new AuthorityPayload(
                        digest("plan"),
                        digest("inventory"),
                        null,
                        generation(),
                        "orders__dpone_0123456789abcdef",
                        3,
                        publication,
                        null,
                        now,
                        now,
                        null));
    }

    /** Creates the rig's control facade on every member and strictly inserts {@code record}'s V1 row. */
    static void plant(ExternalRig rig, AuthorityRecord record) throws Exception {
        var facade = rig.settings.facade();
        String onCluster = " ON CLUSTER `" + rig.cluster.spec().clusterName() + "`";
        String local = DdlStatements.createControlTable(
                        rig.cluster.spec().clusterName(), facade.control(), facade.keeperRoot())
                .sql()
                .replace(onCluster, "");
        for (int i = 0; i < rig.cluster.members().size(); i++) {
            rig.admin(i).execute(local);
        }
        AuthorityRow row = AuthorityCodecV1.INSTANCE.encode(record);
        ClickHouseEndpoint endpoint = ClickHouseEndpoint.of(
                rig.cluster.member(0).endpoint().host(),
                rig.cluster.member(0).endpoint().httpPort(),
                rig.db.control(),
                rig.cluster.publisher().user(),
                rig.cluster.publisher().password());
        try (HttpOneShotMutationTransport mutations = new HttpOneShotMutationTransport(endpoint);
                HttpReadTransport reads = new HttpReadTransport(endpoint)) {
            MutationOutcome outcome = new SqlControlStore(
                            facade.control(), mutations, reads, MutationPrevalidation.SERVER_DEFAULT)
                    .insertStrict(
                            new ControlRow(
                                    row.targetKey(),
                                    row.operationId(),
                                    row.fenceToken(),
                                    row.phase(),
                                    row.dispatchEpoch().longValueExact(),
                                    row.payload(),
                                    row.payloadSha256()),
                            "plant-" + UUID.randomUUID());
            if (!(outcome instanceof MutationOutcome.Acknowledged)) {
                throw new IllegalStateException("the internal record could not be planted: " + outcome);
            }
        }
    }

    private static GenerationIdentity generation() {
        return new GenerationIdentity(
                UUID.fromString("00000000-0000-4000-8000-000000000001"),
                "ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY tuple()",
                "0".repeat(64),
                "default",
                "/clickhouse/tables/x/01");
    }

    private static Digest digest(String text) {
        return CanonicalEncoder.forDomain("test").text(text).sha256();
    }
}
