package io.dpone.clickhouse.external.identity;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.sql.TableRef;

/**
 * The normalized plan of one external publication: everything the manifest decides about it and
 * nothing about recovery or the runtime network (the artifact store location, endpoints and the
 * worker try number are not part of it). Its digest is an input of the operation id.
 *
 * @param engine the declared non-replicated *MergeTree engine for an absent target
 */
public record ExternalPlan(String cluster, TableRef target, String engine, long maxSourceBytes, long contentRowBudget) {
    public ExternalPlan {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(target, "target is null");
        requireNonNull(engine, "engine is null");
        if (maxSourceBytes <= 0 || contentRowBudget <= 0) {
            throw new IllegalArgumentException("maxSourceBytes and contentRowBudget are positive");
        }
    }

    public Digest digest() {
        return CanonicalEncoder.forDomain(ExternalIdentities.TAG_PREFIX + "plan")
                .text("external")
                .text(cluster)
                .text(target.database())
                .text(target.table())
                .text(engine)
                .number(maxSourceBytes)
                .number(contentRowBudget)
                .sha256();
    }
}
