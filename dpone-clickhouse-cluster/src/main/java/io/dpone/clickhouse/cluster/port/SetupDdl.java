package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.Optional;

/**
 * The distributed DDL sent without a dispatch permit: setup that happens before the operation
 * holds authority and can never swap or drop a published generation. Each variant names only an
 * object that the control facade or the operation owns by name (the control table, a probe name
 * that never exists, the operation's own candidate), and its token's action must match.
 */
public sealed interface SetupDdl {
    String cluster();

    DdlAction action();

    SqlStatement render();

    ExpectedDdl expected(DdlCorrelationToken token);

    /** The KeeperMap control facade on every host (spec section 1); {@code IF NOT EXISTS} for a fill. */
    record ControlBootstrap(String cluster, TableRef control, String keeperRoot, boolean ifNotExists)
            implements SetupDdl {
        public ControlBootstrap {
            requireNonNull(cluster, "cluster is null");
            requireNonNull(control, "control is null");
            requireNonNull(keeperRoot, "keeperRoot is null");
        }

        @Override
        public DdlAction action() {
            return DdlAction.BOOTSTRAP;
        }

        @Override
        public SqlStatement render() {
            return DdlStatements.createControlTable(cluster, control, keeperRoot, ifNotExists);
        }

        @Override
        public ExpectedDdl expected(DdlCorrelationToken token) {
            return new ExpectedDdl(
                    DdlStatementType.CREATE_TABLE,
                    cluster,
                    control.database(),
                    Optional.of(control.table()),
                    Optional.empty(),
                    token.value());
        }
    }

    /**
     * The synthetic capability assertion (spec section 4): {@code DROP TABLE IF EXISTS} of a probe
     * name that never exists, a no-op on every host, sent with a leading SQL comment holding
     * {@code marker} and the token as {@code log_comment}. The entry must carry the token unchanged
     * and must not contain the marker.
     */
    record CapabilityProbe(String cluster, TableRef probe, String marker) implements SetupDdl {
        public CapabilityProbe {
            requireNonNull(cluster, "cluster is null");
            requireNonNull(probe, "probe is null");
            requireNonNull(marker, "marker is null");
            if (!marker.matches("[0-9a-f]{16,64}")) {
                throw new IllegalArgumentException("the probe marker is 16..64 lowercase hex characters");
            }
        }

        @Override
        public DdlAction action() {
            return DdlAction.PROBE;
        }

        @Override
        public SqlStatement render() {
            return DdlStatements.capabilityProbe(cluster, probe, marker);
        }

        @Override
        public ExpectedDdl expected(DdlCorrelationToken token) {
            return new ExpectedDdl(
                    DdlStatementType.DROP_TABLE_IF_EXISTS,
                    cluster,
                    probe.database(),
                    Optional.empty(),
                    Optional.of(probe.table()),
                    token.value());
        }
    }

    /** The operation's candidate on every host, before authority acquisition. */
    record CandidateCreate(String cluster, TableRef candidate, CandidateDefinition definition) implements SetupDdl {
        public CandidateCreate {
            requireNonNull(cluster, "cluster is null");
            requireNonNull(candidate, "candidate is null");
            requireNonNull(definition, "definition is null");
        }

        @Override
        public DdlAction action() {
            return DdlAction.STAGE;
        }

        @Override
        public SqlStatement render() {
            return DdlStatements.createCandidate(cluster, candidate, definition.renderTail());
        }

        @Override
        public ExpectedDdl expected(DdlCorrelationToken token) {
            return new ExpectedDdl(
                    DdlStatementType.CREATE_TABLE,
                    cluster,
                    candidate.database(),
                    Optional.of(candidate.table()),
                    Optional.empty(),
                    token.value());
        }
    }

    /**
     * {@code DROP TABLE IF EXISTS} of the operation's own candidate when no authority record of the
     * operation exists, so the candidate was never bound and never published (spec: "A crash
     * before authority acquisition removes only owned attempt staging").
     */
    record StagingDiscard(String cluster, TableRef candidate) implements SetupDdl {
        public StagingDiscard {
            requireNonNull(cluster, "cluster is null");
            requireNonNull(candidate, "candidate is null");
        }

        @Override
        public DdlAction action() {
            return DdlAction.DISCARD;
        }

        @Override
        public SqlStatement render() {
            return DdlStatements.discardStaging(cluster, candidate);
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
