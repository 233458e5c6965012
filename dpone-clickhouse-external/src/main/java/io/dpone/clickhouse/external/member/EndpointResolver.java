package io.dpone.clickhouse.external.member;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import java.util.Collection;

/**
 * Translates an admitted {@code system.clusters} member into the endpoint the runtime connects to
 * for direct native staging (spec 001: "the admitted system.clusters port unless an injected
 * endpoint resolver translates it for the runtime network"). Its output, not a later catalog
 * refresh, is part of the fenced inventory snapshot. Must be deterministic for a given network;
 * thread-safe.
 */
@FunctionalInterface
public interface EndpointResolver {
    ResolvedEndpoint resolve(ClusterMember member);

    /**
     * Whether this resolver translates exactly the {@code admitted} members; admission refuses
     * before reaching any member unless it is {@link EndpointCoverage#complete()}. A resolver that
     * derives every endpoint from the member itself covers every inventory.
     */
    default EndpointCoverage coverage(Collection<ClusterMember> admitted) {
        return EndpointCoverage.COMPLETE;
    }

    /** The admitted {@code host_name} and native {@code port} exactly as {@code system.clusters} lists them. */
    static EndpointResolver admitted() {
        return member -> new ResolvedEndpoint(member.hostName(), member.nativePort());
    }
}
