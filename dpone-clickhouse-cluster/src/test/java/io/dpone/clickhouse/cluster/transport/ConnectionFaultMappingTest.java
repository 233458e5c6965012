package io.dpone.clickhouse.cluster.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.contract.error.ConnectionFault;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.spi.error.DponeErrorCode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/**
 * Which read failures are the connection itself (pure): each fault with its own stable code, and
 * everything else none, so it stays the caller's own code (an inventory read that timed out after
 * the coordinator answered is still an incomplete inventory).
 */
class ConnectionFaultMappingTest {
    private static Optional<ConnectionFault> of(Throwable failure) {
        return FailureMapping.readFailure(failure, false).connectionFault();
    }

    @Test
    void clientSideFaultsAreNamedFromTheCauseChain() {
        assertEquals(
                Optional.of(ConnectionFault.REFUSED),
                of(new IOException("wrap", new ConnectException("Connection refused"))));
        assertEquals(Optional.of(ConnectionFault.REFUSED), of(new NoRouteToHostException("x")));
        assertEquals(Optional.of(ConnectionFault.REFUSED), of(new ConnectTimeoutException()));
        assertEquals(
                Optional.of(ConnectionFault.HOST_UNKNOWN), of(new RuntimeException(new UnknownHostException("h"))));
        assertEquals(
                Optional.of(ConnectionFault.TLS_FAILED),
                of(new SSLException("Unsupported or unrecognized SSL message")));
        assertEquals(
                Optional.of(ConnectionFault.TLS_FAILED), of(new IOException(new SSLHandshakeException("PKIX path"))));
    }

    @Test
    void failuresAfterAConnectionAreNoConnectionFault() {
        assertEquals(Optional.empty(), of(new SocketTimeoutException("Read timed out")));
        assertEquals(Optional.empty(), of(new SocketException("Connection reset")));
        assertEquals(Optional.empty(), of(new IllegalStateException("x")));
    }

    @Test
    void serverAnswersProveAuthenticationOrAForeignEndpoint() {
        for (int code : new int[] {192, 193, 194, 516}) {
            assertEquals(
                    Optional.of(ConnectionFault.AUTHENTICATION_FAILED),
                    ReadFailure.server(ServerError.fromRaw(code, "x")).connectionFault(),
                    "code " + code);
        }
        // client-v2 reports an HTTP error without X-ClickHouse-Exception-Code as code 0; ClickHouse never sends 0
        assertEquals(
                Optional.of(ConnectionFault.NOT_CLICKHOUSE),
                ReadFailure.server(ServerError.fromRaw(0, "unknown server error (transport error: 404)"))
                        .connectionFault());
        for (int code : new int[] {60, 159, 210, 279, 497}) {
            assertEquals(
                    Optional.empty(),
                    ReadFailure.server(ServerError.fromRaw(code, "x")).connectionFault(),
                    "code " + code);
        }
    }

    @Test
    void everyFaultHasItsOwnConnectionCode() {
        assertEquals(DponeErrorCode.CONNECTION_REFUSED, ConnectionFault.REFUSED.code());
        assertEquals(DponeErrorCode.CONNECTION_HOST_UNKNOWN, ConnectionFault.HOST_UNKNOWN.code());
        assertEquals(DponeErrorCode.CONNECTION_TLS_FAILED, ConnectionFault.TLS_FAILED.code());
        assertEquals(DponeErrorCode.CONNECTION_NOT_CLICKHOUSE, ConnectionFault.NOT_CLICKHOUSE.code());
        assertEquals(DponeErrorCode.CONNECTION_AUTHENTICATION_FAILED, ConnectionFault.AUTHENTICATION_FAILED.code());
    }

    /** Apache HttpClient's connect timeout, recognised by name as the transports do. */
    private static final class ConnectTimeoutException extends IOException {}
}
