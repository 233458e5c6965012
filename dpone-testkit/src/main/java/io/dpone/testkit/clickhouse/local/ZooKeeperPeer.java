package io.dpone.testkit.clickhouse.local;

import static java.util.Objects.requireNonNull;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One peer of a {@link ZooKeeperEnsemble} as its own JVM ({@link ZooKeeperPeerMain}), so that
 * {@link #kill()} is a real SIGKILL: the kernel closes every socket of the peer at once, in the
 * middle of whatever it was doing, and the sessions it served are cut. Its output goes to
 * {@code peer.log} in its directory.
 *
 * <p>Not thread-safe: one thread drives a peer's lifecycle; {@link #role()} may be asked from any.
 */
final class ZooKeeperPeer {

    /** What a peer answers to {@code srvr}. */
    enum Role {
        LEADER,
        FOLLOWER,
        /** Dead, starting, electing or syncing: it accepts no sessions now. */
        NOT_SERVING
    }

    private static final int ROLE_QUERY_TIMEOUT_MS = 1_000;
    /** Enough for ZooKeeper's small in-memory tree; serial GC and C1 start the JVM fastest. */
    private static final List<String> JVM_OPTIONS =
            List.of("-Xms16m", "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k");

    private final int id;
    private final Path config;
    private final Path log;
    private final int clientPort;
    private Process process;

    ZooKeeperPeer(int id, Path config, Path log, int clientPort) {
        this.id = id;
        this.config = requireNonNull(config, "config is null");
        this.log = requireNonNull(log, "log is null");
        this.clientPort = clientPort;
    }

    int id() {
        return id;
    }

    int clientPort() {
        return clientPort;
    }

    /** Launches the peer and returns at once; it serves after it joined an elected leader. */
    void start() {
        if (isAlive()) {
            throw new IllegalStateException("peer " + id + " is already running");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of("-cp", classPath(), ZooKeeperPeerMain.class.getName(), config.toString()));
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot launch a ZooKeeper peer process", e);
        }
        ProcessJanitor.register(process);
    }

    boolean isAlive() {
        return process != null && process.isAlive();
    }

    long pid() {
        if (process == null) {
            throw new IllegalStateException("peer " + id + " was never started");
        }
        return process.pid();
    }

    /** SIGKILL and wait until the process is gone; a peer that is not running is left alone. */
    void kill() {
        if (process == null) {
            return;
        }
        ProcessJanitor.killAndWait(process, "ZooKeeper peer " + id);
    }

    /** The peer's own answer to {@code srvr}; anything but a clear leader or follower is not serving. */
    Role role() {
        if (!isAlive()) {
            return Role.NOT_SERVING;
        }
        String answer = srvr();
        if (answer.contains("Mode: leader")) {
            return Role.LEADER;
        }
        return answer.contains("Mode: follower") ? Role.FOLLOWER : Role.NOT_SERVING;
    }

    /**
     * The four-letter word over a plain socket: the server answers and closes. ZooKeeper's own
     * FourLetterWordMain does the same but logs every connection at INFO, and the harness polls.
     */
    private String srvr() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), clientPort), ROLE_QUERY_TIMEOUT_MS);
            socket.setSoTimeout(ROLE_QUERY_TIMEOUT_MS);
            socket.getOutputStream().write("srvr".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException notAnswering) {
            return "";
        }
    }

    /**
     * The test JVM's class path, module path entries included: it holds ZooKeeper, its
     * dependencies and this class, however the tests were launched. The harness's own tests start
     * their probe JVMs on it too (they run on the module path).
     */
    static String classPath() {
        String classPath = System.getProperty("java.class.path", "");
        String modulePath = System.getProperty("jdk.module.path", "");
        if (modulePath.isEmpty()) {
            return classPath;
        }
        return classPath.isEmpty() ? modulePath : classPath + File.pathSeparator + modulePath;
    }
}
