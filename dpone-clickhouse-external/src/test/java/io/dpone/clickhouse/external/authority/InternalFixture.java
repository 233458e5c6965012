package io.dpone.clickhouse.external.authority;

import static io.dpone.clickhouse.external.authority.Records.*;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;

/** An internal-mode V1 record of the same target key. */
final class InternalFixture {
    private InternalFixture() {}

    static AuthorityRecord prepared() {
        return new AuthorityRecord(
                TARGET_KEY,
                digest("internal"),
                FenceToken.issue(RANDOM),
                AuthorityPhase.PREPARED,
                0,
                new AuthorityPayload(
                        digest("plan"),
                        digest("inventory"),
                        null,
                        new GenerationIdentity(uuid(3), "ReplicatedMergeTree ORDER BY id", "s", "default", "/p"),
                        "t__dpone_x",
                        3,
                        null,
                        null,
                        T0,
                        T0,
                        null));
    }
}
