package io.dpone.clickhouse.external.nativeproto;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.nativeproto.NativeConnections;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Native {@link MemberSession}s for one principal: every member is reached at its resolved
 * endpoint with the same credentials, database and timeouts. The socket timeout bounds silence,
 * not a whole load (the server sends progress). Thread-safe.
 */
public final class NativeMemberSessions implements MemberSessions {
    /**
     * Most rows per native insert block: one {@code INSERT} and one part each, so fewer blocks mean
     * fewer round trips and merges (issue 20 measured 65,536 against 16,384); the block's heap is
     * bounded by {@link #MAX_BLOCK_BYTES} too.
     */
    public static final int DEFAULT_BATCH_ROWS = 65_536;
    /** Most estimated wire bytes per insert block: the driver holds about five times that per member loading. */
    public static final long MAX_BLOCK_BYTES = 8L << 20;
    /** Members staged at once: each its own connection and thread; more would only queue on the client's cores. */
    public static final int CONCURRENT_MEMBERS = 4;

    private volatile NativeConnections connections;
    private final String database;
    private final String user;
    private final String password;
    private final Duration connectTimeout;
    private final Duration socketTimeout;
    private final Supplier<String> queryIds;
    private final InsertBlockBound blockBound;
    private final Supplier<Path> spillDirectory;

    /** Sessions whose content proofs keep every row digest in memory (32 bytes per row): small tables only. */
    public NativeMemberSessions(
            String database,
            String user,
            String password,
            Duration connectTimeout,
            Duration socketTimeout,
            Supplier<String> queryIds,
            int batchRows) {
        this(database, user, password, connectTimeout, socketTimeout, queryIds, batchRows, MAX_BLOCK_BYTES, null);
    }

    /**
     * Sessions whose insert blocks close at {@code batchRows} rows or {@code blockBytes} estimated
     * wire bytes, and whose content proofs spill row digests to {@code spillDirectory} (asked for at
     * the first proof: the artifact store's {@code tmp/}; null keeps them in memory), so their heap
     * does not grow with the rows.
     */
    public NativeMemberSessions(
            String database,
            String user,
            String password,
            Duration connectTimeout,
            Duration socketTimeout,
            Supplier<String> queryIds,
            int batchRows,
            long blockBytes,
            Supplier<Path> spillDirectory) {
        this.database = requireNonNull(database, "database is null");
        this.user = requireNonNull(user, "user is null");
        this.password = requireNonNull(password, "password is null");
        this.connectTimeout = requireNonNull(connectTimeout, "connectTimeout is null");
        this.socketTimeout = requireNonNull(socketTimeout, "socketTimeout is null");
        this.queryIds = requireNonNull(queryIds, "queryIds is null");
        this.blockBound = new InsertBlockBound(batchRows, blockBytes);
        this.spillDirectory = spillDirectory;
    }

    /**
     * The driver is loaded when the first member is reached, not when the adapters are composed: a
     * request refused earlier (an unreachable coordinator, a blocked inventory) never loads it.
     */
    private NativeConnections connections() {
        NativeConnections loaded = connections;
        if (loaded == null) {
            synchronized (this) {
                if (connections == null) {
                    connections = NativeConnections.load();
                }
                loaded = connections;
            }
        }
        return loaded;
    }

    @Override
    public Optional<String> refusal(ColumnType type, Object value) {
        return NativeValues.refusal(type, value);
    }

    @Override
    public int concurrentMembers() {
        return CONCURRENT_MEMBERS;
    }

    @Override
    public MemberSession session(ResolvedEndpoint endpoint) {
        return new NativeMemberSession(
                connections(),
                new ClickHouseEndpoint(
                        endpoint.host(), endpoint.port(), database, user, password, connectTimeout, socketTimeout),
                queryIds,
                blockBound,
                spillDirectory);
    }
}
