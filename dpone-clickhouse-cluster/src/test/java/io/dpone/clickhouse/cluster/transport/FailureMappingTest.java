package io.dpone.clickhouse.cluster.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.MutationOutcome.AmbiguityCause;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FailureMappingTest {
    @Test
    void connectFailuresAreNotSent() {
        assertInstanceOf(
                MutationOutcome.NotSent.class,
                FailureMapping.fromThrowable(
                        "q", new IOException("wrap", new ConnectException("Connection refused")), false));
        assertInstanceOf(
                MutationOutcome.NotSent.class,
                FailureMapping.fromThrowable("q", new UnknownHostException("db-1.internal"), false));
        assertInstanceOf(
                MutationOutcome.NotSent.class,
                FailureMapping.fromThrowable("q", new IllegalStateException("anything"), true));
    }

    @Test
    void failuresAfterSendAreAmbiguousWithACause() {
        assertEquals(
                AmbiguityCause.TIMEOUT,
                ambiguous(new SocketTimeoutException("Read timed out")).cause());
        assertEquals(
                AmbiguityCause.CONNECTION_LOST,
                ambiguous(new SocketException("Connection reset")).cause());
        assertEquals(
                AmbiguityCause.CANCELLED,
                ambiguous(new java.io.InterruptedIOException("x")).cause());
        assertEquals(
                AmbiguityCause.UNCLASSIFIED,
                ambiguous(new IllegalStateException("x")).cause());
    }

    @Test
    void summariesCarryNoHosts() {
        MutationOutcome.NotSent notSent = (MutationOutcome.NotSent) FailureMapping.fromThrowable(
                "q",
                new ConnectException("Connect to http://db-1.internal:8123 [db-1.internal/10.0.0.7] failed"),
                false);
        assertFalse(notSent.summary().contains("db-1"), notSent.summary());
        assertFalse(notSent.summary().contains("10.0.0.7"), notSent.summary());
    }

    @Test
    void findsServerCodes() {
        assertEquals(Optional.of(60), FailureMapping.codeIn("Code: 60. DB::Exception: x"));
        assertEquals(Optional.empty(), FailureMapping.codeIn("no code"));
        assertEquals(Optional.empty(), FailureMapping.codeIn(null));
    }

    private static MutationOutcome.Ambiguous ambiguous(Throwable failure) {
        return assertInstanceOf(MutationOutcome.Ambiguous.class, FailureMapping.fromThrowable("q", failure, false));
    }
}
