package io.dpone.testkit.emulation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;

/**
 * One real member as the emulated fan-out sees it: the identity the distributed-DDL queue would
 * report for it (its {@code system.clusters} host name and port) and a real connection on which
 * the local form of each statement is executed.
 */
public record EmulatedHost(HostEndpoint queueIdentity, OneShotMutationTransport local) {
    public EmulatedHost {
        requireNonNull(queueIdentity, "queueIdentity is null");
        requireNonNull(local, "local is null");
    }
}
