package io.dpone.testkit.clickhouse.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.clickhouse.ManualClock;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.cluster.ReadinessProbe;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The probe fails fast on a dead process and on its deadline, measured on an injected clock. */
class ReadinessProbeTest {

    @Test
    void deadProcessFailsOnFirstUnansweredPoll() throws IOException {
        List<Duration> slept = new ArrayList<>();
        ReadinessProbe probe = new ReadinessProbe(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), slept::add);
        IllegalStateException failure = assertThrows(
                IllegalStateException.class,
                () -> probe.await("member r1", closedPortClient(), () -> false, Duration.ofMinutes(1)));
        assertTrue(failure.getMessage().contains("exited during start-up"));
        assertEquals(List.of(), slept);
    }

    @Test
    void silentLiveProcessFailsAtTheDeadline() throws IOException {
        ManualClock clock = new ManualClock();
        ReadinessProbe probe = new ReadinessProbe(clock, clock::advance);
        IllegalStateException failure = assertThrows(
                IllegalStateException.class,
                () -> probe.await("member r1", closedPortClient(), () -> true, Duration.ofSeconds(1)));
        assertTrue(failure.getMessage().contains("did not answer within 1000 ms"));
        assertEquals(Duration.ofSeconds(1), Duration.between(Instant.EPOCH, clock.instant()));
    }

    private static MemberClient closedPortClient() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        return new MemberClient(
                "member r1",
                new MemberEndpoint("127.0.0.1", port, port),
                new Credentials("u", "p"),
                Duration.ofSeconds(1));
    }
}
