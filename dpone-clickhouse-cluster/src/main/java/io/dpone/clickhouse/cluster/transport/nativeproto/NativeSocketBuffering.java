package io.dpone.clickhouse.cluster.transport.nativeproto;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.Socket;
import java.sql.Connection;

/**
 * Gives each clickhouse-native-jdbc 2.7.1 connection a buffered socket stream. The driver writes
 * straight to {@code socket.getOutputStream()} with {@code TCP_NODELAY}, and writes a Nullable
 * column's null map one byte per call: without a buffer, one {@code write(2)} per row and Nullable
 * column (the driver's own insert of 1,000,000 rows spent several times the server's ingest there;
 * docs/adr/0010-external-member-insert-path.md). Its block compression would buffer but cannot run
 * with the fixed aircompressor ({@link NativeProtocolCompression}), and it has no hook for a
 * socket stream, so the connection's private serializer is replaced, by reflection as
 * {@link NativeTypeAliases} does, with the driver's own {@code BinarySerializer} over its own
 * {@code SocketBuffedWriter} whose stream is buffered. The driver flushes the serializer at the
 * end of every request it sends and before it closes the socket (its only two uses of it), so the
 * bytes on the wire and their order are unchanged; only the number of writes is. The shape is
 * checked once when the driver loads ({@code CAPABILITY_MISSING} otherwise).
 */
final class NativeSocketBuffering {
    static final int BUFFER_BYTES = 1 << 16;
    private static final String CONNECTION = "com.github.housepower.jdbc.ClickHouseConnection";
    private static final String CLIENT = "com.github.housepower.client.NativeClient";
    private static final String CONTEXT = "com.github.housepower.client.NativeContext";
    private static final String WRITER = "com.github.housepower.buffer.BuffedWriter";
    private static final String SOCKET_WRITER = "com.github.housepower.buffer.SocketBuffedWriter";
    private static final String SERIALIZER = "com.github.housepower.serde.BinarySerializer";

    private final Field context;
    private final Method client;
    private final Field socket;
    private final Field serializer;
    private final Constructor<?> socketWriter;
    private final Constructor<?> newSerializer;

    private NativeSocketBuffering(ClassLoader loader) throws ReflectiveOperationException {
        context = accessible(Class.forName(CONNECTION, true, loader).getDeclaredField("nativeCtx"));
        client = Class.forName(CONTEXT, true, loader).getMethod("nativeClient");
        Class<?> clientType = Class.forName(CLIENT, true, loader);
        socket = accessible(clientType.getDeclaredField("socket"));
        serializer = accessible(clientType.getDeclaredField("serializer"));
        socketWriter = Class.forName(SOCKET_WRITER, true, loader).getConstructor(Socket.class);
        newSerializer = Class.forName(SERIALIZER, true, loader)
                .getConstructor(Class.forName(WRITER, true, loader), boolean.class);
        if (socket.getType() != Socket.class || serializer.getType() != newSerializer.getDeclaringClass()) {
            throw new NoSuchFieldException("socket or serializer");
        }
    }

    /** The driver's internals in {@code loader}, checked; {@code CAPABILITY_MISSING} when they differ. */
    static NativeSocketBuffering of(ClassLoader loader) {
        try {
            return new NativeSocketBuffering(loader);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException unavailable) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                    "clickhouse-native-jdbc socket stream is unavailable: "
                            + unavailable.getClass().getSimpleName());
        }
    }

    /** Buffers {@code connection}'s socket stream; call right after connecting, before any statement. */
    void install(Connection connection) throws ReflectiveOperationException, java.io.IOException {
        Object nativeClient = client.invoke(context.get(connection));
        OutputStream buffered =
                new BufferedOutputStream(((Socket) socket.get(nativeClient)).getOutputStream(), BUFFER_BYTES);
        serializer.set(
                nativeClient, newSerializer.newInstance(socketWriter.newInstance(new StreamOnly(buffered)), false));
    }

    private static Field accessible(Field field) {
        field.setAccessible(true);
        return field;
    }

    /** Only what the driver's {@code SocketBuffedWriter} asks of its socket: the stream to write to. */
    private static final class StreamOnly extends Socket {
        private final OutputStream out;

        StreamOnly(OutputStream out) {
            this.out = out;
        }

        @Override
        public OutputStream getOutputStream() {
            return out;
        }
    }
}
