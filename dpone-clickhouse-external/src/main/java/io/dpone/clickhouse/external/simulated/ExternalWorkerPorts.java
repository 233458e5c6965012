package io.dpone.clickhouse.external.simulated;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalSlotSchema;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.testkit.simulator.WorkerPorts;

/**
 * External mode on the simulator: one worker's {@link ExternalPorts} composed as the external
 * provider composes the real adapters (catalog with direct member identities, the core's DDL,
 * facade and KeeperMap slot mechanics, one direct session per member at its admitted
 * {@code system.clusters} endpoint), over the worker's simulated ports. The artifact store is a
 * real one on the local file system: sealing is not simulated. Kept apart from
 * {@link WorkerPorts} so the simulator's core never links the external module, which is optional
 * at run time (the launcher's demo runs without it).
 */
public final class ExternalWorkerPorts {
    private ExternalWorkerPorts() {}

    /** The worker's direct member sessions, inserting in the production batch size. */
    public static MemberSessions memberSessions(WorkerPorts worker) {
        return memberSessions(worker, NativeMemberSessions.DEFAULT_BATCH_ROWS);
    }

    /** The worker's direct member sessions, inserting {@code batchRows} rows per batch. */
    public static MemberSessions memberSessions(WorkerPorts worker, int batchRows) {
        return new SimMemberSessions(requireNonNull(worker, "worker is null").context(), batchRows);
    }

    /** Everything the external service needs, through {@code worker}, with the control table {@code control}. */
    public static ExternalPorts of(WorkerPorts worker, TableRef control, ArtifactStore store) {
        return of(worker, control, store, memberSessions(worker));
    }

    /** {@link #of(WorkerPorts, TableRef, ArtifactStore)} with the given member sessions (e.g. a test's wrapper). */
    public static ExternalPorts of(WorkerPorts worker, TableRef control, ArtifactStore store, MemberSessions members) {
        requireNonNull(worker, "worker is null");
        return new ExternalPorts(
                worker.directCatalog(),
                worker.ddl(),
                new KeeperMapAuthority<>(
                        worker.controlStore(control),
                        worker.authorityQueryIds(),
                        ExternalSlotSchema.INSTANCE,
                        worker.permitLifetime()),
                worker.facade(),
                members,
                EndpointResolver.admitted(),
                store,
                worker.clock(),
                worker.sleeper());
    }
}
