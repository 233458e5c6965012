package io.dpone.clickhouse.external.testing;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.ExternalPayload;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.TableDefinition;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.arbitrary.AuthorityArbitraries;
import io.dpone.testkit.arbitrary.IdentityArbitraries;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries for valid external authority records of every phase and both target shapes,
 * with two to four members, consistent with every record invariant (the constructor is the
 * oracle: a generated record that broke one could not be built). Stateless.
 */
public final class ExternalRecordArbitraries {
    private static final long MAX_EPOCH = Long.MAX_VALUE - 1;

    private ExternalRecordArbitraries() {}

    public static Arbitrary<ExternalRecord> records() {
        return records(Arbitraries.of(ExternalPhase.class));
    }

    public static Arbitrary<ExternalRecord> records(ExternalPhase phase) {
        return records(Arbitraries.just(phase));
    }

    private static Arbitrary<ExternalRecord> records(Arbitrary<ExternalPhase> phases) {
        Arbitrary<Long> epochs =
                Arbitraries.longs().between(0, MAX_EPOCH).edgeCases(edges -> edges.includeOnly(0L, 1L, MAX_EPOCH));
        Arbitrary<Object[]> ids = Combinators.combine(
                        IdentityArbitraries.digests(),
                        IdentityArbitraries.digests(),
                        AuthorityArbitraries.fenceTokens(),
                        IdentityArbitraries.randomBits())
                .as((key, operation, fence, random) -> new Object[] {key, operation, fence, random});
        return Combinators.combine(
                        phases,
                        ids,
                        epochs,
                        Arbitraries.of(true, false),
                        Arbitraries.integers().between(2, 4),
                        facts(),
                        Arbitraries.of(true, false))
                .as((phase, id, epoch, existing, members, facts, early) -> build(
                        phase,
                        (Digest) id[0],
                        (Digest) id[1],
                        (FenceToken) id[2],
                        (RandomBits) id[3],
                        epoch,
                        existing || phase == ExternalPhase.CLEANUP_DISPATCHING,
                        members,
                        facts,
                        early));
    }

    private static ExternalRecord build(
            ExternalPhase phase,
            Digest targetKey,
            Digest operation,
            FenceToken fence,
            RandomBits random,
            long epoch,
            boolean existing,
            int memberCount,
            Facts facts,
            boolean early) {
        boolean bound = phase != ExternalPhase.LOCKED && !(phase == ExternalPhase.ABORTED && early);
        ArtifactBinding artifact = bound
                ? ArtifactBinding.of(
                        operation, facts.sha(), facts.bytes(), facts.rows(), facts.schema(), facts.content())
                : null;
        TableDefinition target = bound && existing
                ? new TableDefinition(facts.engine(), facts.schema().hex())
                : null;
        boolean proven =
                phase != ExternalPhase.LOCKED && phase != ExternalPhase.STAGING && phase != ExternalPhase.ABORTED;
        TableDefinition candidate = proven
                ? new TableDefinition(
                        facts.engine() + " SETTINGS x = 1", facts.schema().hex())
                : null;
        List<MemberRecord> members = new ArrayList<>();
        for (int i = 0; bound && i < memberCount; i++) {
            members.add(member(phase, i, target != null, artifact, random, facts.stageSeed() + i));
        }
        DdlBinding publication = null;
        DdlBinding cleanup = null;
        DdlAction publish = target == null ? DdlAction.RENAME : DdlAction.EXCHANGE;
        if (phase == ExternalPhase.PUBLICATION_DISPATCHING) {
            DdlCorrelationToken token = DdlCorrelationToken.issue(operation, publish, epoch, random);
            publication = facts.stageSeed() % 2 == 0
                    ? DdlBinding.dispatched(token)
                    : new DdlBinding(token, facts.entry(), facts.query(), null);
        } else if (phase == ExternalPhase.COMMITTED
                || phase == ExternalPhase.CLEANUP_DISPATCHING
                || phase == ExternalPhase.COMPLETED) {
            publication = new DdlBinding(
                    DdlCorrelationToken.issue(operation, publish, Math.max(0, epoch - 1), random),
                    facts.entry(),
                    facts.query(),
                    facts.receipt());
        }
        if (phase == ExternalPhase.CLEANUP_DISPATCHING) {
            DdlCorrelationToken drop = DdlCorrelationToken.issue(operation, DdlAction.DROP, epoch, random);
            cleanup = facts.stageSeed() % 2 == 0
                    ? DdlBinding.dispatched(drop)
                    : new DdlBinding(
                            drop,
                            facts.entry() + "-drop",
                            facts.query(),
                            facts.stageSeed() % 3 == 0 ? facts.receipt() : null);
        } else if (phase == ExternalPhase.COMPLETED && target != null) {
            cleanup = new DdlBinding(
                    DdlCorrelationToken.issue(operation, DdlAction.DROP, epoch, random),
                    facts.entry() + "-drop",
                    facts.query(),
                    facts.receipt());
        }
        ExternalPayload payload = new ExternalPayload(
                facts.plan(),
                facts.inventory(),
                facts.candidateTable(),
                artifact,
                target,
                candidate,
                members,
                publication,
                cleanup,
                facts.capability() ? facts.inventory() : null,
                phase == ExternalPhase.ABORTED ? facts.abortCode() : null,
                facts.created(),
                facts.updated());
        return new ExternalRecord(targetKey, operation, fence, phase, epoch, payload);
    }

