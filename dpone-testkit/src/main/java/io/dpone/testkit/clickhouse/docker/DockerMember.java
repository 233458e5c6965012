package io.dpone.testkit.clickhouse.docker;

import static java.util.Objects.requireNonNull;

import com.github.dockerjava.api.DockerClient;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.cluster.ReadinessProbe;
import java.time.Duration;
import java.util.Optional;
import org.testcontainers.containers.GenericContainer;

/**
 * A member as a {@code clickhouse-server} container. Faults go through the Docker API: kill
 * (SIGKILL), pause/unpause (cgroup freezer) and start of the same container, so its data survives.
 * Docker may map new host ports after a restart, so {@link #endpoint()} re-reads them; a killed
 * container publishes none, so it then answers the last ones (a client gets "connection refused").
 * A restarted container may also get a new address on the cluster network, so a restart returns
 * only once every running member reaches every other again (the cluster's {@code afterRestart}).
 */
final class DockerMember implements ClusterMember {

    static final int HTTP_PORT = 8123;
    static final int NATIVE_PORT = 9000;
    private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final int index;
    private final String replicaName;
    private final GenericContainer<?> container;
    private final DockerClient docker;
    private final Credentials probeCredentials;
    private final Runnable afterRestart;
    private final LastKnownEndpoint endpoint = new LastKnownEndpoint(this::publishedEndpoint);

    /** @param afterRestart runs once the restarted member answers: the cluster waits until its peers reach it again */
    DockerMember(
            int index,
            String replicaName,
            GenericContainer<?> container,
            DockerClient docker,
            Credentials probeCredentials,
            Runnable afterRestart) {
        this.index = index;
        this.replicaName = requireNonNull(replicaName, "replicaName is null");
        this.container = requireNonNull(container, "container is null");
        this.docker = requireNonNull(docker, "docker is null");
        this.probeCredentials = requireNonNull(probeCredentials, "probeCredentials is null");
        this.afterRestart = requireNonNull(afterRestart, "afterRestart is null");
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public String replicaName() {
        return replicaName;
    }

    @Override
    public MemberEndpoint endpoint() {
        return endpoint.current();
    }

    private Optional<MemberEndpoint> publishedEndpoint() {
        Optional<Integer> http = PublishedPorts.hostPort(docker, container.getContainerId(), HTTP_PORT);
        Optional<Integer> nativePort = PublishedPorts.hostPort(docker, container.getContainerId(), NATIVE_PORT);
        return http.isPresent() && nativePort.isPresent()
                ? Optional.of(new MemberEndpoint(container.getHost(), http.get(), nativePort.get()))
                : Optional.empty();
    }

    @Override
    public MemberClient client(Credentials credentials) {
        return new MemberClient("member " + replicaName, endpoint(), credentials, QUERY_TIMEOUT);
    }

    @Override
    public boolean isRunning() {
        Boolean running = docker.inspectContainerCmd(container.getContainerId())
                .exec()
                .getState()
                .getRunning();
        return Boolean.TRUE.equals(running);
    }

    boolean isPaused() {
        Boolean paused = docker.inspectContainerCmd(container.getContainerId())
                .exec()
                .getState()
                .getPaused();
        return Boolean.TRUE.equals(paused);
    }

    @Override
    public void kill() {
        if (isRunning()) {
            docker.killContainerCmd(container.getContainerId())
                    .withSignal("KILL")
                    .exec();
        }
    }

    @Override
    public void pause() {
        docker.pauseContainerCmd(container.getContainerId()).exec();
    }

    @Override
    public void resume() {
        docker.unpauseContainerCmd(container.getContainerId()).exec();
    }

    @Override
    public void restart() {
        if (isPaused()) {
            resume();
        }
        kill();
        docker.startContainerCmd(container.getContainerId()).exec();
        ReadinessProbe.system()
                .await("member " + replicaName, client(probeCredentials), this::isRunning, START_TIMEOUT);
        afterRestart.run();
    }

    String containerId() {
        return container.getContainerId();
    }
}
