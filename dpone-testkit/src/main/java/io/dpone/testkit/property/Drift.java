package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.OperationInputs;
import io.dpone.clickhouse.cluster.contract.digest.QualifiedTarget;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import java.util.UUID;

/** Changes exactly one field of a value to a different value; the digest suites' drift source. */
final class Drift {
    private Drift() {}

    static ClusterMember member(ClusterMember m, int field) {
        return switch (field) {
            case 0 ->
                new ClusterMember(
                        m.cluster() + "x",
                        m.shardNumber(),
                        m.replicaNumber(),
                        m.hostName(),
                        m.hostAddress(),
                        m.nativePort(),
                        m.internalReplication());
            case 1 ->
                new ClusterMember(
                        m.cluster(),
                        other(m.shardNumber()),
                        m.replicaNumber(),
                        m.hostName(),
                        m.hostAddress(),
                        m.nativePort(),
                        m.internalReplication());
            case 2 ->
                new ClusterMember(
                        m.cluster(),
                        m.shardNumber(),
                        other(m.replicaNumber()),
                        m.hostName(),
                        m.hostAddress(),
                        m.nativePort(),
                        m.internalReplication());
            case 3 ->
                new ClusterMember(
                        m.cluster(),
                        m.shardNumber(),
                        m.replicaNumber(),
                        m.hostName() + "x",
                        m.hostAddress(),
                        m.nativePort(),
                        m.internalReplication());
            case 4 ->
                new ClusterMember(
                        m.cluster(),
                        m.shardNumber(),
                        m.replicaNumber(),
                        m.hostName(),
                        m.hostAddress() + "x",
                        m.nativePort(),
                        m.internalReplication());
            case 5 ->
                new ClusterMember(
                        m.cluster(),
                        m.shardNumber(),
                        m.replicaNumber(),
                        m.hostName(),
                        m.hostAddress(),
                        (m.nativePort() + 1) % 65_536,
                        m.internalReplication());
            default ->
                new ClusterMember(
                        m.cluster(),
                        m.shardNumber(),
                        m.replicaNumber(),
                        m.hostName(),
                        m.hostAddress(),
                        m.nativePort(),
                        !m.internalReplication());
        };
    }

    static GenerationIdentity generation(GenerationIdentity g, int field) {
        return switch (field) {
            case 0 ->
                new GenerationIdentity(
                        new UUID(
                                g.tableUuid().getMostSignificantBits(),
                                g.tableUuid().getLeastSignificantBits() + 1),
                        g.normalizedEngineFull(),
                        g.schemaDigest(),
                        g.zookeeperName(),
                        g.zookeeperPath());
            case 1 ->
                new GenerationIdentity(
                        g.tableUuid(),
                        g.normalizedEngineFull() + " ",
                        g.schemaDigest(),
                        g.zookeeperName(),
                        g.zookeeperPath());
            case 2 ->
                new GenerationIdentity(
                        g.tableUuid(),
                        g.normalizedEngineFull(),
                        g.schemaDigest() + "x",
                        g.zookeeperName(),
                        g.zookeeperPath());
            case 3 ->
                new GenerationIdentity(
                        g.tableUuid(),
                        g.normalizedEngineFull(),
                        g.schemaDigest(),
                        g.zookeeperName() + "x",
                        g.zookeeperPath());
            default ->
                new GenerationIdentity(
                        g.tableUuid(),
                        g.normalizedEngineFull(),
                        g.schemaDigest(),
                        g.zookeeperName(),
                        g.zookeeperPath() + "/");
        };
    }

    static OperationInputs operation(OperationInputs o, int field) {
        QualifiedTarget t = o.target();
        return switch (field) {
            case 0 -> new OperationInputs(o.protocolVersion() + 1, o.schedulerInvocationIdentity(), o.planDigest(), t);
            case 1 ->
                new OperationInputs(o.protocolVersion(), o.schedulerInvocationIdentity() + "x", o.planDigest(), t);
            case 2 ->
                new OperationInputs(o.protocolVersion(), o.schedulerInvocationIdentity(), flip(o.planDigest()), t);
            case 3 ->
                new OperationInputs(
                        o.protocolVersion(),
                        o.schedulerInvocationIdentity(),
                        o.planDigest(),
                        new QualifiedTarget(t.cluster() + "x", t.database(), t.table()));
            case 4 ->
                new OperationInputs(
                        o.protocolVersion(),
                        o.schedulerInvocationIdentity(),
                        o.planDigest(),
                        new QualifiedTarget(t.cluster(), t.database() + "x", t.table()));
            default ->
                new OperationInputs(
                        o.protocolVersion(),
                        o.schedulerInvocationIdentity(),
                        o.planDigest(),
                        new QualifiedTarget(t.cluster(), t.database(), t.table() + "x"));
        };
    }

    private static long other(long uint32) {
        return uint32 == 0xFFFF_FFFFL ? 0 : uint32 + 1;
    }

    private static Digest flip(Digest digest) {
        char first = digest.hex().charAt(0);
        return new Digest((first == '0' ? '1' : '0') + digest.hex().substring(1));
    }
}
