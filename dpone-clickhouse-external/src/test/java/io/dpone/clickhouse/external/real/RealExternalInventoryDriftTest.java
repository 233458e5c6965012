package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inventory drift between admission and staging fences the operation, on two real members
 * (local ClickHouse 26.7 via libchdb, {@code internal_replication = false}). The drift is in the
 * fenced snapshot's resolver output: the runtime network translation of the members changes from
 * {@code 127.0.0.1} to {@code localhost} after admission — both reach the same real members, but
 * the resolution is part of the inventory digest, so the locked operation is fenced: no member is
 * touched and nothing is published. The same invocation's next run, under the new resolution, does
 * not continue the fenced operation: it aborts it safely (LOCKED -> ABORTED, nothing had been
 * created), and only then may a new invocation take the target by the version-checked CAS (drift
 * never authorizes a second operation by itself).
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalInventoryDriftTest {
    @TempDir
    Path directory;

    @Test
    void aResolutionThatChangesAfterAdmissionFencesTheLockedOperation(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig = new ExternalRig(cluster, db, directory.resolve("store"), 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            int members = cluster.members().size();
            AtomicInteger resolutions = new AtomicInteger();
            rig.resolver(member -> new ResolvedEndpoint(
                    resolutions.getAndIncrement() < members ? member.hostName() : "localhost", member.nativePort()));
            PublicationReceipt receipt = rig.publish("run-drift", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.UNKNOWN,
                    receipt.outcome(),
                    receipt.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), receipt.errorCode());
            assertEquals(
                    ExternalPhase.LOCKED,
                    ExternalAssertions.record(rig, "run-drift").phase());
            ExternalAssertions.noMemberHas(rig, rig.operation("run-drift").candidate());

            EndpointResolver translated =
                    (ClusterMember member) -> new ResolvedEndpoint("localhost", member.nativePort());
            rig.resolver(translated);
            PublicationReceipt again = rig.publish("run-drift", TrickyArtifact.source(directory));
            assertEquals(
                    PublicationOutcome.ABORTED, again.outcome(), again.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE),
                    again.errorCode(),
                    again.detail().toString());
            assertEquals(
                    ExternalPhase.ABORTED,
                    ExternalAssertions.record(rig, "run-drift").phase());
            ExternalAssertions.noMemberHas(rig, rig.operation("run-drift").candidate());
            assertEquals(
                    3,
                    rig.ddl.dispatched(),
                    "the facade bootstrap and a harmless probe for each inventory digest;"
                            + " no staging or publication statement");
        }
    }
}
