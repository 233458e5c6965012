package io.dpone.testkit.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.transport.nativeproto.NativeConnections;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.io.BufferedOutputStream;
import java.lang.reflect.Field;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 20 on local real ClickHouse 26.7 (libchdb): a native connection opened by the adapters
 * writes through a buffered socket stream, so the driver's per-row null-map bytes no longer cost a
 * {@code write(2)} each (red on main 32d8930: the driver's own {@code SocketBuffedWriter} wrote to
 * the unbuffered socket stream), and every block of a batched insert with a Nullable column still
 * reaches the server: the driver flushes after every request, else this insert would hang until
 * the socket timeout.
 */
@ClickHouseCluster(members = 1)
class RealNativeSocketBufferingTest {
    @Test
    void aNativeConnectionWritesThroughABufferAndEveryBlockArrives(RunningCluster cluster, TestDatabase db)
            throws Exception {
        String table = db.target() + ".buffered_" + UUID.randomUUID().toString().replace("-", "");
        cluster.member(0)
                .client(cluster.admin())
                .execute(
                        "CREATE TABLE " + table + " (id UInt64, note Nullable(String)) ENGINE = MergeTree ORDER BY id");
        try (Connection connection = NativeConnections.load()
                .open(
                        Transports.NATIVE.endpoint(cluster.member(0), cluster.publisher(), db.target()),
                        QueryContext.of("buffered-1"))) {
            assertInstanceOf(
                    BufferedOutputStream.class, socketStream(connection), "the driver writes through a buffer");
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table + " VALUES (?, ?)")) {
                for (int batch = 0; batch < 3; batch++) {
                    for (int i = 0; i < 5_000; i++) {
                        long id = batch * 5_000L + i;
                        insert.setObject(1, java.math.BigInteger.valueOf(id));
                        insert.setObject(2, id % 3 == 0 ? null : "note " + id);
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
            }
        }
        assertEquals(
                "15000\t5000\t112492500",
                cluster.member(0)
                        .client(cluster.admin())
                        .query("SELECT count(), countIf(note IS NULL), sum(id) FROM " + table));
    }

    /** The stream under the connection's serializer: connection → native context → client → serializer → writer. */
    private static Object socketStream(Connection connection) throws ReflectiveOperationException {
        Object context = field(connection, "nativeCtx");
        Object client = context.getClass().getMethod("nativeClient").invoke(context);
        Object serializer = field(client, "serializer");
        Object switcher = field(serializer, "switcher");
        Object writer = switcher.getClass().getMethod("get").invoke(switcher);
        return field(writer, "out");
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field field = owner.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(owner);
    }
}
