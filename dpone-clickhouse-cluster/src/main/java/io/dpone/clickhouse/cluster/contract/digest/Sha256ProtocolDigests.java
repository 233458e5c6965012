package io.dpone.clickhouse.cluster.contract.digest;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaGeneration;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import java.util.Collection;
import java.util.List;

/**
 * Protocol V1 digests: SHA-256 over {@link CanonicalEncoder} fields under one domain tag per
 * kind. The exact field lists are documented in docs/reference/protocol-contracts.md and pinned
 * by golden vectors in the tests; changing any of them is a protocol version change.
 */
public final class Sha256ProtocolDigests implements ProtocolDigests {
    public static final Sha256ProtocolDigests INSTANCE = new Sha256ProtocolDigests();

    static final String TAG_PREFIX = "dpone.clickhouse.cluster.v1/";

    private Sha256ProtocolDigests() {}

    @Override
    public Digest targetKey(QualifiedTarget target) {
        requireNonNull(target, "target is null");
        return CanonicalEncoder.forDomain(TAG_PREFIX + "target-key")
                .text(target.cluster())
                .text(target.database())
                .text(target.table())
                .sha256();
    }

    @Override
    public Digest operationId(OperationInputs inputs) {
        requireNonNull(inputs, "inputs is null");
        return CanonicalEncoder.forDomain(TAG_PREFIX + "operation-id")
                .number(inputs.protocolVersion())
                .text(inputs.schedulerInvocationIdentity())
                .text(inputs.planDigest().hex())
                .text(inputs.target().cluster())
                .text(inputs.target().database())
                .text(inputs.target().table())
                .sha256();
    }

    @Override
    public Digest inventory(ClusterInventory inventory) {
        requireNonNull(inventory, "inventory is null");
        List<byte[]> members =
                inventory.members().stream().map(Sha256ProtocolDigests::member).toList();
        return CanonicalEncoder.forDomain(TAG_PREFIX + "inventory")
                .text(inventory.cluster())
                .unordered(members)
                .sha256();
    }

    @Override
    public Digest generation(GenerationIdentity identity) {
        requireNonNull(identity, "identity is null");
        CanonicalEncoder encoder = CanonicalEncoder.forDomain(TAG_PREFIX + "generation");
        return identityFields(encoder, identity).sha256();
    }

    @Override
    public Digest observedGenerations(Collection<ReplicaGeneration> observations) {
        requireNonNull(observations, "observations is null");
        List<byte[]> members =
                observations.stream().map(Sha256ProtocolDigests::observation).toList();
        return CanonicalEncoder.forDomain(TAG_PREFIX + "observed-generations")
                .unordered(members)
                .sha256();
    }

    @Override
    public Digest ddlQuery(String normalizedQuery) {
        requireNonNull(normalizedQuery, "normalizedQuery is null");
        return CanonicalEncoder.forDomain(TAG_PREFIX + "ddl-query")
                .text(normalizedQuery)
                .sha256();
    }

    private static byte[] member(ClusterMember member) {
        return CanonicalEncoder.member()
                .text(member.cluster())
                .number(member.shardNumber())
                .number(member.replicaNumber())
                .text(member.hostName())
                .text(member.hostAddress())
                .number(member.nativePort())
                .flag(member.internalReplication())
                .toBytes();
    }

    private static byte[] observation(ReplicaGeneration observation) {
        CanonicalEncoder encoder = CanonicalEncoder.member()
                .text(observation.member().host())
                .number(observation.member().port());
        return identityFields(encoder, observation.identity()).toBytes();
    }

    private static CanonicalEncoder identityFields(CanonicalEncoder encoder, GenerationIdentity identity) {
        return encoder.text(identity.tableUuid().toString())
                .text(identity.normalizedEngineFull())
                .text(identity.schemaDigest())
                .text(identity.zookeeperName())
                .text(identity.zookeeperPath());
    }
}
