package io.dpone.testkit.clickhouse.local;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.cluster.ReadinessProbe;
import java.time.Duration;

/** A member run by {@link NodeProcess}; faults are real signals to the real server process. */
final class LocalMember implements ClusterMember {

    static final Duration QUERY_TIMEOUT = Duration.ofSeconds(30);
    static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(3);

    private final int index;
    private final String replicaName;
    private final MemberEndpoint endpoint;
    private final NodeProcess process;
    private final Credentials probeCredentials;
    private final Duration startTimeout;

    LocalMember(
            int index,
            String replicaName,
            MemberEndpoint endpoint,
            NodeProcess process,
            Credentials probeCredentials,
            Duration startTimeout) {
        this.index = index;
        this.replicaName = requireNonNull(replicaName, "replicaName is null");
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.process = requireNonNull(process, "process is null");
        this.probeCredentials = requireNonNull(probeCredentials, "probeCredentials is null");
        this.startTimeout = requireNonNull(startTimeout, "startTimeout is null");
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
        return endpoint;
    }

    @Override
    public MemberClient client(Credentials credentials) {
        return new MemberClient(label(), endpoint, credentials, QUERY_TIMEOUT);
    }

    @Override
    public boolean isRunning() {
        return process.isAlive();
    }

    /** Operating-system process id, for tests that check no process outlives the cluster. */
    long pid() {
        return process.pid();
    }

    boolean isPaused() {
        return process.isPaused();
    }

    /**
     * Whether the member answers a trivial query within a short bound. A libchdb node can be
     * alive but dying: its TCP handler terminates the process when a connection it serves is
     * reset (e.g. the initiator's own connection to itself, abandoned when a clusterAllReplicas
     * read fails because another member is down), and it then answers 236 while shutting down.
     */
    boolean answers() {
        try {
            client(probeCredentials).withTimeout(HEALTH_TIMEOUT).query("SELECT 1");
            return true;
        } catch (RuntimeException unhealthy) {
            return false;
        }
    }

    /** Whether the current process was paused at some point, even if it was resumed since. */
    boolean wasPausedSinceLaunch() {
        return process.wasStoppedSinceStart();
    }

    @Override
    public void kill() {
        process.kill();
    }

    @Override
    public void pause() {
        process.pause();
    }

    @Override
    public void resume() {
        process.resume();
    }

    @Override
    public void restart() {
        if (process.isAlive()) {
            process.kill();
        }
        launch();
        awaitReady();
    }

    void launch() {
        process.start();
    }

    void awaitReady() {
        ReadinessProbe.system().await(label(), client(probeCredentials), process::isAlive, startTimeout);
    }

    private String label() {
        return "member " + replicaName;
    }
}
