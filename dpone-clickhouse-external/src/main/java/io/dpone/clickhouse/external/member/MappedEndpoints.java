package io.dpone.clickhouse.external.member;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.spi.publication.MemberEndpoints;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * The resolver of the host's explicit member endpoint map ({@link MemberEndpoints}): a listed
 * member is reached at its mapped endpoint. The map is all or nothing: when it is non-empty every
 * admitted member must be listed and every entry must name an admitted member, because a partial
 * map is a likely operator mistake and a stale entry is configuration for another topology; the
 * coverage reports both and admission refuses. An unlisted member still resolves to its admitted
 * endpoint, so a re-read after admission that meets a new member sees drift, never an exception.
 */
public final class MappedEndpoints implements EndpointResolver {
    private final MemberEndpoints map;

    private MappedEndpoints(MemberEndpoints map) {
        this.map = map;
    }

    /** The admitted endpoints when {@code map} is empty, else the map's strict resolver. */
    public static EndpointResolver of(MemberEndpoints map) {
        requireNonNull(map, "map is null");
        return map.isEmpty() ? EndpointResolver.admitted() : new MappedEndpoints(map);
    }

    @Override
    public ResolvedEndpoint resolve(ClusterMember member) {
        return map.translate(member.hostName(), member.nativePort())
                .map(endpoint -> new ResolvedEndpoint(endpoint.host(), endpoint.port()))
                .orElseGet(() -> EndpointResolver.admitted().resolve(member));
    }

    @Override
    public EndpointCoverage coverage(Collection<ClusterMember> admitted) {
        Set<MemberEndpoints.Endpoint> used = new HashSet<>();
        int unlisted = 0;
        for (ClusterMember member : admitted) {
            if (map.translate(member.hostName(), member.nativePort()).isPresent()) {
                used.add(new MemberEndpoints.Endpoint(member.hostName(), member.nativePort()));
            } else {
                unlisted++;
            }
        }
        return new EndpointCoverage(unlisted, map.translations().size() - used.size());
    }

    @Override
    public String toString() {
        return "MappedEndpoints[redacted]";
    }
}
