package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalRecord;

/** The fenced statements a record names, exactly internal mode's: one EXCHANGE or RENAME, then one DROP. Pure. */
final class Statements {
    private Statements() {}

    static TableRef candidate(ExternalRecord record, TableRef target) {
        return new TableRef(target.database(), record.payload().candidateTable());
    }

    /** EXCHANGE for an existing target, RENAME for an absent one. */
    static FencedDdl publication(ExternalRecord record, String cluster, TableRef target) {
        TableRef candidate = candidate(record, target);
        return record.payload().absentTarget()
                ? new FencedDdl.Rename(cluster, candidate, target)
                : new FencedDdl.Exchange(cluster, target, candidate);
    }

    /** Drops the name that holds every member's exact predecessor after the exchange. */
    static FencedDdl cleanup(ExternalRecord record, String cluster, TableRef target) {
        return new FencedDdl.DropCandidate(cluster, candidate(record, target));
    }

    static BoundEntry bound(DdlBinding binding, String cluster) {
        return new BoundEntry(
                cluster, binding.entry(), binding.queryDigest(), binding.token().value());
    }
}
