package io.dpone.clickhouse.cluster.authority.adapter;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.ControlRead;
import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.PermitLifetime;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.AuthorityStatements;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.TableRef;

/**
 * The {@link ControlStore} over SQL. Mutations go through the {@link OneShotMutationTransport}
 * given here and nowhere else, one {@code execute} per call with
 * {@link QueryContext#keeperMapMutation}; the CAS also carries the {@link MutationPrevalidation}
 * chosen from the facade check. The read transport (which may be a retrying decorator) is a
 * different type and only ever runs {@code SELECT}s. Thread-safe if the transports are.
 */
public final class SqlControlStore implements ControlStore {
    private final TableRef control;
    private final OneShotMutationTransport mutations;
    private final ReadTransport reads;
    private final MutationPrevalidation casPrevalidation;

    /**
     * @param control   the KeeperMap control table (verified by the facade check before use)
     * @param mutations the raw one-shot transport; never a retrying decorator
     * @param reads     the read path, optionally wrapped in a read retry policy
     * @param casPrevalidation what {@link io.dpone.clickhouse.cluster.authority.FacadeVerdict.Ready#casPrevalidation()} chose for these members
     */
    public SqlControlStore(
            TableRef control,
            OneShotMutationTransport mutations,
            ReadTransport reads,
            MutationPrevalidation casPrevalidation) {
        this.control = requireNonNull(control, "control is null");
        this.mutations = requireNonNull(mutations, "mutations is null");
        this.reads = requireNonNull(reads, "reads is null");
        this.casPrevalidation = requireNonNull(casPrevalidation, "casPrevalidation is null");
    }

    @Override
    public MutationOutcome insertStrict(ControlRow row, String queryId) {
        return mutations.execute(
                AuthorityStatements.insertStrict(control, row), QueryContext.keeperMapMutation(queryId));
    }

    @Override
    public MutationOutcome compareAndSwap(CasExpectation expected, ControlRow next, String queryId) {
        return mutations.execute(
                AuthorityStatements.compareAndSwap(control, expected, next),
                casPrevalidation.applyTo(QueryContext.keeperMapMutation(queryId)));
    }

    @Override
    public ControlRead read(String targetKeyHex, String queryId) {
        ReadOutcome outcome =
                reads.read(AuthorityStatements.readVersioned(control, targetKeyHex), QueryContext.of(queryId));
        if (outcome instanceof ReadOutcome.Failed failed) {
            return new ControlRead.Unavailable(failed.failure().describe());
        }
        ControlRowReader.Shape shape = ControlRowReader.read(((ReadOutcome.Rows) outcome).result());
        if (shape instanceof ControlRowReader.Shape.Unexpected unexpected) {
            return new ControlRead.Unavailable(unexpected.summary());
        }
        return new ControlRead.Found(((ControlRowReader.Shape.Rows) shape).row());
    }

    /** The authority over SQL with {@link MutationPrevalidation#SERVER_DEFAULT}, correct on every server version. */
    public static KeeperMapAuthority<AuthorityRecord> authority(
            TableRef control, OneShotMutationTransport mutations, ReadTransport reads, AuthorityQueryIds queryIds) {
        return authority(control, mutations, reads, queryIds, MutationPrevalidation.SERVER_DEFAULT);
    }

    /** The authority over SQL, with the CAS prevalidation the facade check chose and the default permit lifetime. */
    public static KeeperMapAuthority<AuthorityRecord> authority(
            TableRef control,
            OneShotMutationTransport mutations,
            ReadTransport reads,
            AuthorityQueryIds queryIds,
            MutationPrevalidation casPrevalidation) {
        return authority(control, mutations, reads, queryIds, casPrevalidation, PermitLifetime.systemDefault());
    }

    /** The authority over SQL, with the CAS prevalidation the facade check chose and permits bounded by {@code lifetime}. */
    public static KeeperMapAuthority<AuthorityRecord> authority(
            TableRef control,
            OneShotMutationTransport mutations,
            ReadTransport reads,
            AuthorityQueryIds queryIds,
            MutationPrevalidation casPrevalidation,
            PermitLifetime lifetime) {
        return KeeperMapAuthority.internal(
                new SqlControlStore(control, mutations, reads, casPrevalidation), queryIds, lifetime);
    }
}