    private static MemberRecord member(
            ExternalPhase phase, int index, boolean existing, ArtifactBinding artifact, RandomBits random, int seed) {
        UUID targetUuid = existing ? uuid(random) : null;
        MemberRecord pending = MemberRecord.pending(1, index + 1, targetUuid);
        MemberRecord loading = attempts(pending, random, Math.floorMod(seed / 6, 4));
        return switch (phase) {
            case STAGING ->
                switch (Math.floorMod(seed, 3)) {
                    case 0 -> pending;
                    case 1 -> loading;
                    default -> loading.ready(artifact.contentDigest());
                };
            case ABORTED -> Math.floorMod(seed, 2) == 0 ? pending : loading.discarded();
            case STAGED, PUBLICATION_DISPATCHING -> loading.ready(artifact.contentDigest());
            case COMMITTED, CLEANUP_DISPATCHING ->
                loading.ready(artifact.contentDigest()).committed();
            case COMPLETED ->
                loading.ready(artifact.contentDigest()).committed().cleaned();
            case LOCKED -> throw new IllegalStateException("LOCKED has no members");
        };
    }

    /** LOADING after {@code superseded} earlier attempts, whose UUIDs stay recorded as tried. */
    private static MemberRecord attempts(MemberRecord pending, RandomBits random, int superseded) {
        MemberRecord member = pending.loading(uuid(random));
        for (int i = 0; i < superseded; i++) {
            member = member.loading(uuid(random));
        }
        return member;
    }

    private static UUID uuid(RandomBits random) {
        java.nio.ByteBuffer bits = java.nio.ByteBuffer.wrap(random.next(16));
        return new UUID(bits.getLong(), bits.getLong());
    }

    private static Arbitrary<Facts> facts() {
        Arbitrary<Instant[]> times = Combinators.combine(
                        AuthorityArbitraries.instants(), AuthorityArbitraries.instants())
                .as((a, b) -> a.isAfter(b) ? new Instant[] {b, a} : new Instant[] {a, b});
        Arbitrary<Digest[]> digests =
                IdentityArbitraries.digests().list().ofSize(7).map(list -> list.toArray(Digest[]::new));
        Arbitrary<Object[]> extras = Combinators.combine(
                        IdentityArbitraries.names(),
                        IdentityArbitraries.text(),
                        Arbitraries.of(QueueStatus.TERMINAL_SUCCESS, QueueStatus.TERMINAL_FAILURE),
                        Arbitraries.of(true, false),
                        Arbitraries.of(DponeErrorCode.class),
                        Arbitraries.integers())
                .as((entry, engine, receipt, capability, code, seed) ->
                        new Object[] {entry, engine, receipt, capability, code, seed});
        return Combinators.combine(
                        digests,
                        Arbitraries.longs().greaterOrEqual(0),
                        Arbitraries.longs().greaterOrEqual(0),
                        IdentityArbitraries.names().filter(name -> !name.isBlank()),
                        times,
                        extras)
                .as((d, bytes, rows, candidate, t, x) -> new Facts(
                        d[0],
                        d[1],
                        d[2],
                        d[3],
                        d[4],
                        d[5],
                        d[6],
                        bytes,
                        rows,
                        candidate,
                        "MergeTree ORDER BY " + x[1],
                        (String) x[0],
                        (QueueStatus) x[2],
                        (Boolean) x[3],
                        (DponeErrorCode) x[4],
                        (Integer) x[5],
                        t[0],
                        t[1]));
    }

    private record Facts(
            Digest plan,
            Digest inventory,
            Digest sha,
            Digest schema,
            Digest content,
            Digest query,
            Digest spare,
            long bytes,
            long rows,
            String candidateTable,
            String engine,
            String entry,
            QueueStatus receipt,
            boolean capability,
            DponeErrorCode abortCode,
            int stageSeed,
            Instant created,
            Instant updated) {}
}
