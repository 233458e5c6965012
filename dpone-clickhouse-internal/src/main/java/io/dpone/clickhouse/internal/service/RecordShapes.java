package io.dpone.clickhouse.internal.service;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;

/** What a record says about the statements and tables of its operation. Pure. */
final class RecordShapes {
    private RecordShapes() {}

    static PublicationShape shape(AuthorityRecord record) {
        return PublicationShape.of(
                record.payload().predecessor(), record.payload().desired());
    }

    static TableRef candidate(AuthorityRecord record, TableRef target) {
        return new TableRef(target.database(), record.payload().candidateTable());
    }

    /** EXCHANGE for an existing target, RENAME for an absent one (spec section 4). */
    static FencedDdl publication(AuthorityRecord record, String cluster, TableRef target) {
        TableRef candidate = candidate(record, target);
        return record.payload().predecessor() == null
                ? new FencedDdl.Rename(cluster, candidate, target)
                : new FencedDdl.Exchange(cluster, target, candidate);
    }

    static FencedDdl cleanup(AuthorityRecord record, String cluster, TableRef target) {
        return new FencedDdl.DropCandidate(cluster, candidate(record, target));
    }

    /** The persisted binding as the entry every later queue read is checked against. */
    static BoundEntry bound(DdlBinding binding, String cluster) {
        return new BoundEntry(
                cluster, binding.entry(), binding.queryDigest(), binding.token().value());
    }
}
