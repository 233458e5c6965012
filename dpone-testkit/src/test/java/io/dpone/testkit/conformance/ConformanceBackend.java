package io.dpone.testkit.conformance;

import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.TableSpec;
import java.time.Duration;
import java.util.UUID;

/**
 * One backend the conformance suites run against: the simulator, the local real harness or the
 * Docker cluster. Ports are the real adapters on real backends and the simulated ones on the
 * simulator; local statements (no {@code ON CLUSTER}) run on one member.
 */
interface ConformanceBackend {
    String clusterName();

    int members();

    /** A fresh Atomic database on every member for target and candidate tables. */
    String database();

    /** The control table of this test (in a database the publication principal may use). */
    TableRef control();

    /** A KeeperMap root unique to this test. */
    String keeperRoot();

    /** {@code CREATE TABLE ... UUID} on one member (no {@code ON CLUSTER}). */
    LocalResult createTable(int member, TableRef table, TableSpec spec, UUID uuid);

    /** The V1 control table on one member, rooted at {@link #keeperRoot()}. */
    void createControlTable(int member);

    LocalResult exchange(int member, TableRef first, TableRef second);

    LocalResult rename(int member, TableRef from, TableRef to);

    LocalResult dropIfExists(int member, TableRef table);

    /** Inserts {@code rows} rows of (id, v) through one member. */
    void insertRows(int member, TableRef table, long rows);

    /** Kills one member's process (its data stays). */
    void kill(int member);

    /** Freezes one member's process (SIGSTOP): its sockets stay open, nothing answers. */
    void pause(int member);

    /** Lets a paused member go on. */
    void resume(int member);

    /** The members' Keeper session timeout: a member silent longer loses its session and its ephemeral nodes. */
    Duration keeperSessionTimeout();

    /**
     * Starts an {@code ON CLUSTER} statement that carries {@code token} as its {@code log_comment}
     * and that every host executes for at least {@code duration}; returns without waiting for it,
     * with the statement its queue entry binds to (backends with distributed DDL only).
     */
    ExpectedDdl startLongEntry(Duration duration, DdlCorrelationToken token);

    /** The catalog port through member 0. */
    CatalogPort catalog();

    /** The control store of {@link #control()} through one member. */
    ControlStore controlStore(int member);

    /** The facade port through member 0. */
    FacadePort facade();

    /** The DDL port through member 0 (backends with distributed DDL only). */
    DdlPort ddl();

    /** Waits: virtual time on the simulator, real time elsewhere. */
    Sleeper sleeper();

    /** Fresh query ids for authority requests. */
    String queryId(String purpose);

    /**
     * The source of every fixture UUID and token or fence bit a suite draws: seeded from the
     * simulator's seed there, so a failing property replays exactly; real backends may use secure
     * randomness (their runs are not replayed from a seed).
     */
    RandomBits randomBits();

    /** A fresh version-4 fixture UUID from {@link #randomBits()}. */
    default UUID newUuid() {
        byte[] bits = randomBits().next(16);
        bits[6] = (byte) ((bits[6] & 0x0f) | 0x40);
        bits[8] = (byte) ((bits[8] & 0x3f) | 0x80);
        java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bits);
        return new UUID(buffer.getLong(), buffer.getLong());
    }
}
