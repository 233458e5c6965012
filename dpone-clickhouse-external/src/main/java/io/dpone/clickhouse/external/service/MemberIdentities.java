package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.clickhouse.external.member.MemberSelf;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.MemberSessions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every resolved member asked over its own direct session who it is ({@code is_local}) and in which
 * time zone it runs: a member is proven when its answer is exactly its own row. Only a complete
 * answer yields the fenced inventory digest, which covers the zones ({@link ResolvedInventory}).
 * One read per member; nothing is sent but the query.
 */
final class MemberIdentities {
    /**
     * @param members every member proven to be itself, with its session
     * @param zones each proven member's {@code timezone()}, by row
     * @param unproven the first member that did not answer as itself, if any
     */
    record Identified(
            ResolvedInventory inventory,
            List<AdmittedMembers.Member> members,
            Map<ClusterMember, String> zones,
            Optional<ClusterMember> unproven) {
        Identified {
            requireNonNull(inventory, "inventory is null");
            members = List.copyOf(members);
            zones = Map.copyOf(zones);
            requireNonNull(unproven, "unproven is null");
        }

        /** The fenced inventory digest, when every member was proven. */
        Optional<Digest> digest() {
            return unproven.isPresent() ? Optional.empty() : Optional.of(inventory.digest(zones));
        }
    }

    private MemberIdentities() {}

    static Identified identify(ResolvedInventory inventory, MemberSessions sessions, String cluster) {
        List<AdmittedMembers.Member> members = new ArrayList<>();
        Map<ClusterMember, String> zones = new HashMap<>();
        for (ResolvedInventory.Member resolved : inventory.members()) {
            MemberSession session = sessions.session(resolved.endpoint());
            CatalogRead<MemberSelf> self = session.identify(cluster);
            if (!(self instanceof CatalogRead.Observed<MemberSelf> observed)
                    || observed.facts().shardNumber() != resolved.row().shardNumber()
                    || observed.facts().replicaNumber() != resolved.row().replicaNumber()) {
                return new Identified(inventory, members, zones, Optional.of(resolved.row()));
            }
            members.add(new AdmittedMembers.Member(resolved.row(), session));
            zones.put(resolved.row(), observed.facts().timeZone());
        }
        return new Identified(inventory, members, zones, Optional.empty());
    }
}
