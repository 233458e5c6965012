package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeBootstrapTokens;
import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.authority.FacadeReconciliation;
import io.dpone.clickhouse.cluster.authority.FacadeReconciliation.FailedClosed;
import io.dpone.clickhouse.cluster.authority.FacadeRules;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict.FacadeProblem;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Brings the KeeperMap control facade to {@link FacadeVerdict.Ready} or fails closed (spec section
 * 1: "Reconcile the DDL queue and all catalogs before proceeding ... Conflict or unresolved partial
 * bootstrap fails closed"). One invocation:
 *
 * <ol>
 *   <li>observes every member through the {@link FacadePort} and judges with {@link FacadeRules}
 *       against the admitted inventory endpoints: Ready is done, Blocked fails closed;</li>
 *   <li>otherwise lists every bootstrap entry of this facade in the queue by the derived token
 *       prefix ({@link FacadeBootstrapTokens}) and requires each to be terminal for the exact host
 *       set ({@link QueueEntryResolver}, waiting within its bound while one is in progress); an
 *       unreadable queue, an unknown entry or one still running fails closed, because it may still
 *       create or have created facades;</li>
 *   <li>observes and judges again (those entries may just have finished): absent everywhere sends
 *       one {@code CREATE TABLE ... ON CLUSTER}, absent on some members with every existing facade
 *       matching sends one {@code CREATE TABLE IF NOT EXISTS ... ON CLUSTER}, each with a fresh
 *       bootstrap token whose epoch is the number of entries found;</li>
 *   <li>resolves that entry to terminal through the queue, then observes and judges a third time
 *       and requires Ready.</li>
 * </ol>
 *
 * It sends at most one statement per invocation and never retries it; an answer of the initiator
 * proves nothing by itself. A server without a readable distributed-DDL queue can therefore only
 * ever be Ready or fail closed. Thread-safe if its collaborators are.
 */
public final class FacadeReconciler {
    private final FacadePort facades;
    private final DdlPort ddl;
    private final QueueEntryResolver resolver;
    private final RandomBits random;

    /** @param random the source of the bootstrap token's random bits (SecureRandom in production) */
    public FacadeReconciler(FacadePort facades, DdlPort ddl, QueueEntryResolver resolver, RandomBits random) {
        this.facades = requireNonNull(facades, "facades is null");
        this.ddl = requireNonNull(ddl, "ddl is null");
        this.resolver = requireNonNull(resolver, "resolver is null");
        this.random = requireNonNull(random, "random is null");
    }

    /**
     * Reconciles the facade {@code spec} of {@code cluster} over exactly the {@code admitted}
     * inventory endpoints; {@code targetKey} is the slot every member must read alike.
     */
    public FacadeReconciliation reconcile(
            String cluster, FacadeSpec spec, Set<HostEndpoint> admitted, Digest targetKey) {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(spec, "spec is null");
        requireNonNull(targetKey, "targetKey is null");
        Set<HostEndpoint> hosts = Set.copyOf(requireNonNull(admitted, "admitted is null"));
        Judged first = judge(cluster, spec, hosts, targetKey);
        if (first.done() != null) {
            return first.done();
        }
        CatalogRead<List<QueueLookupRow>> listed =
                ddl.entriesWithTokenPrefix(cluster, FacadeBootstrapTokens.prefix(cluster, spec));
        if (!(listed instanceof CatalogRead.Observed<List<QueueLookupRow>> entries)) {
            return new FailedClosed(FacadeProblem.BOOTSTRAP_UNRESOLVED, "bootstrap entries: queue unreadable");
        }
        FailedClosed earlier = requireTerminal(cluster, spec, hosts, entries.facts());
        if (earlier != null) {
            return earlier;
        }
        Judged second = judge(cluster, spec, hosts, targetKey);
        if (second.done() != null) {
            return second.done();
        }
        boolean fill = second.verdict() instanceof FacadeVerdict.FillAbsent;
        return bootstrap(
                cluster,
                spec,
                hosts,
                targetKey,
                new SetupDdl.ControlBootstrap(cluster, spec.control(), spec.keeperRoot(), fill),
                entries.facts().size());
    }

    /** Null when every listed entry is a well-formed bootstrap entry of this facade and terminal. */
    private FailedClosed requireTerminal(
            String cluster, FacadeSpec spec, Set<HostEndpoint> hosts, List<QueueLookupRow> rows) {
        Set<String> names = new HashSet<>();
        for (QueueLookupRow row : rows) {
            Optional<DdlCorrelationToken> token = row.logComments().size() == 1
                    ? FacadeBootstrapTokens.parse(
                            cluster, spec, row.logComments().get(0))
                    : Optional.empty();
            if (token.isEmpty() || !names.add(row.entry())) {
                return new FailedClosed(
                        FacadeProblem.BOOTSTRAP_UNRESOLVED, "a bootstrap entry has no single facade token");
            }
            QueueResolution resolution = resolver.resolve(
                    new SetupDdl.ControlBootstrap(cluster, spec.control(), spec.keeperRoot(), false)
                            .expected(token.get()),
                    hosts,
                    QueueEntryResolver.Until.TERMINAL);
            FailedClosed problem = unlessTerminal(resolution, "earlier bootstrap entry");
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private FacadeReconciliation bootstrap(
            String cluster,
            FacadeSpec spec,
            Set<HostEndpoint> hosts,
            Digest targetKey,
            SetupDdl.ControlBootstrap create,
            long attempt) {
        DdlCorrelationToken token = FacadeBootstrapTokens.issue(cluster, spec, attempt, random);
        DdlDispatch dispatch = ddl.dispatchSetup(create, token);
        if (dispatch instanceof DdlDispatch.NotSent) {
            return new FailedClosed(FacadeProblem.BOOTSTRAP_NOT_SENT, "bootstrap was not sent");
        }
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            return new FailedClosed(FacadeProblem.BOOTSTRAP_UNRESOLVED, "bootstrap refused: " + refused.reason());
        }
        String answer = DispatchAnswers.describe(((DdlDispatch.Sent) dispatch).answer());
        QueueResolution resolution = resolver.resolve(create.expected(token), hosts, QueueEntryResolver.Until.TERMINAL);
        FailedClosed problem = unlessTerminal(resolution, "bootstrap entry (initiator: " + answer + ")");
        if (problem != null) {
            return problem;
        }
        Judged after = judge(cluster, spec, hosts, targetKey);
        if (after.verdict() instanceof FacadeVerdict.Ready ready) {
            return new FacadeReconciliation.Ready(ready, Optional.of(((QueueResolution.Bound) resolution).entry()));
        }
        return after.done() != null
                ? after.done()
                : new FailedClosed(
                        FacadeProblem.BOOTSTRAP_INCOMPLETE,
                        "bootstrap entry " + ((QueueResolution.Bound) resolution).outcome() + ", facade still "
                                + after.verdict().getClass().getSimpleName());
    }

    /** Null when the entry is terminal (success or failure) on exactly the expected hosts. */
    private static FailedClosed unlessTerminal(QueueResolution resolution, String what) {
        if (resolution instanceof QueueResolution.Unknown unknown) {
            return new FailedClosed(FacadeProblem.BOOTSTRAP_UNRESOLVED, what + ": " + unknown.cause());
        }
        QueueResolution.Bound bound = (QueueResolution.Bound) resolution;
        return switch (bound.outcome()) {
            case TERMINAL_SUCCESS, TERMINAL_FAILURE -> null;
            case IN_PROGRESS -> new FailedClosed(FacadeProblem.BOOTSTRAP_IN_PROGRESS, what + ": IN_PROGRESS");
            case OUTCOME_UNKNOWN -> new FailedClosed(FacadeProblem.BOOTSTRAP_UNRESOLVED, what + ": OUTCOME_UNKNOWN");
        };
    }

    private Judged judge(String cluster, FacadeSpec spec, Set<HostEndpoint> hosts, Digest targetKey) {
        CatalogRead<List<FacadeObservation>> read = facades.observe(cluster, spec, targetKey);
        if (!(read instanceof CatalogRead.Observed<List<FacadeObservation>> observed)) {
            CatalogRead.Unreadable<List<FacadeObservation>> unreadable =
                    (CatalogRead.Unreadable<List<FacadeObservation>>) read;
            return new Judged(
                    null, new FailedClosed(FacadeProblem.MEMBER_UNREADABLE, "facade read: " + unreadable.cause()));
        }
        FacadeVerdict verdict = FacadeRules.judge(spec, hosts, observed.facts());
        if (verdict instanceof FacadeVerdict.Ready ready) {
            return new Judged(verdict, new FacadeReconciliation.Ready(ready, Optional.empty()));
        }
        if (verdict instanceof FacadeVerdict.Blocked blocked) {
            return new Judged(verdict, new FailedClosed(blocked.problem(), "facade verdict " + blocked.problem()));
        }
        return new Judged(verdict, null);
    }

    /** A verdict and, when it ends the invocation, the result it ends with. */
    private record Judged(FacadeVerdict verdict, FacadeReconciliation done) {}
}
