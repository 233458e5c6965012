package io.dpone.clickhouse.cluster.contract;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.time.Instant;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/** Small, fixed values for the table-driven contract tests. */
public final class ContractFixtures {
    public static final HostEndpoint HOST_A = new HostEndpoint("ch-a", 9000);
    public static final HostEndpoint HOST_B = new HostEndpoint("ch-b", 9000);
    public static final HostEndpoint HOST_C = new HostEndpoint("ch-c", 9000);
    public static final Set<HostEndpoint> TWO_HOSTS = Set.of(HOST_A, HOST_B);

    public static final GenerationIdentity OLD = generation("00000000-0000-0000-0000-00000000000a", "/tables/t/a");
    public static final GenerationIdentity NEW = generation("00000000-0000-0000-0000-00000000000b", "/tables/t/b");
    public static final Digest OPERATION = digest("operation");
    public static final Digest TARGET_KEY = digest("target");
    public static final FenceToken FENCE = new FenceToken("0123456789abcdef0123456789abcdef");
    public static final Instant T0 = Instant.parse("2026-09-17T10:00:00Z");

    private ContractFixtures() {}

    public static GenerationIdentity generation(String uuid, String path) {
        return new GenerationIdentity(
                UUID.fromString(uuid),
                "ReplicatedMergeTree('" + path + "', '{replica}') ORDER BY id",
                "schema-1",
                "default",
                path);
    }

    public static Digest digest(String seed) {
        return CanonicalEncoder.forDomain("test").text(seed).sha256();
    }

    public static RandomBits seeded(long seed) {
        return RandomBits.from(new Random(seed));
    }

    public static DdlCorrelationToken token(DdlAction action, long epoch) {
        return DdlCorrelationToken.issue(OPERATION, action, epoch, seeded(epoch * 31 + action.ordinal()));
    }

    public static QueueRow row(String entry, HostEndpoint host, String status, String code, String text) {
        return new QueueRow(
                entry,
                5,
                "ch-a",
                9000,
                "c1",
                "EXCHANGE TABLES db.t AND db.c ON CLUSTER c1",
                Map.of(QueueRow.LOG_COMMENT, "tok"),
                T0,
                host == null ? null : host.host(),
                host == null ? null : host.port(),
                status,
                code,
                text,
                null,
                null);
    }

    public static QueueRow status(String status, String code, String text) {
        return row("query-0000000001", HOST_A, status, code, text);
    }

    public static AuthorityPayload payload(GenerationIdentity predecessor, DdlBinding publication, DdlBinding cleanup) {
        return new AuthorityPayload(
                digest("plan"),
                digest("inventory"),
                predecessor,
                NEW,
                "t__candidate",
                42,
                publication,
                cleanup,
                T0,
                T0.plusSeconds(5),
                null);
    }

    /** A consistent existing-target record in {@code phase}. */
    public static AuthorityRecord record(AuthorityPhase phase) {
        long epoch = switch (phase) {
            case PREPARED -> 0;
            case DISPATCHING, COMMITTED -> 1;
            case CLEANUP_DISPATCHING, CLEANUP_PENDING, COMPLETED -> 2;
        };
        DdlBinding dispatched = DdlBinding.dispatched(token(DdlAction.EXCHANGE, 1));
        DdlBinding receipted =
                new DdlBinding(dispatched.token(), "query-0000000001", digest("q"), QueueStatus.TERMINAL_SUCCESS);
        DdlBinding drop = DdlBinding.dispatched(token(DdlAction.DROP, 2));
        DdlBinding dropped =
                new DdlBinding(drop.token(), "query-0000000002", digest("d"), QueueStatus.TERMINAL_SUCCESS);
        AuthorityPayload payload = switch (phase) {
            case PREPARED -> payload(OLD, null, null);
            case DISPATCHING -> payload(OLD, dispatched, null);
            case COMMITTED -> payload(OLD, receipted, null);
            case CLEANUP_DISPATCHING, CLEANUP_PENDING -> payload(OLD, receipted, drop);
            case COMPLETED -> payload(OLD, receipted, dropped);
        };
        return new AuthorityRecord(TARGET_KEY, OPERATION, FENCE, phase, epoch, payload);
    }
}
