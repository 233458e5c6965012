package io.dpone.testkit.external.bench;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.Socket;
import java.sql.Connection;

/**
 * Bench only, never production: swaps the serializer of one open clickhouse-native-jdbc 2.7.1
 * connection for one over a buffered socket stream, by reflection into the driver's private
 * fields, to measure what the driver's insert costs once the null map is no longer written one
 * byte per {@code write(2)} (docs/adr/0010-external-member-insert-path.md). The driver flushes
 * after every request it sends, so buffering changes no byte on the wire and no ordering.
 */
final class BufferedDriverSocket {
    private BufferedDriverSocket() {
    }

    static void install(Connection connection) throws ReflectiveOperationException, java.io.IOException {
        Field context = field(connection.getClass(), "nativeCtx");
        Object nativeContext = context.get(connection);
        Method client = nativeContext.getClass().getMethod("nativeClient");
        Object nativeClient = client.invoke(nativeContext);
        Socket socket = (Socket) field(nativeClient.getClass(), "socket").get(nativeClient);
        OutputStream buffered = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
        Socket facade = new Socket() {
            @Override
            public OutputStream getOutputStream() {
                return buffered;
            }
        };
        ClassLoader loader = nativeClient.getClass().getClassLoader();
        Class<?> writerType = Class.forName("com.github.housepower.buffer.BuffedWriter", true, loader);
        Object writer = Class.forName("com.github.housepower.buffer.SocketBuffedWriter", true, loader)
                .getConstructor(Socket.class).newInstance(facade);
        Object serializer = Class.forName("com.github.housepower.serde.BinarySerializer", true, loader)
                .getConstructor(writerType, boolean.class).newInstance(writer, false);
        field(nativeClient.getClass(), "serializer").set(nativeClient, serializer);
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field;
    }
}
