package io.dpone.testkit.clickhouse.local;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/**
 * Reads from an ensemble through one client session of its own, each read after a {@code sync},
 * so the serving peer has applied every write the leader committed before the read, whichever
 * peer lags. A session lost to an election is replaced and the read retried until the deadline.
 * Thread-safe: reads run one at a time.
 */
public final class SyncedKeeperReads implements AutoCloseable {

    /**
     * One read in a synced session. Connection loss and session expiry end the attempt and are
     * retried in a new session; any other Keeper failure fails the read.
     */
    @FunctionalInterface
    public interface Read<T> {
        T apply(ZooKeeper session) throws KeeperException, InterruptedException;
    }

    private static final long CONNECT_POLL_MILLIS = 10;

    private final String connectString;
    private final int sessionTimeoutMs;
    private ZooKeeper session;

    SyncedKeeperReads(String connectString, int sessionTimeoutMs) {
        this.connectString = requireNonNull(connectString, "connectString is null");
        this.sessionTimeoutMs = sessionTimeoutMs;
    }

    synchronized <T> T read(Read<T> read, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String lastFailure = "none";
        while (System.nanoTime() < deadline) {
            try {
                ZooKeeper current = connected(deadline);
                sync(current, deadline);
                return read.apply(current);
            } catch (KeeperException.ConnectionLossException
                    | KeeperException.SessionExpiredException
                    | KeeperException.SessionMovedException
                    | TimeoutException retry) {
                lastFailure = retry.getClass().getSimpleName();
                discard();
            } catch (KeeperException e) {
                throw new IllegalStateException("ZooKeeper read failed: " + e.code(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during a ZooKeeper read", e);
            }
        }
        throw new IllegalStateException("no ZooKeeper read within " + timeout + "; last attempt: " + lastFailure);
    }

    @Override
    public synchronized void close() {
        discard();
    }

    /**
     * The session, connected; a dead one is replaced first. A session that expires while it
     * reconnects (an election outlasted it) ends the attempt, so the caller replaces it.
     */
    private ZooKeeper connected(long deadline) throws KeeperException, InterruptedException, TimeoutException {
        if (session == null || !session.getState().isAlive()) {
            discard();
            try {
                session = new ZooKeeper(connectString, sessionTimeoutMs, event -> {});
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create a ZooKeeper client", e);
            }
        }
        while (!session.getState().isConnected()) {
            if (!session.getState().isAlive()) {
                throw new KeeperException.SessionExpiredException();
            }
            if (System.nanoTime() >= deadline) {
                throw new TimeoutException("no connected session");
            }
            Thread.sleep(CONNECT_POLL_MILLIS);
        }
        return session;
    }

    private void discard() {
        if (session != null) {
            try {
                session.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            session = null;
        }
    }

    private static void sync(ZooKeeper session, long deadline)
            throws KeeperException, InterruptedException, TimeoutException {
        CompletableFuture<KeeperException.Code> synced = new CompletableFuture<>();
        session.sync("/", (rc, path, context) -> synced.complete(KeeperException.Code.get(rc)), null);
        KeeperException.Code code;
        try {
            code = synced.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (ExecutionException impossible) {
            throw new IllegalStateException("sync callback failed", impossible);
        }
        if (code != KeeperException.Code.OK) {
            throw KeeperException.create(code);
        }
    }
}
