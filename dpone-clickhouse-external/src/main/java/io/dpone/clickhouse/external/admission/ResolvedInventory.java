package io.dpone.clickhouse.external.admission;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.external.identity.ExternalIdentities;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The fenced inventory snapshot of external mode: the admitted {@code system.clusters} rows and,
 * for each, the endpoint the resolver translated it to and the server time zone the member
 * reported over it. Its digest covers all three (spec 001: "The resolver output, not a later
 * catalog refresh, is part of the fenced inventory snapshot"; a zone decides where a wall-clock
 * value without a zone of its own lands), so a changed member, resolution or zone is inventory
 * drift that fences the operation:
 * <pre>
 * inventory_digest = H("dpone.clickhouse.cluster-external.v1/inventory",
 *                      core inventory digest,
 *                      unordered(shard, replica, resolved host, resolved port, time zone))
 * </pre>
 * Members are listed by replica number.
 */
public record ResolvedInventory(ClusterInventory inventory, List<Member> members) {
    /** One admitted member and where the runtime reaches it. */
    public record Member(ClusterMember row, ResolvedEndpoint endpoint) {
        public Member {
            requireNonNull(row, "row is null");
            requireNonNull(endpoint, "endpoint is null");
        }
    }

    public ResolvedInventory {
        requireNonNull(inventory, "inventory is null");
        members = List.copyOf(requireNonNull(members, "members is null"));
    }

    /** Resolves every row of {@code inventory}, ordered by shard then replica number. */
    public static ResolvedInventory resolve(ClusterInventory inventory, EndpointResolver resolver) {
        List<Member> members = new ArrayList<>();
        inventory.members().stream()
                .sorted(Comparator.comparingLong(ClusterMember::shardNumber)
                        .thenComparingLong(ClusterMember::replicaNumber))
                .forEach(row ->
                        members.add(new Member(row, requireNonNull(resolver.resolve(row), "resolver returned null"))));
        return new ResolvedInventory(inventory, members);
    }

    /** @param timeZones every member's reported {@code timezone()}, by its row */
    public Digest digest(Map<ClusterMember, String> timeZones) {
        List<byte[]> resolved = new ArrayList<>();
        for (Member member : members) {
            String zone = timeZones.get(member.row());
            if (zone == null) {
                throw new IllegalArgumentException("every member's time zone is part of the digest");
            }
            resolved.add(CanonicalEncoder.member()
                    .number(member.row().shardNumber())
                    .number(member.row().replicaNumber())
                    .text(member.endpoint().host())
                    .number(member.endpoint().port())
                    .text(zone)
                    .toBytes());
        }
        return CanonicalEncoder.forDomain(ExternalIdentities.TAG_PREFIX + "inventory")
                .text(Sha256ProtocolDigests.INSTANCE.inventory(inventory).hex())
                .unordered(resolved)
                .sha256();
    }
}
