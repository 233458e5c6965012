package io.dpone.testkit.clickhouse.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Picks distinct free loopback ports. All sockets stay open until every port is chosen, so one call
 * never returns the same port twice; another process may still take a port before the server binds
 * it, which then fails the start loudly rather than silently sharing a port.
 */
final class FreePorts {

    private FreePorts() {}

    static List<Integer> allocate(int count) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                socket.setReuseAddress(true);
                sockets.add(socket);
                ports.add(socket.getLocalPort());
            }
            return List.copyOf(ports);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot allocate free loopback ports", e);
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing a listening socket we own cannot lose data
                }
            }
        }
    }
}
