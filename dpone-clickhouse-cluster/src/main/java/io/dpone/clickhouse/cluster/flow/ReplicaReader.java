package io.dpone.clickhouse.cluster.flow;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaObservation;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads what every member shows under the target and candidate names, for the section 5 and 6
 * classifiers. An unreadable catalog makes every expected member unavailable (a partial read is
 * never evidence); answering members are passed through as they are, so duplicates and strangers
 * reach the classifier, which treats them as inexact membership.
 */
public final class ReplicaReader {
    private final CatalogPort catalog;
    private final String cluster;

    public ReplicaReader(CatalogPort catalog, String cluster) {
        this.catalog = catalog;
        this.cluster = cluster;
    }

    public List<ReplicaObservation> observe(Set<HostEndpoint> expected, TableRef target, TableRef candidate) {
        CatalogRead<List<MemberFacts>> read = catalog.members(cluster, target, candidate);
        List<ReplicaObservation> observations = new ArrayList<>();
        if (!(read instanceof CatalogRead.Observed<List<MemberFacts>> observed)) {
            expected.stream().sorted().forEach(member -> observations.add(new ReplicaObservation.Unavailable(member)));
            return observations;
        }
        for (MemberFacts facts : observed.facts()) {
            observations.add(new ReplicaObservation.Observed(facts.member(), facts.target(), facts.candidate()));
        }
        return observations;
    }
}
