package io.dpone.testkit.arbitrary;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.ErrorSummary;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.spi.error.DponeErrorCode;
import java.math.BigInteger;
import java.time.Instant;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries for authority records (every phase, both target shapes, with and without a
 * recorded capability proof, consistent with the record invariants) and for raw control-table
 * rows (fuzz input for codecs). Stateless.
 */
public final class AuthorityArbitraries {
    private static final long MAX_EPOCH = Long.MAX_VALUE - 1;

    private AuthorityArbitraries() {}

    public static Arbitrary<FenceToken> fenceTokens() {
        return IdentityArbitraries.randomBits().map(FenceToken::issue);
    }

    public static Arbitrary<Instant> instants() {
        return Combinators.combine(
                        Arbitraries.longs().between(0, 4_102_444_800L),
                        Arbitraries.integers().between(0, 999_999_999))
                .as(Instant::ofEpochSecond);
    }

    public static Arbitrary<ErrorSummary> errorSummaries() {
        Arbitrary<String> summaries = IdentityArbitraries.text()
                .list()
                .ofMaxSize(20)
                .map(parts -> String.join(" ", parts))
                .map(text -> text.length() > ErrorSummary.MAX_SUMMARY_LENGTH
                        ? text.substring(0, ErrorSummary.MAX_SUMMARY_LENGTH)
                        : text);
        return Combinators.combine(Arbitraries.of(DponeErrorCode.class), summaries)
                .as(ErrorSummary::new);
    }

    /** Valid records of every phase and both shapes. */
    public static Arbitrary<AuthorityRecord> records() {
        return records(Arbitraries.of(AuthorityPhase.class));
    }

    /** Valid records in {@code phase}, existing or absent target. */
    public static Arbitrary<AuthorityRecord> records(AuthorityPhase phase) {
        return records(Arbitraries.just(phase));
    }

    private static Arbitrary<AuthorityRecord> records(Arbitrary<AuthorityPhase> phases) {
        Arbitrary<GenerationIdentity[]> generations = IdentityArbitraries.distinctGenerationPairs();
        Arbitrary<Long> epochs =
                Arbitraries.longs().between(0, MAX_EPOCH).edgeCases(edges -> edges.includeOnly(0L, 1L, MAX_EPOCH));
        Arbitrary<Object[]> keys = Combinators.combine(
                        IdentityArbitraries.digests(), IdentityArbitraries.digests(), fenceTokens())
                .as((targetKey, operation, fence) -> new Object[] {targetKey, operation, fence});
        return Combinators.combine(
                        phases,
                        keys,
                        epochs,
                        generations,
                        Arbitraries.of(true, false),
                        facts(),
                        IdentityArbitraries.randomBits())
                .as((phase, k, epoch, pair, existing, facts, random) -> {
                    // Cleanup phases need a predecessor; other phases cover both target shapes.
                    boolean withPredecessor = existing || phase.name().startsWith("CLEANUP");
                    GenerationIdentity predecessor = withPredecessor ? pair[0] : null;
                    return build(
                            phase,
                            (Digest) k[0],
                            (Digest) k[1],
                            (FenceToken) k[2],
                            epoch,
                            predecessor,
                            pair[1],
                            facts,
                            random);
                });
    }

    private static AuthorityRecord build(
            AuthorityPhase phase,
            Digest targetKey,
            Digest operation,
            FenceToken fence,
            long epoch,
            GenerationIdentity predecessor,
            GenerationIdentity desired,
            PayloadFacts facts,
            RandomBits random) {
        DdlAction publish = predecessor == null ? DdlAction.RENAME : DdlAction.EXCHANGE;
        DdlBinding publication = null;
        DdlBinding cleanup = null;
        if (phase != AuthorityPhase.PREPARED) {
            DdlCorrelationToken token = DdlCorrelationToken.issue(operation, publish, epoch, random);
            publication = phase == AuthorityPhase.DISPATCHING && facts.unbound()
                    ? DdlBinding.dispatched(token)
                    : new DdlBinding(
                            token,
                            facts.entry(),
                            facts.queryDigest(),
                            phase == AuthorityPhase.DISPATCHING ? null : facts.receipt());
        }
        boolean cleaning = phase == AuthorityPhase.CLEANUP_DISPATCHING || phase == AuthorityPhase.CLEANUP_PENDING;
        if (cleaning || (phase == AuthorityPhase.COMPLETED && predecessor != null)) {
            DdlCorrelationToken drop = DdlCorrelationToken.issue(operation, DdlAction.DROP, epoch, random);
            cleanup = phase == AuthorityPhase.COMPLETED || !facts.unbound()
                    ? new DdlBinding(
                            drop,
                            facts.entry() + "-drop",
                            facts.queryDigest(),
                            phase == AuthorityPhase.COMPLETED ? facts.receipt() : null)
                    : DdlBinding.dispatched(drop);
        }
        AuthorityPayload payload = new AuthorityPayload(
                facts.plan(),
                facts.inventory(),
                predecessor,
                desired,
                facts.candidate(),
                facts.rows(),
                publication,
                cleanup,
                facts.created(),
                facts.updated(),
                facts.error(),
                facts.capabilityProven() ? facts.inventory() : null);
        return new AuthorityRecord(targetKey, operation, fence, phase, epoch, payload);
    }

