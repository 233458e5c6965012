package io.dpone.clickhouse.cluster.contract.inventory;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code system.clusters} rows read for one cluster name, in any order. The record does not
 * judge admissibility; {@link InventoryAdmission} does.
 */
public record ClusterInventory(String cluster, List<ClusterMember> members) {
    public ClusterInventory {
        requireNonNull(cluster, "cluster is null");
        members = List.copyOf(requireNonNull(members, "members is null"));
    }

    /** The endpoints of every member, sorted; duplicates collapse. */
    public Set<HostEndpoint> endpoints() {
        Set<HostEndpoint> endpoints = new TreeSet<>();
        members.forEach(member -> endpoints.add(member.endpoint()));
        return Set.copyOf(endpoints);
    }
}
