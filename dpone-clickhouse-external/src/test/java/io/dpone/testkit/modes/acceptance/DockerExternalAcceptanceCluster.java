package io.dpone.testkit.modes.acceptance;

import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.clickhouse.config.FixtureDigest;
import io.dpone.testkit.clickhouse.config.ServerKind;
import io.dpone.testkit.clickhouse.docker.TestcontainersBackend;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.fault.SendHook;
import java.util.List;

/**
 * {@link ExternalAcceptanceCluster} on pinned ClickHouse 24.8 containers started with
 * {@code internal_replication = false} (the Docker backend): a per-scenario namespace, the
 * distributed-DDL and authority faults, DDL stalls and queue settling exactly as
 * {@link DockerAcceptanceCluster} does them for internal mode (it is used underneath, over the same
 * running cluster); plain {@code MergeTree} members created locally on each container; workers on
 * the production external adapters with the production native member sessions
 * ({@link RealExternalAcceptanceCluster}). Written from the 24.8 sources and the internal backend it
 * reuses; it has never run on these machines (no Docker engine), see docs/testkit/acceptance.md.
 */
public final class DockerExternalAcceptanceCluster extends RealExternalAcceptanceCluster {
    private final DockerAcceptanceCluster docker;

    public DockerExternalAcceptanceCluster(RunningCluster running) {
        this(new DockerAcceptanceCluster(running), running);
    }

    private DockerExternalAcceptanceCluster(DockerAcceptanceCluster docker, RunningCluster running) {
        super(docker, running);
        this.docker = docker;
    }

    @Override
    public String backend() {
        return TestcontainersBackend.NAME;
    }

    @Override
    public String fixtureDigest() {
        return FixtureDigest.of(List.of(
                TestcontainersBackend.NAME,
                TestcontainersBackend.SERVER_IMAGE,
                TestcontainersBackend.KEEPER_IMAGE,
                ServerKind.SERVER.name(),
                "members=" + members(),
                "internal_replication=false",
                "external"));
    }

    @Override
    SendHook hook(String name) {
        return docker.hook(name);
    }

    /** The production DDL dispatch adapter: these members run a real distributed-DDL queue. */
    @Override
    DdlPort emulatedDdl() {
        return null;
    }

    @Override
    public void arm(ArmedFault fault) {
        docker.arm(fault);
    }

    @Override
    public void stallDdl(int member) {
        docker.stallDdl(member);
    }

    @Override
    public void releaseDdl(int member) {
        docker.releaseDdl(member);
    }
}
