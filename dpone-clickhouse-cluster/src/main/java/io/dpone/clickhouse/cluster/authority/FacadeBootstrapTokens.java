package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.SetupDigests;
import java.util.Optional;

/**
 * The correlation tokens of one control facade's bootstraps: ordinary V1 tokens
 * ({@code dpone-ch-v1.<operation id>.bootstrap.<attempt>.<random>}) whose operation id is
 * {@link SetupDigests#facadeBootstrap} of (cluster, control database, control table, Keeper root).
 * The id is derived, so every invocation computes the same {@link #prefix} and finds every
 * bootstrap entry ever sent for this facade in the queue, in flight or finished; the dispatch
 * epoch field counts the attempts that invocation found. Pure and thread-safe.
 */
public final class FacadeBootstrapTokens {
    private FacadeBootstrapTokens() {}

    /** The operation-id field shared by every bootstrap token of the facade. */
    public static Digest operationId(String cluster, FacadeSpec spec) {
        requireNonNull(spec, "spec is null");
        return SetupDigests.facadeBootstrap(
                cluster, spec.control().database(), spec.control().table(), spec.keeperRoot());
    }

    /** {@code dpone-ch-v1.<operation id>.bootstrap.}: what every bootstrap token of the facade starts with. */
    public static String prefix(String cluster, FacadeSpec spec) {
        return DdlCorrelationToken.PREFIX
                + '.'
                + operationId(cluster, spec).hex()
                + '.'
                + DdlAction.BOOTSTRAP.code()
                + '.';
    }

    /** A fresh token for bootstrap attempt {@code attempt} (the number of earlier entries found). */
    public static DdlCorrelationToken issue(String cluster, FacadeSpec spec, long attempt, RandomBits random) {
        return DdlCorrelationToken.issue(operationId(cluster, spec), DdlAction.BOOTSTRAP, attempt, random);
    }

    /** The token {@code logComment} is, when it is exactly a bootstrap token of this facade. */
    public static Optional<DdlCorrelationToken> parse(String cluster, FacadeSpec spec, String logComment) {
        Digest operation = operationId(cluster, spec);
        return DdlCorrelationToken.parse(logComment)
                .filter(token -> token.action() == DdlAction.BOOTSTRAP
                        && token.operationId().equals(operation));
    }
}
