package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.Optional;

/**
 * A distributed DDL that can change which generation a name exposes, or delete one: the
 * publication {@code EXCHANGE}/{@code RENAME} and the predecessor cleanup {@code DROP}. Only
 * {@link DdlPort#dispatch(FencedDdl, io.dpone.clickhouse.cluster.authority.DispatchPermit)}
 * sends one, under an unspent permit of the same action.
 */
public sealed interface FencedDdl {
    String cluster();

    DdlAction action();

    /** The statement, always {@code ON CLUSTER}; rendered only inside an adapter. */
    SqlStatement render();

    /** What the queue entry carrying {@code token} must parse back to. */
    ExpectedDdl expected(DdlCorrelationToken token);

    /** {@code EXCHANGE TABLES target AND candidate ON CLUSTER cluster}: publication of an existing target. */
    record Exchange(String cluster, TableRef target, TableRef candidate) implements FencedDdl {
        public Exchange {
            requireNonNull(cluster, "cluster is null");
            requireNonNull(target, "target is null");
            requireNonNull(candidate, "candidate is null");
        }

        @Override
        public DdlAction action() {
            return DdlAction.EXCHANGE;
        }

        @Override
        public SqlStatement render() {
            return DdlStatements.exchange(cluster, target, candidate);
        }

        @Override
        public ExpectedDdl expected(DdlCorrelationToken token) {
            return new ExpectedDdl(
                    DdlStatementType.EXCHANGE_TABLES,
                    cluster,
                    target.database(),
                    Optional.of(target.table()),
                    Optional.of(candidate.table()),
                    token.value());
        }
    }

    /** {@code RENAME TABLE candidate TO target ON CLUSTER cluster}: publication into an absent target. */
    record Rename(String cluster, TableRef candidate, TableRef target) implements FencedDdl {
        public Rename {
            requireNonNull(cluster, "cluster is null");
            requireNonNull(candidate, "candidate is null");
            requireNonNull(target, "target is null");
        }

        @Override
        public DdlAction action() {
            return DdlAction.RENAME;
        }

        @Override
        public SqlStatement render() {
            return DdlStatements.rename(cluster, candidate, target);
        }

        @Override
        public ExpectedDdl expected(DdlCorrelationToken token) {
            return new ExpectedDdl(
                    DdlStatementType.RENAME_TABLE,
                    cluster,
                    target.database(),
                    Optional.of(target.table()),
                    Optional.of(candidate.table()),
                    token.value());
        }
    }

    /** {@code DROP TABLE IF EXISTS candidate ON CLUSTER cluster}: the exact predecessor, after the exchange. */
    record DropCandidate(String cluster, TableRef candidate) implements FencedDdl {
        public DropCandidate {
            requireNonNull(cluster, "cluster is null");
            requireNonNull(candidate, "candidate is null");
        }

        @Override
        public DdlAction action() {
            return DdlAction.DROP;
        }

        @Override
        public SqlStatement render() {
            return DdlStatements.dropIfExists(cluster, candidate);
        }

        @Override
        public ExpectedDdl expected(DdlCorrelationToken token) {
            return new ExpectedDdl(
                    DdlStatementType.DROP_TABLE_IF_EXISTS,
                    cluster,
                    candidate.database(),
                    Optional.empty(),
                    Optional.of(candidate.table()),
                    token.value());
        }
    }
}
