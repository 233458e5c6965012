package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.clickhouse.external.artifact.DateTimePlacement;
import io.dpone.clickhouse.external.artifact.ServerZone;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.TableDefinition;
import io.dpone.clickhouse.external.member.ColumnDefinition;
import io.dpone.clickhouse.external.member.MemberSession;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The cluster as admission proved it for this invocation: the fenced inventory snapshot and its
 * digest, every member with its proven direct session, where wall-clock date-times land on them
 * (the members' one server zone, fenced by the digest), and the target as every member showed it
 * (empty when absent, or when an operation past dispatch resumes and the target is the
 * classifier's to judge).
 *
 * @param timeZones each member's {@code timezone()} as admission read it (in the digest), by row
 * @param targetColumns the target's columns in position order, empty when it is absent or not judged
 */
record AdmittedMembers(
        ResolvedInventory inventory,
        Digest inventoryDigest,
        List<Member> members,
        Map<ClusterMember, String> timeZones,
        Optional<TableDefinition> target,
        Map<HostEndpoint, UUID> targetUuids,
        List<ColumnDefinition> targetColumns) {
    /** One admitted member: its catalog row and the session proven to reach exactly it. */
    record Member(ClusterMember row, MemberSession session) {
        Member {
            requireNonNull(row, "row is null");
            requireNonNull(session, "session is null");
        }

        HostEndpoint endpoint() {
            return row.endpoint();
        }

        boolean is(MemberRecord record) {
            return row.shardNumber() == record.shardNumber() && row.replicaNumber() == record.replicaNumber();
        }
    }

    AdmittedMembers {
        requireNonNull(inventory, "inventory is null");
        requireNonNull(inventoryDigest, "inventoryDigest is null");
        members = List.copyOf(requireNonNull(members, "members is null"));
        timeZones = Map.copyOf(requireNonNull(timeZones, "timeZones is null"));
        requireNonNull(target, "target is null");
        targetUuids = Map.copyOf(requireNonNull(targetUuids, "targetUuids is null"));
        targetColumns = List.copyOf(requireNonNull(targetColumns, "targetColumns is null"));
    }

    /** Where wall-clock date-times land: the members' one server zone, if they have one. */
    DateTimePlacement placement() {
        return new DateTimePlacement(ServerZone.of(timeZones.values()));
    }

    Set<HostEndpoint> hosts() {
        Set<HostEndpoint> hosts = new TreeSet<>();
        members.forEach(member -> hosts.add(member.endpoint()));
        return Set.copyOf(hosts);
    }

    /** The admitted member a record names, if the inventory has it. */
    Optional<Member> of(MemberRecord record) {
        return members.stream().filter(member -> member.is(record)).findFirst();
    }
}