    private static Arbitrary<PayloadFacts> facts() {
        Arbitrary<Instant[]> times = Combinators.combine(instants(), instants())
                .as((a, b) -> a.isAfter(b) ? new Instant[] {b, a} : new Instant[] {a, b});
        Arbitrary<Object[]> extras = Combinators.combine(
                        IdentityArbitraries.names(),
                        IdentityArbitraries.digests(),
                        Arbitraries.of(QueueStatus.TERMINAL_SUCCESS, QueueStatus.TERMINAL_FAILURE),
                        Arbitraries.of(true, false),
                        errorSummaries().injectNull(0.5),
                        Arbitraries.of(true, false))
                .as((entry, query, receipt, unbound, error, proven) ->
                        new Object[] {entry, query, receipt, unbound, error, proven});
        return Combinators.combine(
                        IdentityArbitraries.digests(),
                        IdentityArbitraries.digests(),
                        IdentityArbitraries.text(),
                        Arbitraries.longs().greaterOrEqual(0),
                        times,
                        extras)
                .as((plan, inventory, candidate, rows, t, x) -> new PayloadFacts(
                        plan,
                        inventory,
                        candidate,
                        rows,
                        t[0],
                        t[1],
                        (String) x[0],
                        (Digest) x[1],
                        (QueueStatus) x[2],
                        (Boolean) x[3],
                        (ErrorSummary) x[4],
                        (Boolean) x[5]));
    }

    private record PayloadFacts(
            Digest plan,
            Digest inventory,
            String candidate,
            long rows,
            Instant created,
            Instant updated,
            String entry,
            Digest queryDigest,
            QueueStatus receipt,
            boolean unbound,
            ErrorSummary error,
            boolean capabilityProven) {}

    /** Raw rows of arbitrary, mostly invalid content: NULLs, garbage text, JSON-like payloads, any epoch. */
    public static Arbitrary<AuthorityRow> rawRows() {
        Arbitrary<String> text = Arbitraries.oneOf(
                        IdentityArbitraries.text(),
                        Arbitraries.strings().ofMaxLength(80),
                        IdentityArbitraries.digests().map(Digest::hex))
                .injectNull(0.1);
        Arbitrary<String> payloads = Arbitraries.oneOf(text, jsonLike());
        Arbitrary<BigInteger> epochs = Arbitraries.bigIntegers()
                .between(BigInteger.ONE.shiftLeft(70).negate(), BigInteger.ONE.shiftLeft(70))
                .injectNull(0.1);
        return Combinators.combine(text, text, text, text, epochs, payloads, text)
                .as(AuthorityRow::new);
    }

    private static Arbitrary<String> jsonLike() {
        Arbitrary<String> atoms = Arbitraries.of(
                "{",
                "}",
                "[",
                "]",
                ",",
                ":",
                "\"schema_version\"",
                "1",
                "2",
                "-1",
                "1e3",
                "null",
                "true",
                "\"phase\"",
                "\"x\"",
                "\"\\u0000\"",
                " ",
                "\"target_key\"",
                "{\"a\":",
                "9999999999999999999999",
                "\"capability_inventory_digest\"");
        return atoms.list().ofMaxSize(40).map(parts -> String.join("", parts));
    }

    /** Single-column mutations of a stored row (see {@link RowMutation}). */
    public static Arbitrary<RowMutation> rowMutations() {
        return Combinators.combine(
                        Arbitraries.integers().between(0, RowMutation.COLUMNS - 1),
                        Arbitraries.integers().between(0, 4),
                        Arbitraries.integers().greaterOrEqual(0),
                        Arbitraries.chars().ascii(),
                        IdentityArbitraries.text(),
                        Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.ONE.shiftLeft(65)))
                .as(RowMutation::new);
    }
}
